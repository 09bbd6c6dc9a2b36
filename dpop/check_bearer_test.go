package dpop_test

import (
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// TestRFC9449_7_2_CheckBearer: a bound token is no bearer token; an
// unbound one and one that is not a JWT pass; an unsupported binding and a
// malformed "cnf" are refused as BoundKey says.
func TestRFC9449_7_2_CheckBearer(t *testing.T) {
	const jkt = "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"
	for _, tc := range []struct {
		token string
		want  error
	}{
		{vfToken(`{"sub":"a"}`), nil},
		{vfToken(`{"cnf":{}}`), nil},
		{"an-opaque-token", nil},
		{vfToken(`{"cnf":{"jkt":"` + jkt + `"}}`), dpop.ErrBoundTokenAsBearer},
		{vfToken(`{"cnf":{"x5t#S256":"abc"}}`), dpop.ErrUnsupportedBinding},
		{vfToken(`{"cnf":{"jkt":"short"}}`), jwt.ErrTokenMalformed},
	} {
		err := dpop.CheckBearer(tc.token)
		if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("CheckBearer(%.40q) = %v, want %v", tc.token, err, tc.want)
		}
	}
}
