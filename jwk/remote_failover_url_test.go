package jwk

import (
	"errors"
	"testing"
)

// TestRFC3986_6_2_2_FailoverURLThatIsTheURLSpelledOtherwiseRefused: a
// failover URL equal to the set's own URL after syntax-based normalisation
// is no failover at all (RFC 3986 section 6.2.2).
func TestRFC3986_6_2_2_FailoverURLThatIsTheURLSpelledOtherwiseRefused(t *testing.T) {
	for _, failover := range []string{
		"https://idp.example/jwks",
		"HTTPS://IDP.example:443/jwks",
		"https://idp.example/%6Awks",
		"https://idp.example/a/../jwks#",
	} {
		_, err := NewRemoteSet("https://idp.example/jwks", WithFailoverURL(failover))
		if !errors.Is(err, ErrInvalidOption) {
			t.Errorf("WithFailoverURL(%q): %v, want ErrInvalidOption", failover, err)
		}
	}
}
