package wwwauth

import (
	"maps"
	"testing"
)

// TestRFC9110_11_6_1_Parse: auth-params as tokens or quoted-strings
// (quoted-pairs unescaped), names case-insensitive, BWS around "=".
func TestRFC9110_11_6_1_Parse(t *testing.T) {
	scheme, params, err := Parse(`Bearer realm="a \"b\" \\c", Error = invalid_token,scope="x y"`)
	want := map[string]string{"realm": `a "b" \c`, "error": "invalid_token", "scope": "x y"}
	if err != nil || scheme != "Bearer" || !maps.Equal(params, want) {
		t.Fatalf("%q %v %v", scheme, params, err)
	}
	if scheme, params, err := Parse("Bearer"); err != nil || scheme != "Bearer" || len(params) != 0 {
		t.Fatalf("bare scheme: %q %v %v", scheme, params, err)
	}
}

// TestRFC9110_11_6_1_OffGrammarRefused: what a strict client refuses.
func TestRFC9110_11_6_1_OffGrammarRefused(t *testing.T) {
	for _, v := range []string{
		``, `Bearer realm`, `Bearer realm="open`, `Bearer a=1 b=2`, `Bearer a=1,`, `Bearer a=1, a=2`,
		`Bearer a="x` + "\n" + `"`, `Bearer a=x"y`, `Bear"er a=1`,
	} {
		if _, _, err := Parse(v); err == nil {
			t.Errorf("%q accepted", v)
		}
	}
}
