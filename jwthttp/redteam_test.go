package jwthttp_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwthttp"
)

// Findings of the issue 23 red team, each a rule.

var redRes = jwthttp.Resource{ID: testResource, AuthorizationServers: []string{testIssuer}}

// anyAudienceVerifier verifies the tests' tokens without an audience check.
func anyAudienceVerifier(t *testing.T) *jwt.Verifier {
	t.Helper()
	v, err := jwt.NewVerifier(testSecret, jwt.WithAlgorithms(jwt.HS256), jwt.WithIssuer(testIssuer))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestRFC8707_2_CoreMapClaimsAudienceChecked(t *testing.T) {
	m, err := jwthttp.New(jwthttp.Core[map[string]any](anyAudienceVerifier(t)), jwthttp.WithResource(redRes))
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, m.Handler(echoSubject))
	if resp, _ := get(t, srv, sign(t, map[string]any{"aud": "https://other.example"})); resp.StatusCode != 401 {
		t.Fatalf("another resource's token: %d, want 401", resp.StatusCode)
	}
	if resp, _ := get(t, srv, sign(t, nil)); resp.StatusCode != 200 {
		t.Fatalf("own token: %d", resp.StatusCode)
	}
}

type namedMap map[string]any
type byPointer struct{ *claims.Registered }
type ownAud struct {
	Aud []string `json:"aud"`
}

func TestRFC8707_2_UnreadableAudienceRefusedByNew(t *testing.T) {
	v := anyAudienceVerifier(t)
	check := func(name string, err error, ok error) {
		t.Helper()
		if !errors.Is(err, jwt.ErrInvalidOption) || !strings.Contains(err.Error(), "WithAudienceCheckedByVerifier") {
			t.Errorf("%s: %v, want ErrInvalidOption naming WithAudienceCheckedByVerifier", name, err)
		}
		if ok != nil {
			t.Errorf("%s with WithAudienceCheckedByVerifier: %v", name, ok)
		}
	}
	_, err := jwthttp.New(jwthttp.Core[namedMap](v), jwthttp.WithResource(redRes))
	_, ok := jwthttp.New(jwthttp.Core[namedMap](v), jwthttp.WithResource(redRes), jwthttp.WithAudienceCheckedByVerifier())
	check("named map", err, ok)
	_, err = jwthttp.New(jwthttp.Core[ownAud](v), jwthttp.WithResource(redRes))
	_, ok = jwthttp.New(jwthttp.Core[ownAud](v), jwthttp.WithResource(redRes), jwthttp.WithAudienceCheckedByVerifier())
	check("own aud field", err, ok)
	if _, err := jwthttp.New(jwthttp.Core[ownAud](v), jwthttp.WithAudienceCheckedByVerifier()); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("WithAudienceCheckedByVerifier without WithResource: %v", err)
	}
}

func TestRFC8707_2_RegisteredEmbeddedByPointerAudienceChecked(t *testing.T) {
	m, err := jwthttp.New(jwthttp.Core[byPointer](anyAudienceVerifier(t)), jwthttp.WithResource(redRes))
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, m.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})))
	if resp, _ := get(t, srv, sign(t, map[string]any{"aud": "https://other.example"})); resp.StatusCode != 401 {
		t.Fatalf("another resource's token: %d, want 401", resp.StatusCode)
	}
	if resp, _ := get(t, srv, sign(t, nil)); resp.StatusCode != 200 {
		t.Fatalf("own token: %d", resp.StatusCode)
	}
}

// postForm posts body with the Content-Type ct.
func postForm(ct, body string, edit ...func(*http.Request)) func(*http.Request) {
	return func(r *http.Request) {
		r.Method = http.MethodPost
		r.Header.Set("Content-Type", ct)
		r.Body = http.NoBody
		if body != "" {
			r.Body = readCloserOf(body)
			r.ContentLength = int64(len(body))
		}
		for _, e := range edit {
			e(r)
		}
	}
}

func readCloserOf(s string) *nopBody { return &nopBody{strings.NewReader(s)} }

type nopBody struct{ *strings.Reader }

func (nopBody) Close() error { return nil }

