//go:build !go1.27

package jwt_test

import "testing"

// cacheBenchMLDSA is empty before Go 1.27: no crypto/mldsa.
func cacheBenchMLDSA(testing.TB) []benchAlg { return nil }
