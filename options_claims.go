package jwt

import (
	"fmt"
	"unicode/utf8"

	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/strictjson"
)

// audiences refuses an empty list and empty audiences: neither names a
// principal, and a rule that could never fail must not look like one.
func (c *config) audiences(name string, aud []string) bool {
	if len(aud) == 0 {
		c.fail("%s needs at least one audience", name)
		return false
	}
	for _, a := range aud {
		if a == "" {
			c.fail("%s: empty audience", name)
			return false
		}
	}
	return true
}

// unmeetableRequirement says why no token accepted by the strict pass
// could carry every one of names, or returns "". The look-alike rules are
// the strict pass's own (strictjson.LookAlike, strictjson.FoldKey).
func unmeetableRequirement(names []string) string {
	seen := make(map[string]string, len(names))
	for _, n := range names {
		switch {
		case n == "":
			return "empty claim name"
		case !utf8.ValidString(n):
			return fmt.Sprintf("claim name %s is not valid UTF-8, which no JSON member name is", bounded.Quote(n))
		}
		if reg := strictjson.LookAlike(n, claimrules.RegisteredNames[:]...); reg != "" {
			return fmt.Sprintf("claim name %s is a case-folded look-alike of the registered claim %q, "+
				"which every token carrying it is refused for (RFC 7519 section 4: names are case-sensitive); require %q",
				bounded.Quote(n), reg, reg)
		}
		key := strictjson.FoldKey(n)
		if prev, ok := seen[key]; ok && prev != n {
			return fmt.Sprintf("claim names %s and %s are case-folded look-alikes, which no token may carry together",
				bounded.Quote(prev), bounded.Quote(n))
		}
		seen[key] = n
	}
	return ""
}
