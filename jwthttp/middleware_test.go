package jwthttp_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwthttp"
)

const testMetadataURL = "https://api.example/.well-known/oauth-protected-resource/v1"

func TestValidTokenReachesHandlerWithClaims(t *testing.T) {
	srv := serve(t, newMiddleware(t).Handler(echoSubject))
	resp, body := get(t, srv, sign(t, nil))
	if resp.StatusCode != http.StatusOK || body != "alice" {
		t.Fatalf("status %d body %q, want 200 alice", resp.StatusCode, body)
	}
	if resp.Header.Get("WWW-Authenticate") != "" {
		t.Fatal("a challenge on a 200")
	}
}

func TestTokenFromIsTheVerifiedToken(t *testing.T) {
	tok := sign(t, nil)
	var got string
	var ok bool
	srv := serve(t, newMiddleware(t).Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok = jwthttp.TokenFrom(r.Context())
	})))
	get(t, srv, tok)
	if !ok || got != tok {
		t.Fatalf("TokenFrom = %q, %v", got, ok)
	}
}

func TestRFC6750_3_NoErrorCodeWithoutToken(t *testing.T) {
	srv := serve(t, newMiddleware(t).Handler(echoSubject))
	resp, _ := get(t, srv, "")
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("status %d, want 401", resp.StatusCode)
	}
	c := challengeOf(t, resp)
	if _, has := c["error"]; has {
		t.Fatalf("error code %q on a request without a token", c["error"])
	}
	if _, has := c["error_description"]; has {
		t.Fatal("error_description on a request without a token")
	}
	if c["realm"] != "api" {
		t.Fatalf("realm %q", c["realm"])
	}
}

func TestRFC6750_3_1_InvalidTokenIs401WithFixedDescription(t *testing.T) {
	now := time.Now()
	other, _ := jwt.Sign(jwt.HS256, map[string]any{"iss": testIssuer, "aud": testResource, "exp": now.Add(time.Hour).Unix()},
		[]byte("another secret, 32 bytes long!!!"))
	cases := []struct {
		name, token, description string
	}{
		{"expired", sign(t, map[string]any{"exp": now.Add(-time.Hour).Unix()}), "the token has expired"},
		{"not yet valid", sign(t, map[string]any{"nbf": now.Add(time.Hour).Unix()}), "the token is not valid yet"},
		{"bad signature", other, "the token's signature is invalid"},
		{"wrong audience", sign(t, map[string]any{"aud": "https://other.example"}), "the token is not meant for this resource"},
		{"wrong issuer", sign(t, map[string]any{"iss": "https://evil.example"}), "the token's issuer is not accepted"},
		{"malformed", "not.a.jwt", "the token is malformed"},
	}
	srv := serve(t, newMiddleware(t).Handler(echoSubject))
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := get(t, srv, tc.token)
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("status %d, want 401", resp.StatusCode)
			}
			c := challengeOf(t, resp)
			if c["error"] != "invalid_token" || c["error_description"] != tc.description {
				t.Fatalf("challenge %v, want invalid_token %q", c, tc.description)
			}
			if body == "alice" {
				t.Fatal("the handler ran")
			}
		})
	}
}

func TestRFC6750_3_ChallengeNeverEchoesTokenOrClaims(t *testing.T) {
	evil := "https://evil.example\"\r\nSet-Cookie: x=y, error=\"none"
	tok := sign(t, map[string]any{"aud": evil, "sub": "\"\\\r\n"})
	srv := serve(t, newMiddleware(t).Handler(echoSubject))
	resp, body := get(t, srv, tok)
	h := resp.Header.Get("WWW-Authenticate")
	if strings.Contains(h, "evil") || strings.Contains(h, tok) || strings.Contains(body, "evil") || strings.Contains(body, tok) {
		t.Fatalf("the response echoes the token: header %q body %q", h, body)
	}
	if resp.Header.Get("Set-Cookie") != "" {
		t.Fatal("header injection")
	}
	if c := challengeOf(t, resp); c["error"] != "invalid_token" {
		t.Fatalf("challenge %v", c)
	}
}

