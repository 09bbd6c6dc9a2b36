package jwt_test

import (
	"errors"
	"testing"

	"github.com/jotlib/jwt"
)

// A zero or nil Verifier or Signer reports ErrInvalidKey instead of
// panicking: never a panic on misuse.
func TestZeroValueVerifierAndSignerReportErrInvalidKeyWithoutPanicking(t *testing.T) {
	var zv jwt.Verifier
	var nv *jwt.Verifier
	for _, v := range []*jwt.Verifier{&zv, nv} {
		if _, err := v.Parse("a.b.c"); !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("Parse: %v", err)
		}
		var m map[string]any
		if _, err := v.ParseWithClaims("a.b.c", &m); !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("ParseWithClaims: %v", err)
		}
	}
	var zs jwt.Signer
	var ns *jwt.Signer
	for _, s := range []*jwt.Signer{&zs, ns} {
		if _, err := s.Sign(map[string]any{"sub": "x"}); !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("Sign: %v", err)
		}
		if s.Algorithm() != "" {
			t.Errorf("Algorithm: %q", s.Algorithm())
		}
	}
}
