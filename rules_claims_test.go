package jwt_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// TestClaimsAreAStrictJSONObjectWithTypedRegisteredClaims_RFC7519_4 runs the
// corpus's claims attacks: duplicates (also escaped), look-alike names, exp
// of every wrong type and out of range, aud/iss/sub/jti of the wrong type,
// invalid UTF-8, lone surrogates, deep nesting, non-objects, trailing data,
// BOM and number grammar.
func TestClaimsAreAStrictJSONObjectWithTypedRegisteredClaims_RFC7519_4(t *testing.T) {
	rtRunCorpus(t, "claims/")
}

// rtFoldVariants returns every string other than name that equals it under
// Unicode simple case folding (strings.EqualFold), e.g. "ſub" for "sub".
func rtFoldVariants(name string) []string {
	out := []string{""}
	for _, r := range name {
		orbit := []rune{r}
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			orbit = append(orbit, f)
		}
		var next []string
		for _, prefix := range out {
			for _, o := range orbit {
				next = append(next, prefix+string(o))
			}
		}
		out = next
	}
	return out[1:] // out[0] is name itself
}

// TestRegisteredNameLookalikesUnderCaseFoldingAreRefused_Rule7:
// encoding/json matches object names to struct fields case-insensitively
// (strings.EqualFold), so "Exp", "EXP" or "ſub" (U+017F) would fill a
// struct's registered field while a map and the validation saw another
// name. Every such variant is refused, and so are names that lower- or
// upper-case to a registered one ("İss" with U+0130, "ıss" with U+0131),
// since other codecs match names that way.
func TestRegisteredNameLookalikesUnderCaseFoldingAreRefused_Rule7(t *testing.T) {
	var r claims.Registered
	if err := json.Unmarshal([]byte(`{"EXP":1,"ſub":"x"}`), &r); err != nil || r.ExpiresAt == nil || r.Subject != "x" {
		t.Logf("encoding/json no longer folds names (%v, %+v); the rule stays", err, r)
	}
	total := 0
	for _, name := range []string{"iss", "sub", "aud", "exp", "nbf", "iat", "jti"} {
		variants := rtFoldVariants(name)
		if len(variants) < 7 {
			t.Fatalf("%s: only %d variants", name, len(variants))
		}
		for _, v := range variants {
			if !strings.EqualFold(v, name) {
				t.Fatalf("%q does not fold to %q", v, name)
			}
			total++
			for _, value := range []string{`1`, `"x"`, `["x"]`} {
				tok := rtHS256(`{"alg":"HS256"}`, `{"`+v+`":`+value+`}`)
				if _, err := jwt.Parse(tok, rtSecret); !errors.Is(err, jwt.ErrTokenMalformed) {
					t.Errorf("claim %q: got %v, want ErrTokenMalformed", v, err)
				}
			}
			// Escaped, the name is the same name.
			var esc strings.Builder
			for _, r := range v {
				esc.WriteString(`\u` + rtHex4(r))
			}
			tok := rtHS256(`{"alg":"HS256"}`, `{"`+esc.String()+`":1}`)
			if _, err := jwt.Parse(tok, rtSecret); !errors.Is(err, jwt.ErrTokenMalformed) {
				t.Errorf("escaped claim %q: got %v, want ErrTokenMalformed", esc.String(), err)
			}
		}
	}
	t.Logf("%d look-alike names refused", total)
	for _, lookalike := range []string{"ıss", "İat", "jtı", "İSS"} {
		tok := rtHS256(`{"alg":"HS256"}`, `{"`+lookalike+`":1}`)
		if _, err := jwt.Parse(tok, rtSecret); !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("claim %q: got %v, want ErrTokenMalformed", lookalike, err)
		}
	}
	for _, private := range []string{"sub_", "exp ", "ex", "expires", "aud2", "ıd", "eẋp"} {
		tok := rtHS256(`{"alg":"HS256"}`, `{"`+private+`":1}`)
		if _, err := jwt.Parse(tok, rtSecret); err != nil {
			t.Errorf("private claim %q: %v", private, err)
		}
	}
}

func rtHex4(r rune) string {
	const hex = "0123456789abcdef"
	return string([]byte{hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15]})
}

