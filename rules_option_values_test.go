package jwt_test

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwk"
)

// rtEntryPoints runs every entry point that takes verify options with key
// and opts, and returns each one's error by name.
func rtEntryPoints(t *testing.T, key any, opts ...jwt.Option) map[string]error {
	t.Helper()
	tok := rtSign(t, claims.Registered{Issuer: "", Subject: ""})
	var reg claims.Registered
	out := map[string]error{}
	_, out["NewVerifier"] = jwt.NewVerifier(key, opts...)
	_, out["Parse"] = jwt.Parse(tok, key, opts...)
	_, out["ParseWithClaims"] = jwt.ParseWithClaims(tok, &reg, key, opts...)
	_, _, out["ParseAs"] = jwt.ParseAs[claims.Registered](tok, key, opts...)
	return out
}

// TestEmptyIssuerOrSubjectRefusedAtConstruction_RFC7519_4_1_1: WithIssuer("")
// and WithSubject("") name no principal (RFC 7519 sections 4.1.1, 4.1.2)
// and would refuse every token but one carrying "iss":"" (golang-jwt users
// read "" as "no check"): ErrInvalidOption on every entry point, as
// WithAudience("") is.
func TestEmptyIssuerOrSubjectRefusedAtConstruction_RFC7519_4_1_1(t *testing.T) {
	for name, opt := range map[string]jwt.Option{
		"WithIssuer":   jwt.WithIssuer(""),
		"WithSubject":  jwt.WithSubject(""),
		"WithAudience": jwt.WithAudience(""),
	} {
		for path, err := range rtEntryPoints(t, rtSecret, opt) {
			if !errors.Is(err, jwt.ErrInvalidOption) || !strings.Contains(err.Error(), name) {
				t.Errorf("%s(\"\") to %s: got %v, want ErrInvalidOption naming it", name, path, err)
			}
		}
	}
}

// TestWithAlgorithmsThatCannotVerifyInThisBuildRefused_RFC9964: a list of
// only ML-DSA algorithms in a build without crypto/mldsa (Go 1.26) can never
// verify a token: ErrInvalidOption and ErrAlgorithmNotAllowed, saying Go
// 1.27 is needed, whatever the key source. A list with one usable algorithm
// is taken. With Go 1.27 the list is taken.
func TestWithAlgorithmsThatCannotVerifyInThisBuildRefused_RFC9964(t *testing.T) {
	set := rtKeySet{keys: []any{rtSecret}}
	for i, key := range []any{set, rtSecret} {
		for path, err := range rtEntryPoints(t, key, jwt.WithAlgorithms(jwt.MLDSA44, jwt.MLDSA87)) {
			if jwt.MLDSA44.Available() {
				if path == "NewVerifier" && i == 0 && err != nil {
					t.Errorf("Go 1.27, %s: %v", path, err)
				}
				continue
			}
			if !errors.Is(err, jwt.ErrInvalidOption) || !errors.Is(err, jwt.ErrAlgorithmNotAllowed) || !strings.Contains(err.Error(), "needs Go 1.27") {
				t.Errorf("%s with %T: got %v, want ErrInvalidOption and ErrAlgorithmNotAllowed saying Go 1.27 is needed", path, key, err)
			}
		}
	}
	if _, err := jwt.NewVerifier(set, jwt.WithAlgorithms(jwt.MLDSA44, jwt.HS256)); err != nil {
		t.Errorf("a list with a usable algorithm: %v", err)
	}
}

// TestWithAlgorithmsEmptyListSaysItIsEmpty: WithAlgorithms() is refused
// with an error that says the list given was empty, and why it may be (a
// lazy jwk.Provider's IDTokenAlgorithms() before discovery).
func TestWithAlgorithmsEmptyListSaysItIsEmpty(t *testing.T) {
	_, err := jwt.NewVerifier(rtSecret, jwt.WithAlgorithms())
	if !errors.Is(err, jwt.ErrInvalidOption) {
		t.Fatalf("got %v, want ErrInvalidOption", err)
	}
	for _, want := range []string{"empty", "IDTokenAlgorithms", "Ready"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q: %v", want, err)
		}
	}
}

