package jwt_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"math"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/corpus"
)

// Helpers shared by the rules_*_test.go files (prefix rt).

// rtUser is a user's claims type: the registered claims plus private claims
// typed any, so every valid token of the corpus decodes into it.
type rtUser struct {
	claims.Registered
	Name  any `json:"name"`
	Admin any `json:"admin"`
	Roles any `json:"roles"`
}

// rtNow is the fixed clock of the rule tests.
var rtNow = corpus.Now

// rtClock fixes the clock at t.
func rtClock(t time.Time) jwt.Option { return jwt.WithTimeFunc(func() time.Time { return t }) }

// rtSecret is a 32-byte HS256 secret.
var rtSecret = []byte("rules-test-hs256-secret-32-bytes")

// rtSign signs claims with HS256 and rtSecret.
func rtSign(t testing.TB, claims any, opts ...jwt.Option) string {
	t.Helper()
	tok, err := jwt.Sign(jwt.HS256, claims, rtSecret, opts...)
	if err != nil {
		t.Fatalf("Sign: %v", err)
	}
	return tok
}

// rtCase runs one corpus case through jwt.Parse and checks its verdict.
func rtCase(t *testing.T, c corpus.Case) {
	t.Helper()
	tok, err := jwt.Parse(c.Token, c.Key, c.Opts...)
	if e := c.Check(err); e != nil {
		t.Error(e)
		return
	}
	if err != nil && tok != nil {
		t.Errorf("%s: a refused token must come back nil, got %+v", c.Name, tok)
	}
}

// rtRunCorpus runs the corpus cases whose names start with prefix; it fails
// when there are none.
func rtRunCorpus(t *testing.T, prefix string) {
	t.Helper()
	cases := corpus.Select(prefix)
	if len(cases) == 0 {
		t.Fatalf("no corpus cases under %q", prefix)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) { rtCase(t, c) })
	}
}

// rtNumericTime converts a JSON number as decoded into float64 to the
// instant a NumericDate holds.
func rtNumericTime(f float64) time.Time {
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(math.Round(frac*1e9)))
}

// rtRegisteredOf builds the claims.Registered a map of decoded claims holds.
func rtRegisteredOf(m map[string]any) claims.Registered {
	var r claims.Registered
	r.Issuer, _ = m["iss"].(string)
	r.Subject, _ = m["sub"].(string)
	r.ID, _ = m["jti"].(string)
	switch aud := m["aud"].(type) {
	case string:
		r.Audience = claims.Audience{aud}
	case []any:
		r.Audience = claims.Audience{}
		for _, a := range aud {
			r.Audience = append(r.Audience, a.(string))
		}
	}
	date := func(name string) *claims.NumericDate {
		if f, ok := m[name].(float64); ok {
			return &claims.NumericDate{Time: rtNumericTime(f)}
		}
		return nil
	}
	r.ExpiresAt, r.NotBefore, r.IssuedAt = date("exp"), date("nbf"), date("iat")
	return r
}

// rtSameRegistered reports the first difference between two Registered.
func rtSameRegistered(got, want claims.Registered) string {
	switch {
	case got.Issuer != want.Issuer:
		return "iss " + got.Issuer + " != " + want.Issuer
	case got.Subject != want.Subject:
		return "sub " + got.Subject + " != " + want.Subject
	case got.ID != want.ID:
		return "jti " + got.ID + " != " + want.ID
	case len(got.Audience) != len(want.Audience):
		return "aud length differs"
	}
	for i := range got.Audience {
		if got.Audience[i] != want.Audience[i] {
			return "aud " + got.Audience[i] + " != " + want.Audience[i]
		}
	}
	for _, d := range []struct {
		name      string
		got, want *claims.NumericDate
	}{{"exp", got.ExpiresAt, want.ExpiresAt}, {"nbf", got.NotBefore, want.NotBefore}, {"iat", got.IssuedAt, want.IssuedAt}} {
		if (d.got == nil) != (d.want == nil) {
			return d.name + " presence differs"
		}
		if d.got != nil && !d.got.Equal(d.want.Time) {
			return d.name + " " + d.got.String() + " != " + d.want.String()
		}
	}
	return ""
}

// rtB64 is canonical unpadded base64url.
func rtB64(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

// rtRaw assembles a token from JSON texts, signing the input with sign.
func rtRaw(header, payload string, sign func(input string) []byte) string {
	input := rtB64(header) + "." + rtB64(payload)
	return input + "." + base64.RawURLEncoding.EncodeToString(sign(input))
}

// rtHMAC signs with HMAC-SHA-256 and secret, independently of the library.
func rtHMAC(secret []byte) func(string) []byte {
	return func(input string) []byte {
		m := hmac.New(sha256.New, secret)
		m.Write([]byte(input))
		return m.Sum(nil)
	}
}

// rtHS256 is a correctly signed HS256 token of the given JSON texts.
func rtHS256(header, payload string) string { return rtRaw(header, payload, rtHMAC(rtSecret)) }

// rtHMACAlg signs with the HMAC of alg's hash and secret.
func rtHMACAlg(alg jwt.Algorithm, secret []byte) func(string) []byte {
	return func(input string) []byte {
		m := hmac.New(alg.Hash().New, secret)
		m.Write([]byte(input))
		return m.Sum(nil)
	}
}
