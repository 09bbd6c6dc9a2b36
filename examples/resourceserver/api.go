package main

import (
	"context"
	"errors"
	"net/http"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwthttp"
)

// newAPI protects the API of resource with the access tokens of issuer.
func newAPI(ctx context.Context, issuer, resource string, client *http.Client) (http.Handler, *jwk.Provider, error) {
	keys, err := jwk.Discover(ctx, issuer, jwk.WithWellKnown(jwk.OAuthAuthorizationServer), jwk.WithHTTPClient(client))
	if err != nil {
		return nil, nil, err
	}
	v, err := accesstoken.NewVerifier(keys, accesstoken.Config{Issuer: issuer, Audience: resource})
	res := jwthttp.Resource{ID: resource, AuthorizationServers: []string{issuer}, Scopes: []string{"items:read", "items:write"}}
	anyToken, err1 := jwthttp.New(jwthttp.AccessTokens(v), jwthttp.WithResource(res))
	writers, err2 := jwthttp.New(jwthttp.AccessTokens(v), jwthttp.WithResource(res), jwthttp.RequireScopes("items:write"))
	if err := errors.Join(err, err1, err2); err != nil { // New refuses the nil v of a failed NewVerifier
		keys.Close()
		return nil, nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /api/items", anyToken.Handler(http.HandlerFunc(listItems)))
	mux.Handle("POST /api/items", writers.Handler(http.HandlerFunc(addItem)))
	mux.Handle(anyToken.Metadata().Path(), anyToken.Metadata())
	return mux, keys, nil
}
