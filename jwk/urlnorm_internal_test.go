package jwk

import (
	"testing"

	"github.com/jotlib/jwt/internal/urlnorm"
)

// TestRFC3986_6_2_2_NormalizeURLIsTheSharedRule: jwk compares key-set URLs
// by internal/urlnorm's one normaliser (RFC 3986 section 6.2.2), whose own
// tests hold the rule's cases.
func TestRFC3986_6_2_2_NormalizeURLIsTheSharedRule(t *testing.T) {
	for _, in := range []string{"HTTPS://User:Pw@IdP.Example:443/a/./b/../%7Euser/%2f?", "https://[::ffff:192.0.2.1]/jwks", "https://idp.example./jwks"} {
		if got, want := normalizeURL(in), urlnorm.Normalize(in); got != want {
			t.Errorf("normalizeURL(%q) = %q, urlnorm.Normalize gives %q", in, got, want)
		}
	}
}
