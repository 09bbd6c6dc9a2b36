//go:build go1.27

package jwt_test

import (
	"crypto/mldsa"
	"testing"

	"github.com/jotlib/jwt"
)

// cacheBenchMLDSA is ML-DSA-65's row of BenchmarkCache (Go 1.27 and later,
// whose standard library has crypto/mldsa).
func cacheBenchMLDSA(tb testing.TB) []benchAlg {
	tb.Helper()
	k, err := mldsa.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		tb.Fatal(err)
	}
	return []benchAlg{{"ML-DSA-65", jwt.MLDSA65, k, k.PublicKey()}}
}
