package signing_test

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/asn1"
	"errors"
	"io"
	"math/big"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// esCase is one ES* algorithm with its key and JWS signature size.
type esCase struct {
	alg  signing.Algorithm
	key  *ecdsa.PrivateKey
	size int
}

func esCases() []esCase {
	k := keys()
	return []esCase{{signing.ES256, k.p256, 64}, {signing.ES384, k.p384, 96}, {signing.ES512, k.p521, 132}}
}

// splitRS reads a JWS ECDSA signature as two big-endian halves.
func splitRS(sig []byte) (r, s *big.Int) {
	h := len(sig) / 2
	return new(big.Int).SetBytes(sig[:h]), new(big.Int).SetBytes(sig[h:])
}

// TestECDSASignatureIsRawRS_RFC7518_3_4 checks rule 5 for ES*: a signature
// is R and S as fixed-size big-endian octet sequences, concatenated, of
// exactly 64, 96 or 132 bytes; the stdlib verifies the halves; DER and any
// other length are refused.
func TestECDSASignatureIsRawRS_RFC7518_3_4(t *testing.T) {
	input := []byte("eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0")
	for _, tc := range esCases() {
		t.Run(string(tc.alg), func(t *testing.T) {
			sig := mustSign(t, tc.alg, tc.key, input)
			if len(sig) != tc.size {
				t.Fatalf("signature of %d bytes, want %d", len(sig), tc.size)
			}
			sk, _ := signing.NewSigningKey(tc.alg, tc.key)
			if sk.Size() != tc.size {
				t.Errorf("Size() = %d, want %d", sk.Size(), tc.size)
			}
			var buf [64]byte
			d := digestOf(tc.alg, input, buf[:0])
			r, s := splitRS(sig)
			if !ecdsa.Verify(&tc.key.PublicKey, d, r, s) {
				t.Fatal("crypto/ecdsa does not verify r||s")
			}
			vk := mustVerifier(t, &tc.key.PublicKey)
			wantErr(t, "Verify", vk.Verify(tc.alg, input, sig), nil)

			der, err := ecdsa.SignASN1(rand.Reader, tc.key, d)
			if err != nil {
				t.Fatal(err)
			}
			derOfOurs, _ := asn1.Marshal(struct{ R, S *big.Int }{r, s})
			half := tc.size / 2
			refused := map[string][]byte{
				"DER (fresh)":              der,
				"DER of the valid r,s":     derOfOurs,
				"DER padded to the size":   padTo(derOfOurs, tc.size),
				"empty":                    {},
				"nil":                      nil,
				"one byte short":           sig[:tc.size-1],
				"one byte long (00 end)":   append(append([]byte{}, sig...), 0),
				"one byte long (00 front)": append([]byte{0}, sig...),
				"halves swapped":           append(append([]byte{}, sig[half:]...), sig[:half]...),
				"r only":                   sig[:half],
				"all zero":                 make([]byte, tc.size),
				"r=0":                      append(make([]byte, half), sig[half:]...),
				"s=0":                      append(append([]byte{}, sig[:half]...), make([]byte, half)...),
				"all 0xff":                 bytes.Repeat([]byte{0xff}, tc.size),
				"r+n":                      joinRS(new(big.Int).Add(r, tc.key.Curve.Params().N), s, half),
				"double size":              append(append([]byte{}, sig...), sig...),
			}
			for name, bad := range refused {
				wantErr(t, name, vk.Verify(tc.alg, input, bad), signing.ErrSignatureInvalid)
			}
			for _, i := range []int{0, half / 2, half - 1, half, tc.size - 1} {
				flipped := append([]byte{}, sig...)
				flipped[i] ^= 0x01
				if vk.Verify(tc.alg, input, flipped) == nil {
					t.Errorf("signature with byte %d flipped verifies", i)
				}
			}
		})
	}
}