// TestDeepNestingIsRefusedWithoutStackOverflow_Rule7 nests up to the size
// cap.
func TestDeepNestingIsRefusedWithoutStackOverflow_Rule7(t *testing.T) {
	for _, depth := range []int{65, 1000, 100_000, 150_000} {
		for _, open := range []string{"[", `{"a":`, `[{"a":`} {
			payload := `{"x":` + strings.Repeat(open, depth)
			tok := rtHS256(`{"alg":"HS256"}`, payload)
			if _, err := jwt.Parse(tok, rtSecret); !errors.Is(err, jwt.ErrTokenMalformed) {
				t.Errorf("depth %d of %q: got %v, want ErrTokenMalformed", depth, open, err)
			}
		}
	}
}

// rtPrefilled is a claims value with content that must survive a refusal.
type rtPrefilled struct {
	claims.Registered
	Role string `json:"role"`
}

// TestClaimsAreLeftUntouchedWhenATokenIsRefused_Rule6: nothing reaches the
// caller's value before the signature and every rule have passed.
func TestClaimsAreLeftUntouchedWhenATokenIsRefused_Rule6(t *testing.T) {
	forged := rtRaw(`{"alg":"HS256"}`, `{"sub":"evil","role":"admin"}`, rtHMAC([]byte(strings.Repeat("z", 32))))
	tests := []struct {
		name  string
		token string
		opts  []jwt.Option
		want  error
	}{
		{"bad signature", forged, nil, jwt.ErrSignatureInvalid},
		{"expired", rtHS256(`{"alg":"HS256"}`, `{"sub":"evil","role":"admin","exp":1}`), nil, jwt.ErrTokenExpired},
		{"not yet valid", rtHS256(`{"alg":"HS256"}`, `{"sub":"evil","role":"admin","nbf":4102444800}`), nil, jwt.ErrTokenNotValidYet},
		{"wrong audience", rtHS256(`{"alg":"HS256"}`, `{"sub":"evil","role":"admin","aud":"x"}`), []jwt.Option{jwt.WithAudience("api")}, jwt.ErrInvalidAudience},
		{"duplicate claim", rtHS256(`{"alg":"HS256"}`, `{"sub":"evil","role":"admin","role":"root"}`), nil, jwt.ErrTokenMalformed},
		{"look-alike claim", rtHS256(`{"alg":"HS256"}`, `{"sub":"evil","role":"admin","Exp":1}`), nil, jwt.ErrTokenMalformed},
		{"alg none", rtB64(`{"alg":"none"}`) + "." + rtB64(`{"sub":"evil","role":"admin"}`) + ".", nil, jwt.ErrAlgorithmNotAllowed},
		{"wrong type", rtHS256(`{"alg":"HS256","typ":"at+jwt"}`, `{"sub":"evil","role":"admin"}`), []jwt.Option{jwt.WithType("JWT")}, jwt.ErrInvalidType},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := rtPrefilled{Registered: claims.Registered{Subject: "kept"}, Role: "kept"}
			sBefore := s
			if _, err := jwt.ParseWithClaims(tc.token, &s, rtSecret, tc.opts...); !errors.Is(err, tc.want) {
				t.Fatalf("struct: got %v, want %v", err, tc.want)
			}
			if !reflect.DeepEqual(s, sBefore) {
				t.Errorf("struct changed: %+v", s)
			}
			m := map[string]any{"sub": "kept"}
			if _, err := jwt.ParseWithClaims(tc.token, &m, rtSecret, tc.opts...); !errors.Is(err, tc.want) {
				t.Fatalf("map: got %v, want %v", err, tc.want)
			}
			if len(m) != 1 || m["sub"] != "kept" {
				t.Errorf("map changed: %v", m)
			}
		})
	}
}

// TestParseWithClaimsNeedsANonNilPointer.
func TestParseWithClaimsNeedsANonNilPointer(t *testing.T) {
	tok := rtHS256(`{"alg":"HS256"}`, `{"sub":"a"}`)
	var nilMap *map[string]any
	for _, dst := range []any{nil, map[string]any{}, claims.Registered{}, nilMap, (*claims.Registered)(nil)} {
		if _, err := jwt.ParseWithClaims(tok, dst, rtSecret); !errors.Is(err, jwt.ErrEncoding) {
			t.Errorf("%T: got %v, want ErrEncoding", dst, err)
		}
	}
}
