package strictjson_test

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jotlib/jwt/internal/strictjson"
)

// lookAlikeObjects each hold two member names of one object that are equal
// under Unicode simple case folding (strings.EqualFold) or under
// strings.ToLower or strings.ToUpper, without being equal.
var lookAlikeObjects = []struct{ name, in string }{
	{"role/ROLE", `{"role":"user","ROLE":"admin"}`},
	{"ROLE/role", `{"ROLE":"admin","role":"user"}`},
	{"Role/rOLE", `{"Role":1,"rOLE":2}`},
	{"a/A", `{"a":1,"A":2}`},
	{"not adjacent", `{"role":1,"x":2,"y":3,"RoLe":4}`},
	{"nested object", `{"x":{"role":"user","ROLE":"admin"}}`},
	{"object in array", `{"x":[{"role":1},{"role":1,"ROLE":2}]}`},
	{"deep", `{"a":{"b":[[{"c":{"name":1,"NAME":2}}]]}}`},
	{"escaped upper", `{"role":1,"\u0052OLE":2}`},
	{"escaped lower", `{"\u0072\u006f\u006c\u0065":1,"ROLE":2}`},
	{"both escaped", `{"\u0072ole":1,"\u0052ole":2}`},
	{"escaped slash", `{"a/b":1,"A\/B":2}`},
	{"Kelvin sign and k", `{"k":1,"\u212a":2}`},
	{"Kelvin sign and K, raw", "{\"K\":1,\"\u212a\":2}"},
	{"Kelvin sign in a longer name", "{\"kid\":1,\"\u212aID\":2}"},
	{"long s and s", "{\"sub\":1,\"\u017fub\":2}"},
	{"long s and S", `{"\u017f":1,"S":2}`},
	{"dotted capital I and i (ToLower)", "{\"i\":1,\"\u0130\":2}"},
	{"dotless i and I (ToUpper)", "{\"I\":1,\"\u0131\":2}"},
	{"dotless i and i (ToUpper)", "{\"iss\":1,\"\u0131ss\":2}"},
	{"dotted and dotless i (one class)", "{\"\u0130\":1,\"\u0131\":2}"},
	{"non-ASCII letters", `{"é":1,"É":2}`},
	{"Greek sigmas", "{\"\u03c3\":1,\"\u03c2\":2}"},
	{"Greek sigma and capital", "{\"\u03a3\":1,\"\u03c2\":2}"},
	{"micro sign and mu", "{\"\u00b5\":1,\"\u03bc\":2}"},
	{"Cyrillic", `{"дом":1,"ДОМ":2}`},
	{"title-case digraph", "{\"\u01c4\":1,\"\u01c5\":2}"},
	{"Deseret, 4-byte runes", "{\"\U00010400\":1,\"\U00010428\":2}"},
	{"sharp s, capital sharp s", "{\"\u00df\":1,\"\u1e9e\":2}"},
	{"angstrom sign and A with ring", "{\"\u212b\":1,\"\u00e5\":2}"},
}

// TestStrict_MemberNamesEqualUnderCaseFoldingAreRefused_LookAlike: two
// names of one object, at any depth, that are equal under Unicode simple
// case folding or under lower- or upper-casing are refused like exact
// duplicates, and the error says which name the other one looks like.
func TestStrict_MemberNamesEqualUnderCaseFoldingAreRefused_LookAlike(t *testing.T) {
	cases := append([]struct{ name, in string }{}, lookAlikeObjects...)
	// Past the flat list of 16 names (the hash table): a look-alike of a
	// name from the flat part, from the table part, at the switch-over.
	for _, n := range []int{15, 16, 17, 40, 200} {
		for _, of := range []int{0, 15, 16, n - 1} {
			if of >= n {
				continue
			}
			members := make([]string, n)
			for i := range members {
				members[i] = `"role` + strconv.Itoa(i) + `":` + strconv.Itoa(i)
			}
			for _, look := range []string{"ROLE", `R\u004fLE`, "rolE", "ROLE"} {
				in := `{` + strings.Join(members, ",") + `,"` + look + strconv.Itoa(of) + `":0}`
				cases = append(cases, struct{ name, in string }{strconv.Itoa(n) + " names, " + look + strconv.Itoa(of), in})
			}
			// The look-alike first, its fold-equal name later.
			members[of] = `"ROLE` + strconv.Itoa(of) + `":1`
			in := `{` + strings.Join(members, ",") + `,"role` + strconv.Itoa(of) + `":0}`
			cases = append(cases, struct{ name, in string }{strconv.Itoa(n) + " names, role" + strconv.Itoa(of) + " after ROLE", in})
		}
	}
	for _, tc := range cases {
		err := strictjson.Object([]byte(tc.in), sjNoop)
		if !errors.Is(err, strictjson.ErrInvalid) || !strings.Contains(err.Error(), "case-folded look-alike") {
			t.Errorf("%s: %s: got %v, want a case-folded look-alike error", tc.name, tc.in, err)
			continue
		}
		if err := strictjson.Valid([]byte(`[` + tc.in + `]`)); !errors.Is(err, strictjson.ErrInvalid) {
			t.Errorf("%s: Valid inside an array: got %v", tc.name, err)
		}
	}
	// Exact duplicates still say so, escaped or not.
	for _, in := range []string{`{"role":1,"role":2}`, `{"role":1,"r\u006fle":2}`} {
		if err := strictjson.Object([]byte(in), sjNoop); err == nil || !strings.Contains(err.Error(), "duplicate") {
			t.Errorf("%s: got %v, want a duplicate error", in, err)
		}
	}
	// The message names both.
	err := strictjson.Object([]byte(`{"role":1,"\u0052OLE":2}`), sjNoop)
	if err == nil || !strings.Contains(err.Error(), `"ROLE"`) || !strings.Contains(err.Error(), `"role"`) {
		t.Errorf("message %v should name both", err)
	}
}

