package encodertest

import (
	"fmt"
	"strings"
)

// duplicateWinner is what the raw codec does with a duplicate member (the
// core refuses duplicates before any codec runs).
func duplicateWinner(c *checker) string {
	v, o := unmarshal(c.enc, []byte(`{"a":1,"a":2}`), newMap)
	switch {
	case o.panicked:
		return "panic"
	case o.err != nil:
		return "error"
	}
	switch (*v.(*map[string]any))["a"] {
	case float64(2):
		return "last"
	case float64(1):
		return "first"
	}
	return fmt.Sprintf("other: %v", show(v))
}

// caseMatching describes how the raw codec matches member names to struct
// fields: ASCII case, the Kelvin sign (U+212A, folds to k) and the long s
// (U+017F, folds to s), as strings.EqualFold does; and whether it also
// matches the dotted capital I (U+0130) to i, which lowercasing does and
// case folding does not.
func caseMatching(c *checker) string {
	probe := func(in string) bool {
		v, o := unmarshal(c.enc, []byte(in), newAccess)
		a := v.(*accessClaims)
		return o.err == nil && (a.Name != "" || a.Kind != "" || a.Scope != "")
	}
	var got []string
	if probe(`{"NAME":"x"}`) {
		got = append(got, "ASCII")
	}
	if probe("{\"\u212aind\":\"x\"}") {
		got = append(got, "K (U+212A)")
	}
	if probe("{\"\u017fcope\":\"x\"}") {
		got = append(got, "ſ (U+017F)")
	}
	if v, o := unmarshal(c.enc, []byte("{\"\u0130at\":1}"), newAccess); o.err == nil && v.(*accessClaims).IssuedAt != nil {
		got = append(got, "also İ (U+0130) as i: not a fold")
	}
	if len(got) == 0 {
		return "case-sensitive"
	}
	return strings.Join(got, ", ")
}

// floatPrecision summarises the number probes: "exact" when every float
// marshals and decodes as with encoding/json.
func floatPrecision(r *Report) string {
	var lost []string
	for _, res := range r.Results {
		if res.Group == "numbers" && res.Status == Failed && (strings.Contains(res.Name, "float") || strings.Contains(res.Name, "0.") || strings.Contains(res.Name, "digits")) {
			lost = append(lost, res.Name)
		}
	}
	if len(lost) == 0 {
		return "exact"
	}
	return "differs: " + strings.Join(lost, ", ")
}

// wideEqual reports whether every wide-struct probe matched encoding/json.
func wideEqual(r *Report) bool {
	for _, res := range r.Results {
		if res.Group == "wide" && res.Status == Failed {
			return false
		}
	}
	return true
}