// TestTypedNilKeySourceRefused_NeverAPanic: a typed nil key source (a nil
// *jwk.Set, *jwk.RemoteSet, *jwk.Provider, *jwk.Issuers, a nil KeyFunc, a
// nil pointer to a KeySet implementation) is ErrInvalidKey on every entry
// point, never accepted to panic at the first token.
func TestTypedNilKeySourceRefused_NeverAPanic(t *testing.T) {
	var nilKeySet jwt.KeySet = (*rtKeySet)(nil)
	var nilFunc func(*jwt.Header) (any, error)
	for name, key := range map[string]any{
		"(*jwk.Set)(nil)":        (*jwk.Set)(nil),
		"(*jwk.RemoteSet)(nil)":  (*jwk.RemoteSet)(nil),
		"(*jwk.Provider)(nil)":   (*jwk.Provider)(nil),
		"(*jwk.Issuers)(nil)":    (*jwk.Issuers)(nil),
		"jwt.KeyFunc(nil)":       jwt.KeyFunc(nil),
		"nil func":               nilFunc,
		"KeySet holding nil ptr": nilKeySet,
		"nil":                    nil,
	} {
		for path, err := range rtEntryPoints(t, key) {
			if !errors.Is(err, jwt.ErrInvalidKey) {
				t.Errorf("%s to %s: got %v, want ErrInvalidKey", name, path, err)
			}
		}
	}
}

// TestKeyFuncReturningAKeySetSaysToPassTheSet: a KeyFunc returns one key;
// returning a key set (a *jwk.Set) is ErrInvalidKey saying to pass the set
// itself as the key.
func TestKeyFuncReturningAKeySetSaysToPassTheSet(t *testing.T) {
	set, err := jwk.ParseSet([]byte(`{"keys":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	tok := rtSign(t, claims.Registered{Subject: "s"})
	for name, ret := range map[string]any{"*jwk.Set": set, "jwt.KeySet": rtKeySet{keys: []any{rtSecret}}} {
		kf := jwt.KeyFunc(func(*jwt.Header) (any, error) { return ret, nil })
		_, err := jwt.Parse(tok, kf)
		if !errors.Is(err, jwt.ErrInvalidKey) || !strings.Contains(err.Error(), "pass the key set itself") {
			t.Errorf("%s: got %v, want ErrInvalidKey saying to pass the set itself", name, err)
		}
	}
}

// TestSignWithTypeEmptyWritesNoTyp_RFC7515_4_1_9: "typ" is OPTIONAL (RFC
// 7515 section 4.1.9; RFC 7519 section 5.1): on the sign side WithType("")
// writes a header without it, for peers that expect none. WithType() with
// no type, and several types, stay refused there; on the verify side
// WithType("") alone (a rule no typed token passes) stays refused.
func TestSignWithTypeEmptyWritesNoTyp_RFC7515_4_1_9(t *testing.T) {
	tok, err := jwt.Sign(jwt.HS256, claims.Registered{Subject: "s"}, rtSecret, jwt.WithType(""), jwt.WithKeyID("k1"))
	if err != nil {
		t.Fatal(err)
	}
	h, _, _ := strings.Cut(tok, ".")
	if raw, _ := base64.RawURLEncoding.DecodeString(h); string(raw) != `{"alg":"HS256","kid":"k1"}` {
		t.Errorf("header %s, want no typ", raw)
	}
	parsed, err := jwt.Parse(tok, rtSecret, jwt.WithType("JWT", ""))
	if err != nil || parsed.Header.Type != "" {
		t.Fatalf("parse: %v", err)
	}
	if _, err := jwt.Parse(tok, rtSecret, jwt.WithType("JWT")); err == nil {
		t.Errorf("a verifier requiring typ JWT accepted a token without typ")
	}
	for name, opt := range map[string]jwt.Option{"WithType()": jwt.WithType(), `WithType("", "JWT")`: jwt.WithType("", "JWT")} {
		if _, err := jwt.NewSigner(jwt.HS256, rtSecret, opt); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("sign side %s: got %v, want ErrInvalidOption", name, err)
		}
	}
	if _, err := jwt.NewVerifier(rtSecret, jwt.WithType("")); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf(`verify side WithType(""): got %v, want ErrInvalidOption`, err)
	}
}
