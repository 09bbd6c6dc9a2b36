package claimrules_test

import (
	"errors"
	"testing"

	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/strictjson"
)

// TestRFC7519_4_1_RegisteredNamesAreThreeASCIILetters holds the premise of
// Member's shortcut: a plain ASCII name of other than three bytes is no
// look-alike of a registered name, so it is not compared with them.
func TestRFC7519_4_1_RegisteredNamesAreThreeASCIILetters(t *testing.T) {
	for _, n := range claimrules.RegisteredNames {
		if len(n) != 3 {
			t.Errorf("%q: the shortcut in Member assumes three bytes", n)
		}
		for i := 0; i < len(n); i++ {
			if c := n[i]; c < 'a' || c > 'z' {
				t.Errorf("%q: the shortcut in Member assumes ASCII letters", n)
			}
		}
	}
}

// TestRFC7519_4_1_LookAlikeRefusedWhateverItsLength: the shortcut leaves
// every look-alike refused: three ASCII bytes, or non-ASCII of any length
// (U+017F, U+0130), and escaped names; plain ASCII names
// of other lengths pass.
func TestRFC7519_4_1_LookAlikeRefusedWhateverItsLength(t *testing.T) {
	for _, payload := range []string{
		`{"ISS":"a"}`, `{"Jti":"a"}`, `{"ſub":"a"}`, `{"ſUB":"a"}`, `{"İat":1}`, `{"\u0041ud":"a"}`,
	} {
		var e claimrules.Extracted
		if err := strictjson.Object([]byte(payload), e.Member); !errors.Is(err, claimrules.ErrInvalidClaim) {
			t.Errorf("%s: got %v, want ErrInvalidClaim", payload, err)
		}
	}
	for _, payload := range []string{`{"is":1,"issu":2,"name":"n","roles":["r"],"a":1,"expires_in":3}`} {
		var e claimrules.Extracted
		if err := strictjson.Object([]byte(payload), e.Member); err != nil {
			t.Errorf("%s: %v", payload, err)
		}
	}
}
