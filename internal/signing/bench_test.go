package signing_test

import (
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// benchAlgs are the asymmetric algorithms compared here: ES256 and EdDSA,
// and with Go 1.27 and later the three ML-DSA ones.
func benchAlgs() []signing.Algorithm {
	algs := []signing.Algorithm{signing.ES256, signing.EdDSA}
	for _, a := range []signing.Algorithm{signing.MLDSA44, signing.MLDSA65, signing.MLDSA87} {
		if a.Available() {
			algs = append(algs, a)
		}
	}
	return algs
}

// benchInput is a JWS Signing Input of a typical size.
var benchInput = []byte("eyJhbGciOiJNTC1EU0EtNDQiLCJ0eXAiOiJKV1QifQ." +
	"eyJpc3MiOiJodHRwczovL2lzc3Vlci5leGFtcGxlIiwic3ViIjoidXNlci0xMjM0NSIsImF1ZCI6ImFwaSIsImV4cCI6MTc2NzIyNTYwMCwiaWF0IjoxNzY3MjIyMDAwfQ")

// BenchmarkSign is AppendSign with a reused buffer: sign/<alg>.
func BenchmarkSign(b *testing.B) {
	for _, alg := range benchAlgs() {
		b.Run(string(alg), func(b *testing.B) {
			sk, err := signing.NewSigningKey(alg, signingKeyFor(alg))
			if err != nil {
				b.Fatal(err)
			}
			buf := make([]byte, 0, sk.Size())
			b.ReportAllocs()
			for b.Loop() {
				if buf, err = sk.AppendSign(buf[:0], benchInput); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkVerify is Verify with the public key: verify/<alg>.
func BenchmarkVerify(b *testing.B) {
	for _, alg := range benchAlgs() {
		b.Run(string(alg), func(b *testing.B) {
			sig := mustSign(b, alg, signingKeyFor(alg), benchInput)
			vk := mustVerifier(b, publicKeyFor(alg))
			b.ReportAllocs()
			for b.Loop() {
				if err := vk.Verify(alg, benchInput, sig); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
