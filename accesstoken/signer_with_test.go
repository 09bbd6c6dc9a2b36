package accesstoken_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
)

// mailTenantClaims is a caller's access-token type with claims of its own
// (RFC 9068 section 2.2.2's identity claims, a private tenant).
type mailTenantClaims struct {
	accesstoken.Claims
	Email  string `json:"email,omitempty"`
	Tenant string `json:"tid,omitempty"`
}

// ptrClaims embeds *Claims: its value is an Extended too.
type ptrClaims struct {
	*accesstoken.Claims
	Tenant string `json:"tid"`
}

func atSigner(t *testing.T, opts ...jwt.Option) *accesstoken.Signer {
	t.Helper()
	s, err := accesstoken.NewSigner(jwt.EdDSA, atKey, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// RFC 9068 section 2.2: SignWith runs Sign's required-claims check on the
// embedded Claims (jwt.ErrMissingClaim naming the claim), whatever the
// further claims hold.
func TestRFC9068_2_2_SignWithExtraClaimsKeepsRequiredCheck(t *testing.T) {
	s := atSigner(t)
	for name, edit := range map[string]func(*accesstoken.Claims){
		"iss":       func(c *accesstoken.Claims) { c.Issuer = "" },
		"exp":       func(c *accesstoken.Claims) { c.ExpiresAt = nil },
		"aud":       func(c *accesstoken.Claims) { c.Audience = nil },
		"sub":       func(c *accesstoken.Claims) { c.Subject = "" },
		"client_id": func(c *accesstoken.Claims) { c.ClientID = "" },
		"iat":       func(c *accesstoken.Claims) { c.IssuedAt = nil },
		"jti":       func(c *accesstoken.Claims) { c.ID = "" },
	} {
		c := mailTenantClaims{Claims: atClaims(), Email: "a@example.com", Tenant: "t1"}
		edit(&c.Claims)
		tok, err := s.SignWith(&c)
		if !errors.Is(err, jwt.ErrMissingClaim) || tok != "" || !strings.Contains(err.Error(), `"`+name+`"`) {
			t.Errorf("%s: %q, %v; want ErrMissingClaim naming it", name, tok, err)
		}
	}
	var zero accesstoken.Signer
	if _, err := zero.SignWith(&mailTenantClaims{Claims: atClaims()}); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("zero Signer: %v, want ErrInvalidKey", err)
	}
	var nilSigner *accesstoken.Signer
	if _, err := nilSigner.SignWith(&mailTenantClaims{Claims: atClaims()}); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("nil Signer: %v, want ErrInvalidKey", err)
	}
}

// RFC 9068 sections 2.2 and 2.2.2: a token SignWith makes of a type
// embedding Claims is one VerifyInto reads back, further claims included;
// *Claims itself and a value embedding *Claims are Extended values too.
func TestRFC9068_2_2_SignWithRoundTripThroughVerifyInto(t *testing.T) {
	s := atSigner(t)
	v := atVerifier(t, nil)
	in := mailTenantClaims{Claims: atClaims(), Email: "a@example.com", Tenant: "t1"}
	tok, err := s.SignWith(&in)
	if err != nil {
		t.Fatal(err)
	}
	var out mailTenantClaims
	if err := v.VerifyInto(atCtx, tok, &out); err != nil {
		t.Fatal(err)
	}
	if out.Email != in.Email || out.Tenant != in.Tenant || out.ClientID != in.ClientID || out.Subject != in.Subject {
		t.Errorf("read back %+v, want %+v", out, in)
	}
	plain := atClaims()
	if tok, err = s.SignWith(&plain); err != nil {
		t.Fatalf("*Claims: %v", err)
	}
	if _, err := v.Verify(atCtx, tok); err != nil {
		t.Errorf("*Claims: %v", err)
	}
	if tok, err = s.SignWith(ptrClaims{Claims: &plain, Tenant: "t2"}); err != nil {
		t.Fatalf("embedded *Claims: %v", err)
	}
	var bp ptrClaims
	if err := v.VerifyInto(atCtx, tok, &bp); err != nil || bp.Tenant != "t2" {
		t.Errorf("embedded *Claims: %+v, %v", bp, err)
	}
}

