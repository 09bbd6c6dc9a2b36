package claims_test

import (
	"strings"
	"testing"

	"github.com/jotlib/jwt/claims"
)

// TestIsRegisteredIsExact_RFC7519_4_1: the seven registered names, exactly
// (claim names are case-sensitive).
func TestIsRegisteredIsExact_RFC7519_4_1(t *testing.T) {
	for _, name := range []string{"iss", "sub", "aud", "exp", "nbf", "iat", "jti"} {
		if !claims.IsRegistered(name) || claims.IsRegistered(strings.ToUpper(name)) {
			t.Errorf("IsRegistered(%q)", name)
		}
	}
	for _, name := range []string{"", "Iss", "exp ", "roles"} {
		if claims.IsRegistered(name) {
			t.Errorf("IsRegistered(%q)", name)
		}
	}
}
