package main

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/jotlib/jwt/jwttest"
)

// TestJWTTest_GenuineTokenAcceptedEveryAttackRefused points the API at the
// kit's fake provider (RFC 8414 discovery and its JWK Set, over TLS).
// CheckHandler proves the control first, a genuine access token (RFC 9068)
// accepted, then sends every hostile token of the catalogue (RFC 8725, the
// CVEs it names) and fails the test for each one accepted.
func TestJWTTest_GenuineTokenAcceptedEveryAttackRefused(t *testing.T) {
	p := jwttest.NewProvider(t)
	api, keys, err := newAPI(t.Context(), p.Issuer(), p.Audience(), p.Client())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { keys.Close() })

	// A protected route: the default request (nil), GET /, is a 404 here,
	// refused for the wrong reason.
	tg := p.Target()
	jwttest.CheckHandler(t, tg, api, httptest.NewRequest(http.MethodGet, "/api/items", nil))

	// POST /api/items requires "items:write" (jwthttp.RequireScopes): every
	// token, genuine and hostile, must carry it, or all are refused 403.
	tg.Scope = "items:write"
	jwttest.CheckHandler(t, tg, api, httptest.NewRequest(http.MethodPost, "/api/items", nil))
}