func TestRFC6750_3_1_InvalidRequestIs400(t *testing.T) {
	srv := serve(t, newMiddleware(t).Handler(echoSubject))
	tok := sign(t, nil)
	resp, _ := get(t, srv, tok, func(r *http.Request) { r.Header.Add("Authorization", "Bearer "+tok) })
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("status %d, want 400", resp.StatusCode)
	}
	if c := challengeOf(t, resp); c["error"] != "invalid_request" {
		t.Fatalf("challenge %v, want invalid_request", c)
	}
}

func TestRFC6750_3_1_InsufficientScopeIs403WithRequiredScope(t *testing.T) {
	srv := serve(t, newMiddleware(t, jwthttp.RequireScopes("write")).Handler(echoSubject))
	resp, _ := get(t, srv, sign(t, map[string]any{"scope": "read"}))
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("status %d, want 403", resp.StatusCode)
	}
	c := challengeOf(t, resp)
	if c["error"] != "insufficient_scope" || c["scope"] != "write" {
		t.Fatalf("challenge %v, want insufficient_scope scope=write", c)
	}
}

func TestRFC6750_3_1_ScopeFromScopeStringAndScpArrayOrString(t *testing.T) {
	srv := serve(t, newMiddleware(t, jwthttp.RequireScopes("read", "write")).Handler(echoSubject))
	for _, extra := range []map[string]any{
		{"scope": "read write"},
		{"scope": "write  read"},
		{"scp": []string{"write", "read"}},
		{"scp": "read write"},
		{"scope": "read", "scp": []string{"write"}},
	} {
		if resp, _ := get(t, srv, sign(t, extra)); resp.StatusCode != http.StatusOK {
			t.Fatalf("%v: status %d, want 200", extra, resp.StatusCode)
		}
	}
	for _, extra := range []map[string]any{{"scope": "read"}, {"scope": "readwrite"}, {"scope": "READ WRITE"}, {"scp": []string{"read write"}}} {
		if resp, _ := get(t, srv, sign(t, extra)); resp.StatusCode != http.StatusForbidden {
			t.Fatalf("%v: status %d, want 403", extra, resp.StatusCode)
		}
	}
}

func TestRFC6750_3_RequiredScopeNamedIn401Challenge(t *testing.T) {
	srv := serve(t, newMiddleware(t, jwthttp.RequireScopes("read", "write")).Handler(echoSubject))
	resp, _ := get(t, srv, "")
	if c := challengeOf(t, resp); c["scope"] != "read write" {
		t.Fatalf("challenge %v, want scope=\"read write\"", c)
	}
}

func TestRefusalsAreNoStore(t *testing.T) {
	srv := serve(t, newMiddleware(t, jwthttp.RequireScopes("write")).Handler(echoSubject))
	tok := sign(t, nil)
	for name, edit := range map[string]func(*http.Request){
		"401 no token": func(r *http.Request) { r.Header.Del("Authorization") },
		"401 bad":      func(r *http.Request) { r.Header.Set("Authorization", "Bearer x.y.z") },
		"400":          func(r *http.Request) { r.Header.Add("Authorization", "Bearer "+tok) },
		"403":          func(*http.Request) {},
	} {
		resp, _ := get(t, srv, tok, edit)
		if resp.StatusCode < 400 || resp.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("%s: status %d Cache-Control %q", name, resp.StatusCode, resp.Header.Get("Cache-Control"))
		}
	}
}

func TestNothingInContextOnFailure(t *testing.T) {
	ran := false
	m := newMiddleware(t, jwthttp.WithErrorHandler(func(w http.ResponseWriter, r *http.Request, e *jwthttp.Error) {
		if _, ok := jwthttp.ClaimsFrom[*apiClaims](r.Context()); ok {
			t.Error("claims in the context of a refused request")
		}
		jwthttp.WriteError(w, r, e)
	}))
	srv := serve(t, m.Handler(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { ran = true })))
	get(t, srv, sign(t, map[string]any{"exp": time.Now().Add(-time.Hour).Unix()}))
	if ran {
		t.Fatal("the handler ran for an expired token")
	}
}

