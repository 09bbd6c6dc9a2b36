package strictjson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/jotlib/jwt/internal/strictjson"
)

// jsonTestSuiteDir is JSONTestSuite's test_parsing folder, relative to this
// package's directory; its files are added as seeds when present.
var jsonTestSuiteDir = filepath.Join("..", "..", "..", "shared", "testdata", "jsontestsuite", "test_parsing")

// reasons are the documented reasons the strict pass refuses JSON that
// encoding/json accepts, each computed here independently of the pass.
type reasons struct {
	duplicate     bool // a member name repeated in one object, after unescaping
	lookAlike     bool // two names of one object whose runes are pairwise in one fold class
	invalidUTF8   bool // bytes that are not UTF-8
	loneSurrogate bool // a \u escape naming half a surrogate pair
	tooDeep       bool // nesting deeper than strictjson.MaxDepth
	hugeNumber    bool // a number beyond a 64-bit float's range
}

func (r reasons) any() bool {
	return r.duplicate || r.lookAlike || r.invalidUTF8 || r.loneSurrogate || r.tooDeep || r.hugeNumber
}

// findReasons computes the reasons for data, which encoding/json accepts.
func findReasons(t *testing.T, data []byte) reasons {
	t.Helper()
	r := reasons{invalidUTF8: !utf8.Valid(data), loneSurrogate: hasLoneSurrogate(data)}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	// Each open container: nil for an array, for an object the names seen
	// by their fold class keys.
	var stack []map[string]string
	expectKey := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("encoding/json accepts %q but its tokenizer fails: %v", data, err)
		}
		switch v := tok.(type) {
		case json.Number:
			if _, err := strconv.ParseFloat(string(v), 64); err != nil {
				r.hugeNumber = true
			}
		case json.Delim:
			switch v {
			case '{', '[':
				var names map[string]string
				if v == '{' {
					names = map[string]string{}
				}
				stack = append(stack, names)
				if len(stack) > strictjson.MaxDepth {
					r.tooDeep = true
				}
				expectKey = v == '{'
				continue
			default:
				stack = stack[:len(stack)-1]
			}
		case string:
			if expectKey {
				top := stack[len(stack)-1]
				class := foldClassKey(v)
				if prev, seen := top[class]; seen {
					r.duplicate = r.duplicate || prev == v
					r.lookAlike = r.lookAlike || prev != v
				}
				top[class] = v
				expectKey = false
				continue
			}
		}
		// After a value inside an object, the next token is a name.
		expectKey = len(stack) > 0 && stack[len(stack)-1] != nil
	}
	return r
}

// foldClassRoots maps every rune to a representative of its class in the
// graph whose edges join r to unicode.SimpleFold(r), unicode.ToLower(r) and
// unicode.ToUpper(r), built by walking every rune: the independent oracle
// for the package's fold keys.
var foldClassRoots = sync.OnceValue(func() []rune {
	parent := make([]rune, unicode.MaxRune+1)
	for r := range parent {
		parent[r] = rune(r)
	}
	find := func(r rune) rune {
		for parent[r] != r {
			parent[r] = parent[parent[r]]
			r = parent[r]
		}
		return r
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		for _, o := range []rune{unicode.SimpleFold(r), unicode.ToLower(r), unicode.ToUpper(r)} {
			if a, b := find(r), find(o); a != b {
				parent[max(a, b)] = min(a, b)
			}
		}
	}
	for r := range parent {
		parent[r] = find(rune(r))
	}
	return parent
})

// foldClassKey is name with each rune replaced by its class's
// representative.
func foldClassKey(name string) string {
	roots := foldClassRoots()
	var b strings.Builder
	for _, r := range name {
		b.WriteRune(roots[r])
	}
	return b.String()
}

// sameFoldClasses reports whether a and b have as many runes and each rune
// of a is in the fold class of b's rune at the same place.
func sameFoldClasses(a, b string) bool { return foldClassKey(a) == foldClassKey(b) }

// hasLoneSurrogate scans the strings of data for a \u escape in
// U+D800–U+DFFF that is not a high surrogate followed by a low one.
func hasLoneSurrogate(data []byte) bool {
	hex := func(i int) (rune, bool) {
		if i+4 > len(data) {
			return 0, false
		}
		var r rune
		for _, c := range data[i : i+4] {
			var d byte
			switch {
			case c >= '0' && c <= '9':
				d = c - '0'
			case c >= 'a' && c <= 'f':
				d = c - 'a' + 10
			case c >= 'A' && c <= 'F':
				d = c - 'A' + 10
			default:
				return 0, false
			}
			r = r<<4 | rune(d)
		}
		return r, true
	}
	inString := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if !inString {
			inString = c == '"'
			continue
		}
		switch c {
		case '"':
			inString = false
		case '\\':
			if i+1 < len(data) && data[i+1] == 'u' {
				r, ok := hex(i + 2)
				if ok && r >= 0xDC00 && r <= 0xDFFF {
					return true
				}
				if ok && r >= 0xD800 && r <= 0xDBFF {
					lo, ok2 := rune(0), false
					if i+7 < len(data) && data[i+6] == '\\' && data[i+7] == 'u' {
						lo, ok2 = hex(i + 8)
					}
					if !ok2 || lo < 0xDC00 || lo > 0xDFFF {
						return true
					}
					i += 6 // the low half is consumed below
				}
				i += 5
				continue
			}
			i++ // skip the escaped character
		}
	}
	return false
}

