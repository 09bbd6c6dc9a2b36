// Package profiletest holds the helpers the token profiles' tests share
// (accesstoken, RFC 9068; idtoken, OpenID Connect Core 1.0): tokens signed
// by hand, for headers and claims the profiles' Signers refuse to write,
// and the check of a refused token's error. Only tests import it.
package profiletest

import (
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// Raw signs c, marshalled with encoding/json, with key under the header
// {"alg":"EdDSA","typ":typ} ("typ" left out when typ is ""), by hand (RFC
// 7515 section 5.1).
func Raw(t testing.TB, key ed25519.PrivateKey, typ string, c any) string {
	t.Helper()
	header := map[string]any{"alg": "EdDSA"}
	if typ != "" {
		header["typ"] = typ
	}
	h, err := json.Marshal(header)
	if err != nil {
		t.Fatal(err)
	}
	p, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	enc := base64.RawURLEncoding
	input := enc.EncodeToString(h) + "." + enc.EncodeToString(p)
	return input + "." + enc.EncodeToString(ed25519.Sign(key, []byte(input)))
}

// Refused checks that err is the error of a token whose signature verified
// but which a rule refused (RFC 9068 section 4; OpenID Connect Core 1.0
// section 3.1.3.7): a *jwt.ValidationError whose Token.Claims is a
// C (the profile's claims type), matching every one of want.
func Refused[C any](t testing.TB, err error, want ...error) *jwt.ValidationError {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted, want %v", want)
	}
	for _, w := range want {
		if !errors.Is(err, w) {
			t.Errorf("error %q does not match %q", err, w)
		}
	}
	var ve *jwt.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("error %q is not a *jwt.ValidationError", err)
	}
	if _, ok := ve.Token.Claims.(C); !ok {
		var c C
		t.Errorf("ValidationError.Token.Claims is %T, want %T", ve.Token.Claims, c)
	}
	return ve
}

// Key is one way to give a verifier its key (RFC 7515 section 4.1.4's
// "kid" names it in a jwk.Set).
type Key struct {
	Name string
	Key  any
}

// Keys gives pub on every path a verifier takes keys by: the key itself, a
// jwt.KeyFunc and a jwk.Set (RFC 7517 section 5), so that a test's verdict
// holds whichever one a caller uses.
func Keys(t testing.TB, pub ed25519.PublicKey) []Key {
	t.Helper()
	k, err := jwk.NewKey(pub, jwk.Params{KeyID: "k1"})
	if err != nil {
		t.Fatal(err)
	}
	return []Key{
		{"static key", pub},
		{"KeyFunc", jwt.KeyFunc(func(*jwt.Header) (any, error) { return pub, nil })},
		{"jwk.Set", jwk.NewSet(k)},
	}
}
