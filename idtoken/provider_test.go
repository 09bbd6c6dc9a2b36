package idtoken_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwk"
)

// tlsProvider serves an OpenID Connect Discovery 1.0 document (section 4)
// listing algs as id_token_signing_alg_values_supported, and a JWK Set
// with idKey, over TLS; it returns the discovered *jwk.Provider.
func tlsProvider(t *testing.T, algs []string) *jwk.Provider {
	t.Helper()
	k, err := jwk.NewKey(idKey.Public(), jwk.Params{KeyID: "k1"})
	if err != nil {
		t.Fatal(err)
	}
	set, err := json.Marshal(jwk.NewSet(k))
	if err != nil {
		t.Fatal(err)
	}
	var srv *httptest.Server
	srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/.well-known/openid-configuration":
			doc, _ := json.Marshal(map[string]any{"issuer": srv.URL, "jwks_uri": srv.URL + "/jwks", "id_token_signing_alg_values_supported": algs})
			w.Write(doc)
		case "/jwks":
			w.Write(set)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	p, err := jwk.Discover(context.Background(), srv.URL, jwk.WithHTTPClient(srv.Client()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// OpenID Connect Discovery 1.0 section 3 with a real *jwk.Provider (issue
// 21 item 1): the provider lists RS256 for ID tokens and signs with EdDSA.
// idtoken refuses its EdDSA ID token (jwt.ErrAlgorithmNotAllowed naming
// the member and the list), while accesstoken, given the same Provider,
// accepts its EdDSA access token: the list is the ID tokens' only. A list
// naming EdDSA lets the ID token through.
func TestOIDCDiscovery_3_ProviderIDTokenAlgorithmsForIDTokensOnly(t *testing.T) {
	p := tlsProvider(t, []string{"RS256"})
	iss := p.Issuer()
	now := time.Now()
	c := idClaims()
	c.Issuer, c.IssuedAt, c.ExpiresAt = iss, claims.NewNumericDate(now), claims.NewNumericDate(now.Add(time.Hour))
	idTok := idSign(t, c, jwt.WithKeyID("k1"))
	v, err := idtoken.NewVerifier(p, idtoken.Config{Issuer: iss, ClientID: idClient})
	if err != nil {
		t.Fatal(err)
	}
	_, err = v.Verify(idCtx, idTok, idtoken.Checks{})
	if !errors.Is(err, jwt.ErrAlgorithmNotAllowed) || !strings.Contains(err.Error(), "id_token_signing_alg_values_supported") || !strings.Contains(err.Error(), `"RS256"`) {
		t.Errorf("EdDSA ID token, RS256 listed: %v", err)
	}
	as, err := accesstoken.NewSigner(jwt.EdDSA, idKey, jwt.WithKeyID("k1"))
	if err != nil {
		t.Fatal(err)
	}
	atTok, err := as.Sign(accesstoken.Claims{
		Registered: claims.Registered{Issuer: iss, Subject: "s", Audience: claims.Audience{"https://api.example.com"},
			IssuedAt: claims.NewNumericDate(now), ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)), ID: "j"},
		ClientID: idClient,
	})
	if err != nil {
		t.Fatal(err)
	}
	av, err := accesstoken.NewVerifier(p, accesstoken.Config{Issuer: iss, Audience: "https://api.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := av.Verify(idCtx, atTok); err != nil {
		t.Errorf("EdDSA access token from the same Provider: %v", err)
	}
	listed := tlsProvider(t, []string{"RS256", "EdDSA"})
	c.Issuer = listed.Issuer()
	lv, err := idtoken.NewVerifier(listed, idtoken.Config{Issuer: listed.Issuer(), ClientID: idClient})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lv.Verify(idCtx, idSign(t, c, jwt.WithKeyID("k1")), idtoken.Checks{}); err != nil {
		t.Errorf("EdDSA listed: %v", err)
	}
}

// The jwk key sources have the methods idtoken reads the discovered list
// through (a rename there would silently turn the rule off).
var (
	_ interface{ IDTokenAlgorithms() []jwt.Algorithm }       = (*jwk.Provider)(nil)
	_ interface{ IDTokenAlgorithms(string) []jwt.Algorithm } = (*jwk.Issuers)(nil)
	_ interface{ Issuer() string }                           = (*jwk.Provider)(nil)
	_ interface{ Issuers() []string }                        = (*jwk.Issuers)(nil)
)
