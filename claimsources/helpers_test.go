package claimsources_test

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claimsources"
)

// Issuers of the spec's examples (OpenID Connect Core 1.0 sections
// 5.6.2.1 and 5.6.2.2) and of the OpenID Provider.
const (
	opIssuer     = "https://server.example.com"
	issuerA      = "https://a.example.com"
	issuerBank   = "https://bank.example.com"
	issuerCredit = "https://creditagency.example.com"
)

// keyOf is a deterministic Ed25519 key per name.
func keyOf(name string) ed25519.PrivateKey {
	seed := sha256.Sum256([]byte("claimsources test key " + name))
	return ed25519.NewKeyFromSeed(seed[:])
}

// pub is keyOf's public key.
func pub(name string) ed25519.PublicKey { return keyOf(name).Public().(ed25519.PublicKey) }

// sign signs claims (a JSON object) with name's key, as a plain JWT.
func sign(t *testing.T, name string, claimsJSON string, opts ...jwt.Option) string {
	t.Helper()
	s, err := jwt.NewSigner(jwt.EdDSA, keyOf(name), opts...)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(json.RawMessage(claimsJSON))
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// resolver makes a Resolver for srcs.
func resolver(t *testing.T, client *http.Client, srcs ...claimsources.Source) *claimsources.Resolver {
	t.Helper()
	r, err := claimsources.NewResolver(claimsources.Config{Sources: srcs, HTTPClient: client})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// refs builds References from the JSON of "_claim_names" and
// "_claim_sources".
func refs(names, sources string) claimsources.References {
	var r claimsources.References
	if names != "" {
		r.ClaimNames = json.RawMessage(names)
	}
	if sources != "" {
		r.ClaimSources = json.RawMessage(sources)
	}
	return r
}

// jwtServer is an httptest TLS server returning body as application/jwt
// (or ctype), counting its requests and recording the last Authorization.
type jwtServer struct {
	*httptest.Server
	hits atomic.Int64
	auth atomic.Value
}

func newJWTServer(t *testing.T, ctype string, body func() string) *jwtServer {
	t.Helper()
	s := &jwtServer{}
	s.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		s.auth.Store(r.Header.Get("Authorization"))
		if r.URL.Query().Get("need") != "" && r.Header.Get("Authorization") != "Bearer "+r.URL.Query().Get("need") {
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		if ctype != "" {
			w.Header().Set("Content-Type", ctype)
		}
		_, _ = w.Write([]byte(body()))
	}))
	t.Cleanup(s.Close)
	return s
}

func wantIs(t *testing.T, err error, targets ...error) {
	t.Helper()
	for _, target := range targets {
		if !errors.Is(err, target) {
			t.Fatalf("error %v does not match %v", err, target)
		}
	}
}
