package jwthttp_test

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwthttp"
)

// TestRFC9449_9_TransportRoundTrip: a client holding a DPoP-bound token,
// through dpop.Transport, against the Middleware requiring DPoP and nonces
// (sections 7.1, 9): the first request is refused with use_dpop_nonce and
// retried once with the nonce, body included; the next ones carry the
// nonce the last response gave (WithDPoPNonceOnSuccess), so no retry.
func TestRFC9449_9_TransportRoundTrip(t *testing.T) {
	ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	_, edKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	nonces, err := dpop.NewHMACNonces(time.Minute, []byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		signer   func() (*dpop.Signer, error)
		onSucces bool
	}{
		{"ES256", func() (*dpop.Signer, error) { return dpop.NewSigner(jwt.ES256, ecKey) }, false},
		{"EdDSA, nonce on success", func() (*dpop.Signer, error) { return dpop.NewSigner(jwt.EdDSA, edKey) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var opts []jwthttp.Option
			if tc.onSucces {
				opts = append(opts, jwthttp.WithDPoPNonceOnSuccess())
			}
			e := newDPoPEnv(t, jwthttp.DPoPRequired, dpop.Config{Algorithms: []jwt.Algorithm{jwt.ES256, jwt.EdDSA}, Nonces: nonces}, opts...)
			hits := &e.hits
			s, err := tc.signer()
			if err != nil {
				t.Fatal(err)
			}
			tok := boundToken(t, s.JKT(), nil)
			client := &http.Client{Transport: &dpop.Transport{Signer: s, Base: e.srv.Client().Transport, AccessToken: tok}}

			resp, err := client.Post(e.url("/items?x=1"), "application/json", strings.NewReader(`{"a":1}`))
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || string(body) != "alice jkt="+s.JKT() || hits.Load() != 2 {
				t.Fatalf("status %d body %q after %d requests (last refusal %v), want 200 after a use_dpop_nonce retry", resp.StatusCode, body, hits.Load(), e.lastError())
			}
			resp, err = client.Get(e.url("/items"))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			want := int32(4) // the nonce of the 401 is used again: within its window, accepted
			if tc.onSucces {
				want = 3
			}
			if resp.StatusCode != http.StatusOK || hits.Load() > want {
				t.Fatalf("second request: status %d after %d requests in all", resp.StatusCode, hits.Load())
			}
			// A token bound to another key than the Transport's: refused, not retried into acceptance.
			other := &http.Client{Transport: &dpop.Transport{Signer: s, Base: e.srv.Client().Transport, AccessToken: boundToken(t, newDPoPKey(t).jkt, nil)}}
			resp, err = other.Get(e.url("/items"))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(resp.Header.Get("WWW-Authenticate"), `error="invalid_token"`) {
				t.Fatalf("another key's token: status %d %q", resp.StatusCode, resp.Header.Values("WWW-Authenticate"))
			}
		})
	}
}

// TestRFC9449_9_TransportRetriesPastBearerChallenge: in DPoPAllowed mode
// the use_dpop_nonce challenge is the second WWW-Authenticate field, after
// Bearer's; the Transport still finds it.
func TestRFC9449_9_TransportRetriesPastBearerChallenge(t *testing.T) {
	nonces, err := dpop.NewHMACNonces(time.Minute, []byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256, Nonces: nonces})
	ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := dpop.NewSigner(jwt.ES256, ecKey)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Transport: &dpop.Transport{Signer: s, Base: e.srv.Client().Transport, AccessToken: boundToken(t, s.JKT(), nil)}}
	resp, err := client.Get(e.url("/"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d (last refusal %v)", resp.StatusCode, e.lastError())
	}
}
