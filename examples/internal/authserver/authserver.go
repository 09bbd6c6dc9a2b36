// Package authserver is the examples' in-process OAuth 2.0 authorization
// server: on 127.0.0.1, over TLS, it publishes its Authorization Server
// Metadata (RFC 8414 section 3) and its JWK Set (RFC 7517 section 5), and
// mints RFC 9068 access tokens with its key (Mint) for the examples and
// their tests. It runs no grant: the authorization and token endpoints its
// metadata names answer 501 (a real authorization server is where a client
// gets its tokens).
package authserver

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwk"
)

// ClientID is the "client_id" of the tokens Mint makes (RFC 9068 section 2.2).
const ClientID = "example-client"

// Server is a running authorization server. Its TLS certificate is
// net/http/httptest's, which Client trusts (so does the Client of any
// httptest TLS server).
type Server struct {
	srv    *httptest.Server
	signer *accesstoken.Signer
}

// Start starts an authorization server on 127.0.0.1 with a new P-256 key.
func Start() (*Server, error) {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	const kid = "as-key-1"
	pub, err := jwk.NewKey(priv, jwk.Params{KeyID: kid, Algorithm: string(jwt.ES256), Use: "sig"})
	if err != nil {
		return nil, err
	}
	set, err := jwk.NewSet(pub).Public().MarshalJSON()
	if err != nil {
		return nil, err
	}
	signer, err := accesstoken.NewSigner(jwt.ES256, priv, jwt.WithKeyID(kid))
	if err != nil {
		return nil, err
	}
	s := &Server{signer: signer}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/oauth-authorization-server", func(w http.ResponseWriter, _ *http.Request) {
		iss := s.Issuer()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{ // RFC 8414 section 2
			"issuer":                                iss,
			"authorization_endpoint":                iss + "/authorize",
			"token_endpoint":                        iss + "/token",
			"jwks_uri":                              iss + "/jwks",
			"response_types_supported":              []string{"code"},
			"grant_types_supported":                 []string{"authorization_code", "client_credentials"},
			"code_challenge_methods_supported":      []string{"S256"},
			"token_endpoint_auth_methods_supported": []string{"none"},
		})
	})
	mux.HandleFunc("GET /jwks", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/jwk-set+json")
		w.Write(set)
	})
	notImplemented := func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "this example authorization server runs no grant", http.StatusNotImplemented)
	}
	mux.HandleFunc("/authorize", notImplemented)
	mux.HandleFunc("/token", notImplemented)
	s.srv = httptest.NewTLSServer(mux)
	return s, nil
}

// Issuer is the issuer identifier (RFC 8414 section 2), https://127.0.0.1:PORT.
func (s *Server) Issuer() string { return s.srv.URL }

// Client returns an HTTP client that trusts the server's certificate.
func (s *Server) Client() *http.Client { return s.srv.Client() }

// Close shuts the server down.
func (s *Server) Close() { s.srv.Close() }

// Mint signs an RFC 9068 access token for sub, valid five minutes, naming
// audience (the resource identifier, RFC 8707) and granting scope (space-
// delimited, RFC 6749 section 3.3; "" grants none).
func (s *Server) Mint(sub, audience, scope string) (string, error) {
	now := time.Now()
	return s.signer.Sign(accesstoken.Claims{
		Registered: claims.Registered{
			Issuer: s.Issuer(), Subject: sub, Audience: claims.Audience{audience},
			IssuedAt: claims.NewNumericDate(now), ExpiresAt: claims.NewNumericDate(now.Add(5 * time.Minute)),
			ID: rand.Text(),
		},
		ClientID: ClientID,
		Scope:    scope,
	})
}
