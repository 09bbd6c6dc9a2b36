package main

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"log"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwk"
)

// idp is a toy identity provider on 127.0.0.1: an OpenID Connect discovery
// document (OpenID Connect Discovery 1.0 section 4) naming its JWK Set,
// one signing key at a time, every published key in the set. It can be
// taken down.
type idp struct {
	name    string
	srv     *httptest.Server
	jwks    atomic.Pointer[[]byte]
	signer  atomic.Pointer[signingKey]
	down    atomic.Bool
	docHits atomic.Int64
	keyHits atomic.Int64
}

type signingKey struct {
	kid  string
	priv crypto.Signer
}

// newIDP starts a provider whose issuer is its URL plus "/" + name.
func newIDP(name string) *idp {
	p := &idp{name: name}
	mux := http.NewServeMux()
	mux.HandleFunc("/"+name+"/.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		p.docHits.Add(1)
		p.serve(w, map[string]any{
			"issuer":                                p.issuer(),
			"jwks_uri":                              p.srv.URL + "/" + name + "/jwks",
			"id_token_signing_alg_values_supported": []string{"ES256"},
		})
	})
	mux.HandleFunc("/"+name+"/jwks", func(w http.ResponseWriter, r *http.Request) {
		p.keyHits.Add(1)
		p.serve(w, json.RawMessage(*p.jwks.Load()))
	})
	p.srv = httptest.NewServer(mux)
	return p
}

func (p *idp) issuer() string { return p.srv.URL + "/" + p.name }

func (p *idp) serve(w http.ResponseWriter, v any) {
	if p.down.Load() {
		http.Error(w, "identity provider down", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// rotate makes a new signing key and publishes it beside the older ones
// given, and beside extra raw JWKs (a provider may publish keys we do not
// understand).
func (p *idp) rotate(kid string, keep []*jwk.Key, extra ...string) *jwk.Key {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	k, err := jwk.NewKey(priv, jwk.Params{KeyID: kid, Algorithm: string(jwt.ES256), Use: "sig"})
	if err != nil {
		log.Fatal(err)
	}
	set, err := jwk.NewSet(append(keep, k)...).Public().MarshalJSON()
	if err != nil {
		log.Fatal(err)
	}
	for _, raw := range extra { // prepend: {"keys":[raw,...
		set = append([]byte(`{"keys":[`+raw+`,`), set[len(`{"keys":[`):]...)
	}
	p.jwks.Store(&set)
	p.signer.Store(&signingKey{kid: kid, priv: priv})
	return k
}

// token signs a token for sub with the current key, naming iss (the
// provider's own issuer unless a test forges another).
func (p *idp) token(iss, sub string) string {
	s := p.signer.Load()
	now := time.Now()
	tok, err := jwt.Sign(jwt.ES256, claims.Registered{
		Issuer: iss, Subject: sub, Audience: claims.Audience{"orders-api"},
		IssuedAt: claims.NewNumericDate(now), ExpiresAt: claims.NewNumericDate(now.Add(5 * time.Minute)),
	}, s.priv, jwt.WithKeyID(s.kid))
	if err != nil {
		log.Fatal(err)
	}
	return tok
}
