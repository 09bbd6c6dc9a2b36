package jwt_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
)

// maxErrorLen bounds an error that names unverified input: every name or
// value in it is cut to 100 bytes, marked (RFC 8725 section 3.10: what a
// token says is not trusted, its size included).
const maxErrorLen = 600

// TestRFC8725_3_10_UnverifiedNamesInErrorsAreCut: a forged token whose
// header (before any signature) or claims repeat a member name of 300 KB,
// or give a case-folded look-alike of one, or whose kid (300 KB) finds no
// usable key, is refused with an error that names it cut to 100 bytes.
func TestRFC8725_3_10_UnverifiedNamesInErrorsAreCut(t *testing.T) {
	long := strings.Repeat("n", 300<<10)
	forged := rtHMAC([]byte(strings.Repeat("x", 32)))
	cases := map[string]struct {
		token string
		key   any
		want  error
	}{
		"header duplicate": {
			rtRaw(`{"alg":"ES256","`+long+`":1,"`+long+`":2}`, `{}`, forged), rtSecret, jwt.ErrTokenMalformed,
		},
		"header look-alike": {
			rtRaw(`{"alg":"HS256","`+long+`a":1,"`+long+`A":2}`, `{}`, forged), rtSecret, jwt.ErrTokenMalformed,
		},
		"claims duplicate": {
			rtHS256(`{"alg":"HS256"}`, `{"`+long+`":1,"`+long+`":2}`), rtSecret, jwt.ErrTokenMalformed,
		},
		"claims look-alike": {
			rtHS256(`{"alg":"HS256"}`, `{"`+long+`a":1,"`+long+`A":2}`), rtSecret, jwt.ErrTokenMalformed,
		},
		"kid with no usable key": {
			rtRaw(`{"alg":"HS256","kid":"`+long+`"}`, `{}`, forged), rtKeySet{keys: []any{"not a key"}}, jwt.ErrInvalidKey,
		},
	}
	for name, c := range cases {
		_, err := jwt.Parse(c.token, c.key)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
			continue
		}
		if n := len(err.Error()); n > maxErrorLen || !strings.Contains(err.Error(), "bytes)") {
			t.Errorf("%s: a %d-byte error, want at most %d with the cut marked: %.200s", name, n, maxErrorLen, err)
		}
	}
	// Unverified reading applies the same strict pass.
	for _, tok := range []string{cases["header duplicate"].token, cases["claims look-alike"].token} {
		if _, err := jwt.ReadUnverified(tok); err == nil || len(err.Error()) > maxErrorLen {
			t.Errorf("ReadUnverified: a %d-byte error", len(errString(err)))
		}
	}
	v, err := jwt.NewVerifier(rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.ParseContext(context.Background(), cases["header duplicate"].token); err == nil || len(err.Error()) > maxErrorLen {
		t.Errorf("Verifier.ParseContext: a %d-byte error", len(errString(err)))
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