// RFC 9068 section 2.1: SignWith writes the Signer's "typ", "at+jwt" (or
// the "application/at+jwt" spelling a jwt.WithType asked for).
func TestRFC9068_2_2_SignWithTypStaysAtJWT(t *testing.T) {
	for _, want := range []string{"at+jwt", "application/at+jwt"} {
		var opts []jwt.Option
		if want != "at+jwt" {
			opts = append(opts, jwt.WithType(want))
		}
		tok, err := atSigner(t, opts...).SignWith(&mailTenantClaims{Claims: atClaims(), Tenant: "t1"})
		if err != nil {
			t.Fatal(err)
		}
		u, err := jwt.ReadUnverified(tok)
		if err != nil || u.Header.Type != want {
			t.Errorf("typ %q (%v), want %q", u.Header.Type, err, want)
		}
	}
}

// shadowIss has a field of its own named "iss" beside the embedded one:
// encoding/json writes the outer one only.
type shadowIss struct {
	accesstoken.Claims
	Issuer string `json:"iss"`
}

// shadowDeep names "scope" one level down, beside the embedded Claims:
// encoding/json drops both.
type shadowDeep struct {
	accesstoken.Claims
	*extra // a pointer: vet does not follow it; encoding/json does
}

// extra is an embedded struct of the caller's.
type extra struct {
	Scope string `json:"scope"`
}

// lookAlike names a look-alike of "client_id", which the Verifier refuses.
type lookAlike struct {
	accesstoken.Claims
	Client string `json:"Client_ID"`
}

// cnfLookAlike names a look-alike of "cnf".
type cnfLookAlike struct {
	accesstoken.Claims
	CNF string
}

// marshaling writes its own JSON: an "iss" other than the embedded one.
type marshaling struct{ accesstoken.Claims }

func (m marshaling) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(m.Claims)
	return bytes.Replace(b, []byte(atIssuer), []byte("https://evil.example"), 1), err
}

// dropping writes its own JSON without "jti".
type dropping struct{ accesstoken.Claims }

func (d dropping) MarshalJSON() ([]byte, error) {
	c := d.Claims
	c.ID = ""
	return json.Marshal(c)
}

// RFC 7519 section 4 (a member's name is the claim): SignWith refuses
// (jwt.ErrEncoding) a type whose own field has the JSON name of one of the
// embedded Claims' (same value or not: it would shadow it or drop both) or
// a look-alike, and an Encoder output (here a MarshalJSON) that does not
// hold the embedded claims as they are.
func TestRFC9068_2_2_SignWithShadowingFieldRefused(t *testing.T) {
	s := atSigner(t)
	for name, c := range map[string]accesstoken.Extended{
		"iss beside, same value":  &shadowIss{Claims: atClaims(), Issuer: atIssuer},
		"iss beside, other value": &shadowIss{Claims: atClaims(), Issuer: "https://evil.example"},
		"scope one level down":    &shadowDeep{Claims: atClaims(), extra: &extra{Scope: "admin"}},
		"look-alike client_id":    &lookAlike{Claims: atClaims(), Client: "x"},
		"look-alike cnf":          &cnfLookAlike{Claims: atClaims(), CNF: "x"},
		"MarshalJSON replaces":    &marshaling{atClaims()},
		"MarshalJSON drops":       &dropping{atClaims()},
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
func TestRFC9068_2_2_SignWithNilAndZeroValues(t *testing.T) {
	s := atSigner(t)
	for name, c := range map[string]accesstoken.Extended{
		"nil":                   nil,
		"nil *Claims":           (*accesstoken.Claims)(nil),
		"nil *mailTenantClaims": (*mailTenantClaims)(nil),
		"nil embedded *Claims":  ptrClaims{},
		"nil embedded, ptr":     &ptrClaims{},
	} {
		if tok, err := s.SignWith(c); !errors.Is(err, jwt.ErrEncoding) || tok != "" {
			t.Errorf("%s: %q, %v; want ErrEncoding", name, tok, err)
		}
	}
	if _, err := s.SignWith(&mailTenantClaims{}); !errors.Is(err, jwt.ErrMissingClaim) {
		t.Errorf("zero claims: %v, want ErrMissingClaim", err)
	}
}
