package main

import (
	"testing"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwttest"
)

const testAudience = "orders-api"

// newTestIdP is the identity provider of the tests: jwttest's fake
// provider on plain http on 127.0.0.1 (the service fetches its JWK Set with
// its own http.Client, as the original did), minting access tokens for
// this service's audience.
func newTestIdP(t *testing.T) *jwttest.Provider {
	return jwttest.NewProvider(t, jwttest.WithPlainHTTP(), jwttest.WithAudience(testAudience))
}

// testClaims are the service's accessClaims as the provider mints them: an
// RFC 9068 access token (accesstoken.Claims) with the "tenant" claim.
type testClaims struct {
	accesstoken.Claims
	Tenant string `json:"tenant"`
}

// issue mints a valid access token by p for tenant acme, subject user-42,
// scope orders:read, after edit; the claims edit leaves zero are p's
// defaults (issuer, audience, times, jti).
func issue(t *testing.T, p *jwttest.Provider, edit func(c *testClaims)) string {
	t.Helper()
	c := testClaims{Tenant: "acme", Claims: accesstoken.Claims{Scope: "orders:read"}}
	c.Subject = "user-42"
	if edit != nil {
		edit(&c)
	}
	return p.AccessTokenWith(&c)
}
