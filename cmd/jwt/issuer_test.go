package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// runCLIWith runs the command in-process, fetching URLs with client (which
// trusts an httptest TLS server's certificate).
func runCLIWith(t *testing.T, client *http.Client, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	c := newCLI(strings.NewReader(stdin), &out, &errOut)
	c.client = client
	code = c.main(args)
	return code, out.String(), errOut.String()
}

// issuerServer is an identity provider over TLS: its discovery documents
// (by path) and a JWK Set at /keys. It counts the requests per path.
type issuerServer struct {
	*httptest.Server
	mu       sync.Mutex
	docs     map[string]string // path -> body
	jwks     string
	requests map[string]int
}

func newIssuerServer(t *testing.T, jwks string) *issuerServer {
	t.Helper()
	s := &issuerServer{docs: map[string]string{}, jwks: jwks, requests: map[string]int{}}
	s.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests[r.URL.Path]++
		doc, isDoc := s.docs[r.URL.Path]
		s.mu.Unlock()
		switch {
		case isDoc:
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, doc)
		case r.URL.Path == "/keys":
			w.Header().Set("Content-Type", "application/jwk-set+json")
			fmt.Fprint(w, s.jwks)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *issuerServer) serveDoc(path, issuer string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.docs[path] = fmt.Sprintf(`{"issuer":%q,"jwks_uri":%q}`, issuer, s.URL+"/keys")
}

func (s *issuerServer) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[path]
}

// testKeyPair makes an ES256 key pair with keygen: the private PEM's path
// and the public JWK Set.
func testKeyPair(t *testing.T) (privatePEM, jwks string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "es")
	mustRun(t, "", "keygen", "-alg", "ES256", "-out", p)
	pub, err := os.ReadFile(p + ".pub.jwk")
	if err != nil {
		t.Fatal(err)
	}
	return p + ".pem", `{"keys":[` + string(pub) + `]}`
}

// TestVerifyIssuer_OIDCDiscovery4_KeysFromJWKSURI_IssMustBeTheIssuer:
// -issuer reads the issuer's OpenID Connect Discovery document (section 4),
// verifies with the JWK Set at its "jwks_uri", and accepts only tokens
// whose "iss" is the issuer (RFC 8725 section 3.8): another issuer's token
// or one without "iss" is a claim mismatch (exit 7).
func TestVerifyIssuer_OIDCDiscovery4_KeysFromJWKSURI_IssMustBeTheIssuer(t *testing.T) {
	priv, jwks := testKeyPair(t)
	srv := newIssuerServer(t, jwks)
	srv.serveDoc("/.well-known/openid-configuration", srv.URL)
	client := srv.Client()

	good := mustRun(t, "", "sign", "-key", priv, "-exp", "1m", "-claim", "iss="+srv.URL, "-claim", "sub=ada")
	code, out, stderr := runCLIWith(t, client, good, "verify", "-issuer", srv.URL)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if r := parseReport(t, out); r.Claims["sub"] != "ada" {
		t.Errorf("report: %+v", r)
	}
	if n := srv.count("/.well-known/openid-configuration"); n != 1 {
		t.Errorf("%d discovery requests, want 1", n)
	}
	// The same -iss as -issuer is allowed (it says nothing new).
	if code, _, stderr := runCLIWith(t, client, good, "verify", "-issuer", srv.URL, "-iss", srv.URL); code != exitOK {
		t.Errorf("-iss equal to -issuer: exit %d: %s", code, stderr)
	}

	other := mustRun(t, "", "sign", "-key", priv, "-exp", "1m", "-claim", "iss=https://other.example")
	noIss := mustRun(t, "", "sign", "-key", priv, "-exp", "1m")
	for _, tc := range []struct{ name, token, want string }{
		{"another issuer", other, `"https://other.example"`},
		{"no iss", noIss, "no iss"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLIWith(t, client, tc.token, "verify", "-issuer", srv.URL)
			if code != exitClaims || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("exit %d (want %d), stderr (one line) does not say %q:\n%s", code, exitClaims, tc.want, stderr)
			}
		})
	}
}

