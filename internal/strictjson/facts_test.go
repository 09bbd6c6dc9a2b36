package strictjson_test

import (
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/jotlib/jwt/internal/strictjson"
)

// rawStrings calls fn for each string of data, valid JSON, with its raw
// bytes between the quotes and whether it is a member name (the next byte
// past white space is ':'): computed without the package, for the facts.
func rawStrings(data []byte, fn func(raw []byte, name bool)) {
	for i := 0; i < len(data); i++ {
		if data[i] != '"' {
			continue
		}
		start := i + 1
		for i++; i < len(data) && data[i] != '"'; i++ {
			if data[i] == '\\' {
				i++
			}
		}
		raw := data[start:min(i, len(data))]
		j := i + 1
		for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\n' || data[j] == '\r') {
			j++
		}
		fn(raw, j < len(data) && data[j] == ':')
	}
}

// directFacts computes Facts for data, an object the pass accepted, byte
// by byte.
func directFacts(data []byte) strictjson.Facts {
	var f strictjson.Facts
	for _, c := range data {
		f.NonASCII = f.NonASCII || c >= utf8.RuneSelf
		f.Escaped = f.Escaped || c == '\\'
	}
	rawStrings(data, func(raw []byte, name bool) {
		if !name {
			return
		}
		for _, c := range raw {
			if c == '\\' || c >= utf8.RuneSelf {
				f.UnusualNames = true
			}
		}
	})
	return f
}

// checkProven fails unless what the pass accepted in data meets what
// Facts' doc says every accepted object meets (RFC 8259 sections 7 and
// 8.1), and facts match a direct computation.
func checkProven(t *testing.T, data []byte, facts strictjson.Facts) {
	t.Helper()
	if !utf8.Valid(data) {
		t.Fatalf("accepted input is not valid UTF-8: %q", data)
	}
	rawStrings(data, func(raw []byte, _ bool) {
		for _, c := range raw {
			if c < 0x20 {
				t.Fatalf("accepted input has a control character in a string: %q", data)
			}
		}
	})
	if want := directFacts(data); facts != want {
		t.Fatalf("Facts %+v, computed directly %+v, for %q", facts, want, data)
	}
}

func TestRFC8259_8_1_FactsOfAnAcceptedObject(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want strictjson.Facts
	}{
		{`{}`, strictjson.Facts{}},
		{` {"sub":"alice","n":[1,{"x":"y"}]} `, strictjson.Facts{}},
		{`{"name":"café"}`, strictjson.Facts{NonASCII: true}},
		{`{"name":"a\"b"}`, strictjson.Facts{Escaped: true}},
		{`{"a":["\u00e9"]}`, strictjson.Facts{Escaped: true}},
		{`{"café":1}`, strictjson.Facts{NonASCII: true, UnusualNames: true}},
		{`{"a\u0062":1}`, strictjson.Facts{Escaped: true, UnusualNames: true}},
		{`{"a":{"b":{"\u0063":1}}}`, strictjson.Facts{Escaped: true, UnusualNames: true}},
		{`{"a":[{"é":"x"}]}`, strictjson.Facts{NonASCII: true, UnusualNames: true}},
		{`{"a":"` + "\u00e9" + `","b\/":1}`, strictjson.Facts{NonASCII: true, Escaped: true, UnusualNames: true}},
		{`{"long name past eight bytes":"and a long plain value too"}`, strictjson.Facts{}},
	} {
		got, err := strictjson.ObjectFacts([]byte(tc.in), func(strictjson.Key, []byte) error { return nil })
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if got != tc.want {
			t.Errorf("%s: Facts %+v, want %+v", tc.in, got, tc.want)
		}
		checkProven(t, []byte(tc.in), got)
	}
}

func TestRFC8259_FactsZeroOnARefusedObject(t *testing.T) {
	for _, in := range []string{`{"é":1,"é":2}`, "{\"a\":\"\xff\"}", `{"a\u0062":1} x`, `[1]`, `{"a":"\ud800"}`} {
		got, err := strictjson.ObjectFacts([]byte(in), nil)
		if !errors.Is(err, strictjson.ErrInvalid) {
			t.Errorf("%q: err %v, want ErrInvalid", in, err)
		}
		if got != (strictjson.Facts{}) {
			t.Errorf("%q: refused with Facts %+v, want zero", in, got)
		}
	}
}

func TestFactsMemberFuncErrorReturnedAsIs(t *testing.T) {
	stop := errors.New("stop")
	got, err := strictjson.ObjectFacts([]byte(`{"é":1}`), func(strictjson.Key, []byte) error { return stop })
	if err != stop || got != (strictjson.Facts{}) {
		t.Fatalf("err %v, facts %+v; want stop and zero Facts", err, got)
	}
}
