package jwt_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
)

// TestRFC7519_4_RequiredClaimThatNoTokenMayCarryRefusedAtConstruction:
// the strict pass refuses every token with a member whose name is a
// case-folded look-alike of a registered claim ("ISS", "ıss" U+0131,
// "Exp"), and every token with two members whose names are look-alikes of
// each other ("role" and "ROLE", "k" and the Kelvin sign). A
// WithRequiredClaims naming such a claim, or two such names, could never
// pass: ErrInvalidOption at NewVerifier, saying why. Exact names, and
// names that only look alike to a human, are accepted.
func TestRFC7519_4_RequiredClaimThatNoTokenMayCarryRefusedAtConstruction(t *testing.T) {
	refused := map[string]struct {
		names []string
		why   string
	}{
		"ISS":                   {[]string{"ISS"}, `"iss"`},
		"ıss (dotless i)":       {[]string{"ıss"}, `"iss"`},
		"Exp":                   {[]string{"tenant", "Exp"}, `"exp"`},
		"JTI":                   {[]string{"JTI"}, `"jti"`},
		"İat (dotted I)":        {[]string{"İat"}, `"iat"`},
		"role and ROLE":         {[]string{"role", "ROLE"}, `"role"`},
		"k and the Kelvin sign": {[]string{"k", "\u212a"}, "look-alike"},
		"invalid UTF-8":         {[]string{"a\xffb"}, "UTF-8"},
	}
	for name, c := range refused {
		_, err := jwt.NewVerifier(rtSecret, jwt.WithRequiredClaims(c.names...))
		if !errors.Is(err, jwt.ErrInvalidOption) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: %v, want ErrInvalidOption naming %s", name, err, c.why)
		}
	}
	for _, names := range [][]string{{"iss"}, {"exp", "tenant"}, {"role", "rolex"}, {"sub", "sub"}, {"é1"}, {"Tenant"}} {
		if _, err := jwt.NewVerifier(rtSecret, jwt.WithRequiredClaims(names...)); err != nil {
			t.Errorf("WithRequiredClaims%q: %v", names, err)
		}
	}
	// Why: such tokens are refused whatever the options.
	for _, payload := range []string{`{"ISS":"x"}`, `{"ıss":"x"}`, `{"role":1,"ROLE":2}`} {
		if _, err := jwt.Parse(rtHS256(`{"alg":"HS256"}`, payload), rtSecret); !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s: %v, want refused by the strict pass", payload, err)
		}
	}
}
