package signing_test

import (
	"bytes"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// TestHMACComparedInFull_RFC7518_3_2 checks rule 5 for HS*: the MAC is the
// full hash output, compared as a whole (hmac.Equal, constant time): any
// other length, a truncated or extended tag, and any one flipped bit are
// refused, and the signature equals crypto/hmac's.
func TestHMACComparedInFull_RFC7518_3_2(t *testing.T) {
	secret := keys().hs64
	vk := mustVerifier(t, secret)
	input := []byte("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0")
	for _, alg := range []signing.Algorithm{signing.HS256, signing.HS384, signing.HS512} {
		t.Run(string(alg), func(t *testing.T) {
			sig := mustSign(t, alg, secret, input)
			if want := hmacSum(alg, secret, input); !bytes.Equal(sig, want) {
				t.Fatalf("signature %x, crypto/hmac says %x", sig, want)
			}
			if len(sig) != alg.Hash().Size() {
				t.Fatalf("%d-byte MAC", len(sig))
			}
			wantErr(t, "Verify", vk.Verify(alg, input, sig), nil)
			bad := map[string][]byte{
				"nil":              nil,
				"empty":            {},
				"first byte":       sig[:1],
				"truncated to 16":  sig[:16],
				"truncated by one": sig[:len(sig)-1],
				"half":             sig[:len(sig)/2],
				"extended by zero": append(append([]byte{}, sig...), 0),
				"doubled":          append(append([]byte{}, sig...), sig...),
				"all zero":         make([]byte, len(sig)),
				"other message":    hmacSum(alg, secret, append(input, 'x')),
				"other key":        hmacSum(alg, keys().hs48, input),
			}
			for _, other := range []signing.Algorithm{signing.HS256, signing.HS384, signing.HS512} {
				if other != alg {
					bad["MAC of "+string(other)] = hmacSum(other, secret, input)
				}
			}
			for name, b := range bad {
				wantErr(t, name, vk.Verify(alg, input, b), signing.ErrSignatureInvalid)
			}
			for i := 0; i < len(sig)*8; i++ {
				if vk.Verify(alg, input, flipBit(sig, i)) == nil {
					t.Fatalf("signature with bit %d flipped verifies", i)
				}
			}
		})
	}
}