// TestECDSASignatureLeftPadded_RFC7518_3_4 checks that R and S shorter than
// the curve size are left-padded with zeros when signing ("the octet
// sequence ... MUST be 32 octets ... including any leading zero octets").
// It signs until one half has a leading zero byte (about 1 in 128 tries
// for P-256 and P-384, 1 in 2 for P-521; bounded), and then feeds a
// KMS-like signer whose DER holds tiny integers.
func TestECDSASignatureLeftPadded_RFC7518_3_4(t *testing.T) {
	const maxTries = 5000
	for _, tc := range esCases() {
		t.Run(string(tc.alg), func(t *testing.T) {
			sk, err := signing.NewSigningKey(tc.alg, tc.key)
			if err != nil {
				t.Fatal(err)
			}
			vk := mustVerifier(t, &tc.key.PublicKey)
			half := tc.size / 2
			for i := 0; i < maxTries; i++ {
				input := []byte("padding-probe-" + itoa(i))
				sig, err := sk.AppendSign(nil, input)
				if err != nil {
					t.Fatal(err)
				}
				if len(sig) != tc.size {
					t.Fatalf("try %d: %d bytes, want %d", i, len(sig), tc.size)
				}
				if sig[0] != 0 && sig[half] != 0 {
					continue
				}
				r, s := splitRS(sig)
				if r.BitLen() > 8*(half-1) && s.BitLen() > 8*(half-1) {
					t.Fatal("leading zero byte but neither half is short")
				}
				wantErr(t, "Verify padded signature", vk.Verify(tc.alg, input, sig), nil)
				// The unpadded form is refused.
				short := append(r.Bytes(), s.FillBytes(make([]byte, half))...)
				if sig[0] != 0 {
					short = append(r.FillBytes(make([]byte, half)), s.Bytes()...)
				}
				wantErr(t, "Verify unpadded signature", vk.Verify(tc.alg, input, short), signing.ErrSignatureInvalid)
				t.Logf("found a short r or s after %d signatures", i+1)
				return
			}
			t.Fatalf("no r or s with a leading zero byte in %d signatures", maxTries)
		})
	}

	// A signer returning DER with r=1, s=2: the output is exactly size
	// bytes, each half left-padded.
	for _, tc := range esCases() {
		der, _ := asn1.Marshal(struct{ R, S *big.Int }{big.NewInt(1), big.NewInt(2)})
		sk, err := signing.NewSigningKey(tc.alg, fixedSigner(tc.key, der))
		if err != nil {
			t.Fatal(err)
		}
		got, err := sk.AppendSign([]byte("prefix"), []byte("x"))
		if err != nil {
			t.Fatal(err)
		}
		want := append([]byte("prefix"), joinRS(big.NewInt(1), big.NewInt(2), tc.size/2)...)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: tiny r,s encoded as %x, want %x", tc.alg, got, want)
		}
	}
}

// TestECDSASignerMalformedDER_ErrorNoPanic checks that a crypto.Signer
// returning something other than a proper DER ECDSA signature makes
// AppendSign fail, without a panic and without emitting a signature.
func TestECDSASignerMalformedDER_ErrorNoPanic(t *testing.T) {
	k := keys().p256
	good, _ := ecdsa.SignASN1(rand.Reader, k, make([]byte, 32))
	n := k.Curve.Params().N
	mk := func(r, s *big.Int) []byte { b, _ := asn1.Marshal(struct{ R, S *big.Int }{r, s}); return b }
	bad := map[string][]byte{
		"empty":                   {},
		"garbage":                 []byte("not der"),
		"raw r||s instead of DER": make([]byte, 64),
		"trailing data":           append(append([]byte{}, good...), 0),
		"truncated":               good[:len(good)-1],
		"r=0":                     mk(big.NewInt(0), big.NewInt(1)),
		"negative s":              mk(big.NewInt(1), big.NewInt(-1)),
		"r wider than 32 bytes":   mk(new(big.Int).Lsh(n, 8), big.NewInt(1)),
		"one integer":             func() []byte { b, _ := asn1.Marshal(struct{ R *big.Int }{big.NewInt(1)}); return b }(),
		"BER long-form length":    {0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01},
		"non-minimal integer":     mkRaw([]byte{0x00, 0x01}, []byte{0x01}),
		"three integers": func() []byte {
			b, _ := asn1.Marshal(struct{ R, S, T *big.Int }{big.NewInt(1), big.NewInt(1), big.NewInt(1)})
			return b
		}(),
	}
	for name, der := range bad {
		noPanic(t, name, func() {
			sk, err := signing.NewSigningKey(signing.ES256, fixedSigner(k, der))
			if err != nil {
				t.Fatal(err)
			}
			out, err := sk.AppendSign([]byte("pre"), []byte("x"))
			if err == nil {
				t.Errorf("%s: AppendSign accepted the signer's output", name)
			}
			if string(out) != "pre" {
				t.Errorf("%s: dst changed to %q on error", name, out)
			}
		})
	}
	failing := funcSigner{
		pub:  func() crypto.PublicKey { return &k.PublicKey },
		sign: func(io.Reader, []byte, crypto.SignerOpts) ([]byte, error) { return nil, errors.New("HSM offline") },
	}
	sk, err := signing.NewSigningKey(signing.ES256, failing)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sk.AppendSign(nil, []byte("x")); err == nil {
		t.Error("a failing signer produced a signature")
	}
}

// fixedSigner has key's public key and always returns sig.
func fixedSigner(key crypto.Signer, sig []byte) crypto.Signer {
	return funcSigner{
		pub:  key.Public,
		sign: func(io.Reader, []byte, crypto.SignerOpts) ([]byte, error) { return sig, nil },
	}
}

func joinRS(r, s *big.Int, half int) []byte {
	out := make([]byte, 2*half)
	if r.BitLen() > 8*half {
		r = new(big.Int).Mod(r, new(big.Int).Lsh(big.NewInt(1), uint(8*half)))
	}
	r.FillBytes(out[:half])
	s.FillBytes(out[half:])
	return out
}

func padTo(b []byte, n int) []byte {
	if len(b) >= n {
		return b
	}
	return append(append([]byte{}, b...), make([]byte, n-len(b))...)
}

// mkRaw builds SEQUENCE { INTEGER r, INTEGER s } from the given contents
// octets, minimal or not.
func mkRaw(r, s []byte) []byte {
	body := append([]byte{0x02, byte(len(r))}, r...)
	body = append(append(body, 0x02, byte(len(s))), s...)
	return append([]byte{0x30, byte(len(body))}, body...)
}
