//go:build !go1.27

package dpop_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// TestRFC9964_MLDSANeedsGo127ForProofs: built with a Go older than 1.27,
// the default algorithms hold no ML-DSA one, a Config listing ML-DSA only
// is ErrInvalidConfig saying Go 1.27 is needed, and ML-DSA names beside
// another algorithm are dropped from Algorithms.
func TestRFC9964_MLDSANeedsGo127ForProofs(t *testing.T) {
	if a := vfVerifier(t, dpop.Config{}).Algorithms(); slices.Contains(a, jwt.MLDSA44) {
		t.Errorf("Algorithms() = %v", a)
	}
	cfg := vfConfig()
	cfg.Algorithms = []jwt.Algorithm{jwt.MLDSA65}
	if _, err := dpop.NewVerifier(cfg); !errors.Is(err, dpop.ErrInvalidConfig) {
		t.Errorf("ML-DSA-65 only: %v", err)
	}
	cfg.Algorithms = []jwt.Algorithm{jwt.MLDSA65, jwt.ES256}
	if a := vfVerifier(t, cfg).Algorithms(); !slices.Equal(a, []jwt.Algorithm{jwt.ES256}) {
		t.Errorf("Algorithms() = %v, want [ES256]", a)
	}
}
