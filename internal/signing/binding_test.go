package signing_test

import (
	"crypto"
	"errors"
	"slices"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// notJWSNames are "alg" values that must never be accepted: "none" in any
// letter case (RFC 8725 section 3.1), other letter cases of real names
// (RFC 7515 section 4.1.1: "alg" is case-sensitive), JOSE names we do not
// implement, and near misses.
var notJWSNames = []signing.Algorithm{
	"", "none", "None", "NONE", "nOnE", "hs256", "Hs256", "HS256 ", " HS256", "HS256\x00",
	"rs256", "ps256", "es256", "eddsa", "EDDSA", "ed25519", "ES256K", "ES521", "HS1", "RS1",
	"RSA-OAEP", "dir", "A128KW", "Ed448", "HS", "HS2560",
	"ml-dsa-44", "Ml-Dsa-65", "ML-DSA-87 ", "MLDSA44", "ML-DSA", "ML-DSA-", "ML-DSA-128", "ML_DSA_44",
	"HashML-DSA-44", "ML-DSA-65\x00", "ML-KEM-768", "SLH-DSA-SHA2-128s",
}

// bindingRow is a key and the algorithms it may verify.
type bindingRow = struct {
	name string
	key  any
	algs []signing.Algorithm
	sign bool // the key can also sign those algorithms
}

// bindingKeys are the key types of rule 3 with the algorithms each may
// verify (RFC 8725 section 3.1: the key's type fixes the family). With Go
// 1.27 and later they include the ML-DSA keys, each bound to its
// parameter set.
func bindingKeys() []bindingRow {
	k := keys()
	hs := []signing.Algorithm{signing.HS256, signing.HS384, signing.HS512}
	rs := []signing.Algorithm{signing.RS256, signing.RS384, signing.RS512, signing.PS256, signing.PS384, signing.PS512}
	ed := []signing.Algorithm{signing.EdDSA, signing.Ed25519}
	return append([]bindingRow{
		{"HMAC secret []byte (64 bytes)", k.hs64, hs, true},
		{"*rsa.PublicKey", &k.rsa2048.PublicKey, rs, false},
		{"*rsa.PrivateKey", k.rsa2048, rs, true},
		{"*ecdsa.PublicKey P-256", &k.p256.PublicKey, []signing.Algorithm{signing.ES256}, false},
		{"*ecdsa.PrivateKey P-256", k.p256, []signing.Algorithm{signing.ES256}, true},
		{"*ecdsa.PublicKey P-384", &k.p384.PublicKey, []signing.Algorithm{signing.ES384}, false},
		{"*ecdsa.PrivateKey P-384", k.p384, []signing.Algorithm{signing.ES384}, true},
		{"*ecdsa.PublicKey P-521", &k.p521.PublicKey, []signing.Algorithm{signing.ES512}, false},
		{"*ecdsa.PrivateKey P-521", k.p521, []signing.Algorithm{signing.ES512}, true},
		{"ed25519.PublicKey", k.ed.Public(), ed, false},
		{"ed25519.PrivateKey", k.ed, ed, true},
		{"crypto.Signer (RSA)", &kmsSigner{inner: k.rsa2048}, rs, true},
		{"crypto.Signer (P-256)", &kmsSigner{inner: k.p256}, []signing.Algorithm{signing.ES256}, true},
		{"crypto.Signer (P-384)", &kmsSigner{inner: k.p384}, []signing.Algorithm{signing.ES384}, true},
		{"crypto.Signer (P-521)", &kmsSigner{inner: k.p521}, []signing.Algorithm{signing.ES512}, true},
		{"crypto.Signer (Ed25519)", &kmsSigner{inner: k.ed}, ed, true},
	}, mldsaBindingKeys()...)
}

// TestAlgorithmKeyBinding_RFC8725_3_1 checks rule 3: []byte → HS*, RSA →
// RS*/PS*, ECDSA → only the ES* of its curve, Ed25519 → EdDSA/Ed25519,
// ML-DSA → only the ML-DSA-* of its parameter set; every other (key, alg)
// pair is ErrAlgorithmNotAllowed from Check, and Verify refuses it the same
// way before any cryptography runs.
func TestAlgorithmKeyBinding_RFC8725_3_1(t *testing.T) {
	input := []byte("eyJhbGciOiJIUzI1NiJ9.e30")
	// A signature that is valid for each algorithm under some other key.
	validSig := map[signing.Algorithm][]byte{}
	for _, alg := range usable() {
		validSig[alg] = mustSign(t, alg, signingKeyFor(alg), input)
	}
	for _, tc := range bindingKeys() {
		t.Run(tc.name, func(t *testing.T) {
			vk := mustVerifier(t, tc.key)
			if got := vk.Algorithms(); !slices.Equal(got, tc.algs) {
				t.Errorf("Algorithms() = %v, want %v", got, tc.algs)
			}
			for _, alg := range append(signing.All(), notJWSNames...) {
				allowed := slices.Contains(tc.algs, alg)
				err := vk.Check(alg)
				if allowed {
					wantErr(t, "Check("+string(alg)+")", err, nil)
					continue
				}
				wantErr(t, "Check("+string(alg)+")", err, signing.ErrAlgorithmNotAllowed)
				// A signature that is valid for alg under some other key must
				// still be refused as not allowed, not as a bad signature.
				err = vk.Verify(alg, input, validSig[alg])
				wantErr(t, "Verify("+string(alg)+")", err, signing.ErrAlgorithmNotAllowed)
				if errors.Is(err, signing.ErrSignatureInvalid) {
					t.Errorf("Verify(%s): ran the signature check for an algorithm the key does not allow", alg)
				}
			}
		})
	}
}

// TestLookup_CaseSensitiveAndNeverNone_RFC7515_4_1_1 checks that Lookup and
// Known accept exactly the 17 names, with either Go, and never "none".
func TestLookup_CaseSensitiveAndNeverNone_RFC7515_4_1_1(t *testing.T) {
	for _, alg := range signing.All() {
		got, ok := signing.Lookup(string(alg))
		if !ok || got != alg || !alg.Known() || alg.String() != string(alg) {
			t.Errorf("Lookup(%q) = %q, %v", alg, got, ok)
		}
	}
	if n := len(signing.All()); n != 17 {
		t.Errorf("All() has %d algorithms, want 17", n)
	}
	for _, name := range notJWSNames {
		if _, ok := signing.Lookup(string(name)); ok || name.Known() {
			t.Errorf("Lookup(%q) accepted a name that is not a JWS algorithm we implement", name)
		}
	}
	hashes := map[signing.Algorithm]crypto.Hash{
		signing.HS256: crypto.SHA256, signing.RS256: crypto.SHA256, signing.PS256: crypto.SHA256, signing.ES256: crypto.SHA256,
		signing.HS384: crypto.SHA384, signing.RS384: crypto.SHA384, signing.PS384: crypto.SHA384, signing.ES384: crypto.SHA384,
		signing.HS512: crypto.SHA512, signing.RS512: crypto.SHA512, signing.PS512: crypto.SHA512, signing.ES512: crypto.SHA512,
		signing.EdDSA: 0, signing.Ed25519: 0, "none": 0,
		signing.MLDSA44: 0, signing.MLDSA65: 0, signing.MLDSA87: 0,
	}
	for alg, h := range hashes {
		if alg.Hash() != h {
			t.Errorf("%s.Hash() = %v, want %v", alg, alg.Hash(), h)
		}
	}
}

// TestNewSigningKey_KeyMustFitAlgorithm_ErrInvalidKey checks rule 10 on the
// signing side: a key of another family or curve is ErrInvalidKey up front,
// an unknown or "none" algorithm ErrAlgorithmNotAllowed.
func TestNewSigningKey_KeyMustFitAlgorithm_ErrInvalidKey(t *testing.T) {
	for _, tc := range bindingKeys() {
		if !tc.sign {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			for _, alg := range usable() {
				sk, err := signing.NewSigningKey(alg, tc.key)
				if slices.Contains(tc.algs, alg) {
					wantErr(t, "NewSigningKey("+string(alg)+")", err, nil)
					if err == nil && sk.Algorithm() != alg {
						t.Errorf("Algorithm() = %s, want %s", sk.Algorithm(), alg)
					}
					continue
				}
				wantErr(t, "NewSigningKey("+string(alg)+")", err, signing.ErrInvalidKey)
				if sk != nil {
					t.Errorf("NewSigningKey(%s) returned a key with an error", alg)
				}
			}
			for _, alg := range notJWSNames {
				_, err := signing.NewSigningKey(alg, tc.key)
				wantErr(t, "NewSigningKey("+string(alg)+")", err, signing.ErrAlgorithmNotAllowed)
			}
		})
	}
}
