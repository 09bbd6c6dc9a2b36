package idtoken_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
)

// tenantEmailClaims is a relying party's ID-token type with a standard
// claim of section 5.1 and a private tenant.
type tenantEmailClaims struct {
	idtoken.Claims
	Email  string `json:"email,omitempty"`
	Tenant string `json:"tid,omitempty"`
}

// ptrIDClaims embeds *Claims: its value is an Extended too.
type ptrIDClaims struct {
	*idtoken.Claims
	Email string `json:"email"`
}

func idSigner(t *testing.T, opts ...jwt.Option) *idtoken.Signer {
	t.Helper()
	s, err := idtoken.NewSigner(jwt.EdDSA, idKey, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// OpenID Connect Core 1.0 section 2: SignWith runs Sign's required-claims
// check on the embedded Claims (jwt.ErrMissingClaim naming the claim),
// whatever the further claims hold.
func TestOIDCCore_2_SignWithExtraClaimsKeepsRequiredCheck(t *testing.T) {
	s := idSigner(t)
	for name, edit := range map[string]func(*idtoken.Claims){
		"iss": func(c *idtoken.Claims) { c.Issuer = "" },
		"sub": func(c *idtoken.Claims) { c.Subject = "" },
		"aud": func(c *idtoken.Claims) { c.Audience = nil },
		"exp": func(c *idtoken.Claims) { c.ExpiresAt = nil },
		"iat": func(c *idtoken.Claims) { c.IssuedAt = nil },
	} {
		c := tenantEmailClaims{Claims: idClaims(), Email: "a@example.com", Tenant: "t1"}
		edit(&c.Claims)
		tok, err := s.SignWith(&c)
		if !errors.Is(err, jwt.ErrMissingClaim) || tok != "" || !strings.Contains(err.Error(), `"`+name+`"`) {
			t.Errorf("%s: %q, %v; want ErrMissingClaim naming it", name, tok, err)
		}
	}
	var zero idtoken.Signer
	if _, err := zero.SignWith(&tenantEmailClaims{Claims: idClaims()}); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("zero Signer: %v, want ErrInvalidKey", err)
	}
	var nilSigner *idtoken.Signer
	if _, err := nilSigner.SignWith(&tenantEmailClaims{Claims: idClaims()}); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("nil Signer: %v, want ErrInvalidKey", err)
	}
}

// OpenID Connect Core 1.0 sections 2 and 5.1: a token SignWith makes of a
// type embedding Claims is one VerifyInto reads back, further claims
// included; *Claims itself and a value embedding *Claims are Extended
// values too.
func TestOIDCCore_2_SignWithRoundTripThroughVerifyInto(t *testing.T) {
	s := idSigner(t)
	v := idVerifier(t, nil)
	in := tenantEmailClaims{Claims: idClaims(), Email: "a@example.com", Tenant: "t1"}
	tok, err := s.SignWith(&in)
	if err != nil {
		t.Fatal(err)
	}
	var out tenantEmailClaims
	if err := v.VerifyInto(idCtx, tok, idtoken.Checks{Nonce: in.Nonce}, &out); err != nil {
		t.Fatal(err)
	}
	if out.Email != in.Email || out.Tenant != in.Tenant || out.Nonce != in.Nonce || out.Subject != in.Subject {
		t.Errorf("read back %+v, want %+v", out, in)
	}
	plain := idClaims()
	if tok, err = s.SignWith(&plain); err != nil {
		t.Fatalf("*Claims: %v", err)
	}
	if _, err := v.Verify(idCtx, tok, idtoken.Checks{}); err != nil {
		t.Errorf("*Claims: %v", err)
	}
	if tok, err = s.SignWith(ptrIDClaims{Claims: &plain, Email: "b@example.com"}); err != nil {
		t.Fatalf("embedded *Claims: %v", err)
	}
	var pc ptrIDClaims
	if err := v.VerifyInto(idCtx, tok, idtoken.Checks{}, &pc); err != nil || pc.Email != "b@example.com" {
		t.Errorf("embedded *Claims: %+v, %v", pc, err)
	}
}