func TestCredentialsOptionalAnonymousRunsBadTokenRefused(t *testing.T) {
	srv := serve(t, newMiddleware(t, jwthttp.CredentialsOptional()).Handler(echoSubject))
	if resp, body := get(t, srv, ""); resp.StatusCode != http.StatusOK || body != "anonymous" {
		t.Fatalf("anonymous: %d %q", resp.StatusCode, body)
	}
	if resp, body := get(t, srv, sign(t, nil)); resp.StatusCode != http.StatusOK || body != "alice" {
		t.Fatalf("token: %d %q", resp.StatusCode, body)
	}
	resp, _ := get(t, srv, sign(t, map[string]any{"exp": time.Now().Add(-time.Hour).Unix()}))
	if resp.StatusCode != http.StatusUnauthorized || challengeOf(t, resp)["error"] != "invalid_token" {
		t.Fatalf("bad token in optional mode: %d", resp.StatusCode)
	}
}

func TestErrorHandlerReceivesTypedCause(t *testing.T) {
	var got *jwthttp.Error
	m := newMiddleware(t, jwthttp.WithErrorHandler(func(w http.ResponseWriter, r *http.Request, e *jwthttp.Error) {
		got = e
		w.WriteHeader(e.Status)
	}))
	srv := serve(t, m.Handler(echoSubject))
	get(t, srv, sign(t, map[string]any{"exp": time.Now().Add(-time.Hour).Unix()}))
	if got == nil || got.Status != http.StatusUnauthorized || !errors.Is(got, jwt.ErrTokenExpired) || got.Challenge == nil {
		t.Fatalf("cause %#v", got)
	}
	get(t, srv, "")
	if !errors.Is(got, jwthttp.ErrNoToken) {
		t.Fatalf("cause %v, want ErrNoToken", got)
	}
}

func TestRuleRefusalIs403AndTokenSentinelIs401(t *testing.T) {
	errTenant := errors.New("wrong tenant")
	m := newMiddleware(t, jwthttp.Rule(func(r *http.Request, c *apiClaims) error {
		switch c.Tenant {
		case "revoked":
			return jwt.ErrTokenInvalidClaims
		case "t1":
			return nil
		}
		return errTenant
	}))
	srv := serve(t, m.Handler(echoSubject))
	if resp, _ := get(t, srv, sign(t, map[string]any{"tid": "t1"})); resp.StatusCode != http.StatusOK {
		t.Fatalf("t1: %d", resp.StatusCode)
	}
	resp, _ := get(t, srv, sign(t, map[string]any{"tid": "t2"}))
	if resp.StatusCode != http.StatusForbidden || challengeOf(t, resp)["error"] != "insufficient_scope" {
		t.Fatalf("t2: %d", resp.StatusCode)
	}
	resp, _ = get(t, srv, sign(t, map[string]any{"tid": "revoked"}))
	if resp.StatusCode != http.StatusUnauthorized || challengeOf(t, resp)["error"] != "invalid_token" {
		t.Fatalf("revoked: %d", resp.StatusCode)
	}
}

func TestNewRefusesOptionsNoRequestCouldPass(t *testing.T) {
	v := jwthttp.Core[apiClaims](testVerifier(t))
	cases := map[string]func() error{
		"nil verify": func() error { _, err := jwthttp.New[*apiClaims](nil); return err },
		"nil core":   func() error { _, err := jwthttp.New(jwthttp.Core[apiClaims](nil)); return err },
		"scopes with optional": func() error {
			_, err := jwthttp.New(v, jwthttp.RequireScopes("read"), jwthttp.CredentialsOptional())
			return err
		},
		"scopes on a type without": func() error {
			type plain struct{ Sub string }
			_, err := jwthttp.New(jwthttp.Core[plain](testVerifier(t)), jwthttp.RequireScopes("read"))
			return err
		},
		"bad scope token": func() error { _, err := jwthttp.New(v, jwthttp.RequireScopes("a b")); return err },
		"rule of another type": func() error {
			_, err := jwthttp.New(v, jwthttp.Rule(func(*http.Request, map[string]any) error { return nil }))
			return err
		},
		"scope not supported": func() error {
			_, err := jwthttp.New(v, jwthttp.RequireScopes("admin"), jwthttp.WithResource(jwthttp.Resource{ID: testResource, Scopes: []string{"read"}}))
			return err
		},
		"bad resource": func() error {
			_, err := jwthttp.New(v, jwthttp.WithResource(jwthttp.Resource{ID: "http://api.example"}))
			return err
		},
		"nil option":     func() error { _, err := jwthttp.New(v, nil); return err },
		"realm with CR":  func() error { _, err := jwthttp.New(v, jwthttp.WithRealm("a\rb")); return err },
		"nil errhandler": func() error { _, err := jwthttp.New(v, jwthttp.WithErrorHandler(nil)); return err },
	}
	for name, f := range cases {
		if err := f(); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v, want ErrInvalidOption", name, err)
		}
	}
}