func TestRFC6750_2_2_FormWithMalformedParameterReadAsParseFormDoes(t *testing.T) {
	m := newMiddleware(t, jwthttp.WithSources(jwthttp.Sources{Form: true}), jwthttp.CredentialsOptional())
	srv := serve(t, m.Handler(echoSubject))
	tok := sign(t, nil)
	ct := "application/x-www-form-urlencoded; charset"
	if resp, body := get(t, srv, "", postForm(ct, "access_token="+tok)); resp.StatusCode != 200 || body != "alice" {
		t.Fatalf("form token with malformed parameter: %d %q, want 200 alice", resp.StatusCode, body)
	}
	resp, _ := get(t, srv, tok, postForm(ct, "access_token="+tok))
	if resp.StatusCode != 400 || challengeOf(t, resp)["error"] != "invalid_request" {
		t.Fatalf("header and form token: %d, want 400 invalid_request", resp.StatusCode)
	}
}

func TestNilClaimsWithNilErrorRefused500(t *testing.T) {
	var got *jwthttp.Error
	m, err := jwthttp.New(func(context.Context, string) (*apiClaims, error) { return nil, nil },
		jwthttp.WithErrorHandler(func(w http.ResponseWriter, r *http.Request, e *jwthttp.Error) {
			got = e
			jwthttp.WriteError(w, r, e)
		}))
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, m.Handler(echoSubject))
	if resp, _ := get(t, srv, "abc"); resp.StatusCode != 500 || !errors.Is(got, jwthttp.ErrNilClaims) {
		t.Fatalf("nil claims: %d %v, want 500 ErrNilClaims", resp.StatusCode, got)
	}
	mm, _ := jwthttp.New(func(context.Context, string) (map[string]any, error) { return nil, nil })
	if resp, _ := get(t, serve(t, mm.Handler(echoSubject)), "abc"); resp.StatusCode != 500 {
		t.Fatalf("nil map claims: %d, want 500", resp.StatusCode)
	}
	mi, _ := jwthttp.New(func(context.Context, string) (any, error) { return nil, nil })
	if resp, _ := get(t, serve(t, mi.Handler(echoSubject)), "abc"); resp.StatusCode != 500 {
		t.Fatalf("nil interface claims: %d, want 500", resp.StatusCode)
	}
	// An interface holding a nil pointer is nil claims too, as jwtgrpc says.
	mt, _ := jwthttp.New(func(context.Context, string) (any, error) { return (*apiClaims)(nil), nil })
	if resp, _ := get(t, serve(t, mt.Handler(echoSubject)), "abc"); resp.StatusCode != 500 {
		t.Fatalf("an interface holding a nil pointer: %d, want 500", resp.StatusCode)
	}
}

func TestRFC9728_3_1_RFC3986_6_2_2_MetadataPathServableByServeMux(t *testing.T) {
	for _, id := range []string{
		"https://h/a%2Fb", "https://h/a/../b", "https://h/a/./b", "https://h//x", "https://h/a//b",
		"https://h/a/%2e%2e/b", "https://h/..", "https://h/a/.", "https://h/A%2fb",
	} {
		_, err := jwthttp.NewMetadataHandler(jwthttp.Resource{ID: id}, jwthttp.Sources{})
		if !errors.Is(err, jwt.ErrInvalidOption) || !strings.Contains(err.Error(), "RFC 3986 section 6.2.2") {
			t.Errorf("%s: %v, want ErrInvalidOption citing RFC 3986 section 6.2.2", id, err)
		}
		if _, err := jwthttp.New(jwthttp.Core[apiClaims](testVerifier(t)), jwthttp.WithResource(jwthttp.Resource{ID: id})); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("New %s: %v", id, err)
		}
	}
	for _, id := range []string{"https://h", "https://h/", "https://h/v1/", "https://h/a-b/c_d~e", "https://h/mcp?x=1",
		"https://h/{x}", "https://h/a%7Bb%7D", "https://h/a%20b", "https://h/a%25b", "https://h/a%2541", "https://h/%7B$%7D"} {
		h, err := jwthttp.NewMetadataHandler(jwthttp.Resource{ID: id}, jwthttp.Sources{})
		if err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		mux := http.NewServeMux()
		mux.Handle(h.Path(), h)
		u, _ := url.Parse(h.URL())
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, u.RequestURI(), nil))
		if rec.Code != 200 {
			t.Errorf("%s: metadata URL %s answered %d", id, h.URL(), rec.Code)
		}
	}
}

