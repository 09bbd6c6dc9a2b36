package jwk_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestIssuers_OneFailoverURLForTwoIssuersIsRefused_RFC8725_3_8: each
// issuer's tokens verify with its own keys only (RFC 8725 section 3.8). A
// WithFailoverURL among NewIssuers' shared options would make every
// discovered issuer fail over to the same JWK Set: tenant A's tokens would
// verify with tenant B's keys whenever A's set fails. Like one key set for
// two issuers, it is ErrInvalidOption; if it were not, such a token must
// still be refused.
func TestIssuers_OneFailoverURLForTwoIssuersIsRefused_RFC8725_3_8(t *testing.T) {
	k := tenantKeys()
	a := newFakeIdP(t, idpOptions{path: "/a"}, []byte("not a JWK Set"))
	b := newFakeIdP(t, idpOptions{path: "/b"}, publish(t, mustKey(t, k.b1, jwk.Params{KeyID: "b1"})))
	for name, build := range map[string]func() (*jwk.Issuers, error){
		"shared option": func() (*jwk.Issuers, error) {
			return jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: a.issuer}, {Issuer: b.issuer}}, jwk.WithFailoverURL(b.srv.URL+"/jwks"))
		},
		"A's own option naming B's set": func() (*jwk.Issuers, error) {
			remote, err := jwk.NewRemoteSet(b.srv.URL + "/jwks")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { remote.Close() })
			return jwk.NewIssuers([]jwk.IssuerConfig{
				{Issuer: a.issuer, Options: []jwk.RemoteOption{jwk.WithFailoverURL(b.srv.URL + "/jwks")}},
				{Issuer: b.issuer, Keys: remote},
			})
		},
	} {
		m, err := build()
		if err != nil {
			if !errors.Is(err, jwk.ErrInvalidOption) {
				t.Errorf("%s: %v, want ErrInvalidOption", name, err)
			}
			continue
		}
		v, err := jwt.NewVerifier(m)
		if err != nil {
			t.Fatal(err)
		}
		forged := signFor(t, jwt.ES256, k.b1, "b1", a.issuer) // iss A, B's key
		if _, err := v.ParseContext(context.Background(), forged); err == nil {
			t.Errorf("%s: a token of issuer A verified with issuer B's keys (through the failover URL)", name)
		}
		m.Close()
	}
}