// TestStrict_MemberNamesNotEqualUnderCaseFoldingAreAccepted_LookAlike:
// distinct names, names equal only after Unicode normalization (é and
// e + U+0301), names whose full case mappings (not simple ones) agree, and
// fold-equal names in different objects all pass.
func TestStrict_MemberNamesNotEqualUnderCaseFoldingAreAccepted_LookAlike(t *testing.T) {
	for _, in := range []string{
		`{"a":1,"b":2}`,
		`{"role":1,"roles":2,"rol":3,"Rolf":4}`,
		`{"é":1,"e\u0301":2}`, // canonically equivalent, not fold-equal
		"{\"\u00e9\":1,\"e\u0301\":2}",
		"{\"\u00c5\":1,\"A\u030a\":2}",
		"{\"ss\":1,\"\u00df\":2}",             // full folding only
		"{\"\ufb00\":1,\"ff\":2}",             // a ligature: full folding only
		"{\"i\u0307\":1,\"\u0130\":2}",        // full lower-casing only
		`{"a":{"role":1},"b":{"ROLE":2}}`,     // different objects
		`{"x":[{"role":1},{"ROLE":2}]}`,       // different objects in an array
		`{"role":{"ROLE":1}}`,                 // parent and child
		`{"1":1,"!":2,"a1":3,"A2":4,"_":5}`,   // no letters, different letters
		`{"@":1,"` + "`" + `":2,"[":3,"{":4}`, // bytes next to the letters
		"{\"\u212a\":1,\"\u212b\":2}",
	} {
		if err := strictjson.Object([]byte(in), sjNoop); err != nil {
			t.Errorf("%s: %v", in, err)
		}
	}
	// Many distinct names, past the flat list.
	members := make([]string, 300)
	for i := range members {
		members[i] = `"m` + strconv.Itoa(i) + `":1,"` + "\u212a" + strconv.Itoa(i) + `":1`
	}
	if err := strictjson.Object([]byte(`{`+strings.Join(members, ",")+`}`), sjNoop); err != nil {
		t.Errorf("600 distinct names: %v", err)
	}
}

// FuzzLookAlike: an object of two distinct names that strings.EqualFold,
// strings.ToLower or strings.ToUpper finds equal is refused; any object of
// two names the pass accepts has names that none of them finds equal.
func FuzzLookAlike(f *testing.F) {
	for _, p := range [][2]string{
		{"role", "ROLE"}, {"k", "\u212a"}, {"s", "\u017f"}, {"i", "\u0130"}, {"I", "\u0131"}, {"é", "e\u0301"},
		{"a", "b"}, {"ss", "ß"}, {"\u03c3", "\u03c2"}, {"\u01c4", "\u01c6"}, {"x", "x"},
	} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if !utf8.ValidString(a) || !utf8.ValidString(b) {
			return
		}
		qa, _ := json.Marshal(a)
		qb, _ := json.Marshal(b)
		in := []byte(`{` + string(qa) + `:1,` + string(qb) + `:2}`)
		err := strictjson.Object(in, sjNoop)
		equal := a == b
		//lint:ignore SA6005 lowercasing and uppercasing are checked besides folding: they are not the same
		folds := strings.EqualFold(a, b) || strings.ToLower(a) == strings.ToLower(b) || strings.ToUpper(a) == strings.ToUpper(b)
		switch {
		case equal && (err == nil || !strings.Contains(err.Error(), "duplicate")):
			t.Fatalf("%q twice: got %v", a, err)
		case !equal && folds && (err == nil || !strings.Contains(err.Error(), "case-folded look-alike")):
			t.Fatalf("%q and %q: got %v, want a look-alike error", a, b, err)
		case err != nil && !equal && !sameFoldClasses(a, b):
			t.Fatalf("%q and %q refused: %v", a, b, err)
		case !equal && (strictjson.LookAlike(a, b) != "") != (err != nil):
			t.Fatalf("%q and %q: LookAlike %q, the strict pass %v", a, b, strictjson.LookAlike(a, b), err)
		}
	})
}

