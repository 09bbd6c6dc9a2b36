package claimsources_test

import (
	"context"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claimsources"
)

// TestOIDCCore_5_6_2_GoOIDCReferenceCases: go-oidc v3's TestDistributedClaims
// inputs (oidc/verify_test.go), resolved here against a counting server:
// no references, one claim, two claims of one source (one request), a name
// whose source is absent (refused, as go-oidc refuses it), sources no name
// references (ignored, never fetched), an empty source name (refused).
func TestOIDCCore_5_6_2_GoOIDCReferenceCases(t *testing.T) {
	s := newJWTServer(t, "application/jwt", func() string {
		return sign(t, "bank", `{"iss":"https://bank.example.com","address":"1 Main St","phone_number":"+1 555"}`)
	})
	ep := s.URL + "/claims"
	r := resolver(t, s.Client(), claimsources.Source{Issuer: issuerBank, Key: pub("bank"), Endpoints: []string{ep}})
	src := `{"src1":{"endpoint":"` + ep + `","access_token":"1234"}}`
	cases := []struct {
		name, names, sources string
		want                 int // claims resolved
		hits                 int64
		err                  error
	}{
		{"NoDistClaims", "", "", 0, 0, nil},
		{"1DistClaim", `{"address":"src1"}`, src, 1, 1, nil},
		{"2DistClaims1Src", `{"address":"src1","phone_number":"src1"}`, src, 2, 1, nil},
		{"1Name0Src", `{"address":"src1"}`, `{}`, 0, 0, claimsources.ErrMalformedReferences},
		{"NoNames1Src", `{}`, src, 0, 0, nil},
		{"NoNamesMember1Src", "", src, 0, 0, nil},
		{"EmptySourceName", `{"address":""}`, src, 0, 0, claimsources.ErrMalformedReferences},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := s.hits.Load()
			res, err := r.Resolve(context.Background(), refs(c.names, c.sources))
			if hits := s.hits.Load() - before; hits != c.hits {
				t.Errorf("%d requests, want %d", hits, c.hits)
			}
			if c.err != nil {
				wantIs(t, err, c.err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Claims) != c.want {
				t.Errorf("resolved %v, want %d claims", res.Claims, c.want)
			}
		})
	}
	if got := s.auth.Load(); got != "Bearer 1234" {
		t.Errorf("Authorization %q", got)
	}
}

// TestOIDCCore_5_6_2_MalformedReferencesRefused: "_claim_names" and
// "_claim_sources" that are not section 5.6.2's objects, or that are
// ambiguous, are refused before any JWT is read.
func TestOIDCCore_5_6_2_MalformedReferencesRefused(t *testing.T) {
	r := resolver(t, nil, claimsources.Source{Issuer: issuerA, Key: pub("A")})
	jwtA := sign(t, "A", `{"iss":"https://a.example.com","x":1}`)
	agg := `{"src1":{"JWT":"` + jwtA + `"}}`
	var members []string // DefaultMaxSources + 1 sources
	for i := 0; i <= claimsources.DefaultMaxSources; i++ {
		members = append(members, `"s`+string(rune('a'+i))+`":{"JWT":"`+jwtA+`"}`)
	}
	many := "{" + strings.Join(members, ",") + "}"
	for name, c := range map[string][2]string{
		"names not an object":      {`["x"]`, agg},
		"names a string":           {`"x"`, agg},
		"name value a number":      {`{"x":1}`, agg},
		"name value an array":      {`{"x":["src1"]}`, agg},
		"names duplicate":          {`{"x":"src1","x":"src1"}`, agg},
		"names look-alikes":        {`{"x":"src1","X":"src1"}`, agg},
		"names sub":                {`{"sub":"src1"}`, agg},
		"names iss":                {`{"iss":"src1"}`, agg},
		"names _claim_sources":     {`{"_claim_sources":"src1"}`, agg},
		"names without sources":    {`{"x":"src1"}`, ``},
		"sources not an object":    {`{"x":"src1"}`, `[]`},
		"source not an object":     {`{"x":"src1"}`, `{"src1":"` + jwtA + `"}`},
		"source neither":           {`{"x":"src1"}`, `{"src1":{"other":1}}`},
		"source both":              {`{"x":"src1"}`, `{"src1":{"JWT":"` + jwtA + `","endpoint":"https://a.example.com/c"}}`},
		"source lower-case jwt":    {`{"x":"src1"}`, `{"src1":{"jwt":"` + jwtA + `"}}`},
		"source JWT not a string":  {`{"x":"src1"}`, `{"src1":{"JWT":{}}}`},
		"source JWT empty":         {`{"x":"src1"}`, `{"src1":{"JWT":""}}`},
		"access_token CRLF":        {`{"x":"src1"}`, `{"src1":{"endpoint":"https://a.example.com/c","access_token":"a\r\nX-Evil: 1"}}`},
		"access_token space":       {`{"x":"src1"}`, `{"src1":{"endpoint":"https://a.example.com/c","access_token":"a b"}}`},
		"sources duplicate":        {`{"x":"src1"}`, `{"src1":{"JWT":"` + jwtA + `"},"src1":{"JWT":"` + jwtA + `"}}`},
		"too many sources":         {`{"x":"sa"}`, many},
		"sources malformed unused": {``, `{"src1":1,}`},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := r.Resolve(context.Background(), refs(c[0], c[1]))
			wantIs(t, err, claimsources.ErrMalformedReferences)
		})
	}
}

