package jwthttp_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwthttp"
)

// An API protected in ten lines: the resource identifier is the audience
// (RFC 8707), the challenge points at the metadata (RFC 9728 section 5.1).
func Example() {
	secret := []byte("0123456789abcdef0123456789abcdef") // or a jwk.Provider from discovery
	res := jwthttp.Resource{ID: "https://api.example/v1", AuthorizationServers: []string{"https://as.example"}, Scopes: []string{"items:read"}}
	v, _ := jwt.NewVerifier(secret, jwt.WithIssuer("https://as.example"), jwt.WithAudience(res.ID))
	mw, err := jwthttp.New(jwthttp.Core[claims.Registered](v), jwthttp.WithResource(res))
	if err != nil {
		panic(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/v1/items", mw.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, _ := jwthttp.ClaimsFrom[*claims.Registered](r.Context())
		fmt.Fprintf(w, "items of %s", c.Subject)
	})))
	mux.Handle(mw.Metadata().Path(), mw.Metadata())

	srv := httptest.NewServer(mux)
	defer srv.Close()
	resp, _ := http.Get(srv.URL + "/v1/items")
	fmt.Println(resp.StatusCode, resp.Header.Get("WWW-Authenticate"))

	tok, _ := jwt.Sign(jwt.HS256, map[string]any{"iss": "https://as.example", "aud": res.ID, "sub": "alice", "exp": time.Now().Add(time.Hour).Unix()}, secret)
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/items", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, _ = http.DefaultClient.Do(req)
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, string(body))
	// Output:
	// 401 Bearer resource_metadata="https://api.example/.well-known/oauth-protected-resource/v1"
	// 200 items of alice
}
