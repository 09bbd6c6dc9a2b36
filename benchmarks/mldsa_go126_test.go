//go:build !go1.27

package benchmarks

import "testing"

// This file stands in for mldsa_test.go with a Go older than 1.27, which
// has no crypto/mldsa: the library refuses the ML-DSA algorithms there, so
// there are no ML-DSA cases, benchmarks or floor rows.

func mldsaCases() ([]*algCase, error) { return nil, nil }

func mldsaFloorVerify(*algCase, []byte, []byte) (func() error, bool) { return nil, false }

func mldsaFloorSign(*algCase, []byte) (func() ([]byte, error), bool) { return nil, false }

// TestNoMLDSACasesBeforeGo127 checks that such a build measures no ML-DSA
// row.
func TestNoMLDSACasesBeforeGo127(t *testing.T) {
	for _, a := range algCases(t) {
		if isMLDSA(a.name) {
			t.Errorf("case %s in a build without crypto/mldsa", a.name)
		}
	}
}
