//go:build !go1.27

package jwk_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestAKP_NeedsGo127: built with a Go older than 1.27 (no crypto/mldsa), a
// well-formed AKP key (RFC 9964's examples, private and public) is refused
// by ParseKey with ErrUnsupportedKeyType, which matches jwt.ErrInvalidKey
// but not ErrInvalidKey, saying that Go 1.27 is needed; ParseSet skips and
// lists it beside a key that still verifies, and a set of AKP keys alone is
// an empty set (as for an unknown "kty"), not an error.
func TestAKP_NeedsGo127(t *testing.T) {
	tok := mustSign(t, jwt.HS256, mustB64(hmac), "h")
	var all []string
	for _, ex := range rfc9964Examples(t) {
		if ex.alg.Available() {
			t.Fatalf("%s is available without crypto/mldsa", ex.alg)
		}
		public := akpJWK("kid", ex.kid, "kty", "AKP", "alg", string(ex.alg), "pub", ex.pub)
		for _, key := range []string{ex.jwk, public} {
			_, err := jwk.ParseKey([]byte(key))
			if !errors.Is(err, jwk.ErrUnsupportedKeyType) || !errors.Is(err, jwt.ErrInvalidKey) || errors.Is(err, jwk.ErrInvalidKey) ||
				!strings.Contains(err.Error(), "needs Go 1.27") || !strings.Contains(err.Error(), string(ex.alg)) {
				t.Fatalf("ParseKey = %v, want ErrUnsupportedKeyType saying Go 1.27 is needed", err)
			}
			t.Log(err)
			s, err := jwk.ParseSet([]byte(`{"keys":[` + key + `,` + goodOct + `]}`))
			if err != nil || s.Len() != 1 {
				t.Fatalf("ParseSet: %v", err)
			}
			if sk := s.Skipped(); len(sk) != 1 || !errors.Is(sk[0], jwk.ErrUnsupportedKeyType) || !strings.Contains(sk[0].Error(), `kid "`+ex.kid+`"`) ||
				!strings.Contains(sk[0].Error(), "Go 1.27") {
				t.Fatalf("Skipped() = %v", sk)
			}
			if _, err := jwt.Parse(tok, s); err != nil {
				t.Fatalf("the key beside the AKP key: %v", err)
			}
			all = append(all, key)
		}
		if _, err := jwt.Parse(ex.jws, jwk.NewSet()); err == nil {
			t.Fatal("an ML-DSA token verified")
		}
	}
	s, err := jwk.ParseSet([]byte(`{"keys":[` + strings.Join(all, ",") + `]}`))
	if err != nil || s.Len() != 0 || len(s.Skipped()) != len(all) {
		t.Fatalf("a set of AKP keys alone: %v, %d keys", err, s.Len())
	}
}
