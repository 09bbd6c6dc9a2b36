package clientauth_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/clientauth"
	"github.com/jotlib/jwt/replay"
)

const (
	testIssuer   = "https://as.example.com"
	testEndpoint = "https://as.example.com/oauth2/token"
	testClient   = "client-1"
	otherClient  = "client-2"
)

// testNow is every test's clock: assertions are minted and verified at it.
var testNow = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

func fixedNow() time.Time { return testNow }

// clients are two registered clients' keys: client-1 and client-2 with
// ES256 keys, "secret-client" with a client secret (client_secret_jwt).
type clients struct {
	keys   map[string]*ecdsa.PrivateKey
	secret []byte
	mu     sync.Mutex
	asked  []string // the client ids ClientKeys was called with
}

func newClients(t *testing.T) *clients {
	t.Helper()
	c := &clients{keys: map[string]*ecdsa.PrivateKey{}, secret: []byte("a client secret of at least 32 bytes!!")}
	for _, id := range []string{testClient, otherClient} {
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		c.keys[id] = k
	}
	return c
}

var errNoSuchClient = errors.New("no such client")

func (c *clients) lookup(_ context.Context, id string) (any, error) {
	c.mu.Lock()
	c.asked = append(c.asked, id)
	c.mu.Unlock()
	if id == "secret-client" {
		return c.secret, nil
	}
	k, ok := c.keys[id]
	if !ok {
		return nil, errNoSuchClient
	}
	return &k.PublicKey, nil
}

// config is the default Config for cs, with a fresh memory store.
func (c *clients) config() clientauth.Config {
	return clientauth.Config{
		Issuer:     testIssuer,
		ClientKeys: c.lookup,
		Replay:     replay.NewMemoryClock(0, fixedNow),
		Now:        fixedNow,
	}
}

func (c *clients) verifier(t *testing.T, edit func(*clientauth.Config)) *clientauth.Verifier {
	t.Helper()
	cfg := c.config()
	if edit != nil {
		edit(&cfg)
	}
	v, err := clientauth.NewVerifier(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// signer is client id's Signer on the test clock.
func (c *clients) signer(t *testing.T, id string, opts ...jwt.Option) *clientauth.Signer {
	t.Helper()
	s, err := clientauth.NewSigner(jwt.ES256, c.keys[id], id, opts...)
	if err != nil {
		t.Fatal(err)
	}
	if s, err = s.WithClock(fixedNow); err != nil {
		t.Fatal(err)
	}
	return s
}

// raw signs claims of any shape with client id's key and typ (""
// for none), for assertions the Signer would not mint.
func (c *clients) raw(t *testing.T, id, typ string, cl any) string {
	t.Helper()
	s, err := jwt.NewSigner(jwt.ES256, c.keys[id], jwt.WithType(typ))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(cl)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// assertionClaims are a well-formed assertion's claims for id, with jti.
func assertionClaims(id, jti string) map[string]any {
	return map[string]any{
		"iss": id, "sub": id, "aud": testIssuer, "jti": jti,
		"iat": testNow.Unix(), "exp": testNow.Add(time.Minute).Unix(),
	}
}

func form(assertion string) url.Values {
	return url.Values{
		"client_assertion_type": {clientauth.AssertionType},
		"client_assertion":      {assertion},
	}
}

// refused fails t unless err matches every one of want.
func refused(t *testing.T, what string, err error, want ...error) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: accepted", what)
	}
	for _, w := range want {
		if !errors.Is(err, w) {
			t.Errorf("%s: %v does not match %v", what, err, w)
		}
	}
}
