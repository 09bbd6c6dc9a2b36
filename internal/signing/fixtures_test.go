package signing_test

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"errors"
	"fmt"
	"io"
	"sync"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// testKeys holds keys generated once per test binary: RSA generation is
// slow under -race, so every test shares these.
type testKeys struct {
	rsa2048, rsa1024 *rsa.PrivateKey
	p256, p384, p521 *ecdsa.PrivateKey
	p224             *ecdsa.PrivateKey
	ed               ed25519.PrivateKey
	ed2              ed25519.PrivateKey
	hs32, hs48, hs64 []byte
}

var keys = sync.OnceValue(func() *testKeys {
	must := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	k := &testKeys{}
	var err error
	k.rsa2048, err = rsa.GenerateKey(rand.Reader, 2048)
	must(err)
	k.rsa1024, err = rsa.GenerateKey(rand.Reader, 1024)
	must(err)
	k.p256, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	must(err)
	k.p384, err = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	must(err)
	k.p521, err = ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	must(err)
	k.p224, err = ecdsa.GenerateKey(elliptic.P224(), rand.Reader)
	must(err)
	_, k.ed, err = ed25519.GenerateKey(rand.Reader)
	must(err)
	_, k.ed2, err = ed25519.GenerateKey(rand.Reader)
	must(err)
	k.hs32 = bytes.Repeat([]byte{0x5a}, 32)
	k.hs48 = bytes.Repeat([]byte{0xa5}, 48)
	k.hs64 = bytes.Repeat([]byte{0x3c}, 64)
	return k
})

// signingKeyFor returns a private key (or secret) that may sign alg.
func signingKeyFor(alg signing.Algorithm) any {
	k := keys()
	switch alg {
	case signing.HS256:
		return k.hs32
	case signing.HS384:
		return k.hs48
	case signing.HS512:
		return k.hs64
	case signing.RS256, signing.RS384, signing.RS512, signing.PS256, signing.PS384, signing.PS512:
		return k.rsa2048
	case signing.ES256:
		return k.p256
	case signing.ES384:
		return k.p384
	case signing.ES512:
		return k.p521
	case signing.EdDSA, signing.Ed25519:
		return k.ed
	}
	if key := mldsaKeyFor(alg); key != nil { // Go 1.27 and later
		return key
	}
	panic("no key for " + string(alg))
}

// usable returns the algorithms this build can sign and verify with: All
// less the ML-DSA ones before Go 1.27.
func usable() []signing.Algorithm {
	var out []signing.Algorithm
	for _, a := range signing.All() {
		if a.Available() {
			out = append(out, a)
		}
	}
	return out
}

// publicKeyFor returns the verifying counterpart of signingKeyFor(alg).
func publicKeyFor(alg signing.Algorithm) any {
	switch k := signingKeyFor(alg).(type) {
	case []byte:
		return k
	case crypto.Signer:
		return k.Public()
	}
	panic("unreachable")
}

// kmsSigner stands in for a key held in a KMS or an HSM: it implements
// crypto.Signer and nothing else, so the package cannot type-switch its
// way to the private key. It counts its calls.
type kmsSigner struct {
	inner crypto.Signer
	mu    sync.Mutex
	calls int
}

func (s *kmsSigner) Public() crypto.PublicKey { return s.inner.Public() }

func (s *kmsSigner) Sign(r io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	s.mu.Lock()
	s.calls++
	s.mu.Unlock()
	return s.inner.Sign(r, digest, opts)
}

// funcSigner is a crypto.Signer made of two functions, for broken signers.
type funcSigner struct {
	pub  func() crypto.PublicKey
	sign func(io.Reader, []byte, crypto.SignerOpts) ([]byte, error)
}

func (s funcSigner) Public() crypto.PublicKey { return s.pub() }

func (s funcSigner) Sign(r io.Reader, d []byte, o crypto.SignerOpts) ([]byte, error) {
	return s.sign(r, d, o)
}

// noPanic runs f and turns a panic into a test failure naming what.
func noPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s panicked: %v", what, r)
		}
	}()
	f()
}

// wantErr fails unless err matches target (nil target: no error wanted).
func wantErr(t *testing.T, what string, err, target error) {
	t.Helper()
	switch {
	case target == nil && err != nil:
		t.Errorf("%s: unexpected error %v", what, err)
	case target != nil && !errors.Is(err, target):
		t.Errorf("%s: error %v, want %v", what, err, target)
	}
}

// mustSign signs input with a fresh SigningKey and fails the test on error.
func mustSign(t testing.TB, alg signing.Algorithm, key any, input []byte) []byte {
	t.Helper()
	sk, err := signing.NewSigningKey(alg, key)
	if err != nil {
		t.Fatalf("NewSigningKey(%s, %T): %v", alg, key, err)
	}
	sig, err := sk.AppendSign(nil, input)
	if err != nil {
		t.Fatalf("AppendSign(%s): %v", alg, err)
	}
	return sig
}

// mustVerifier builds a VerifyingKey and fails the test on error.
func mustVerifier(t testing.TB, key any) *signing.VerifyingKey {
	t.Helper()
	vk, err := signing.NewVerifyingKey(key)
	if err != nil {
		t.Fatalf("NewVerifyingKey(%T): %v", key, err)
	}
	return vk
}

func keyName(k any) string { return fmt.Sprintf("%T", k) }
