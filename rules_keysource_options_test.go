package jwt_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwk"
)

const (
	ksIssuerA = "https://a.example.com"
	ksIssuerB = "https://b.example.com"
)

// ksSources makes the jwk key sources of these tests (none fetches at
// construction), closed with the test.
type ksSources struct {
	t *testing.T
}

func (s ksSources) remote(url string) *jwk.RemoteSet {
	s.t.Helper()
	r, err := jwk.NewRemoteSet(url)
	if err != nil {
		s.t.Fatal(err)
	}
	s.t.Cleanup(func() { r.Close() })
	return r
}

func (s ksSources) provider(issuer string) *jwk.Provider {
	s.t.Helper()
	p, err := jwk.NewProvider(issuer)
	if err != nil {
		s.t.Fatal(err)
	}
	s.t.Cleanup(func() { p.Close() })
	return p
}

func (s ksSources) issuers(configs ...jwk.IssuerConfig) *jwk.Issuers {
	s.t.Helper()
	m, err := jwk.NewIssuers(configs)
	if err != nil {
		s.t.Fatal(err)
	}
	s.t.Cleanup(func() { m.Close() })
	return m
}

func (s ksSources) set() *jwk.Set {
	s.t.Helper()
	k, err := jwk.NewKey(rtSecret, jwk.Params{KeyID: "oct"})
	if err != nil {
		s.t.Fatal(err)
	}
	return jwk.NewSet(k)
}

// TestRFC7517_7_OnlyHMACAlgorithmsWithFetchedKeysRefusedAtConstruction:
// keys fetched from a URL are public (a secret a URL serves is published,
// RFC 7517 section 7), so HS* tokens never verify with them. A
// WithAlgorithms naming only HS* with a RemoteSet, a Provider or an Issuers
// whose issuers' keys are all fetched could verify nothing:
// ErrInvalidOption at NewVerifier, and so in the profiles. A list with
// another algorithm, a *jwk.Set (it may hold a secret), an Issuers with a
// *Set among its issuers, and a caller's KeySet are accepted.
func TestRFC7517_7_OnlyHMACAlgorithmsWithFetchedKeysRefusedAtConstruction(t *testing.T) {
	s := ksSources{t}
	refused := map[string]any{
		"RemoteSet": s.remote("https://keys.example.com/jwks"),
		"Provider":  s.provider(ksIssuerA),
		"Issuers of fetched keys": s.issuers(
			jwk.IssuerConfig{Issuer: ksIssuerA, Keys: s.remote("https://a.example.com/jwks")},
			jwk.IssuerConfig{Issuer: ksIssuerB},
		),
	}
	hsOnly := map[string][]jwt.Algorithm{"HS256": {jwt.HS256}, "HS256, HS512": {jwt.HS256, jwt.HS512}}
	for name, key := range refused {
		for algName, algs := range hsOnly {
			_, err := jwt.NewVerifier(key, jwt.WithAlgorithms(algs...))
			if !errors.Is(err, jwt.ErrInvalidOption) || !strings.Contains(err.Error(), "HS256") {
				t.Errorf("%s, WithAlgorithms(%s): %v, want ErrInvalidOption naming the list", name, algName, err)
			}
		}
		if _, err := jwt.NewVerifier(key, jwt.WithAlgorithms(jwt.HS256, jwt.RS256)); err != nil {
			t.Errorf("%s, WithAlgorithms(HS256, RS256): %v", name, err)
		}
		if _, err := jwt.NewVerifier(key); err != nil {
			t.Errorf("%s, no WithAlgorithms: %v", name, err)
		}
	}
	accepted := map[string]any{
		"Set": s.set(),
		"Issuers with a Set": s.issuers(
			jwk.IssuerConfig{Issuer: ksIssuerA, Keys: s.set()},
			jwk.IssuerConfig{Issuer: ksIssuerB, Keys: s.remote("https://b.example.com/jwks")},
		),
		"a caller's KeySet": rtKeySet{keys: []any{rtSecret}},
	}
	for name, key := range accepted {
		if _, err := jwt.NewVerifier(key, jwt.WithAlgorithms(jwt.HS256)); err != nil {
			t.Errorf("%s, WithAlgorithms(HS256): %v", name, err)
		}
	}
	// The profiles build on jwt.NewVerifier; idtoken wraps a Provider in
	// its algorithm filter, which the check sees through.
	p := s.provider(ksIssuerA)
	if _, err := accesstoken.NewVerifier(p, accesstoken.Config{Issuer: ksIssuerA, Audience: "api"}, jwt.WithAlgorithms(jwt.HS256)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("accesstoken, Provider, WithAlgorithms(HS256): %v, want ErrInvalidOption", err)
	}
	if _, err := idtoken.NewVerifier(p, idtoken.Config{Issuer: ksIssuerA, ClientID: "client"}, jwt.WithAlgorithms(jwt.HS256)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("idtoken, Provider, WithAlgorithms(HS256): %v, want ErrInvalidOption", err)
	}
}

// TestRFC8725_3_8_KeySourceOfAnotherIssuerRefusedAtConstruction: a
// Provider of another issuer, or an Issuers without the issuer WithIssuer
// (or a profile's Config.Issuer) names, refuses every token: ErrInvalidOption
// at NewVerifier naming both, in jwt and both profiles. The same issuer, and
// no WithIssuer, pass.
func TestRFC8725_3_8_KeySourceOfAnotherIssuerRefusedAtConstruction(t *testing.T) {
	s := ksSources{t}
	other := s.provider(ksIssuerB)
	without := s.issuers(jwk.IssuerConfig{Issuer: ksIssuerB}, jwk.IssuerConfig{Issuer: "https://c.example.com"})
	constructors := map[string]func(key any, issuer string) error{
		"jwt": func(key any, issuer string) error {
			_, err := jwt.NewVerifier(key, jwt.WithIssuer(issuer))
			return err
		},
		"accesstoken": func(key any, issuer string) error {
			_, err := accesstoken.NewVerifier(key, accesstoken.Config{Issuer: issuer, Audience: "api"})
			return err
		},
		"idtoken": func(key any, issuer string) error {
			_, err := idtoken.NewVerifier(key, idtoken.Config{Issuer: issuer, ClientID: "client"})
			return err
		},
	}
	for name, make := range constructors {
		for srcName, key := range map[string]any{"Provider of another issuer": other, "Issuers without it": without} {
			err := make(key, ksIssuerA)
			if !errors.Is(err, jwt.ErrInvalidOption) || !strings.Contains(err.Error(), ksIssuerA) || !strings.Contains(err.Error(), ksIssuerB) {
				t.Errorf("%s, %s: %v, want ErrInvalidOption naming both issuers", name, srcName, err)
			}
		}
		for srcName, key := range map[string]any{"Provider of the issuer": other, "Issuers with it": without} {
			if err := make(key, ksIssuerB); err != nil {
				t.Errorf("%s, %s: %v", name, srcName, err)
			}
		}
	}
	if _, err := jwt.NewVerifier(other); err != nil {
		t.Errorf("no WithIssuer: %v", err)
	}
	// A token of the other issuer is what the source would have refused.
	if _, err := other.IssuerVerificationKeys(context.Background(), ksIssuerA, &jwt.Header{Algorithm: "RS256"}); !errors.Is(err, jwt.ErrInvalidIssuer) {
		t.Errorf("the Provider asked for another issuer's keys: %v, want ErrInvalidIssuer", err)
	}
}