// FuzzObject compares the strict pass with encoding/json. Everything
// strictjson accepts must be json.Valid and decode into any (and, for
// Object, into map[string]any with the same member names); everything
// json.Valid accepts that the pass refuses must have one of the documented
// reasons (duplicate names, invalid UTF-8, lone surrogates, depth, numbers
// beyond a 64-bit float's range, case-folded look-alike names), and JSON
// with none of them must be accepted. On what Object accepts, ObjectFacts
// accepts too and its Facts match a direct computation (checkProven).
func FuzzObject(f *testing.F) {
	for _, s := range []string{
		`{}`, ` {"a":1} `, `{"alg":"HS256","typ":"JWT"}`, `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`,
		`{"a":{"b":1,"b":2}}`, `{"a":[{"b":1},{"b":2}]}`, `{"é":1,"\u00e9":2}`, "{\"a\":\"\xff\"}",
		`{"a":"\ud800"}`, `{"a":"\udc00"}`, `{"a":"\ud83d\ude00"}`, `{"a":"\\ud800"}`, `{"a":"\ud800\u0041"}`,
		`{"a":` + strings.Repeat("[", 63) + strings.Repeat("]", 63) + `}`,
		`{"a":` + strings.Repeat("[", 64) + strings.Repeat("]", 64) + `}`,
		`[1,2,3]`, `"s"`, `1e400`, `-0.0e-0`, `{"a":01}`, `{"a":1,}`, `{"a" :1 , "b": [ ] }`,
		`{"a":1}{}`, `{"a":1} x`, "{\"a\":\"\x00\"}", `{"a":"\/\b\f\n\r\t\"\\"}`, `{"a":tru}`, `{"a":nul}`,
		"\ufeff{}", `{"a":1}` + "\n", "{\"a\":\"\u2028\"}", `{"\ud800":1,"\udbff":2}`,
		`{"role":1,"ROLE":2}`, `{"k":1,"\u212a":2}`, "{\"\u0130\":1,\"i\":2}", `{"x":[{"s":1,"\u017f":2}]}`,
		`{"a":1.7976931348623157e308}`, `{"a":1.8e308}`, `{"a":-1e400}`, `{"a":1e-400}`, `{"a":` + strings.Repeat("9", 310) + `}`,
	} {
		f.Add([]byte(s))
	}
	if entries, err := os.ReadDir(jsonTestSuiteDir); err == nil {
		for _, e := range entries {
			if data, err := os.ReadFile(filepath.Join(jsonTestSuiteDir, e.Name())); err == nil && len(data) < 4096 {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var names []string
		errObj := strictjson.Object(data, func(k strictjson.Key, value []byte) error {
			names = append(names, k.Name())
			if !k.Is(k.Name()) {
				t.Fatalf("Key.Is(Name()) is false for %q", k.Raw)
			}
			if err := strictjson.Valid(value); err != nil {
				t.Fatalf("member %q: raw value %q is not Valid: %v", k.Name(), value, err)
			}
			return nil
		})
		facts, errFacts := strictjson.ObjectFacts(data, nil)
		if (errFacts == nil) != (errObj == nil) {
			t.Fatalf("ObjectFacts %v but Object %v on %q", errFacts, errObj, data)
		}
		if errFacts == nil {
			checkProven(t, data, facts)
		}
		errVal := strictjson.Valid(data)
		for _, err := range []error{errObj, errVal} {
			if err != nil && !errors.Is(err, strictjson.ErrInvalid) {
				t.Fatalf("error does not wrap ErrInvalid: %v", err)
			}
		}
		isObject := len(bytes.TrimLeft(data, " \t\r\n")) > 0 && bytes.TrimLeft(data, " \t\r\n")[0] == '{'
		if (errObj == nil) != (errVal == nil && isObject) {
			t.Fatalf("Object %v but Valid %v on %q", errObj, errVal, data)
		}

		stdValid := json.Valid(data)
		if errVal == nil {
			if !stdValid {
				t.Fatalf("strictjson accepts what encoding/json refuses: %q", data)
			}
			var v any
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatalf("strictjson accepts, json.Unmarshal into any fails: %v: %q", err, data)
			}
		}
		if errObj == nil {
			var m map[string]any
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatalf("Object accepts, json.Unmarshal into map fails: %v: %q", err, data)
			}
			keys := make([]string, 0, len(m))
			for k := range m {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			sort.Strings(names)
			if strings.Join(keys, "\x00") != strings.Join(names, "\x00") {
				t.Fatalf("member names %q, encoding/json reads %q", names, keys)
			}
		}
		if !stdValid {
			return
		}
		r := findReasons(t, data)
		switch {
		case errVal != nil && !r.any():
			t.Fatalf("strictjson refuses valid JSON with none of the documented reasons: %v: %q", errVal, data)
		case errVal == nil && r.any():
			t.Fatalf("strictjson accepts JSON it must refuse (%+v): %q", r, data)
		}
	})
}
