package strictjson_test

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/jotlib/jwt/internal/strictjson"
)

func sjNoop(strictjson.Key, []byte) error { return nil }

// sjValidObjects are objects every conforming JSON parser reads the same way.
var sjValidObjects = []string{
	`{}`, ` {} `, "\t\r\n{\t\r\n}\t\r\n", `{"a":1}`, `{"a":"b","c":[1,2,{"d":null}],"e":true,"f":false}`,
	`{"n":-0}`, `{"n":0.5}`, `{"n":1e308}`, `{"n":-1.7976931348623157e308}`, `{"n":4.9e-324}`, `{"n":1e-400}`,
	`{"n":1E+2}`, `{"n":12345678901234567890123}`, `{"s":"\"\\\/\b\f\n\r\t\u0000\u001f"}`,
	`{"s":"\ud83d\ude00"}`, `{"s":"😀é中"}`, "{\"s\":\"\xef\xbf\xbd\"}", "{\"s\":\"\xef\xbf\xbf\"}", `{"":1}`,
	`{"a":1,"b":2}`, `{"a":{"a":1},"b":{"a":2}}`, `{"a":[{"x":1},{"x":2}]}`, `{"s":"<>&\u2028"}`,
}

// sjInvalid are inputs the strict pass refuses, with the rule each breaks.
var sjInvalid = []struct{ name, in string }{
	{"empty", ``}, {"white space only", ` `}, {"array", `[]`}, {"string", `"a"`}, {"number", `1`}, {"null", `null`},
	{"unterminated object", `{`}, {"unterminated member", `{"a":`}, {"missing colon", `{"a" 1}`}, {"missing value", `{"a":}`},
	{"trailing comma", `{"a":1,}`}, {"leading comma", `{,"a":1}`}, {"double comma", `{"a":1,,"b":2}`},
	{"unquoted name", `{a:1}`}, {"single quotes", `{'a':1}`}, {"number name", `{1:1}`},
	{"trailing data", `{}x`}, {"second object", `{}{}`}, {"NUL then object", "{}\x00{}"}, {"comma after", `{},`},
	{"BOM", "\xef\xbb\xbf{}"}, {"form feed", "\f{}"}, {"NBSP", "\xc2\xa0{}"}, {"vertical tab", "{\v}"},
	{"comment", `{/*x*/}`}, {"line comment", "{}//x"},
	{"leading zero", `{"n":01}`}, {"plus", `{"n":+1}`}, {"trailing dot", `{"n":1.}`}, {"leading dot", `{"n":.5}`},
	{"exponent without digits", `{"n":1e}`}, {"exponent sign only", `{"n":1e+}`}, {"minus only", `{"n":-}`},
	{"NaN", `{"n":NaN}`}, {"Infinity", `{"n":Infinity}`}, {"hex", `{"n":0x1}`}, {"overflow", `{"n":1e309}`},
	{"negative overflow", `{"n":-1e309}`}, {"long overflow", `{"n":1` + strings.Repeat("0", 309) + `}`},
	{"True", `{"a":True}`}, {"nul", `{"a":nul}`}, {"truex", `{"a":truex}`},
	{"raw control character", "{\"a\":\"\x01\"}"}, {"raw tab", "{\"a\":\"\t\"}"}, {"raw newline", "{\"a\":\"\n\"}"},
	{"raw DEL is fine but invalid escape", `{"a":"\a"}`}, {"short unicode escape", `{"a":"\u12"}`}, {"bad hex", `{"a":"\u12g4"}`},
	{"unterminated string", `{"a":"b}`}, {"escape at end", `{"a":"\`},
	{"invalid UTF-8 byte", "{\"a\":\"\xff\"}"}, {"truncated UTF-8", "{\"a\":\"\xc3\"}"}, {"overlong slash", "{\"a\":\"\xc0\xaf\"}"},
	{"overlong NUL", "{\"a\":\"\xc0\x80\"}"}, {"UTF-8 encoded surrogate", "{\"a\":\"\xed\xa0\x80\"}"}, {"beyond U+10FFFF", "{\"a\":\"\xf4\x90\x80\x80\"}"},
	{"invalid UTF-8 in name", "{\"\xff\":1}"},
	{"lone high surrogate", `{"a":"\ud800"}`}, {"lone low surrogate", `{"a":"\udc00"}`}, {"high then letter", `{"a":"\ud800a"}`},
	{"high then BMP escape", `{"a":"\ud800\u0041"}`}, {"two highs", `{"a":"\ud800\ud800"}`}, {"reversed pair", `{"a":"\ude00\ud83d"}`},
	{"high at end of string", `{"a":"x\ud83d"}`}, {"lone surrogate in name", `{"\udfff":1}`},
}

// TestObjectAcceptsOnlyRFC8259Objects_RFC8259: grammar, white space,
// numbers, literals, strings.
func TestObjectAcceptsOnlyRFC8259Objects_RFC8259(t *testing.T) {
	for _, in := range sjValidObjects {
		if err := strictjson.Object([]byte(in), sjNoop); err != nil {
			t.Errorf("%q: %v", in, err)
		}
		if err := strictjson.Valid([]byte(in)); err != nil {
			t.Errorf("Valid(%q): %v", in, err)
		}
		if !json.Valid([]byte(in)) {
			t.Errorf("%q accepted but encoding/json refuses it", in)
		}
	}
	for _, tc := range sjInvalid {
		err := strictjson.Object([]byte(tc.in), sjNoop)
		if !errors.Is(err, strictjson.ErrInvalid) {
			t.Errorf("%s %q: got %v, want ErrInvalid", tc.name, tc.in, err)
		}
		var se *strictjson.SyntaxError
		if err != nil && (!errors.As(err, &se) || se.Offset < 0 || se.Offset > len(tc.in)) {
			t.Errorf("%s: error %v does not locate the failure", tc.name, err)
		}
	}
}

// TestDuplicateNamesAreRefusedAtAnyDepth_RFC7519_4: "Claim Names within a
// JWT Claims Set MUST be unique", compared after unescaping.
func TestDuplicateNamesAreRefusedAtAnyDepth_RFC7519_4(t *testing.T) {
	tests := []struct{ name, in string }{
		{"plain", `{"a":1,"a":2}`},
		{"same value", `{"a":1,"a":1}`},
		{"escaped second", `{"a":1,"\u0061":2}`},
		{"escaped first", `{"\u0061":1,"a":2}`},
		{"both escaped differently", `{"\u0061":1,"\u0062" :1,"\u0061":2}`},
		{"escaped slash", `{"a/b":1,"a\/b":2}`},
		{"escaped non-ASCII", `{"é":1,"\u00e9":2}`},
		{"escaped surrogate pair", `{"😀":1,"\ud83d\ude00":2}`},
		{"upper-case hex escape", `{"\u00E9":1,"\u00e9":2}`},
		{"empty name", `{"":1,"":2}`},
		{"nested object", `{"x":{"a":1,"a":2}}`},
		{"object in array", `{"x":[{"a":1},{"b":1,"b":2}]}`},
		{"deep", `{"x":{"y":{"z":{"a":1,"\u0061":2}}}}`},
		{"not adjacent", `{"a":1,"b":2,"c":3,"a":4}`},
	}
	// Past the flat list of 16 names: a duplicate of a name from the flat
	// part, from the map part, at the switch-over, escaped.
	for _, n := range []int{16, 17, 18, 40, 200} {
		for _, dup := range []int{0, 15, n - 1} {
			if dup < 0 || dup >= n {
				continue
			}
			members := make([]string, n)
			for i := range members {
				members[i] = `"m` + strconv.Itoa(i) + `":` + strconv.Itoa(i)
			}
			name := "m" + strconv.Itoa(dup)
			tests = append(tests,
				struct{ name, in string }{"after " + strconv.Itoa(n) + " members, duplicate of " + name, `{` + strings.Join(members, ",") + `,"` + name + `":0}`},
				struct{ name, in string }{"after " + strconv.Itoa(n) + " members, escaped duplicate of " + name, `{` + strings.Join(members, ",") + `,"\u006d` + name[1:] + `":0}`},
			)
		}
	}
	for _, tc := range tests {
		if err := strictjson.Object([]byte(tc.in), sjNoop); !errors.Is(err, strictjson.ErrInvalid) || !strings.Contains(err.Error(), "duplicate") {
			t.Errorf("%s: got %v, want a duplicate-name error", tc.name, err)
		}
	}
	// Many distinct names, including escape-looking text, are fine.
	members := make([]string, 300)
	for i := range members {
		members[i] = `"m` + strconv.Itoa(i) + `":1`
	}
	ok := `{` + strings.Join(members, ",") + `,"N1":1,"\\u006d1":1}`
	if err := strictjson.Object([]byte(ok), sjNoop); err != nil {
		t.Errorf("300 distinct names: %v", err)
	}
}

// TestNestingDepthIsBounded: MaxDepth levels pass; one more is refused; a
// million levels cost no stack.
func TestNestingDepthIsBounded(t *testing.T) {
	atMax := `{"x":` + strings.Repeat("[", strictjson.MaxDepth-1) + strings.Repeat("]", strictjson.MaxDepth-1) + `}`
	if err := strictjson.Object([]byte(atMax), sjNoop); err != nil {
		t.Errorf("depth %d: %v", strictjson.MaxDepth, err)
	}
	over := `{"x":` + strings.Repeat("[", strictjson.MaxDepth) + strings.Repeat("]", strictjson.MaxDepth) + `}`
	if err := strictjson.Object([]byte(over), sjNoop); !errors.Is(err, strictjson.ErrInvalid) {
		t.Errorf("depth %d: got %v", strictjson.MaxDepth+1, err)
	}
	objects := strings.Repeat(`{"a":`, strictjson.MaxDepth) + "1" + strings.Repeat("}", strictjson.MaxDepth)
	if err := strictjson.Object([]byte(objects), sjNoop); err != nil {
		t.Errorf("%d nested objects: %v", strictjson.MaxDepth, err)
	}
	for _, open := range []string{"[", `{"a":`, `[{"a":`} {
		deep := `{"x":` + strings.Repeat(open, 1_000_000)
		if err := strictjson.Object([]byte(deep), sjNoop); !errors.Is(err, strictjson.ErrInvalid) {
			t.Errorf("a million levels of %q: got %v", open, err)
		}
		if err := strictjson.Valid([]byte(strings.Repeat(open, 1_000_000))); !errors.Is(err, strictjson.ErrInvalid) {
			t.Errorf("Valid, a million levels of %q: got %v", open, err)
		}
	}
}

// TestObjectHandsEachTopLevelMemberRawAndInOrder.
func TestObjectHandsEachTopLevelMemberRawAndInOrder(t *testing.T) {
	in := `{ "a" : 1 , "b\u0063":{"x":[1, 2]}, "s":"v\"w" ,"n":null}`
	type member struct {
		raw, name, value string
		escaped          bool
	}
	var got []member
	err := strictjson.Object([]byte(in), func(k strictjson.Key, v []byte) error {
		got = append(got, member{string(k.Raw), k.Name(), string(v), k.Escaped})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []member{{"a", "a", "1", false}, {`b\u0063`, "bc", `{"x":[1, 2]}`, true}, {"s", "s", `"v\"w"`, false}, {"n", "n", "null", false}}
	if len(got) != len(want) {
		t.Fatalf("got %d members: %+v", len(got), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("member %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	// An error from the callback stops the pass and comes back as is.
	stop := errors.New("stop")
	calls := 0
	err = strictjson.Object([]byte(`{"a":1,"b":2,"c":3}`), func(k strictjson.Key, _ []byte) error {
		calls++
		if k.Is("b") {
			return stop
		}
		return nil
	})
	if err != stop || calls != 2 {
		t.Errorf("got %v after %d calls", err, calls)
	}
	// Key.Is compares the decoded name.
	k := strictjson.Key{Raw: []byte(`\u0065xp`), Escaped: true}
	if !k.Is("exp") || k.Is(`\u0065xp`) || k.Name() != "exp" {
		t.Error("Key.Is / Key.Name on an escaped name")
	}
}

// TestStringHelpersDecodeCheckedValues: String, StringEquals and EachArrayElement on values the
// pass has checked.
func TestStringHelpersDecodeCheckedValues(t *testing.T) {
	for in, want := range map[string]string{`"a"`: "a", `""`: "", `"\u0061\/\n"`: "a/\n", `"\ud83d\ude00"`: "😀", `"é"`: "é"} {
		s, ok := strictjson.String([]byte(in))
		if !ok || s != want {
			t.Errorf("String(%s) = %q, %v", in, s, ok)
		}
		if !strictjson.StringEquals([]byte(in), want) || strictjson.StringEquals([]byte(in), want+"x") {
			t.Errorf("StringEquals(%s, %q)", in, want)
		}
	}
	for _, in := range []string{`1`, `null`, `[]`, `{}`, ``, `"`} {
		if _, ok := strictjson.String([]byte(in)); ok {
			t.Errorf("String(%s) reported a string", in)
		}
		if strictjson.StringEquals([]byte(in), "") {
			t.Errorf("StringEquals(%s, \"\")", in)
		}
	}
	var elems []string
	if !strictjson.EachArrayElement([]byte(`[ "a" , 1,{"b":[2]} ,null ]`), func(e []byte) bool { elems = append(elems, string(e)); return true }) {
		t.Fatal("not an array")
	}
	if strings.Join(elems, "|") != `"a"|1|{"b":[2]}|null` {
		t.Errorf("elements %q", elems)
	}
	n := 0
	strictjson.EachArrayElement([]byte(`[1,2,3]`), func([]byte) bool { n++; return n < 2 })
	if n != 2 {
		t.Errorf("early stop after %d", n)
	}
	if !strictjson.EachArrayElement([]byte(`[]`), func([]byte) bool { t.Error("element in []"); return true }) {
		t.Error("[] is an array")
	}
	if strictjson.EachArrayElement([]byte(`"a"`), func([]byte) bool { return true }) {
		t.Error(`"a" is not an array`)
	}
}

// TestValidAcceptsAnyValueUnderTheSameRules.
func TestValidAcceptsAnyValueUnderTheSameRules(t *testing.T) {
	for _, in := range []string{`1`, `"a"`, `null`, `true`, `[1,"a",{}]`, ` [ ] `} {
		if err := strictjson.Valid([]byte(in)); err != nil {
			t.Errorf("%q: %v", in, err)
		}
	}
	for _, in := range []string{``, `1 2`, `[1,]`, `"\ud800"`, "\"\xff\"", `[{"a":1,"a":2}]`, `1e999`, `nul`} {
		if err := strictjson.Valid([]byte(in)); !errors.Is(err, strictjson.ErrInvalid) {
			t.Errorf("%q: got %v", in, err)
		}
	}
}
