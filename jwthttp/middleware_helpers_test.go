package jwthttp_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwthttp"
)

const (
	testIssuer   = "https://as.example"
	testResource = "https://api.example/v1"
)

var testSecret = []byte("0123456789abcdef0123456789abcdef")

// apiClaims are the claims of the tests' tokens.
type apiClaims struct {
	claims.Registered
	jwthttp.ScopeClaims
	Tenant string `json:"tid,omitempty"`
}

// testVerifier verifies the tests' HS256 tokens for testResource.
func testVerifier(t *testing.T) *jwt.Verifier {
	t.Helper()
	v, err := jwt.NewVerifier(testSecret, jwt.WithAlgorithms(jwt.HS256), jwt.WithIssuer(testIssuer), jwt.WithAudience(testResource))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// sign signs claims (base claims for testResource merged with extra) with HS256.
func sign(t *testing.T, extra map[string]any) string {
	t.Helper()
	c := map[string]any{"iss": testIssuer, "aud": testResource, "sub": "alice", "exp": time.Now().Add(time.Hour).Unix()}
	for k, v := range extra {
		if v == nil {
			delete(c, k)
			continue
		}
		c[k] = v
	}
	tok, err := jwt.Sign(jwt.HS256, c, testSecret)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// newMiddleware makes a Middleware over testVerifier with testResource.
func newMiddleware(t *testing.T, opts ...jwthttp.Option) *jwthttp.Middleware[*apiClaims] {
	t.Helper()
	base := []jwthttp.Option{jwthttp.WithRealm("api"), jwthttp.WithResource(jwthttp.Resource{
		ID: testResource, AuthorizationServers: []string{testIssuer}, Scopes: []string{"read", "write"},
	})}
	m, err := jwthttp.New(jwthttp.Core[apiClaims](testVerifier(t)), append(base, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// echoSubject answers 200 with the verified subject, "anonymous" without one.
var echoSubject = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	c, ok := jwthttp.ClaimsFrom[*apiClaims](r.Context())
	if !ok {
		_, _ = w.Write([]byte("anonymous"))
		return
	}
	_, _ = w.Write([]byte(c.Subject))
})

// serve runs h on a TLS test server.
func serve(t *testing.T, h http.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewTLSServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// get sends a GET with token as a bearer token ("" none) and returns the
// response and its body.
func get(t *testing.T, srv *httptest.Server, token string, edit ...func(*http.Request)) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for _, e := range edit {
		e(req)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

// parseBearer parses a WWW-Authenticate value of one Bearer challenge into
// its auth-params (RFC 9110 section 11.6.1; quoted-string with
// quoted-pairs, section 5.6.4), failing on anything else.
func parseBearer(t *testing.T, v string) map[string]string {
	t.Helper()
	rest, ok := strings.CutPrefix(v, "Bearer")
	if !ok {
		t.Fatalf("challenge %q: not Bearer", v)
	}
	params := map[string]string{}
	rest = strings.TrimLeft(rest, " ")
	for rest != "" {
		name, after, ok := strings.Cut(rest, "=")
		if !ok || name == "" || strings.ContainsAny(name, " \",") {
			t.Fatalf("challenge %q: bad param at %q", v, rest)
		}
		if after == "" || after[0] != '"' {
			t.Fatalf("challenge %q: %s not quoted", v, name)
		}
		var val strings.Builder
		i := 1
		for ; i < len(after) && after[i] != '"'; i++ {
			if after[i] == '\\' {
				i++
			}
			if i < len(after) {
				val.WriteByte(after[i])
			}
		}
		if i >= len(after) {
			t.Fatalf("challenge %q: unterminated %s", v, name)
		}
		if _, dup := params[name]; dup {
			t.Fatalf("challenge %q: %s twice", v, name)
		}
		params[name] = val.String()
		rest = strings.TrimPrefix(strings.TrimLeft(after[i+1:], " "), ",")
		rest = strings.TrimLeft(rest, " ")
	}
	return params
}

// challengeOf returns the parsed challenge of resp, failing when there is
// not exactly one WWW-Authenticate field.
func challengeOf(t *testing.T, resp *http.Response) map[string]string {
	t.Helper()
	vs := resp.Header.Values("WWW-Authenticate")
	if len(vs) != 1 {
		t.Fatalf("WWW-Authenticate fields: %q, want one", vs)
	}
	return parseBearer(t, vs[0])
}
