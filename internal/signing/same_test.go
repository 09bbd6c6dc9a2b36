package signing_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// TestRFC7515_5_2_SameKeyMadeAnewIsSame: a key made again from the same
// material verifies the same signatures, so Same says so, for every
// algorithm this build has.
func TestRFC7515_5_2_SameKeyMadeAnewIsSame(t *testing.T) {
	for _, alg := range usable() {
		a, b := mustVerifier(t, publicKeyFor(alg)), mustVerifier(t, publicKeyFor(alg))
		if !a.Same(b) || !b.Same(a) || !a.Same(a) {
			t.Errorf("%s: a key made twice from the same material is not Same", alg)
		}
		if priv := mustVerifier(t, signingKeyFor(alg)); !priv.Same(a) {
			t.Errorf("%s: the key of the private key is not Same as the public key's", alg)
		}
	}
	secret := bytes.Clone(keys().hs32)
	if !mustVerifier(t, secret).Same(mustVerifier(t, keys().hs32)) {
		t.Error("an HMAC secret copied is not Same")
	}
}

// TestRFC7515_5_2_OtherKeyMaterialIsNotSame: another key of the same
// family, a key of another family or curve, a nil and a zero key are not
// Same.
func TestRFC7515_5_2_OtherKeyMaterialIsNotSame(t *testing.T) {
	other, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pairs := []struct {
		name string
		a, b any
	}{
		{"two P-256 keys", keys().p256, other},
		{"P-256 and P-384", keys().p256, keys().p384},
		{"two Ed25519 keys", keys().ed, keys().ed2},
		{"HMAC secrets that differ", keys().hs32, bytes.Repeat([]byte{0x5b}, 32)},
		{"HMAC secrets of two lengths", keys().hs32, keys().hs48},
		{"RSA and ECDSA", keys().rsa2048, keys().p256},
		{"Ed25519 and HMAC", keys().ed, keys().hs64},
	}
	for _, p := range pairs {
		a, b := mustVerifier(t, p.a), mustVerifier(t, p.b)
		if a.Same(b) || b.Same(a) {
			t.Errorf("%s: Same", p.name)
		}
	}
	k := mustVerifier(t, keys().p256)
	var zero signing.VerifyingKey
	var nilKey *signing.VerifyingKey
	noPanic(t, "Same with nil and zero keys", func() {
		if k.Same(nil) || nilKey.Same(k) || k.Same(&zero) || zero.Same(k) || zero.Same(&signing.VerifyingKey{}) {
			t.Error("a nil or zero key is Same as another")
		}
		if !nilKey.Same(nil) {
			t.Error("a nil key is not Same as itself")
		}
	})
}
