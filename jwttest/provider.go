package jwttest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
)

// Paths the Provider serves.
const (
	// PathOpenIDConfiguration is the OpenID Provider Configuration document
	// (OpenID Connect Discovery 1.0 section 4).
	PathOpenIDConfiguration = "/.well-known/openid-configuration"
	// PathOAuthAuthorizationServer is the Authorization Server Metadata
	// document (RFC 8414 section 3).
	PathOAuthAuthorizationServer = "/.well-known/oauth-authorization-server"
	// PathJWKS is the JWK Set (RFC 7517 section 5) the metadata's "jwks_uri"
	// names.
	PathJWKS = "/jwks"
	// PathUserInfo is the UserInfo Endpoint (OpenID Connect Core 1.0
	// section 5.3) the metadata's "userinfo_endpoint" names.
	PathUserInfo = "/userinfo"
)

// Provider is a fake OpenID Provider and OAuth 2.0 authorization server
// for tests: an httptest server publishing its discovery metadata (OpenID
// Connect Discovery 1.0 section 4, RFC 8414 section 3) and its JWK Set (RFC
// 7517 section 5), minting tokens with its keys, with switches that make it
// fail the way real providers do. Its issuer is the server's URL. It is
// safe for concurrent use. A nil or zero Provider serves nothing: its
// methods return zero values or ErrNoProvider, and never panic.
type Provider struct {
	t   testing.TB
	srv *httptest.Server
	cfg config

	mu        sync.Mutex
	keys      []*signingKey // keys[0] signs; the others are published only
	nextKID   int
	now       time.Time // fixed by SetNow; zero: cfg.now
	faults    map[string]*fault
	requests  map[string]int
	oddKey    bool
	resources map[string]http.Handler // ServeResource, by path
	closed    bool
	done      chan struct{}             // closed by Close: ends delays
	flow      flowState                 // the authorization and token endpoints' (authorize.go)
	userInfo  map[string]map[string]any // SetUserInfo, by "sub" (userinfo.go)
}

// NewProvider starts a Provider (TLS on 127.0.0.1 unless WithPlainHTTP)
// with one signing key, closed by t.Cleanup. An unusable option fails the
// test (t.Fatal). A nil t returns nil, a Provider that serves nothing.
func NewProvider(t testing.TB, opts ...Option) *Provider {
	if t == nil {
		return nil
	}
	t.Helper()
	cfg := config{alg: DefaultAlgorithm, clientID: DefaultClientID, audience: DefaultAudience}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	if cfg.alg == "" {
		cfg.alg = DefaultAlgorithm
	}
	if cfg.clientID == "" {
		cfg.clientID = DefaultClientID
	}
	if cfg.audience == "" {
		cfg.audience = DefaultAudience
	}
	if cfg.secretSet && cfg.clientSecret == "" {
		t.Fatalf("jwttest.NewProvider: WithClientSecret: the secret is empty (a public client needs no option)")
		return nil
	}
	p := &Provider{t: t, cfg: cfg, faults: map[string]*fault{}, requests: map[string]int{}, done: make(chan struct{})}
	k, err := p.newKey()
	if err != nil {
		t.Fatalf("jwttest.NewProvider: %v", err)
		return nil
	}
	p.keys = []*signingKey{k}
	if cfg.http {
		p.srv = httptest.NewServer(http.HandlerFunc(p.serve))
	} else {
		p.srv = httptest.NewTLSServer(http.HandlerFunc(p.serve))
	}
	t.Cleanup(p.Close)
	return p
}

func (p *Provider) ok() bool { return p != nil && p.srv != nil }

// newKey makes the next key, "kid" "jwttest-N" (RFC 7517 section 4.5).
func (p *Provider) newKey() (*signingKey, error) {
	p.nextKID++
	return newSigningKey(p.cfg.alg, fmt.Sprintf("jwttest-%d", p.nextKID))
}

// Issuer is the issuer identifier (OpenID Connect Discovery 1.0 section 3,
// RFC 8414 section 2): the server's URL, https://127.0.0.1:PORT (http
// with WithPlainHTTP). Empty for a nil Provider.
func (p *Provider) Issuer() string {
	if !p.ok() {
		return ""
	}
	return p.srv.URL
}

// JWKSURI is the URL of the JWK Set, the metadata's "jwks_uri" (OpenID
// Connect Discovery 1.0 section 3, RFC 8414 section 2).
func (p *Provider) JWKSURI() string {
	if !p.ok() {
		return ""
	}
	return p.srv.URL + PathJWKS
}

// ClientID is the client identifier minted tokens name (RFC 9068 section
// 2.2 "client_id"; OpenID Connect Core 1.0 section 2 "aud").
func (p *Provider) ClientID() string {
	if p == nil {
		return ""
	}
	return p.cfg.clientID
}

// ClientSecret is the client's secret (WithClientSecret; RFC 6749 section
// 2.3.1), empty for a public client or a nil Provider.
func (p *Provider) ClientSecret() string {
	if p == nil {
		return ""
	}
	return p.cfg.clientSecret
}

// Audience is the "aud" of minted access tokens (RFC 9068 section 2.2).
func (p *Provider) Audience() string {
	if p == nil {
		return ""
	}
	return p.cfg.audience
}

// Algorithm is the "alg" of the provider's keys (RFC 7515 section 4.1.1).
func (p *Provider) Algorithm() jwt.Algorithm {
	if !p.ok() {
		return ""
	}
	return p.cfg.alg
}

// KeyID is the "kid" (RFC 7515 section 4.1.4) of the key that signs now.
func (p *Provider) KeyID() string {
	if !p.ok() {
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.keys[0].kid
}

// KeyIDs are the "kid"s of the keys the JWK Set publishes, the signing one
// first (the odd key of SetOddKey is not among them).
func (p *Provider) KeyIDs() []string {
	if !p.ok() {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	ids := make([]string, len(p.keys))
	for i, k := range p.keys {
		ids[i] = k.kid
	}
	return ids
}

// Rotate makes a new key of the same algorithm the signing key (RFC 7517
// section 5; OpenID Connect Core 1.0 section 10.1.1: "The signer can begin
// using a new key at its discretion and signals the change to the verifier
// using the kid value"). With keepOld the previous keys stay in the JWK Set
// (a grace period: their tokens still verify); without it they are dropped,
// and once a verifier's set is refreshed their tokens are refused. It
// returns the new "kid" (empty for a nil Provider, or when the key could
// not be made: that fails the test).
func (p *Provider) Rotate(keepOld bool) string {
	if !p.ok() {
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	k, err := p.newKey()
	if err != nil {
		p.t.Errorf("jwttest: Rotate: %v", err)
		return ""
	}
	if keepOld {
		p.keys = append([]*signingKey{k}, p.keys...)
	} else {
		p.keys = []*signingKey{k}
	}
	return k.kid
}

// Client returns an HTTP client that trusts the server's TLS certificate
// (httptest.Server.Client). Give it to jwk (jwk.WithHTTPClient) or to the
// code under test. Nil for a nil Provider.
func (p *Provider) Client() *http.Client {
	if !p.ok() {
		return nil
	}
	return p.srv.Client()
}

// Close shuts the server down: from then on every request to it fails with
// "connection refused" (the provider is down). Delayed responses in flight
// end at once. It is idempotent and runs at t.Cleanup anyway.
func (p *Provider) Close() {
	if !p.ok() {
		return
	}
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	close(p.done)
	p.mu.Unlock()
	p.srv.Close()
}
