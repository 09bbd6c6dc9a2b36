package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/examples/internal/wwwauth"
	"github.com/jotlib/jwt/jwttest"
)

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}`

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

// send makes one request (body "" is a GET) with token ("" for none);
// the client gives up after 2 s.
func send(t *testing.T, a *app, u, token, body string) (*http.Response, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	method, rd := http.MethodGet, io.Reader(nil)
	if body != "" {
		method, rd = http.MethodPost, strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := a.api.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

func bearerChallenge(t *testing.T, resp *http.Response) map[string]string {
	t.Helper()
	scheme, params, err := wwwauth.Parse(resp.Header.Get("WWW-Authenticate"))
	if err != nil || !strings.EqualFold(scheme, "Bearer") {
		t.Fatalf("WWW-Authenticate %q: %q %v", resp.Header.Get("WWW-Authenticate"), scheme, err)
	}
	return params
}

func getJSON(t *testing.T, a *app, u string, v any) {
	t.Helper()
	resp, body := send(t, a, u, "", "")
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("GET %s: %d %q", u, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
}

// TestMCPAuthorization_ClientDiscoversTheAuthorizationServer walks the
// server as an MCP client does (MCP authorization, "Authorization Server
// Discovery"): the first request is a 401 whose challenge names the
// metadata (RFC 9728 section 5.1); the metadata names this resource
// (section 3.3) and the authorization server, whose RFC 8414 metadata is
// fetched at its section 3.1 well-known URL (PKCE S256 advertised, as MCP
// requires); a token for the resource, with the scope the challenge asked
// for, then gets a 200.
func TestMCPAuthorization_ClientDiscoversTheAuthorizationServer(t *testing.T) {
	a := startApp(t)
	mcp := a.api.URL + "/mcp"

	resp, _ := send(t, a, mcp, "", initialize)
	c := bearerChallenge(t, resp)
	if resp.StatusCode != http.StatusUnauthorized || c["error"] != "" || c["resource_metadata"] == "" {
		t.Fatalf("first request: %d %v", resp.StatusCode, c)
	}

	var prm struct {
		Resource             string   `json:"resource"`
		AuthorizationServers []string `json:"authorization_servers"`
		ScopesSupported      []string `json:"scopes_supported"`
		BearerMethods        []string `json:"bearer_methods_supported"`
	}
	getJSON(t, a, c["resource_metadata"], &prm)
	if prm.Resource != mcp || len(prm.AuthorizationServers) != 1 || !slices.Contains(prm.ScopesSupported, c["scope"]) ||
		!slices.Equal(prm.BearerMethods, []string{"header"}) {
		t.Fatalf("protected resource metadata %+v (challenge scope %q)", prm, c["scope"])
	}

	issuer := prm.AuthorizationServers[0]
	u, err := url.Parse(issuer)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/.well-known/oauth-authorization-server" + strings.TrimSuffix(u.Path, "/") // RFC 8414 section 3.1
	var asm struct {
		Issuer        string   `json:"issuer"`
		TokenEndpoint string   `json:"token_endpoint"`
		JWKSURI       string   `json:"jwks_uri"`
		PKCE          []string `json:"code_challenge_methods_supported"`
	}
	getJSON(t, a, u.String(), &asm)
	if asm.Issuer != issuer || asm.TokenEndpoint == "" || asm.JWKSURI == "" || !slices.Contains(asm.PKCE, "S256") {
		t.Fatalf("authorization server metadata %+v", asm)
	}

	// The authorization server would issue this token for resource=prm.Resource (RFC 8707).
	tok, err := a.as.Mint("alice", prm.Resource, c["scope"])
	if err != nil {
		t.Fatal(err)
	}
	resp, body := send(t, a, mcp, tok, initialize)
	var rpc struct {
		ID     int `json:"id"`
		Result struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
	}
	if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &rpc) != nil || rpc.ID != 1 || rpc.Result.ProtocolVersion == "" {
		t.Fatalf("retry: %d %s", resp.StatusCode, body)
	}
}

// TestRFC8707_TokenForAnotherAudienceRefused: the audience is the server's
// canonical URI; a token for another resource, even another MCP server on
// the same host, is a 401 invalid_token (MCP authorization, "Token
// Audience Binding and Validation").
func TestRFC8707_TokenForAnotherAudienceRefused(t *testing.T) {
	a := startApp(t)
	for _, aud := range []string{a.api.URL, a.api.URL + "/other-mcp", "https://mcp.example/mcp"} {
		tok, err := a.as.Mint("alice", aud, scope)
		if err != nil {
			t.Fatal(err)
		}
		resp, _ := send(t, a, a.api.URL+"/mcp", tok, initialize)
		if c := bearerChallenge(t, resp); resp.StatusCode != http.StatusUnauthorized || c["error"] != "invalid_token" ||
			c["resource_metadata"] != a.metadata {
			t.Errorf("aud %q: %d %v", aud, resp.StatusCode, c)
		}
	}
}

// TestRFC6750_3_1_TokenWithoutTheScopeIs403: a token for this server
// without its scope is a 403 insufficient_scope naming it.
func TestRFC6750_3_1_TokenWithoutTheScopeIs403(t *testing.T) {
	a := startApp(t)
	tok, err := a.as.Mint("alice", a.resource, "other:scope")
	if err != nil {
		t.Fatal(err)
	}
	resp, _ := send(t, a, a.api.URL+"/mcp", tok, initialize)
	if c := bearerChallenge(t, resp); resp.StatusCode != http.StatusForbidden || c["error"] != "insufficient_scope" || c["scope"] != scope {
		t.Fatalf("%d %v", resp.StatusCode, c)
	}
}

// TestMetadataURL_RFC9728_3_1: the metadata is at the well-known path
// inserted before "/mcp".
func TestMetadataURL_RFC9728_3_1(t *testing.T) {
	a := startApp(t)
	if want := a.api.URL + "/.well-known/oauth-protected-resource/mcp"; a.metadata != want {
		t.Fatalf("%q, want %q", a.metadata, want)
	}
}

// TestJWTTest_MCPServerRefusesEveryAttack points the MCP server at
// jwttest's fake authorization server (RFC 8414 discovery, its JWK Set,
// over TLS), checks that an access token it mints for the resource with
// the scope (RFC 9068, RFC 8707) is accepted, then sends every hostile
// token of the catalogue to POST /mcp (RFC 8725, the CVEs it names).
func TestJWTTest_MCPServerRefusesEveryAttack(t *testing.T) {
	const resource = "https://mcp.example/mcp"
	p := jwttest.NewProvider(t, jwttest.WithAudience(resource))
	h, keys, err := newMCP(t.Context(), p.Issuer(), resource, p.Client())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { keys.Close() })
	// Every request gets its own body: the runner's copies of one request
	// would share a body read once.
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = io.NopCloser(strings.NewReader(initialize))
		h.ServeHTTP(w, r)
	})
	req := httptest.NewRequest(http.MethodPost, "/mcp", nil)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")

	ok := req.Clone(t.Context())
	ok.Header.Set("Authorization", "Bearer "+p.AccessToken(accesstoken.Claims{Scope: scope}))
	w := httptest.NewRecorder()
	api.ServeHTTP(w, ok)
	if w.Code != http.StatusOK {
		t.Fatalf("minted token: %d %s", w.Code, w.Body)
	}
	noScope := req.Clone(t.Context())
	noScope.Header.Set("Authorization", "Bearer "+p.AccessToken(accesstoken.Claims{Scope: "other:scope"}))
	w = httptest.NewRecorder()
	api.ServeHTTP(w, noScope)
	if w.Code != http.StatusForbidden {
		t.Fatalf("token without the scope: %d, want 403", w.Code)
	}

	jwttest.RunAgainstHandler(t, p.Attacks(), api, req)
}