// TestVerifyIssuer_RFC8414_3_FallbackWhenNoOpenIDConfiguration: without
// -well-known, an issuer with no OpenID configuration (404) is looked up at
// RFC 8414's /.well-known/oauth-authorization-server, inserted before the
// issuer's path (section 3); -well-known asks for one of them only.
func TestVerifyIssuer_RFC8414_3_FallbackWhenNoOpenIDConfiguration(t *testing.T) {
	priv, jwks := testKeyPair(t)
	srv := newIssuerServer(t, jwks)
	issuer := srv.URL + "/tenant1"
	const oauthPath, oidcPath = "/.well-known/oauth-authorization-server/tenant1", "/tenant1/.well-known/openid-configuration"
	srv.serveDoc(oauthPath, issuer)
	client := srv.Client()
	tok := mustRun(t, "", "sign", "-key", priv, "-exp", "1m", "-claim", "iss="+issuer)

	if code, _, stderr := runCLIWith(t, client, tok, "verify", "-issuer", issuer); code != exitOK {
		t.Fatalf("fallback: exit %d: %s", code, stderr)
	}
	if a, b := srv.count(oidcPath), srv.count(oauthPath); a != 1 || b != 1 {
		t.Errorf("requests: %d to %s, %d to %s; want 1 each", a, oidcPath, b, oauthPath)
	}
	if code, _, stderr := runCLIWith(t, client, tok, "verify", "-issuer", issuer, "-well-known", "oauth-authorization-server"); code != exitOK {
		t.Errorf("-well-known oauth-authorization-server: exit %d: %s", code, stderr)
	}
	if n := srv.count(oidcPath); n != 1 {
		t.Errorf("-well-known oauth-authorization-server asked %s too", oidcPath)
	}
	code, _, stderr := runCLIWith(t, client, tok, "verify", "-issuer", issuer, "-well-known", "openid-configuration")
	if code != exitKey || !strings.Contains(stderr, "404") || !strings.Contains(stderr, oidcPath) {
		t.Errorf("-well-known openid-configuration: exit %d (want %d), stderr does not name the 404 at %s:\n%s", code, exitKey, oidcPath, stderr)
	}
	if n := srv.count(oauthPath); n != 2 {
		t.Errorf("-well-known openid-configuration fell back to %s", oauthPath)
	}

	// Neither document: the error names both URLs and points at -key for a JWK Set URL.
	code, _, stderr = runCLIWith(t, client, tok, "verify", "-issuer", srv.URL+"/nobody")
	for _, want := range []string{"/nobody/.well-known/openid-configuration", "/.well-known/oauth-authorization-server/nobody", "-key"} {
		if code != exitKey || !strings.Contains(stderr, want) {
			t.Errorf("no document: exit %d (want %d), stderr does not say %q:\n%s", code, exitKey, want, stderr)
		}
	}
}

// TestVerifyIssuer_OIDCDiscovery3_IDTokenAlgListNotApplied_AlgFlagIs:
// "id_token_signing_alg_values_supported" lists ID-token algorithms only
// (OpenID Connect Discovery 1.0 section 3), so verify, which checks any
// token, does not apply it: an ES256 token of an issuer listing ["RS256"]
// verifies with its ES256 key. -alg restricts the algorithms (exit 9).
func TestVerifyIssuer_OIDCDiscovery3_IDTokenAlgListNotApplied_AlgFlagIs(t *testing.T) {
	priv, jwks := testKeyPair(t)
	srv := newIssuerServer(t, jwks)
	srv.mu.Lock()
	srv.docs["/.well-known/openid-configuration"] = fmt.Sprintf(`{"issuer":%q,"jwks_uri":%q,"id_token_signing_alg_values_supported":["RS256"]}`, srv.URL, srv.URL+"/keys")
	srv.mu.Unlock()
	tok := mustRun(t, "", "sign", "-key", priv, "-exp", "1m", "-claim", "iss="+srv.URL)
	if code, _, stderr := runCLIWith(t, srv.Client(), tok, "verify", "-issuer", srv.URL); code != exitOK {
		t.Errorf("ES256 beside [\"RS256\"]: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runCLIWith(t, srv.Client(), tok, "verify", "-issuer", srv.URL, "-alg", "RS256"); code != exitAlgorithm {
		t.Errorf("-alg RS256, an ES256 token: exit %d (want %d): %s", code, exitAlgorithm, stderr)
	}
}

// TestVerifyIssuer_OIDCDiscovery4_3_DocumentOfAnotherIssuerRefused: a
// document whose "issuer" is not exactly the -issuer is refused (Discovery
// section 4.3; RFC 8414 section 3.3), and its keys are never fetched.
func TestVerifyIssuer_OIDCDiscovery4_3_DocumentOfAnotherIssuerRefused(t *testing.T) {
	priv, jwks := testKeyPair(t)
	srv := newIssuerServer(t, jwks)
	srv.serveDoc("/.well-known/openid-configuration", "https://impostor.example")
	tok := mustRun(t, "", "sign", "-key", priv, "-exp", "1m", "-claim", "iss="+srv.URL)
	code, _, stderr := runCLIWith(t, srv.Client(), tok, "verify", "-issuer", srv.URL)
	if code != exitKey || !strings.Contains(stderr, "impostor.example") {
		t.Errorf("exit %d (want %d), stderr does not name the document's issuer:\n%s", code, exitKey, stderr)
	}
	if n := srv.count("/keys"); n != 0 {
		t.Errorf("the refused document's keys were fetched %d times", n)
	}
}

// TestVerifyIssuer_FlagConflictsAreUsageErrors: -issuer names the keys, so
// -key, -key-env and -key-encoding cannot come with it, nor a different
// -iss; -well-known
// needs -issuer and one of the two RFC 8615 names. An issuer that is no
// https URL (http only on the loopback interface; no query or fragment,
// RFC 8414 section 2) is refused before any request, as a -key URL is
// (exit 8).
func TestVerifyIssuer_FlagConflictsAreUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"with -key", []string{"-issuer", "https://a.example", "-key", "k.pem"}, exitUsage, "-key"},
		{"with -key-env", []string{"-issuer", "https://a.example", "-key-env", "K"}, exitUsage, "-key-env"},
		{"with -key-encoding", []string{"-issuer", "https://a.example", "-key-encoding", "hex"}, exitUsage, "-key-encoding"},
		{"another -iss", []string{"-issuer", "https://a.example", "-iss", "https://b.example"}, exitUsage, "-iss"},
		{"-well-known without -issuer", []string{"-key", "k.pem", "-well-known", "openid-configuration"}, exitUsage, "-issuer"},
		{"unknown -well-known", []string{"-issuer", "https://a.example", "-well-known", "jwks.json"}, exitUsage, "oauth-authorization-server"},
		{"plain http issuer off the loopback", []string{"-issuer", "http://a.example"}, exitKey, "https"},
		{"issuer with a query", []string{"-issuer", "https://a.example/?tenant=1"}, exitKey, "query"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, "", append([]string{"verify"}, append(tc.args, "a.b.c")...)...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d (want %d), stderr does not say %q:\n%s", code, tc.code, tc.want, stderr)
			}
		})
	}
}

