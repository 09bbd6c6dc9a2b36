package jwt_test

import (
	"errors"
	"strings"
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

// TestNilAndZeroValidationErrorNeverPanic: a nil or zero *ValidationError
// (not made by a parse) has a message saying so and unwraps to nothing, so
// it matches no rule's sentinel.
func TestNilAndZeroValidationErrorNeverPanic(t *testing.T) {
	for name, e := range map[string]*jwt.ValidationError{"nil": nil, "zero": {}} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s ValidationError: panic: %v", name, r)
				}
			}()
			if msg := e.Error(); msg == "" || !strings.HasPrefix(msg, "jwt: ") {
				t.Errorf("%s ValidationError: Error() = %q", name, msg)
			}
			if err := e.Unwrap(); err != nil {
				t.Errorf("%s ValidationError: Unwrap() = %v, want nil", name, err)
			}
			var err error = e
			if errors.Is(err, jwt.ErrTokenExpired) {
				t.Errorf("%s ValidationError matches a rule it does not hold", name)
			}
		}()
	}
}