func TestRFC9728_3_MetadataHandlerNilRequestURL404(t *testing.T) {
	h, err := jwthttp.NewMetadataHandler(redRes, jwthttp.Sources{})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, &http.Request{Method: http.MethodGet})
	if rec.Code != 404 {
		t.Fatalf("nil URL: %d", rec.Code)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, nil)
	if rec.Code != 404 {
		t.Fatalf("nil request: %d", rec.Code)
	}
	m := newMiddleware(t, jwthttp.WithSources(jwthttp.Sources{Query: true}), jwthttp.CredentialsOptional())
	rec = httptest.NewRecorder()
	m.Handler(echoSubject).ServeHTTP(rec, &http.Request{Method: http.MethodGet, Header: http.Header{}})
	if rec.Code != 200 {
		t.Fatalf("middleware, nil URL: %d", rec.Code)
	}
	rec = httptest.NewRecorder()
	m.Handler(echoSubject).ServeHTTP(rec, nil)
	if rec.Code != 500 {
		t.Fatalf("middleware, nil request: %d", rec.Code)
	}
}

func TestRFC6750_3_1_RuleErrorStatus(t *testing.T) {
	for _, c := range []struct {
		err  error
		want int
	}{
		{context.DeadlineExceeded, 503},
		{ErrWrap(jwthttp.ErrNoToken), 403},
		{ErrWrap(jwthttp.ErrInvalidRequest), 403},
		{errors.New("tenant"), 403},
		{ErrWrap(jwt.ErrTokenInvalidClaims), 401},
	} {
		err := c.err
		m := newMiddleware(t, jwthttp.Rule(func(*http.Request, *apiClaims) error { return err }))
		if resp, _ := get(t, serve(t, m.Handler(echoSubject)), sign(t, nil)); resp.StatusCode != c.want {
			t.Errorf("rule error %v: %d, want %d", err, resp.StatusCode, c.want)
		}
		if e := jwthttp.Classify(jwthttp.RuleCause(err)); e.Status != c.want {
			t.Errorf("Classify(RuleCause(%v)): %d, want %d", err, e.Status, c.want)
		}
	}
}

func ErrWrap(err error) error { return errors.Join(errors.New("rule"), err) }

func TestRFC6265_4_1_1_CookieNameMustBeToken(t *testing.T) {
	for _, name := range []string{"a b", "a=b", "a;b", `a"b`, "a,b", "a\tb", "é"} {
		_, err := jwthttp.New(jwthttp.Core[apiClaims](testVerifier(t)), jwthttp.WithSources(jwthttp.Sources{Cookie: name}))
		if !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("cookie name %q: %v", name, err)
		}
	}
	if _, err := jwthttp.New(jwthttp.Core[apiClaims](testVerifier(t)), jwthttp.WithSources(jwthttp.Sources{Cookie: "__Host-at"})); err != nil {
		t.Error(err)
	}
}

func TestRFC9110_9_2_1_CookieTokenOnCrossSiteUnsafeRequestRefused(t *testing.T) {
	m := newMiddleware(t, jwthttp.WithSources(jwthttp.Sources{Cookie: "at"}))
	srv := serve(t, m.Handler(echoSubject))
	tok := sign(t, nil)
	with := func(method, site string) func(*http.Request) {
		return func(r *http.Request) {
			r.Method = method
			r.AddCookie(&http.Cookie{Name: "at", Value: tok})
			if site != "" {
				r.Header.Set("Sec-Fetch-Site", site)
			}
		}
	}
	if resp, _ := get(t, srv, "", with(http.MethodPost, "cross-site")); resp.StatusCode != 400 {
		t.Fatalf("cross-site POST with a cookie token: %d, want 400", resp.StatusCode)
	}
	for _, ok := range []func(*http.Request){with(http.MethodGet, "cross-site"), with(http.MethodPost, "same-origin"), with(http.MethodPost, "")} {
		if resp, _ := get(t, srv, "", ok); resp.StatusCode != 200 {
			t.Fatalf("cookie token: %d, want 200", resp.StatusCode)
		}
	}
}

func TestRFC6265_4_1_1_ExtractRefusesInvalidCookieName(t *testing.T) {
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.Header.Set("Cookie", "a b=x")
	if _, err := (jwthttp.Sources{Cookie: "a b"}).Extract(r); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Fatalf("Extract with cookie name %q: %v, want jwt.ErrInvalidOption", "a b", err)
	}
}
