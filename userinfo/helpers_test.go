package userinfo_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/userinfo"
)

const (
	clientID = "rp-1"
	subject  = "248289761001"
	token    = "at-SlAV32hkKG"
)

// opKey is the provider's signing key, otherKey another party's.
var opKey, otherKey = func() (*ecdsa.PrivateKey, *ecdsa.PrivateKey) {
	a, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	b, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	return a, b
}()

// op is an OpenID Provider over TLS: a discovery document, a JWK Set of
// opKey and a UserInfo Endpoint whose answer a test sets. It records the
// requests the endpoint got.
type op struct {
	srv    *httptest.Server
	issuer string

	mu       sync.Mutex
	userinfo http.HandlerFunc
	requests []*http.Request
	hits     atomic.Int64
}

func newOP(t *testing.T) *op {
	t.Helper()
	o := &op{}
	o.srv = httptest.NewTLSServer(http.HandlerFunc(o.serve))
	t.Cleanup(o.srv.Close)
	o.issuer = o.srv.URL
	return o
}

func (o *op) endpoint() string { return o.srv.URL + "/userinfo" }

func (o *op) serve(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/.well-known/openid-configuration":
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"issuer":            o.issuer,
			"jwks_uri":          o.srv.URL + "/jwks",
			"userinfo_endpoint": o.endpoint(),
		})
	case "/jwks":
		k, _ := jwk.NewKey(&opKey.PublicKey, jwk.Params{KeyID: "op-1", Algorithm: "ES256"})
		b, _ := jwk.NewSet(k).MarshalJSON()
		w.Header().Set("Content-Type", "application/json")
		w.Write(b)
	case "/userinfo":
		o.hits.Add(1)
		o.mu.Lock()
		o.requests = append(o.requests, r.Clone(context.Background()))
		h := o.userinfo
		o.mu.Unlock()
		if h == nil {
			http.NotFound(w, r)
			return
		}
		h(w, r)
	default:
		http.NotFound(w, r)
	}
}

// answer makes the endpoint answer with body and content type.
func (o *op) answer(contentType, body string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.userinfo = func(w http.ResponseWriter, r *http.Request) {
		if contentType != "" {
			w.Header().Set("Content-Type", contentType)
		} else {
			w.Header()["Content-Type"] = nil
		}
		w.Write([]byte(body))
	}
}

// handle makes the endpoint run h.
func (o *op) handle(h http.HandlerFunc) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.userinfo = h
}

func (o *op) lastRequest(t *testing.T) *http.Request {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.requests) == 0 {
		t.Fatal("the endpoint got no request")
	}
	return o.requests[len(o.requests)-1]
}

// client is a Client for the endpoint with opKey's public key.
func (o *op) client(t *testing.T, mod func(*userinfo.Config), opts ...jwt.Option) *userinfo.Client {
	t.Helper()
	cfg := userinfo.Config{Endpoint: o.endpoint(), Issuer: o.issuer, ClientID: clientID, Keys: &opKey.PublicKey, HTTPClient: o.srv.Client()}
	if mod != nil {
		mod(&cfg)
	}
	c, err := userinfo.NewClient(cfg, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sign signs claims as the provider does (ES256, kid op-1) with opts.
func sign(t *testing.T, key *ecdsa.PrivateKey, claims map[string]any, opts ...jwt.Option) string {
	t.Helper()
	tok, err := jwt.Sign(jwt.ES256, claims, key, append([]jwt.Option{jwt.WithKeyID("op-1")}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// signedClaims are a signed UserInfo response's claims (section 5.3.2).
func (o *op) signedClaims() map[string]any {
	return map[string]any{"iss": o.issuer, "aud": clientID, "sub": subject, "name": "Jane Doe", "email": "janedoe@example.com", "email_verified": true}
}

func fetch(c *userinfo.Client) (userinfo.Claims, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var got userinfo.Claims
	err := c.Fetch(ctx, token, subject, &got)
	return got, err
}
