package jwk_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// fakeIdP is an identity provider on 127.0.0.1: a discovery document at
// docPath and a JWK Set at /jwks, each of which a test changes while it
// runs. It counts the requests to each and records unexpected paths.
type fakeIdP struct {
	srv     *httptest.Server
	issuer  string
	docPath string
	doc     atomic.Pointer[[]byte]
	jwks    atomic.Pointer[[]byte]
	next    atomic.Pointer[[]byte] // served at /jwks-next, when set
	down    atomic.Bool            // every request answers 503
	delay   atomic.Int64           // nanoseconds before each answer
	docHits atomic.Int64
	keyHits atomic.Int64

	mu    sync.Mutex
	other []string // paths that are neither
}

// idpOptions shape a fakeIdP.
type idpOptions struct {
	tls       bool
	path      string // the issuer's path, e.g. "/tenants/a"
	wellKnown jwk.WellKnown
}

// newFakeIdP starts an identity provider publishing jwks, with a document
// naming its own issuer, /jwks and ES256 and RS256.
func newFakeIdP(t testing.TB, o idpOptions, jwks []byte) *fakeIdP {
	t.Helper()
	p := &fakeIdP{}
	p.setJWKS(jwks)
	if o.tls {
		p.srv = httptest.NewTLSServer(http.HandlerFunc(p.serve))
	} else {
		p.srv = httptest.NewServer(http.HandlerFunc(p.serve))
	}
	t.Cleanup(p.srv.Close)
	p.issuer = p.srv.URL + o.path
	trimmed := strings.TrimSuffix(o.path, "/")
	if o.wellKnown == jwk.OAuthAuthorizationServer {
		p.docPath = "/.well-known/oauth-authorization-server" + trimmed
	} else {
		p.docPath = trimmed + "/.well-known/openid-configuration"
	}
	p.setDoc(map[string]any{
		"issuer":                                p.issuer,
		"jwks_uri":                              p.srv.URL + "/jwks",
		"id_token_signing_alg_values_supported": []string{"RS256", "ES256"},
		"authorization_endpoint":                p.srv.URL + "/authorize",
	})
	return p
}

// setDoc publishes a discovery document.
func (p *fakeIdP) setDoc(doc map[string]any) {
	b, err := json.Marshal(doc)
	if err != nil {
		panic(err)
	}
	p.setRawDoc(b)
}

func (p *fakeIdP) setRawDoc(b []byte) { p.doc.Store(&b) }
func (p *fakeIdP) setJWKS(b []byte)   { p.jwks.Store(&b) }
func (p *fakeIdP) setNext(b []byte)   { p.next.Store(&b) }

func (p *fakeIdP) serve(w http.ResponseWriter, r *http.Request) {
	var body []byte
	switch r.URL.Path {
	case p.docPath:
		p.docHits.Add(1)
		body = *p.doc.Load()
	case "/jwks":
		p.keyHits.Add(1)
		body = *p.jwks.Load()
	case "/jwks-next":
		next := p.next.Load()
		if next == nil {
			http.NotFound(w, r)
			return
		}
		body = *next
	default:
		p.mu.Lock()
		p.other = append(p.other, r.URL.Path)
		p.mu.Unlock()
		http.NotFound(w, r)
		return
	}
	if d := time.Duration(p.delay.Load()); d > 0 {
		select {
		case <-time.After(d):
		case <-r.Context().Done():
			return
		}
	}
	if p.down.Load() {
		http.Error(w, "down", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(body)
}

// otherPaths lists the requests to neither document.
func (p *fakeIdP) otherPaths() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.other...)
}

// signFor signs claims with iss and kid, valid for an hour.
func signFor(t testing.TB, alg jwt.Algorithm, key any, kid, iss string) string {
	t.Helper()
	claims := map[string]any{"iss": iss, "sub": "user-42", "exp": time.Now().Add(time.Hour).Unix()}
	var opts []jwt.Option
	if kid != "" {
		opts = append(opts, jwt.WithKeyID(kid))
	}
	tok, err := jwt.Sign(alg, claims, key, opts...)
	if err != nil {
		t.Fatalf("Sign(%s): %v", alg, err)
	}
	return tok
}

// countingTransport counts every request a client makes.
type countingTransport struct {
	n    atomic.Int64
	base http.RoundTripper
}

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	base := c.base
	if base == nil {
		base = http.DefaultTransport
	}
	return base.RoundTrip(r)
}

// recorder is a FetchObserver and a jwt.VerifyObserver keeping what it is
// told.
type recorder struct {
	mu      sync.Mutex
	fetches []jwk.FetchEvent
	verify  []jwt.VerifyEvent
}

func (r *recorder) ObserveFetch(_ context.Context, e jwk.FetchEvent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fetches = append(r.fetches, e)
}

func (r *recorder) ObserveVerify(_ context.Context, e jwt.VerifyEvent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.verify = append(r.verify, e)
}

// kinds returns the fetch events' kinds so far.
func (r *recorder) kinds() []jwk.FetchKind {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]jwk.FetchKind, len(r.fetches))
	for i, e := range r.fetches {
		out[i] = e.Kind
	}
	return out
}

// events returns the fetch events of kind k so far.
func (r *recorder) events(k jwk.FetchKind) []jwk.FetchEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []jwk.FetchEvent
	for _, e := range r.fetches {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// all returns the fetch events so far.
func (r *recorder) all() []jwk.FetchEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]jwk.FetchEvent(nil), r.fetches...)
}
