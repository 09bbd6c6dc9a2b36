package jwthttp_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwthttp"
)

func TestRFC9728_3_1_WellKnownPathInsertedBeforeResourcePath(t *testing.T) {
	for id, want := range map[string]string{
		"https://api.example/v1":          "https://api.example/.well-known/oauth-protected-resource/v1",
		"https://api.example/v1/":         "https://api.example/.well-known/oauth-protected-resource/v1/",
		"https://api.example:8443/a/b":    "https://api.example:8443/.well-known/oauth-protected-resource/a/b",
		"https://api.example/a%20b":       "https://api.example/.well-known/oauth-protected-resource/a%20b",
		"http://localhost:8080/mcp":       "http://localhost:8080/.well-known/oauth-protected-resource/mcp",
		"https://api.example":             "https://api.example/.well-known/oauth-protected-resource",
		"https://api.example/v1?tenant=a": "https://api.example/.well-known/oauth-protected-resource/v1?tenant=a",
	} {
		got, err := jwthttp.WellKnownURL(id)
		if err != nil || got != want {
			t.Errorf("WellKnownURL(%q) = %q, %v; want %q", id, got, err, want)
		}
	}
}

func TestRFC9728_3_1_TerminatingSlashAfterHostRemoved(t *testing.T) {
	for _, id := range []string{"https://api.example/", "https://api.example/?x=1"} {
		got, err := jwthttp.WellKnownURL(id)
		want := "https://api.example/.well-known/oauth-protected-resource"
		if id != "https://api.example/" {
			want += "?x=1"
		}
		if err != nil || got != want {
			t.Errorf("WellKnownURL(%q) = %q, %v; want %q", id, got, err, want)
		}
	}
}

func TestRFC9728_1_2_ResourceIdentifierIsHTTPSWithoutFragment(t *testing.T) {
	for _, id := range []string{"", "api.example/v1", "http://api.example/v1", "https://api.example/v1#x", "https://u:p@api.example/", "ftp://api.example", "/v1", "https://ü.example/v1", "https://api.example/a b", "https://api.example/\r\n"} {
		if _, err := jwthttp.WellKnownURL(id); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("WellKnownURL(%q): %v, want ErrInvalidOption", id, err)
		}
	}
}

// metadataOf fetches and decodes the document h serves over TLS.
func metadataOf(t *testing.T, h *jwthttp.MetadataHandler) (map[string]any, *http.Response) {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle(h.Path(), h)
	srv := serve(t, mux)
	resp, body := get(t, srv, "", func(r *http.Request) { r.URL.Path = h.Path() })
	var doc map[string]any
	if err := json.Unmarshal([]byte(body), &doc); err != nil {
		t.Fatalf("status %d body %q: %v", resp.StatusCode, body, err)
	}
	return doc, resp
}

func TestRFC9728_3_2_DocumentServedAsJSONAtWellKnownPath(t *testing.T) {
	m := newMiddleware(t)
	if got := m.Metadata().URL(); got != testMetadataURL {
		t.Fatalf("URL %q", got)
	}
	if got := m.Metadata().Path(); got != "/.well-known/oauth-protected-resource/v1" {
		t.Fatalf("Path %q", got)
	}
	doc, resp := metadataOf(t, m.Metadata())
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("status %d type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	as, _ := doc["authorization_servers"].([]any)
	sc, _ := doc["scopes_supported"].([]any)
	if len(as) != 1 || as[0] != testIssuer || len(sc) != 2 || sc[0] != "read" {
		t.Fatalf("document %v", doc)
	}
}

func TestRFC9728_3_3_ResourceIsTheIdentifierExactly(t *testing.T) {
	doc, _ := metadataOf(t, newMiddleware(t).Metadata())
	if doc["resource"] != testResource {
		t.Fatalf("resource %v, want %q", doc["resource"], testResource)
	}
}

func TestRFC9728_2_BearerMethodsSupportedFromSources(t *testing.T) {
	for src, want := range map[jwthttp.Sources][]any{
		{}:                               {"header"},
		{Form: true}:                     {"header", "body"},
		{Form: true, Query: true}:        {"header", "body", "query"},
		{Cookie: "session", Query: true}: {"header", "query"},
	} {
		h, err := jwthttp.NewMetadataHandler(jwthttp.Resource{ID: testResource}, src)
		if err != nil {
			t.Fatal(err)
		}
		doc, _ := metadataOf(t, h)
		got, _ := doc["bearer_methods_supported"].([]any)
		if len(got) != len(want) {
			t.Fatalf("%+v: %v, want %v", src, got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%+v: %v, want %v", src, got, want)
			}
		}
	}
}

func TestRFC9728_2_InvalidMetadataRefused(t *testing.T) {
	for name, res := range map[string]jwthttp.Resource{
		"as not https":   {ID: testResource, AuthorizationServers: []string{"http://as.example"}},
		"as with query":  {ID: testResource, AuthorizationServers: []string{"https://as.example?x=1"}},
		"scope repeated": {ID: testResource, Scopes: []string{"a", "a"}},
		"scope bad":      {ID: testResource, Scopes: []string{"a\"b"}},
		"doc not a url":  {ID: testResource, Documentation: "docs"},
	} {
		if _, err := jwthttp.NewMetadataHandler(res, jwthttp.Sources{}); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v, want ErrInvalidOption", name, err)
		}
	}
}

func TestRFC9728_3_MetadataOnlyAtItsPathAndForGET(t *testing.T) {
	h := newMiddleware(t).Metadata()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "https://api.example/other", nil))
	if rec.Code != http.StatusNotFound {
		t.Fatalf("other path: %d", rec.Code)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "https://api.example"+h.Path(), nil))
	if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" {
		t.Fatalf("POST: %d", rec.Code)
	}
	var nilH *jwthttp.MetadataHandler
	rec = httptest.NewRecorder()
	nilH.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "https://api.example/", nil))
	if rec.Code != http.StatusNotFound || nilH.URL() != "" {
		t.Fatalf("nil handler: %d", rec.Code)
	}
}

func TestRFC9728_5_1_ResourceMetadataInEveryChallenge(t *testing.T) {
	srv := serve(t, newMiddleware(t, jwthttp.RequireScopes("write")).Handler(echoSubject))
	tok := sign(t, map[string]any{"scope": "read"})
	for name, edit := range map[string]func(*http.Request){
		"401 no token": func(r *http.Request) { r.Header.Del("Authorization") },
		"401 bad":      func(r *http.Request) { r.Header.Set("Authorization", "Bearer x.y.z") },
		"400":          func(r *http.Request) { r.Header.Add("Authorization", "Bearer "+tok) },
		"403":          func(*http.Request) {},
	} {
		resp, _ := get(t, srv, tok, edit)
		if c := challengeOf(t, resp); c["resource_metadata"] != testMetadataURL {
			t.Fatalf("%s: challenge %v, want resource_metadata %q", name, c, testMetadataURL)
		}
	}
}