func TestNilMiddlewareIs500(t *testing.T) {
	var m *jwthttp.Middleware[*apiClaims]
	srv := serve(t, m.Handler(echoSubject))
	if resp, _ := get(t, srv, sign(t, nil)); resp.StatusCode != http.StatusInternalServerError {
		t.Fatalf("status %d", resp.StatusCode)
	}
}

func TestRFC8707_AudienceIsTheResourceEvenIfTheVerifierForgotIt(t *testing.T) {
	loose, err := jwt.NewVerifier(testSecret, jwt.WithAlgorithms(jwt.HS256)) // no WithAudience
	if err != nil {
		t.Fatal(err)
	}
	res := jwthttp.WithResource(jwthttp.Resource{ID: testResource})
	other := sign(t, map[string]any{"aud": "https://other.example"})
	mine := sign(t, map[string]any{"aud": []string{"https://other.example", testResource}})
	core, err := jwthttp.New(jwthttp.Core[apiClaims](loose), res)
	if err != nil {
		t.Fatal(err)
	}
	asMap, err := jwthttp.New(func(ctx context.Context, tok string) (map[string]any, error) {
		t, err := loose.ParseContext(ctx, tok)
		if err != nil {
			return nil, err
		}
		return t.Claims.(map[string]any), nil
	}, res)
	if err != nil {
		t.Fatal(err)
	}
	for name, h := range map[string]http.Handler{"struct": core.Handler(echoSubject), "map": asMap.Handler(echoSubject)} {
		srv := serve(t, h)
		resp, _ := get(t, srv, other)
		if resp.StatusCode != http.StatusUnauthorized || challengeOf(t, resp)["error_description"] != "the token is not meant for this resource" {
			t.Fatalf("%s: another resource's token: %d", name, resp.StatusCode)
		}
		if resp, _ := get(t, srv, mine); resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: this resource's token: %d", name, resp.StatusCode)
		}
	}
}

func TestResourceAudienceForAnAuthorizationServerWithItsOwn(t *testing.T) {
	v, err := jwt.NewVerifier(testSecret, jwt.WithAlgorithms(jwt.HS256), jwt.WithAudience("api://default"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := jwthttp.New(jwthttp.Core[apiClaims](v), jwthttp.WithResource(jwthttp.Resource{ID: testResource, Audience: "api://default"}))
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, m.Handler(echoSubject))
	if resp, _ := get(t, srv, sign(t, map[string]any{"aud": "api://default"})); resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
}

func TestRFC6750_3_NoErrorCodeForAnUnsupportedScheme(t *testing.T) {
	srv := serve(t, newMiddleware(t).Handler(echoSubject))
	resp, _ := get(t, srv, "", func(r *http.Request) { r.SetBasicAuth("alice", "secret") })
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("status %d, want 401", resp.StatusCode)
	}
	if c := challengeOf(t, resp); c["error"] != "" || c["resource_metadata"] != testMetadataURL {
		t.Fatalf("challenge %v: want no error code", c)
	}
}

func TestRFC6750_3_1_InsufficientScopeNotForAnotherRefusal(t *testing.T) {
	srv := serve(t, newMiddleware(t, jwthttp.RequireScopes("write")).Handler(echoSubject))
	resp, _ := get(t, srv, sign(t, map[string]any{"scope": "write", "exp": time.Now().Add(-time.Hour).Unix()}))
	if resp.StatusCode != http.StatusUnauthorized || challengeOf(t, resp)["error"] != "invalid_token" {
		t.Fatalf("an expired token with the scope: %d, want 401 invalid_token", resp.StatusCode)
	}
}
