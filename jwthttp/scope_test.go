package jwthttp_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwthttp"
)

// accessToken mints an RFC 9068 access token for testResource.
func accessToken(t *testing.T, scope string) string {
	t.Helper()
	s, err := accesstoken.NewSigner(jwt.HS256, testSecret)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	tok, err := s.Sign(accesstoken.Claims{Registered: claims.Registered{
		Issuer: testIssuer, Subject: "alice", Audience: claims.Audience{testResource}, ID: "j1",
		IssuedAt: claims.NewNumericDate(now), ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)),
	}, ClientID: "c1", Scope: scope})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestAccessTokensAdapterScopesFromRFC9068Scope(t *testing.T) {
	v, err := accesstoken.NewVerifier(testSecret, accesstoken.Config{Issuer: testIssuer, Audience: testResource})
	if err != nil {
		t.Fatal(err)
	}
	m, err := jwthttp.New(jwthttp.AccessTokens(v), jwthttp.RequireScopes("write"))
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, m.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, ok := jwthttp.ClaimsFrom[*accesstoken.Claims](r.Context())
		if !ok || c.ClientID != "c1" {
			t.Error("no access-token claims in the context")
		}
	})))
	if resp, _ := get(t, srv, accessToken(t, "read write")); resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d, want 200", resp.StatusCode)
	}
	if resp, _ := get(t, srv, accessToken(t, "read")); resp.StatusCode != http.StatusForbidden {
		t.Fatalf("status %d, want 403", resp.StatusCode)
	}
	// An ID-token-shaped JWT (typ "JWT") is not an access token: 401.
	if resp, _ := get(t, srv, sign(t, map[string]any{"scope": "write"})); resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("status %d, want 401", resp.StatusCode)
	}
}

func TestAccessTokensIntoOwnClaims(t *testing.T) {
	type mine struct {
		accesstoken.Claims
		Tenant string `json:"tid"`
	}
	v, err := accesstoken.NewVerifier(testSecret, accesstoken.Config{Issuer: testIssuer, Audience: testResource})
	if err != nil {
		t.Fatal(err)
	}
	m, err := jwthttp.New(jwthttp.AccessTokensInto[mine](v), jwthttp.RequireScopes("read"))
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, m.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, ok := jwthttp.ClaimsFrom[*mine](r.Context()); !ok || c.Subject != "alice" {
			t.Error("no claims")
		}
	})))
	if resp, _ := get(t, srv, accessToken(t, "read")); resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if jwthttp.AccessTokens(nil) != nil || jwthttp.AccessTokensInto[mine](nil) != nil {
		t.Fatal("a nil verifier gave a VerifyFunc")
	}
}

func TestRFC6750_3_1_MapClaimsScopeAndScp(t *testing.T) {
	v := testVerifier(t)
	verify := func(ctx context.Context, tok string) (map[string]any, error) {
		t, err := v.ParseContext(ctx, tok)
		if err != nil {
			return nil, err
		}
		return t.Claims.(map[string]any), nil
	}
	m, err := jwthttp.New(verify, jwthttp.RequireScopes("a", "b"))
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, m.Handler(echoSubject))
	for extra, want := range map[string]int{"a b": 200, "a": 403} {
		if resp, _ := get(t, srv, sign(t, map[string]any{"scope": extra})); resp.StatusCode != want {
			t.Fatalf("scope %q: %d, want %d", extra, resp.StatusCode, want)
		}
	}
	if resp, _ := get(t, srv, sign(t, map[string]any{"scp": []string{"b", "a"}})); resp.StatusCode != 200 {
		t.Fatalf("scp array: %d", resp.StatusCode)
	}
}

func TestScpOfAnotherTypeIs401(t *testing.T) {
	srv := serve(t, newMiddleware(t, jwthttp.RequireScopes("read")).Handler(echoSubject))
	resp, _ := get(t, srv, sign(t, map[string]any{"scp": 5}))
	if resp.StatusCode != http.StatusUnauthorized || challengeOf(t, resp)["error"] != "invalid_token" {
		t.Fatalf("status %d, want 401 invalid_token", resp.StatusCode)
	}
}

func TestScopeClaimsNilIsNoScope(t *testing.T) {
	var c *jwthttp.ScopeClaims
	if c.Scopes() != nil {
		t.Fatal("scopes of nil")
	}
}

func TestRFC6750_2_3_QueryTokenResponseIsPrivate(t *testing.T) {
	srv := serve(t, newMiddleware(t, jwthttp.WithSources(jwthttp.Sources{Query: true})).Handler(echoSubject))
	tok := sign(t, nil)
	resp, body := get(t, srv, "", func(r *http.Request) { r.URL.RawQuery = "access_token=" + tok })
	if resp.StatusCode != http.StatusOK || body != "alice" || resp.Header.Get("Cache-Control") != "private" {
		t.Fatalf("status %d body %q Cache-Control %q", resp.StatusCode, body, resp.Header.Get("Cache-Control"))
	}
}

func TestContextAccessors(t *testing.T) {
	ctx := jwthttp.NewContext(context.Background(), &apiClaims{}, "tok")
	if _, ok := jwthttp.ClaimsFrom[*apiClaims](ctx); !ok {
		t.Fatal("claims not found")
	}
	if _, ok := jwthttp.ClaimsFrom[map[string]any](ctx); ok {
		t.Fatal("claims of another type found")
	}
	if tok, ok := jwthttp.TokenFrom(ctx); !ok || tok != "tok" {
		t.Fatal("token not found")
	}
	var nilCtx context.Context
	if _, ok := jwthttp.ClaimsFrom[*apiClaims](nilCtx); ok {
		t.Fatal("claims in a nil context")
	}
	if _, ok := jwthttp.TokenFrom(context.Background()); ok {
		t.Fatal("token in an empty context")
	}
}