// RFC 7519 section 5.1 and OpenID Connect Core 1.0 section 2: SignWith
// writes the Signer's "typ": "JWT", or none after jwt.WithType("").
func TestOIDCCore_2_SignWithTypStaysTheSigners(t *testing.T) {
	for _, want := range []string{"JWT", ""} {
		var opts []jwt.Option
		if want == "" {
			opts = append(opts, jwt.WithType(""))
		}
		tok, err := idSigner(t, opts...).SignWith(&tenantEmailClaims{Claims: idClaims(), Tenant: "t1"})
		if err != nil {
			t.Fatal(err)
		}
		u, err := jwt.ReadUnverified(tok)
		if err != nil || u.Header.Type != want {
			t.Errorf("typ %q (%v), want %q", u.Header.Type, err, want)
		}
	}
}

// idShadowSub has a field of its own named "sub" beside the embedded one.
type idShadowSub struct {
	idtoken.Claims
	Subject string `json:"sub"`
}

// idShadowDeep names "nonce" one level down, beside the embedded Claims:
// encoding/json drops both.
type idShadowDeep struct {
	idtoken.Claims
	*idExtra // a pointer: vet does not follow it; encoding/json does
}

// idExtra is an embedded struct of the caller's.
type idExtra struct {
	Nonce string `json:"nonce"`
}

// idLookAlike names a look-alike of "nonce", which the Verifier refuses.
type idLookAlike struct {
	idtoken.Claims
	N string `json:"Nonce"`
}

// idMarshaling writes its own JSON: an "aud" other than the embedded one.
type idMarshaling struct{ idtoken.Claims }

func (m idMarshaling) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(m.Claims)
	return bytes.Replace(b, []byte(idClient), []byte("another-client"), 1), err
}

// OpenID Connect Core 1.0 section 2 and RFC 7519 section 4 (a member's
// name is the claim): SignWith refuses (jwt.ErrEncoding) a type whose own
// field has the JSON name of one of the embedded Claims' (same value or
// not) or a look-alike, and an Encoder output (here a MarshalJSON) that
// does not hold the embedded claims as they are.
func TestOIDCCore_2_SignWithShadowingFieldRefused(t *testing.T) {
	s := idSigner(t)
	for name, c := range map[string]idtoken.Extended{
		"sub beside, same value":  &idShadowSub{Claims: idClaims(), Subject: "248289761001"},
		"sub beside, other value": &idShadowSub{Claims: idClaims(), Subject: "admin"},
		"nonce one level down":    &idShadowDeep{Claims: idClaims(), idExtra: &idExtra{Nonce: "other"}},
		"look-alike nonce":        &idLookAlike{Claims: idClaims(), N: "x"},
		"MarshalJSON replaces":    &idMarshaling{idClaims()},
	} {
		tok, err := s.SignWith(c)
		if !errors.Is(err, jwt.ErrEncoding) || tok != "" {
			t.Errorf("%s: %q, %v; want ErrEncoding", name, tok, err)
		}
	}
}

// SignWith is jwt.ErrEncoding, never a panic, for nil, a typed nil
// pointer, and a value embedding a nil *Claims; zero claims are
// jwt.ErrMissingClaim.
func TestOIDCCore_2_SignWithNilAndZeroValues(t *testing.T) {
	s := idSigner(t)
	for name, c := range map[string]idtoken.Extended{
		"nil":                  nil,
		"nil *Claims":          (*idtoken.Claims)(nil),
		"nil *caller's type":   (*tenantEmailClaims)(nil),
		"nil embedded *Claims": ptrIDClaims{},
		"nil embedded, ptr":    &ptrIDClaims{},
	} {
		if tok, err := s.SignWith(c); !errors.Is(err, jwt.ErrEncoding) || tok != "" {
			t.Errorf("%s: %q, %v; want ErrEncoding", name, tok, err)
		}
	}
	if _, err := s.SignWith(&tenantEmailClaims{}); !errors.Is(err, jwt.ErrMissingClaim) {
		t.Errorf("zero claims: %v, want ErrMissingClaim", err)
	}
}
