package main

import (
	"fmt"
	"net/http"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwthttp"
)

// newResourceServer is the API at origin: every route under /v1/ takes a
// DPoP-bound access token of issuer granting "items:read" and its proof
// (RFC 9449 section 7), never a bearer token. nonceKey (32 bytes or more)
// makes its nonces (section 9): give every instance the same.
func newResourceServer(origin, issuer string, keys *jwk.Provider, nonceKey []byte) (http.Handler, error) {
	res := jwthttp.Resource{ID: origin + "/v1", AuthorizationServers: []string{issuer}, Scopes: []string{"items:read"}}
	tokens, err := accesstoken.NewVerifier(keys, accesstoken.Config{Issuer: issuer, Audience: res.ID})
	if err != nil {
		return nil, err
	}
	nonces, err := dpop.NewHMACNonces(time.Minute, nonceKey)
	if err != nil {
		return nil, err
	}
	proofs, err := dpop.NewVerifier(dpop.Config{
		Algorithms: []jwt.Algorithm{jwt.ES256, jwt.EdDSA}, // the "algs" of the challenges
		Origins:    []string{origin},                      // "htu" is checked against these, never the Host header
		Nonces:     nonces,
		// Replay: nil is a store in this process's memory; share a
		// replayredis.Store between the instances of a service.
	})
	if err != nil {
		return nil, err
	}
	mw, err := jwthttp.New(jwthttp.AccessTokens(tokens), jwthttp.WithResource(res),
		jwthttp.RequireScopes("items:read"), jwthttp.WithDPoP(proofs, jwthttp.DPoPRequired))
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("/v1/", mw.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, _ := jwthttp.ClaimsFrom[*accesstoken.Claims](r.Context())
		p, _ := jwthttp.ProofFrom(r.Context()) // p.JKT == c.Confirmation.JKT
		fmt.Fprintf(w, "%s %s for %s, key %s", r.Method, r.URL.Path, c.Subject, p.JKT)
	})))
	mux.Handle(mw.Metadata().Path(), mw.Metadata()) // RFC 9728, with dpop_bound_access_tokens_required
	return mux, nil
}