// TestVerifyKeyURL_NotAJWKSet_HintsAtIssuerAndJWKSURI: a -key URL that
// answers 404, or serves something other than a JWK Set (RFC 7517 section
// 5), such as an issuer's page or its discovery document, says to use
// -issuer or the document's "jwks_uri"; other failures do not.
func TestVerifyKeyURL_NotAJWKSet_HintsAtIssuerAndJWKSURI(t *testing.T) {
	priv, jwks := testKeyPair(t)
	srv := newIssuerServer(t, jwks)
	srv.serveDoc("/.well-known/openid-configuration", srv.URL)
	tok := mustRun(t, "", "sign", "-key", priv, "-exp", "1m", "-claim", "iss="+srv.URL)
	const hint = "if this is an issuer, use -issuer; a JWK Set URL is the discovery document's jwks_uri"
	for _, tc := range []struct {
		name, url string
		hinted    bool
	}{
		{"an issuer URL (404)", srv.URL, true},
		{"the discovery document", srv.URL + "/.well-known/openid-configuration", true},
		{"the JWK Set", srv.URL + "/keys", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLIWith(t, srv.Client(), tok, "verify", "-key", tc.url)
			if tc.hinted && (code != exitKey || !strings.Contains(stderr, hint)) {
				t.Errorf("exit %d (want %d), stderr does not hint %q:\n%s", code, exitKey, hint, stderr)
			}
			if !tc.hinted && (code != exitOK || strings.Contains(stderr, hint)) {
				t.Errorf("exit %d: %s", code, stderr)
			}
		})
	}
	srv500 := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer srv500.Close()
	code, _, stderr := runCLIWith(t, srv500.Client(), tok, "verify", "-key", srv500.URL+"/keys")
	if code != exitKey || !strings.Contains(stderr, "503") || strings.Contains(stderr, hint) {
		t.Errorf("503: exit %d, stderr should name the 503 without the hint:\n%s", code, stderr)
	}
}

// TestVerifyKeyURL_RFC7517_7_FetchedSecretsNeverVerify: an "oct" key served
// by a URL is published, so an HS* token never verifies with it (RFC 7517
// section 7: non-public key material MUST be protected); the remote set's
// public keys still do.
func TestVerifyKeyURL_RFC7517_7_FetchedSecretsNeverVerify(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, "", "keygen", "-alg", "HS256", "-out", filepath.Join(dir, "hs"), "-kid", "shared")
	secretJWK, err := os.ReadFile(filepath.Join(dir, "hs.jwk"))
	if err != nil {
		t.Fatal(err)
	}
	srv := newIssuerServer(t, `{"keys":[`+string(secretJWK)+`]}`)
	tok := mustRun(t, "", "sign", "-key", filepath.Join(dir, "hs.jwk"), "-exp", "1m")
	code, _, stderr := runCLIWith(t, srv.Client(), tok, "verify", "-key", srv.URL+"/keys")
	if code != exitAlgorithm || !strings.Contains(stderr, "public") {
		t.Errorf("exit %d (want %d), stderr does not say the set is public:\n%s", code, exitAlgorithm, stderr)
	}
}

// TestVerifyWithoutKey_UsageNamesURLAndIssuer: verify without a key says a
// file, a JWK Set URL or -issuer would do.
func TestVerifyWithoutKey_UsageNamesURLAndIssuer(t *testing.T) {
	code, _, stderr := runCLI(t, "", "verify", "a.b.c")
	for _, want := range []string{"-key FILE|URL", "JWK Set URL", "-key-env NAME", "-issuer URL"} {
		if code != exitUsage || !strings.Contains(stderr, want) {
			t.Errorf("exit %d (want %d), stderr does not say %q:\n%s", code, exitUsage, want, stderr)
		}
	}
	// sign takes no URL, so it does not offer one.
	if _, _, stderr := runCLI(t, "", "sign", "-alg", "ES256"); strings.Contains(stderr, "URL") {
		t.Errorf("sign offers a URL: %s", stderr)
	}
}