// TestRFC8725_3_10_NamesInDuplicateErrorsAreCut: a duplicate or
// look-alike member name of 300 KB (unverified input) appears in the error
// cut to 100 bytes and marked, in Valid and Object alike.
func TestRFC8725_3_10_NamesInDuplicateErrorsAreCut(t *testing.T) {
	long := strings.Repeat("n", 300<<10)
	for name, in := range map[string]string{
		"duplicate":         `{"` + long + `":1,"` + long + `":2}`,
		"look-alike":        `{"` + long + `a":1,"` + long + `A":2}`,
		"escaped duplicate": `{"` + long + `":1,"\u006e` + long[1:] + `":2}`,
		"nested look-alike": `{"x":{"` + long + `a":1,"` + long + `A":2}}`,
	} {
		errs := map[string]error{
			"Valid":  strictjson.Valid([]byte(in)),
			"Object": strictjson.Object([]byte(in), func(strictjson.Key, []byte) error { return nil }),
		}
		for fn, err := range errs {
			if err == nil {
				t.Errorf("%s, %s: accepted", name, fn)
				continue
			}
			if msg := err.Error(); len(msg) > 400 || !strings.Contains(msg, "bytes)") {
				t.Errorf("%s, %s: a %d-byte error: %.200s", name, fn, len(msg), msg)
			}
		}
	}
}

// TestFoldKeyAgreesWithTheStrictPass: two names have equal FoldKeys exactly
// when the strict pass refuses an object carrying both.
func TestFoldKeyAgreesWithTheStrictPass(t *testing.T) {
	names := []string{"role", "ROLE", "Role", "rolex", "k", "K", "\u212a", "s", "ſ", "iss", "ISS", "ıss", "İss", "ıSS", "é", "É", "a/b", "A/B", "x"}
	for i, a := range names {
		for _, b := range names[i+1:] {
			obj, _ := json.Marshal(map[string]int{a: 1, b: 2})
			refused := strictjson.Valid(obj) != nil
			if same := strictjson.FoldKey(a) == strictjson.FoldKey(b); same != refused {
				t.Errorf("%q, %q: FoldKeys equal %v, the strict pass refuses %v", a, b, same, refused)
			}
		}
	}
}

// TestLookAlikeIsTheStrictPassRule: LookAlike(a, b) names b exactly when a
// is not b and the strict pass refuses an object carrying both (equal fold
// keys), whatever the lengths in UTF-8 ("ıss" and "ISS"); it names the
// first look-alike of several, never a or a name equal to it, and allocates
// nothing.
func TestLookAlikeIsTheStrictPassRule(t *testing.T) {
	names := []string{"role", "ROLE", "Role", "rolex", "k", "K", "\u212a", "s", "ſ", "iss", "ISS", "ıss", "İss", "ıSS",
		"\u212aid", "kid", "kıd", "ｋｉｄ", "x5t#S256", "x5t#ſ256", "é", "É", "e\u0301", "a/b", "A/B", "x", "", "\u00df", "ss"}
	for _, a := range names {
		for _, b := range names {
			obj, _ := json.Marshal(map[string]int{a: 1, b: 2})
			refused := a != b && strictjson.Valid(obj) != nil
			if got := strictjson.LookAlike(a, b); (got != "") != refused || got != "" && got != b {
				t.Errorf("LookAlike(%q, %q) = %q; the strict pass refuses both: %v", a, b, got, refused)
			}
		}
	}
	if got := strictjson.LookAlike("k\u0131d", "alg", "kid", "KID"); got != "kid" {
		t.Errorf("the first look-alike: got %q", got)
	}
	if got := strictjson.LookAlike("kid", "kid", "typ"); got != "" {
		t.Errorf("the name itself: got %q", got)
	}
	params := []string{"alg", "typ", "kid", "cty", "crit", "x5t#S256"}
	if n := testing.AllocsPerRun(100, func() { strictjson.LookAlike("k\u0130d", params...) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}
