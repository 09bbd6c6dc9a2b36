package jwk_test

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// testKeys are generated once per test binary: RSA generation is slow
// under -race.
var testKeys = sync.OnceValue(func() (k struct {
	rsa1, rsa2 *rsa.PrivateKey
	ec256      *ecdsa.PrivateKey
	ec384      *ecdsa.PrivateKey
	ec521      *ecdsa.PrivateKey
	ed         ed25519.PrivateKey
	hmac       []byte
}) {
	var err error
	if k.rsa1, err = rsa.GenerateKey(rand.Reader, 2048); err != nil {
		panic(err)
	}
	if k.rsa2, err = rsa.GenerateKey(rand.Reader, 2048); err != nil {
		panic(err)
	}
	k.ec256, _ = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	k.ec384, _ = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	k.ec521, _ = ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	_, k.ed, _ = ed25519.GenerateKey(rand.Reader)
	k.hmac = make([]byte, 64)
	rand.Read(k.hmac)
	return k
})

// mustKey makes a jwk.Key or fails the test.
func mustKey(t testing.TB, key any, p jwk.Params) *jwk.Key {
	t.Helper()
	k, err := jwk.NewKey(key, p)
	if err != nil {
		t.Fatalf("NewKey(%T, %+v): %v", key, p, err)
	}
	return k
}

// mustSign signs standard claims valid for an hour with kid.
func mustSign(t testing.TB, alg jwt.Algorithm, key any, kid string) string {
	t.Helper()
	claims := map[string]any{"sub": "user-42", "exp": time.Now().Add(time.Hour).Unix()}
	var opts []jwt.Option
	if kid != "" {
		opts = append(opts, jwt.WithKeyID(kid))
	}
	tok, err := jwt.Sign(alg, claims, key, opts...)
	if err != nil {
		t.Fatalf("Sign(%s): %v", alg, err)
	}
	return tok
}

// mustJSON marshals a set, or fails the test.
func mustJSON(t testing.TB, s *jwk.Set) []byte {
	t.Helper()
	b, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
