package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt/examples/internal/wwwauth"
)

// startApp runs the example (its authorization server and the API on
// 127.0.0.1) for the test; the requests below go over HTTPS only.
func startApp(t *testing.T) *app {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	a, err := start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	return a
}

// do sends method to url with token ("" for none) and returns the response
// and its body; the client gives up after 2 s.
func do(t *testing.T, a *app, method, url, token string) (*http.Response, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := a.api.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// challenge parses the response's one Bearer challenge (RFC 9110 section 11.6.1).
func challenge(t *testing.T, resp *http.Response) map[string]string {
	t.Helper()
	fields := resp.Header.Values("WWW-Authenticate")
	if len(fields) != 1 {
		t.Fatalf("%d WWW-Authenticate fields, want 1: %q", len(fields), fields)
	}
	scheme, params, err := wwwauth.Parse(fields[0])
	if err != nil || !strings.EqualFold(scheme, "Bearer") {
		t.Fatalf("WWW-Authenticate %q: scheme %q, %v", fields[0], scheme, err)
	}
	return params
}

func mint(t *testing.T, a *app, audience, scope string) string {
	t.Helper()
	tok, err := a.as.Mint("alice", audience, scope)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// TestRFC6750_3_1_StatusesAndChallenges walks the API as RFC 6750 section 3
// says a resource server answers, each challenge pointing at the metadata
// (RFC 9728 section 5.1).
func TestRFC6750_3_1_StatusesAndChallenges(t *testing.T) {
	a := startApp(t)
	items := a.api.URL + "/api/items"
	wantMetadata := strings.Replace(a.resource, "/api", "/.well-known/oauth-protected-resource/api", 1)

	t.Run("NoTokenIs401WithoutErrorCode", func(t *testing.T) {
		resp, _ := do(t, a, "GET", items, "")
		c := challenge(t, resp)
		if resp.StatusCode != http.StatusUnauthorized || c["error"] != "" || c["resource_metadata"] != wantMetadata {
			t.Fatalf("%d %v", resp.StatusCode, c)
		}
	})
	t.Run("BadTokenIs401InvalidToken", func(t *testing.T) {
		for name, tok := range map[string]string{
			"garbage":        "not.a.token",
			"other audience": mint(t, a, "https://other.example/api", "items:read"),
			"tampered":       mint(t, a, a.resource, "items:read") + "A",
		} {
			resp, body := do(t, a, "GET", items, tok)
			c := challenge(t, resp)
			if resp.StatusCode != http.StatusUnauthorized || c["error"] != "invalid_token" || c["resource_metadata"] != wantMetadata {
				t.Errorf("%s: %d %v", name, resp.StatusCode, c)
			}
			if strings.Contains(resp.Header.Get("WWW-Authenticate")+string(body), tok) {
				t.Errorf("%s: the token is echoed", name)
			}
		}
	})
	t.Run("TokenWithoutScopeIs403InsufficientScope", func(t *testing.T) {
		resp, _ := do(t, a, "POST", items, mint(t, a, a.resource, "items:read"))
		c := challenge(t, resp)
		if resp.StatusCode != http.StatusForbidden || c["error"] != "insufficient_scope" || c["scope"] != "items:write" ||
			c["resource_metadata"] != wantMetadata {
			t.Fatalf("%d %v", resp.StatusCode, c)
		}
	})
	t.Run("GoodTokenIs200", func(t *testing.T) {
		resp, body := do(t, a, "GET", items, mint(t, a, a.resource, ""))
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"subject":"alice"`) {
			t.Fatalf("GET: %d %s", resp.StatusCode, body)
		}
		resp, body = do(t, a, "POST", items, mint(t, a, a.resource, "items:read items:write"))
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("POST: %d %s", resp.StatusCode, body)
		}
	})
}

// TestRFC9728_3_MetadataAtTheWellKnownURL fetches the metadata document at
// the URL section 3.1 derives from the resource identifier (the well-known
// path inserted before the resource's path) and checks its members
// (section 2; "resource" identical to the identifier, section 3.3).
func TestRFC9728_3_MetadataAtTheWellKnownURL(t *testing.T) {
	a := startApp(t)
	want := strings.Replace(a.resource, "/api", "/.well-known/oauth-protected-resource/api", 1)
	if a.metadata != want {
		t.Fatalf("metadata URL %q, want %q", a.metadata, want)
	}
	resp, body := do(t, a, "GET", a.metadata, "")
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("%d %q %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	var doc struct {
		Resource             string   `json:"resource"`
		AuthorizationServers []string `json:"authorization_servers"`
		ScopesSupported      []string `json:"scopes_supported"`
		BearerMethods        []string `json:"bearer_methods_supported"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Resource != a.resource || !slices.Equal(doc.AuthorizationServers, []string{a.as.Issuer()}) ||
		!slices.Equal(doc.ScopesSupported, []string{"items:read", "items:write"}) ||
		!slices.Equal(doc.BearerMethods, []string{"header"}) {
		t.Fatalf("document %s", body)
	}
	if resp, _ := do(t, a, "GET", a.api.URL+"/.well-known/oauth-protected-resource", ""); resp.StatusCode != http.StatusNotFound {
		t.Errorf("the root well-known URL (another resource's): %d, want 404", resp.StatusCode)
	}
}
