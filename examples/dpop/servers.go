package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
)

// clientID is the example's one client (RFC 6749 section 2.2).
const clientID = "example-client"

// demo is the example's two servers, each on 127.0.0.1 over TLS with
// net/http/httptest's certificate, which the Client of either trusts.
type demo struct {
	as, rs *httptest.Server
	keys   *jwk.Provider // the resource server's view of the authorization server's keys
	secret string        // clientID's secret
}

// start runs the authorization server (metadata with
// dpop_signing_alg_values_supported, RFC 9449 section 5.1; its JWK Set; the
// token endpoint), then the resource server, which finds the keys by RFC
// 8414 discovery. Each server's origin is known before it serves, from its
// listener: the DPoP verifiers check "htu" against it.
func start(ctx context.Context) (d *demo, err error) {
	asKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	const kid = "as-key-1"
	pub, err := jwk.NewKey(asKey, jwk.Params{KeyID: kid, Algorithm: string(jwt.ES256), Use: "sig"})
	if err != nil {
		return nil, err
	}
	set, err := jwk.NewSet(pub).Public().MarshalJSON()
	if err != nil {
		return nil, err
	}
	tokens, err := accesstoken.NewSigner(jwt.ES256, asKey, jwt.WithKeyID(kid))
	if err != nil {
		return nil, err
	}
	d = &demo{as: httptest.NewUnstartedServer(nil), rs: httptest.NewUnstartedServer(nil), secret: rand.Text()}
	defer func() {
		if err != nil {
			d.close()
		}
	}()
	issuer := "https://" + d.as.Listener.Addr().String()
	origin := "https://" + d.rs.Listener.Addr().String()

	nonces, err := dpop.NewHMACNonces(time.Minute, randomKey())
	if err != nil {
		return nil, err
	}
	proofs, err := dpop.NewVerifier(dpop.Config{
		Algorithms: []jwt.Algorithm{jwt.ES256, jwt.EdDSA}, Origins: []string{issuer}, Nonces: nonces,
	})
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/oauth-authorization-server", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{ // RFC 8414 section 2; RFC 9449 section 5.1
			"issuer":                                issuer,
			"token_endpoint":                        issuer + "/token",
			"jwks_uri":                              issuer + "/jwks",
			"grant_types_supported":                 []string{"client_credentials"},
			"token_endpoint_auth_methods_supported": []string{"client_secret_basic"},
			"dpop_signing_alg_values_supported":     proofs.Algorithms(),
		})
	})
	mux.HandleFunc("GET /jwks", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/jwk-set+json")
		w.Write(set)
	})
	mux.Handle("POST /token", &tokenEndpoint{
		issuer: issuer, audience: origin + "/v1", clientID: clientID, secret: d.secret, proofs: proofs, tokens: tokens,
	})
	d.as.Config.Handler = mux
	d.as.StartTLS()

	d.keys, err = jwk.Discover(ctx, issuer, jwk.WithWellKnown(jwk.OAuthAuthorizationServer), jwk.WithHTTPClient(d.as.Client()))
	if err != nil {
		return nil, err
	}
	api, err := newResourceServer(origin, issuer, d.keys, randomKey())
	if err != nil {
		return nil, err
	}
	d.rs.Config.Handler = api
	d.rs.StartTLS()
	return d, nil
}

// transport is an HTTP transport trusting both servers.
func (d *demo) transport() http.RoundTripper { return d.as.Client().Transport }

// close stops both servers and the key set's background work.
func (d *demo) close() {
	if d.keys != nil {
		d.keys.Close()
	}
	d.as.Close()
	d.rs.Close()
}

// randomKey is a 32-byte nonce key (dpop.MinNonceKeyLen). A service's
// instances share theirs, from its secret store.
func randomKey() []byte {
	k := make([]byte, 32)
	rand.Read(k)
	return k
}
