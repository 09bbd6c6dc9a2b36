package benchmarks

import (
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// TestCodecFloorsRefuseWhatTheyCheck checks that the rule-free floors do
// the work they are credited with: the HMAC, the base64url alphabet and
// the exp and nbf comparisons, for both claim kinds.
func TestCodecFloorsRefuseWhatTheyCheck(t *testing.T) {
	a := findCaseT(t, "HS256")
	dot := strings.IndexByte(a.token, '.')
	tampered := a.token[:dot+1] + flipB64(a.token[dot+1]) + a.token[dot+2:]
	last := strings.LastIndexByte(a.token, '.') // a line break in the signature leaves the HMAC input as it was
	lineBreak := a.token[:last+5] + "\n" + a.token[last+5:]
	signed := func(mod func(*accessClaims)) string {
		c := jotStructClaims()
		mod(&c)
		tok, err := jwt.Sign(jwt.HS256, c, a.signK)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	expired := signed(func(c *accessClaims) { c.ExpiresAt = claims.NewNumericDate(time.Now().Add(-time.Hour)) })
	early := signed(func(c *accessClaims) { c.NotBefore = claims.NewNumericDate(time.Now().Add(time.Hour)) })
	for _, im := range codecFloorImpls() {
		for _, kind := range a.kinds {
			parse, err := im.parse(a, kind)
			if err != nil {
				t.Fatal(err)
			}
			for name, tok := range map[string]string{"tampered": tampered, "line break": lineBreak, "expired": expired, "not yet valid": early} {
				if err := parse(tok, nil); err == nil {
					t.Errorf("%s %s: accepted a %s token", im.lib, kind, name)
				}
			}
		}
	}
}

// flipB64 returns another base64url character than c.
func flipB64(c byte) string {
	if c == 'A' {
		return "B"
	}
	return "A"
}

func findCaseT(t *testing.T, name string) *algCase {
	t.Helper()
	for _, a := range algCases(t) {
		if a.name == name {
			return a
		}
	}
	t.Fatalf("no algorithm %s", name)
	return nil
}
