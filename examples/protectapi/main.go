// Command protectapi is the README's "Protect an HTTP API": the jwthttp
// middleware checks each request's bearer token (RFC 6750) for the
// resource identifier as audience (RFC 8707) and a scope, and the RFC 9728
// metadata document, named in every challenge, is served at its
// well-known URL. The program calls its API without a token, with a token
// for another resource, with one lacking the scope, and with a good one.
// examples/resourceserver has the keys from discovery and RFC 9068 access
// tokens; examples/mcpserver, the shape an MCP server needs.
package main

import (
	"crypto/rand"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwthttp"
)

// ItemClaims are the claims of the API's tokens, with their scopes.
type ItemClaims struct {
	claims.Registered
	jwthttp.ScopeClaims
}

func main() {
	secret := make([]byte, 32) // or a *jwk.Provider from jwk.Discover (examples/resourceserver)
	rand.Read(secret)
	res := jwthttp.Resource{ID: "https://api.example/v1", AuthorizationServers: []string{"https://as.example"}, Scopes: []string{"items:read"}}
	v, err := jwt.NewVerifier(secret, jwt.WithIssuer("https://as.example"), jwt.WithAudience(res.ID))
	if err != nil {
		log.Fatal(err)
	}
	mw, err := jwthttp.New(jwthttp.Core[ItemClaims](v), jwthttp.WithResource(res), jwthttp.RequireScopes("items:read"))
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /v1/items", mw.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, _ := jwthttp.ClaimsFrom[*ItemClaims](r.Context())
		fmt.Fprintf(w, "items of %s", c.Subject)
	})))
	mux.Handle(mw.Metadata().Path(), mw.Metadata())

	srv := httptest.NewServer(mux) // on 127.0.0.1
	defer srv.Close()
	call := func(step string, aud, scope string, want int) {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/items", nil)
		if aud != "" {
			tok, err := jwt.Sign(jwt.HS256, ItemClaims{
				Registered: claims.Registered{Issuer: "https://as.example", Subject: "alice", Audience: claims.Audience{aud},
					ExpiresAt: claims.NewNumericDate(time.Now().Add(time.Hour))},
				ScopeClaims: jwthttp.ScopeClaims{Scope: scope},
			}, secret)
			if err != nil {
				log.Fatal(err)
			}
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			body = []byte(resp.Header.Get("WWW-Authenticate")) // the challenge (RFC 6750 section 3)
		}
		fmt.Printf("%-26s %d %s\n", step+":", resp.StatusCode, body)
		if resp.StatusCode != want {
			log.Fatalf("%s: got %d, want %d", step, resp.StatusCode, want)
		}
	}
	call("no token", "", "", http.StatusUnauthorized)
	call("another resource's token", "https://other.example", "items:read", http.StatusUnauthorized)
	call("a token without the scope", res.ID, "", http.StatusForbidden)
	call("token verified", res.ID, "items:read", http.StatusOK)
}
