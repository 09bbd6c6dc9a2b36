package main

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwttest"
)

// TestJWTTest_MintedTokenAcceptedEveryAttackRefused points the API at the
// kit's fake provider (RFC 8414 discovery and its JWK Set, over TLS),
// checks that an access token it mints (RFC 9068) is accepted, then sends
// every hostile token of the catalogue (RFC 8725, the CVEs it names).
func TestJWTTest_MintedTokenAcceptedEveryAttackRefused(t *testing.T) {
	p := jwttest.NewProvider(t)
	api, keys, err := newAPI(t.Context(), p.Issuer(), p.Audience(), p.Client())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { keys.Close() })

	items := httptest.NewRequest(http.MethodGet, "/api/items", nil)
	ok := items.Clone(t.Context())
	ok.Header.Set("Authorization", "Bearer "+p.AccessToken(accesstoken.Claims{Scope: "items:read"}))
	w := httptest.NewRecorder()
	api.ServeHTTP(w, ok)
	if w.Code != http.StatusOK {
		t.Fatalf("minted token: %d %s", w.Code, w.Body)
	}

	// The attacks go to the protected route: the default (nil), GET /,
	// is a 404 here, refused for the wrong reason.
	jwttest.RunAgainstHandler(t, p.Attacks(), api, items)
}
