package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwk"
)

const (
	testIssuer   = "https://idp.example"
	testAudience = "orders-api"
)

// fakeIdP is an identity provider on 127.0.0.1: it publishes its keys'
// public halves as a JWK Set and signs tokens with its current key. It
// rotates to a second key rotateAfter its set was first fetched.
type fakeIdP struct {
	t           *testing.T
	srv         *httptest.Server
	rotateAfter time.Duration
	rotated     chan struct{} // closed once the second key is published

	mu      sync.Mutex
	keys    []*jwk.Key
	current *ecdsa.PrivateKey
	kid     string
	fetches int
	timer   *time.Timer
}

func newFakeIdP(t *testing.T, rotateAfter time.Duration) *fakeIdP {
	p := &fakeIdP{t: t, rotateAfter: rotateAfter, rotated: make(chan struct{})}
	p.addKey("key-1")
	p.srv = httptest.NewServer(http.HandlerFunc(p.serveJWKS))
	t.Cleanup(func() {
		p.mu.Lock()
		if p.timer != nil {
			p.timer.Stop()
		}
		p.mu.Unlock()
		p.srv.Close()
	})
	return p
}

func (p *fakeIdP) jwksURL() string { return p.srv.URL + "/.well-known/jwks.json" }

func (p *fakeIdP) serveJWKS(w http.ResponseWriter, _ *http.Request) {
	p.mu.Lock()
	p.fetches++
	if p.fetches == 1 {
		p.timer = time.AfterFunc(p.rotateAfter, p.rotate)
	}
	body, err := jwk.NewSet(p.keys...).Public().MarshalJSON()
	p.mu.Unlock()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/jwk-set+json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(body)
}

// rotate publishes a second key and signs with it from now on.
func (p *fakeIdP) rotate() {
	p.mu.Lock()
	p.addKey("key-2")
	p.mu.Unlock()
	close(p.rotated)
}

func (p *fakeIdP) addKey(kid string) {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		p.t.Fatal(err)
	}
	k, err := jwk.NewKey(priv, jwk.Params{KeyID: kid, Algorithm: string(jwt.ES256), Use: "sig"})
	if err != nil {
		p.t.Fatal(err)
	}
	p.keys = append(p.keys, k)
	p.current, p.kid = priv, kid
}

func (p *fakeIdP) fetchCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fetches
}

// issue signs an access token with the current key. edit changes the
// claims before signing.
func (p *fakeIdP) issue(edit func(c *accessClaims)) string {
	p.mu.Lock()
	key, kid := p.current, p.kid
	p.mu.Unlock()
	return signAccess(p.t, key, kid, edit)
}

// signAccess signs valid access claims for tenant acme with key under kid,
// after edit.
func signAccess(t *testing.T, key *ecdsa.PrivateKey, kid string, edit func(c *accessClaims)) string {
	t.Helper()
	now := time.Now()
	c := accessClaims{Tenant: "acme", Scope: "orders:read", Registered: claims.Registered{
		Issuer: testIssuer, Subject: "user-42", Audience: claims.Audience{testAudience},
		IssuedAt: claims.NewNumericDate(now), ExpiresAt: claims.NewNumericDate(now.Add(5 * time.Minute)),
	}}
	if edit != nil {
		edit(&c)
	}
	tok, err := jwt.Sign(jwt.ES256, c, key, jwt.WithKeyID(kid))
	if err != nil {
		t.Fatal(err)
	}
	return tok
}
