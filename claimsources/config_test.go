package claimsources_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claimsources"
)

// TestNewResolverRefusesUnusableConfig: a Config that trusts no Claims
// Provider, or whose Source could never be used as written, is
// jwt.ErrInvalidOption, never a Resolver that silently ignores it.
func TestNewResolverRefusesUnusableConfig(t *testing.T) {
	k := pub("A")
	for name, cfg := range map[string]claimsources.Config{
		"no sources":            {},
		"no issuer":             {Sources: []claimsources.Source{{Key: k}}},
		"no key":                {Sources: []claimsources.Source{{Issuer: issuerA}}},
		"bad key":               {Sources: []claimsources.Source{{Issuer: issuerA, Key: "not a key"}}},
		"two of one issuer":     {Sources: []claimsources.Source{{Issuer: issuerA, Key: k}, {Issuer: issuerA, Key: k}}},
		"empty audience":        {Sources: []claimsources.Source{{Issuer: issuerA, Key: k, Audiences: []string{""}}}},
		"http endpoint":         {Sources: []claimsources.Source{{Issuer: issuerA, Key: k, Endpoints: []string{"http://a.example.com/c"}}}},
		"relative endpoint":     {Sources: []claimsources.Source{{Issuer: issuerA, Key: k, Endpoints: []string{"/c"}}}},
		"endpoint with #":       {Sources: []claimsources.Source{{Issuer: issuerA, Key: k, Endpoints: []string{"https://a.example.com/c#x"}}}},
		"endpoint twice":        {Sources: []claimsources.Source{{Issuer: issuerA, Key: k, Endpoints: []string{"https://a.example.com/c"}}, {Issuer: issuerBank, Key: k, Endpoints: []string{"https://a.example.com/c"}}}},
		"http origin":           {Sources: []claimsources.Source{{Issuer: issuerA, Key: k, Origins: []string{"http://a.example.com"}}}},
		"origin with path":      {Sources: []claimsources.Source{{Issuer: issuerA, Key: k, Origins: []string{"https://a.example.com/c"}}}},
		"WithIssuer in options": {Sources: []claimsources.Source{{Issuer: issuerA, Key: k, Options: []jwt.Option{jwt.WithIssuer(issuerBank)}}}},
		"WithAudience":          {Sources: []claimsources.Source{{Issuer: issuerA, Key: k, Options: []jwt.Option{jwt.WithAudience("x")}}}},
		"WithType":              {Sources: []claimsources.Source{{Issuer: issuerA, Key: k, Options: []jwt.Option{jwt.WithType("at+jwt")}}}},
		"negative bound":        {Sources: []claimsources.Source{{Issuer: issuerA, Key: k}}, MaxSources: -1},
	} {
		t.Run(name, func(t *testing.T) {
			r, err := claimsources.NewResolver(cfg)
			if r != nil || err == nil {
				t.Fatalf("accepted: %v", err)
			}
			if !errors.Is(err, jwt.ErrInvalidOption) && !errors.Is(err, jwt.ErrInvalidKey) {
				t.Fatalf("error %v is not jwt.ErrInvalidOption or jwt.ErrInvalidKey", err)
			}
		})
	}
}

// TestZeroValuesNeverPanic: a nil or zero Resolver, zero References and a
// bad ResolveInto target are typed errors or empty results.
func TestZeroValuesNeverPanic(t *testing.T) {
	var nilR *claimsources.Resolver
	if _, err := nilR.Resolve(context.Background(), claimsources.References{}); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("nil Resolver: %v", err)
	}
	if _, err := new(claimsources.Resolver).Resolve(context.Background(), claimsources.References{}); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("zero Resolver: %v", err)
	}
	r := resolver(t, nil, claimsources.Source{Issuer: issuerA, Key: pub("A")})
	//lint:ignore SA1012 a nil context is allowed (context.Background)
	res, err := r.Resolve(nil, claimsources.References{})
	if err != nil || len(res.Claims) != 0 {
		t.Errorf("zero References: %v %v", res, err)
	}
	var m map[string]any
	for name, dst := range map[string]any{"nil": nil, "nil pointer": (*map[string]any)(nil), "not a pointer": m} {
		if err := r.ResolveInto(context.Background(), claimsources.References{}, dst); !errors.Is(err, jwt.ErrEncoding) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
