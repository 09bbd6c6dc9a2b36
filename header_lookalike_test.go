package jwt_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/strictjson"
)

// lookAlikeHeaderNames are header member names equal to a registered header
// parameter (of) under a case mapping a JSON codec may match names by
// (simple case folding, lower- or upper-casing) without being it; escaped is
// the name as a JSON escape writes it, when the case uses one.
var lookAlikeHeaderNames = []struct{ name, escaped, of string }{
	{"k\u0131d", "", "kid"},           // dotless i: upper-cases to I
	{"k\u0131d", `k\u0131d`, "kid"},   // the same, escaped
	{"k\u0130d", "", "kid"},           // dotted capital I: lower-cases to i
	{"KID", "", "kid"},                // ASCII case
	{"\u212aid", "", "kid"},           // Kelvin sign: folds to k
	{"cr\u0131t", "", "crit"},         // dotless i
	{"x5t#\u017f256", "", "x5t#S256"}, // long s: folds to s
	{"X5T#s256", "", "x5t#S256"},      // ASCII case
	{"C\u0422y", "", ""},              // Cyrillic Te: another letter, not a look-alike
	{"\u0131\u017f\u017f", "", ""},    // ıſſ: a claim's look-alike, a private header member
	{"\uff4b\uff49\uff44", "", ""},    // ｋｉｄ: equal only under NFKC, which no codec applies
	{"k\u0131d_hint", "", ""},         // longer: another name
}

// TestRFC8725_LookAlikeHeaderNameRefused: a header member named by a
// case-folded look-alike of a registered header parameter (RFC 7515 section
// 4.1) is refused by the parser (ErrTokenMalformed, ReadUnverified too) and
// by WithHeader (ErrInvalidOption), under the claims' rule: a codec that
// matches names by case could read it as the parameter (RFC 8725 section
// 3.10 and 3.11 rest on one reading of the header). Other names are private
// members, written by WithHeader and read back by Header.Get by their own
// name only.
func TestRFC8725_LookAlikeHeaderNameRefused(t *testing.T) {
	for _, tc := range lookAlikeHeaderNames {
		raw := tc.name
		if tc.escaped != "" {
			raw = tc.escaped
		}
		tok := rtHS256(`{"alg":"HS256","`+raw+`":"x"}`, `{}`)
		got, err := jwt.Parse(tok, rtSecret)
		_, uerr := jwt.ReadUnverified(tok)
		_, serr := jwt.NewSigner(jwt.HS256, rtSecret, jwt.WithHeader(tc.name, "x"))
		if tc.of == "" {
			if err != nil || uerr != nil || serr != nil {
				t.Errorf("%q: Parse %v, ReadUnverified %v, WithHeader %v; want a private member", tc.name, err, uerr, serr)
				continue
			}
			if v, ok := got.Header.Get(tc.name); !ok || string(v) != `"x"` || got.Header.KeyID != "" {
				t.Errorf("%q: Get %s, %v; KeyID %q", tc.name, v, ok, got.Header.KeyID)
			}
			continue
		}
		want := `folds to "` + tc.of + `"`
		if !errors.Is(err, jwt.ErrTokenMalformed) || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse, header member %q: got %v, want ErrTokenMalformed, %s", raw, err, want)
		}
		if !errors.Is(uerr, jwt.ErrTokenMalformed) {
			t.Errorf("ReadUnverified, header member %q: got %v, want ErrTokenMalformed", raw, uerr)
		}
		want = `folds to the header parameter "` + tc.of + `"`
		if !errors.Is(serr, jwt.ErrInvalidOption) || !strings.Contains(serr.Error(), want) {
			t.Errorf("WithHeader(%q): got %v, want ErrInvalidOption, %s", tc.name, serr, want)
		}
	}
}

// TestLookAlikeRuleIsOneForHeaderAndClaims: each registered header
// parameter and claim name spelled with a dotless i, a dotted capital I, a
// Kelvin sign, a long s, in upper case or in fullwidth letters is refused by
// the header parser and WithHeader, or by the claims' strict pass, exactly
// when its fold key (strictjson.FoldKey) is the name's.
func TestLookAlikeRuleIsOneForHeaderAndClaims(t *testing.T) {
	spellings := map[string]map[rune]rune{
		"dotless i":   {'i': '\u0131'},
		"dotted I":    {'i': '\u0130'},
		"Kelvin sign": {'k': '\u212a'},
		"long s":      {'s': '\u017f', 'S': '\u017f'},
		"upper case":  {'a': 'A', 'i': 'I', 'k': 'K', 's': 'S', 't': 'T', 'u': 'U', 'x': 'X', 'y': 'Y'},
		"fullwidth":   {'i': '\uff49', 'k': '\uff4b', 's': '\uff53', 'u': '\uff55'},
	}
	respell := func(name string, m map[rune]rune) string {
		return strings.Map(func(r rune) rune {
			if s, ok := m[r]; ok {
				return s
			}
			return r
		}, name)
	}
	for how, m := range spellings {
		for _, target := range []string{"typ", "kid", "cty", "crit", "x5t#S256", "iss", "sub", "aud", "exp", "nbf", "iat", "jti"} {
			name := respell(target, m)
			if name == target {
				continue
			}
			refuse := strictjson.FoldKey(name) == strictjson.FoldKey(target)
			header, payload := `{"alg":"HS256","`+name+`":"x"}`, `{}`
			if len(target) == 3 && strings.Contains("iss sub aud exp nbf iat jti", target) {
				header, payload = `{"alg":"HS256"}`, `{"`+name+`":"x"}`
			} else if _, err := jwt.NewSigner(jwt.HS256, rtSecret, jwt.WithHeader(name, "x")); (err != nil) != refuse {
				t.Errorf("%s: WithHeader(%q): got %v, refuse %v", how, name, err, refuse)
			}
			_, err := jwt.Parse(rtHS256(header, payload), rtSecret)
			if (err != nil) != refuse || refuse && !errors.Is(err, jwt.ErrTokenMalformed) {
				t.Errorf("%s: %q (of %q): got %v, refuse %v", how, name, target, err, refuse)
			}
		}
	}
}