// TestOIDCCore_5_6_2_AggregatedMustContainNamedClaims: an aggregated JWT
// "MUST contain all the Claims" "_claim_names" assigns to it; its other
// claims ("sub" among them) are never taken.
func TestOIDCCore_5_6_2_AggregatedMustContainNamedClaims(t *testing.T) {
	r := resolver(t, nil, claimsources.Source{Issuer: issuerA, Key: pub("A")})
	jwtA := sign(t, "A", `{"iss":"https://a.example.com","sub":"cp-user","address":"x","email":"e@a.example.com","null_one":null}`)
	_, err := r.Resolve(context.Background(), refs(`{"address":"src1","phone_number":"src1"}`, `{"src1":{"JWT":"`+jwtA+`"}}`))
	wantIs(t, err, claimsources.ErrClaimMissing, claimsources.ErrSourceRefused, jwt.ErrMissingClaim)
	_, err = r.Resolve(context.Background(), refs(`{"null_one":"src1"}`, `{"src1":{"JWT":"`+jwtA+`"}}`))
	wantIs(t, err, claimsources.ErrClaimMissing)
	res, err := r.Resolve(context.Background(), refs(`{"address":"src1"}`, `{"src1":{"JWT":"`+jwtA+`"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Claims) != 1 || string(res.Claims["address"]) != `"x"` {
		t.Errorf("claims %s: only the named one may be taken", res.Claims)
	}
}

// TestOIDCCore_5_6_2_DistributedMayOmitClaims: "it is not an error
// condition to not return a requested Claim": a distributed source's
// missing claim is absent from the result.
func TestOIDCCore_5_6_2_DistributedMayOmitClaims(t *testing.T) {
	s := newJWTServer(t, "application/jwt", func() string { return sign(t, "bank", `{"iss":"https://bank.example.com","a":1}`) })
	r := resolver(t, s.Client(), claimsources.Source{Issuer: issuerBank, Key: pub("bank"), Origins: []string{s.URL}})
	res, err := r.Resolve(context.Background(), refs(`{"a":"s","b":"s"}`, `{"s":{"endpoint":"`+s.URL+`/x"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := res.Claims["b"]; ok || string(res.Claims["a"]) != "1" {
		t.Errorf("claims %s", res.Claims)
	}
}

// TestOIDCCore_5_6_2_NoRecursion: references inside a source JWT are not
// followed (and its endpoint never contacted).
func TestOIDCCore_5_6_2_NoRecursion(t *testing.T) {
	inner := newJWTServer(t, "application/jwt", func() string { return sign(t, "A", `{"iss":"https://a.example.com","deep":1}`) })
	r := resolver(t, inner.Client(), claimsources.Source{Issuer: issuerA, Key: pub("A"), Origins: []string{inner.URL}})
	jwtA := sign(t, "A", `{"iss":"https://a.example.com","x":1,"_claim_names":{"deep":"s"},"_claim_sources":{"s":{"endpoint":"`+inner.URL+`/d"}}}`)
	res, err := r.Resolve(context.Background(), refs(`{"x":"src1"}`, `{"src1":{"JWT":"`+jwtA+`"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Claims) != 1 || inner.hits.Load() != 0 {
		t.Errorf("claims %s, %d requests", res.Claims, inner.hits.Load())
	}
}
