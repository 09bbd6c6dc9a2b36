package dpop_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// A client calls a resource server with a DPoP-bound access token (RFC
// 9449 section 7.1). The server asks for a nonce first (section 9); the
// Transport retries once with it, and uses it from then on.
func ExampleTransport() {
	var requests atomic.Int32
	rs := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		// A real resource server verifies the proof with dpop.Verifier
		// (or jwthttp.WithDPoP) and checks the token's binding.
		if r.Header.Get("DPoP") == "" || r.Header.Get("Authorization") != "DPoP an-access-token" {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		if requests.Load() == 1 {
			w.Header().Set("WWW-Authenticate", `DPoP algs="ES256", error="use_dpop_nonce"`)
			w.Header().Set("DPoP-Nonce", "eyJ7S_zG.eyJH0-Z.HX4w-7v")
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		_, _ = io.WriteString(w, "hello")
	}))
	defer rs.Close()

	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader) // the client's DPoP key, kept for the token's life
	signer, err := dpop.NewSigner(jwt.ES256, key)
	if err != nil {
		panic(err)
	}
	client := &http.Client{Transport: &dpop.Transport{
		Signer:      signer,
		Base:        rs.Client().Transport, // the test server's TLS settings; nil is http.DefaultTransport
		AccessToken: "an-access-token",
	}}
	resp, err := client.Get(rs.URL + "/resource")
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, string(body), "after", requests.Load(), "requests")
	// Output: 200 hello after 2 requests
}
