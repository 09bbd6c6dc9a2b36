package jwk_test

import (
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestRemoteSet_OctKeysServedByAURLNeverVerify_RFC7517_7: "Access to JWKs
// containing non-public key material by parties without legitimate access
// to the non-public information MUST be prevented." A JWK Set fetched from
// a URL (in the clear: no encrypted JWK Set is read) is public, so an HS*
// token is refused before any fetch, even when the set holds its secret.
func TestRemoteSet_OctKeysServedByAURLNeverVerify_RFC7517_7(t *testing.T) {
	secret := []byte("a-secret-someone-published-32-by")
	srv := newJWKSServer(t, publish(t, mustKey(t, secret, jwk.Params{KeyID: "s1"})))
	r, err := jwk.NewRemoteSet(srv.URL, jwk.WithRateLimit(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	tok, err := jwt.Sign(jwt.HS256, map[string]any{"sub": "admin"}, secret, jwt.WithKeyID("s1"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = jwt.Parse(tok, r)
	if !errors.Is(err, jwt.ErrAlgorithmNotAllowed) || !errors.Is(err, jwk.ErrKeyNotFound) {
		t.Fatalf("got %v, want ErrAlgorithmNotAllowed", err)
	}
	if srv.hits.Load() != 0 {
		t.Fatalf("%d requests for a token that no fetched key may verify", srv.hits.Load())
	}
}
