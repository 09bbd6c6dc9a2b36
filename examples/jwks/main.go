// Command jwks verifies a token against a JWK Set served on localhost, the
// way a service verifies tokens from an identity provider: the "IdP" signs
// with a private key and publishes its public half at /.well-known/jwks.json;
// the service fetches that set (jwk.RemoteSet) and picks the key by "kid".
// It then rotates the key and shows the new "kid" picked up with one fetch.
package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"log"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwk"
)

// idp is a toy identity provider: one signing key at a time, all of its
// public keys published.
type idp struct {
	jwks    atomic.Pointer[[]byte]
	fetches atomic.Int64
}

func (p *idp) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.fetches.Add(1)
	w.Header().Set("Content-Type", "application/jwk-set+json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Write(*p.jwks.Load())
}

// publish makes the JWK Set of the keys' public halves.
func (p *idp) publish(keys ...*jwk.Key) {
	b, err := jwk.NewSet(keys...).Public().MarshalJSON()
	if err != nil {
		log.Fatal(err)
	}
	p.jwks.Store(&b)
}

// newKey makes a P-256 signing key with a kid.
func newKey(kid string) (*ecdsa.PrivateKey, *jwk.Key) {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	k, err := jwk.NewKey(priv, jwk.Params{KeyID: kid, Algorithm: string(jwt.ES256), Use: "sig"})
	if err != nil {
		log.Fatal(err)
	}
	return priv, k
}

func main() {
	// The identity provider, on 127.0.0.1.
	provider := &idp{}
	key1, jwk1 := newKey("2026-11-key-1")
	provider.publish(jwk1)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Handler: provider, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	defer srv.Close()
	url := "http://" + ln.Addr().String() + "/.well-known/jwks.json"
	fmt.Println("JWKS served at", url)
	fmt.Println(string(*provider.jwks.Load()))

	// The service: one RemoteSet and one Verifier for the process.
	keys, err := jwk.NewRemoteSet(url, jwk.WithRateLimit(100*time.Millisecond))
	if err != nil {
		log.Fatal(err)
	}
	defer keys.Close()
	verifier, err := jwt.NewVerifier(keys,
		jwt.WithAlgorithms(jwt.ES256),
		jwt.WithIssuer("https://idp.example"),
		jwt.WithAudience("orders-api"))
	if err != nil {
		log.Fatal(err)
	}

	verify := func(label string, signer any, kid string) {
		now := time.Now()
		token, err := jwt.Sign(jwt.ES256, claims.Registered{
			Issuer:    "https://idp.example",
			Subject:   "user-42",
			Audience:  claims.Audience{"orders-api"},
			IssuedAt:  claims.NewNumericDate(now),
			ExpiresAt: claims.NewNumericDate(now.Add(15 * time.Minute)),
		}, signer, jwt.WithKeyID(kid))
		if err != nil {
			log.Fatal(err)
		}
		// A request's deadline bounds any key fetch the verification needs.
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		var c claims.Registered
		tok, err := verifier.ParseWithClaimsContext(ctx, token, &c)
		if err != nil {
			log.Fatalf("%s: %v", label, err)
		}
		out, _ := json.Marshal(struct {
			Header jwt.Header        `json:"header"`
			Claims claims.Registered `json:"claims"`
		}{tok.Header, c})
		fmt.Printf("%s: verified %s\n  fetches so far: %d\n", label, out, provider.fetches.Load())
	}

	verify("token signed with key 1", key1, "2026-11-key-1")

	// Rotation: the provider publishes key 2 and signs with it. The first
	// token with the new kid makes the service fetch the set once.
	time.Sleep(150 * time.Millisecond) // past the example's short rate limit
	key2, jwk2 := newKey("2026-11-key-2")
	provider.publish(jwk1, jwk2)
	verify("token signed with key 2 after rotation", key2, "2026-11-key-2")
	verify("another token with key 2", key2, "2026-11-key-2")

	// A token whose kid the provider never published is refused.
	_, err = verifier.Parse(func() string {
		rogue, _ := newKey("unknown")
		t, _ := jwt.Sign(jwt.ES256, claims.Registered{Subject: "mallory"}, rogue, jwt.WithKeyID("unknown"))
		return t
	}())
	fmt.Println("token with an unknown kid:", err)
	st := keys.Stats()
	fmt.Printf("remote set: %d fetches, %d failures, next refresh in %v\n", st.Fetches, st.Failures, time.Until(st.NextRefresh).Round(time.Second))
}
