package signing_test

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"io"
	"math/big"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// TestSignVerifyRoundTrip_AllAlgorithms signs with each algorithm this
// build can use (17 with Go 1.27 and later, 14 before) and verifies with the public key, the private key and (for
// asymmetric keys) a crypto.Signer; a changed input is refused; AppendSign
// keeps dst's prefix and Size reports the signature length.
func TestSignVerifyRoundTrip_AllAlgorithms(t *testing.T) {
	input := []byte("eyJhbGciOiJ4IiwidHlwIjoiSldUIn0.eyJzdWIiOiJyb3VuZC10cmlwIn0")
	for _, alg := range usable() {
		t.Run(string(alg), func(t *testing.T) {
			priv := signingKeyFor(alg)
			sk, err := signing.NewSigningKey(alg, priv)
			if err != nil {
				t.Fatal(err)
			}
			prefix := []byte("header.payload.")
			out, err := sk.AppendSign(append([]byte{}, prefix...), input)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(out, prefix) {
				t.Fatal("AppendSign lost dst's contents")
			}
			sig := out[len(prefix):]
			if len(sig) != sk.Size() {
				t.Errorf("signature of %d bytes, Size() = %d", len(sig), sk.Size())
			}
			verifiers := map[string]any{"public key": publicKeyFor(alg), "private key": priv}
			if s, ok := priv.(crypto.Signer); ok {
				verifiers["crypto.Signer"] = &kmsSigner{inner: s}
			}
			for name, key := range verifiers {
				vk := mustVerifier(t, key)
				wantErr(t, name, vk.Verify(alg, input, sig), nil)
				changed := append(append([]byte{}, input...), '.')
				wantErr(t, name+", changed input", vk.Verify(alg, changed, sig), signing.ErrSignatureInvalid)
				wantErr(t, name+", empty input", vk.Verify(alg, nil, sig), signing.ErrSignatureInvalid)
			}
		})
	}
}

// TestEdDSAAndEd25519AreOneSignature_RFC9864 checks that "EdDSA" (RFC 8037)
// and the fully-specified "Ed25519" (RFC 9864) name the same Ed25519
// signature, so each verifies under the other name.
func TestEdDSAAndEd25519AreOneSignature_RFC9864(t *testing.T) {
	k := keys().ed
	a := mustSign(t, signing.EdDSA, k, []byte("m"))
	b := mustSign(t, signing.Ed25519, k, []byte("m"))
	if !bytes.Equal(a, b) || !ed25519.Verify(k.Public().(ed25519.PublicKey), []byte("m"), a) {
		t.Fatal("EdDSA and Ed25519 signatures differ or do not verify")
	}
	vk := mustVerifier(t, k.Public())
	wantErr(t, "EdDSA", vk.Verify(signing.EdDSA, []byte("m"), b), nil)
	wantErr(t, "Ed25519", vk.Verify(signing.Ed25519, []byte("m"), a), nil)
}

// TestCryptoSignerKMS_SignsAndVerifies checks the KMS/HSM path: a struct
// that implements only crypto.Signer signs RS*, PS*, ES* and EdDSA; the
// signatures verify here and with the standard library directly; the
// signer is called with the digest (or, for Ed25519, the message) and
// the right options.
func TestCryptoSignerKMS_SignsAndVerifies(t *testing.T) {
	input := []byte("eyJhbGciOiJLTVMifQ.eyJzdWIiOiJrbXMifQ")
	for _, alg := range usable() {
		inner, ok := signingKeyFor(alg).(crypto.Signer)
		if !ok {
			continue // HMAC: a secret, not a signer
		}
		t.Run(string(alg), func(t *testing.T) {
			var gotMsg []byte
			var gotOpts crypto.SignerOpts
			kms := funcSigner{
				pub: inner.Public,
				sign: func(r io.Reader, msg []byte, o crypto.SignerOpts) ([]byte, error) {
					gotMsg, gotOpts = append([]byte{}, msg...), o
					return inner.Sign(r, msg, o)
				},
			}
			sig := mustSign(t, alg, kms, input)
			if gotOpts == nil {
				t.Fatal("the signer was not called")
			}
			wantErr(t, "Verify", mustVerifier(t, inner.Public()).Verify(alg, input, sig), nil)
			if gotOpts.HashFunc() != alg.Hash() {
				t.Errorf("signer asked for hash %v, want %v", gotOpts.HashFunc(), alg.Hash())
			}
			switch pub := inner.Public().(type) {
			case *rsa.PublicKey:
				d := digestOf(alg, input, nil)
				if !bytes.Equal(gotMsg, d) {
					t.Error("signer was not given the digest")
				}
				var err error
				if alg[0] == 'P' {
					err = rsa.VerifyPSS(pub, alg.Hash(), d, sig, &rsa.PSSOptions{SaltLength: alg.Hash().Size()})
				} else {
					err = rsa.VerifyPKCS1v15(pub, alg.Hash(), d, sig)
				}
				if err != nil {
					t.Errorf("crypto/rsa: %v", err)
				}
			case *ecdsa.PublicKey:
				d := digestOf(alg, input, nil)
				if !bytes.Equal(gotMsg, d) {
					t.Error("signer was not given the digest")
				}
				h := len(sig) / 2
				if !ecdsa.Verify(pub, d, new(big.Int).SetBytes(sig[:h]), new(big.Int).SetBytes(sig[h:])) {
					t.Error("crypto/ecdsa does not verify r||s")
				}
			case ed25519.PublicKey:
				if !bytes.Equal(gotMsg, input) {
					t.Error("Ed25519 signer was not given the whole message")
				}
				if !ed25519.Verify(pub, input, sig) {
					t.Error("crypto/ed25519 does not verify")
				}
			}
		})
	}
}

// TestCryptoSignerWrongSize_Error checks that a signer returning a
// signature of the wrong size (RSA, Ed25519) is an error, not a token.
func TestCryptoSignerWrongSize_Error(t *testing.T) {
	for _, alg := range []signing.Algorithm{signing.RS256, signing.PS256, signing.EdDSA} {
		inner := signingKeyFor(alg).(crypto.Signer)
		for _, n := range []int{0, 1, 63, 65, 255, 257} {
			sk, err := signing.NewSigningKey(alg, fixedSigner(inner, make([]byte, n)))
			if err != nil {
				t.Fatal(err)
			}
			noPanic(t, "AppendSign", func() {
				if _, err := sk.AppendSign(nil, []byte("x")); err == nil {
					t.Errorf("%s: a %d-byte signature from the signer was accepted", alg, n)
				}
			})
		}
	}
}
