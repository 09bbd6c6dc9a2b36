package signing_test

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"io"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// TestPSSSaltLengthEqualsHash_RFC7518_3_5 checks rule 5 for PS*: "The size
// of the salt value is the same size as the hash function output", on both
// sides. Our signatures verify with exactly that salt length (and no
// other); a PSS signature made with any other salt length is refused.
func TestPSSSaltLengthEqualsHash_RFC7518_3_5(t *testing.T) {
	k := keys().rsa2048
	vk := mustVerifier(t, &k.PublicKey)
	input := []byte("eyJhbGciOiJQUzI1NiJ9.e30")
	for _, alg := range []signing.Algorithm{signing.PS256, signing.PS384, signing.PS512} {
		h := alg.Hash()
		t.Run(string(alg), func(t *testing.T) {
			d := digestOf(alg, input, nil)
			sig := mustSign(t, alg, k, input)
			if err := rsa.VerifyPSS(&k.PublicKey, h, d, sig, &rsa.PSSOptions{SaltLength: h.Size()}); err != nil {
				t.Errorf("our signature does not have a %d-byte salt: %v", h.Size(), err)
			}
			// (crypto/rsa cannot express a zero-length salt: 0 means "auto".)
			for _, other := range []int{1, 20, h.Size() - 1, h.Size() + 1} {
				if rsa.VerifyPSS(&k.PublicKey, h, d, sig, &rsa.PSSOptions{SaltLength: other}) == nil {
					t.Errorf("our signature verifies with a %d-byte salt", other)
				}
			}
			for _, salt := range []int{1, 20, h.Size() - 1, h.Size() + 1, 2 * h.Size(), rsa.PSSSaltLengthAuto} {
				foreign, err := rsa.SignPSS(rand.Reader, k, h, d, &rsa.PSSOptions{SaltLength: salt})
				if err != nil {
					t.Fatal(err)
				}
				wantErr(t, "salt length "+itoa(salt), vk.Verify(alg, input, foreign), signing.ErrSignatureInvalid)
			}
			same, err := rsa.SignPSS(rand.Reader, k, h, d, &rsa.PSSOptions{SaltLength: h.Size()})
			if err != nil {
				t.Fatal(err)
			}
			wantErr(t, "salt length = hash length, made by crypto/rsa", vk.Verify(alg, input, same), nil)
			// The same digest signed with PKCS #1 v1.5 is not a PSS signature.
			v15, _ := rsa.SignPKCS1v15(rand.Reader, k, h, d)
			wantErr(t, "PKCS #1 v1.5 signature as PSS", vk.Verify(alg, input, v15), signing.ErrSignatureInvalid)
		})
	}
}

// TestPSSSignerGetsEqualsHashOptions checks that a KMS-like crypto.Signer
// is asked for PSS with the salt length equal to the hash length and the
// right hash, and for PKCS #1 v1.5 with the bare hash.
func TestPSSSignerGetsEqualsHashOptions(t *testing.T) {
	k := keys().rsa2048
	for _, alg := range []signing.Algorithm{signing.RS256, signing.RS384, signing.RS512, signing.PS256, signing.PS384, signing.PS512} {
		var got crypto.SignerOpts
		spy := funcSigner{
			pub: k.Public,
			sign: func(r io.Reader, d []byte, o crypto.SignerOpts) ([]byte, error) {
				got = o
				return k.Sign(r, d, o)
			},
		}
		sig := mustSign(t, alg, spy, []byte("in"))
		wantErr(t, string(alg)+" verify", mustVerifier(t, &k.PublicKey).Verify(alg, []byte("in"), sig), nil)
		if got.HashFunc() != alg.Hash() {
			t.Errorf("%s: signer asked for hash %v", alg, got.HashFunc())
		}
		pss, isPSS := got.(*rsa.PSSOptions)
		wantPSS := alg[0] == 'P'
		if isPSS != wantPSS {
			t.Errorf("%s: signer options %T", alg, got)
		}
		if isPSS && pss.SaltLength != rsa.PSSSaltLengthEqualsHash && pss.SaltLength != alg.Hash().Size() {
			t.Errorf("%s: signer asked for salt length %d", alg, pss.SaltLength)
		}
	}
}

// TestRSASignatureScheme_RFC7518_3_3 checks that RS* signatures are
// RSASSA-PKCS1-v1_5 of the right hash, the modulus size long, and that
// RS* and PS* signatures and hashes are never interchangeable.
func TestRSASignatureScheme_RFC7518_3_3(t *testing.T) {
	k := keys().rsa2048
	vk := mustVerifier(t, &k.PublicKey)
	input := []byte("eyJhbGciOiJSUzI1NiJ9.e30")
	algs := []signing.Algorithm{signing.RS256, signing.RS384, signing.RS512, signing.PS256, signing.PS384, signing.PS512}
	sigs := map[signing.Algorithm][]byte{}
	for _, alg := range algs {
		sig := mustSign(t, alg, k, input)
		if len(sig) != 256 {
			t.Errorf("%s: %d-byte signature, want 256", alg, len(sig))
		}
		if alg[0] == 'R' {
			if err := rsa.VerifyPKCS1v15(&k.PublicKey, alg.Hash(), digestOf(alg, input, nil), sig); err != nil {
				t.Errorf("%s: crypto/rsa does not verify: %v", alg, err)
			}
		}
		sigs[alg] = sig
	}
	for _, alg := range algs {
		for _, other := range algs {
			err := vk.Verify(alg, input, sigs[other])
			if alg == other {
				wantErr(t, string(alg), err, nil)
			} else {
				wantErr(t, string(other)+" signature as "+string(alg), err, signing.ErrSignatureInvalid)
			}
		}
		sig := sigs[alg]
		bad := map[string][]byte{
			"empty":          nil,
			"one byte short": sig[1:],
			"leading zero":   append([]byte{0}, sig...),
			"trailing zero":  append(append([]byte{}, sig...), 0),
			"last bit":       flipBit(sig, len(sig)*8-1),
			"first bit":      flipBit(sig, 0),
			"all zero":       make([]byte, len(sig)),
			"modulus":        k.N.Bytes(),
		}
		for name, b := range bad {
			wantErr(t, string(alg)+" "+name, vk.Verify(alg, input, b), signing.ErrSignatureInvalid)
		}
	}
}

// flipBit returns a copy of b with bit i (0 = most significant bit of the
// first byte) inverted.
func flipBit(b []byte, i int) []byte {
	c := append([]byte{}, b...)
	c[i/8] ^= 0x80 >> (i % 8)
	return c
}
