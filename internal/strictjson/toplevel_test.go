package strictjson_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt/internal/strictjson"
)

// TestTopLevel_FindsOneMemberByItsDecodedName: the value of the top-level
// member of that name, escapes decoded, or nil; nested members,
// look-alikes and other names are not it.
func TestTopLevel_FindsOneMemberByItsDecodedName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"iss":"a"}`, `"a"`},
		{` { "sub" : "x" , "iss" : "a" } `, `"a"`},
		{`{"\u0069ss":"b"}`, `"b"`},
		{`{"i\u0073\u0073":"b"}`, `"b"`},
		{`{"iss":1}`, `1`},
		{`{"iss":{"iss":"x"}}`, `{"iss":"x"}`},
		{`{"iss":null}`, `null`},
		{`{}`, ``},
		{`{"x":{"iss":"a"},"y":[{"iss":"b"}]}`, ``},
		{`{"ISS":"a","Iss":"b","ıss":"c","\u0130ss":"d","iss ":"e","is":"f","isss":"g"}`, ``},
		// Rules on names are Object's: the scan does not refuse them.
		{`{"x":{"a":1,"a":2},"iss":"a","ISS":"b"}`, `"a"`},
	} {
		got, err := strictjson.TopLevel([]byte(tc.in), "iss")
		if err != nil || string(got) != tc.want || (tc.want == "") != (got == nil) {
			t.Errorf("%s: got %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// TestTopLevel_SecondMemberOfTheNameIsAnError: spelled the same or
// escaped, a second member of the name is refused (RFC 7519 section 4),
// as Object refuses it.
func TestTopLevel_SecondMemberOfTheNameIsAnError(t *testing.T) {
	for _, in := range []string{`{"iss":"a","iss":"b"}`, `{"iss":"a","x":1,"\u0069ss":"a"}`, `{"iss":1,"iss":1}`} {
		_, err := strictjson.TopLevel([]byte(in), "iss")
		if !errors.Is(err, strictjson.ErrInvalid) || !strings.Contains(err.Error(), `duplicate member name "iss"`) {
			t.Errorf("%s: got %v", in, err)
		}
	}
}

// TestTopLevel_InputItCannotWalkIsAnErrorBeforeTheMember: whatever Object
// refuses for its grammar is refused when the member is not found before
// it; past the member, the scan ends with the value found, for Object to
// refuse.
func TestTopLevel_InputItCannotWalkIsAnErrorBeforeTheMember(t *testing.T) {
	for _, tc := range sjInvalid {
		if _, err := strictjson.TopLevel([]byte(tc.in), "iss"); !errors.Is(err, strictjson.ErrInvalid) {
			t.Errorf("%s: %q: got %v", tc.name, tc.in, err)
		}
	}
	for _, in := range []string{`{"iss":"a","x":tru}`, `{"iss":"a"}x`, `{"iss":"a","x":"` + "\xff" + `"}`, `{"iss":"a",`} {
		got, err := strictjson.TopLevel([]byte(in), "iss")
		if err != nil || string(got) != `"a"` {
			t.Errorf("%q: got %q, %v", in, got, err)
		}
		if strictjson.Object([]byte(in), sjNoop) == nil {
			t.Errorf("%q: Object accepts it", in)
		}
	}
}

// TestTopLevel_AllocatesNothingWhateverTheInput: the scan keeps no names,
// so the costliest inputs for Object cost it nothing but time linear in
// their length.
func TestTopLevel_AllocatesNothingWhateverTheInput(t *testing.T) {
	inputs := map[string][]byte{
		"16 escaped names per object": worstObjects(768 << 10),
		"one object of many names":    manyNames(768 << 10),
		"long numbers":                longNumbers(768 << 10),
		"nested escaped names":        []byte(strings.Repeat(`{"\u0061":1,"\u0062":`, 63) + "1" + strings.Repeat("}", 63)),
		"one long escaped name":       []byte(`{"` + strings.Repeat(`\u00e9`, 100_000) + `":1,"iss":"a"}`),
	}
	for name, in := range inputs {
		if _, err := strictjson.TopLevel(in, "iss"); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n := testing.AllocsPerRun(3, func() { _, _ = strictjson.TopLevel(in, "iss") }); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
}

// FuzzTopLevelAgreesWithObject: on what Object accepts, TopLevel finds
// what Object hands its callback under that name; it never refuses what
// Object accepts.
func FuzzTopLevelAgreesWithObject(f *testing.F) {
	for _, in := range sjValidObjects {
		f.Add([]byte(in))
	}
	for _, tc := range sjInvalid {
		f.Add([]byte(tc.in))
	}
	f.Add([]byte(`{"iss":"a","\u0069ss":"b"}`))
	f.Add([]byte(`{"x":[1,{"iss":2}],"i\u0073s":"c"}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		got, err := strictjson.TopLevel(in, "iss")
		var want []byte
		objErr := strictjson.Object(in, func(k strictjson.Key, v []byte) error {
			if k.Is("iss") {
				want = v
			}
			return nil
		})
		if objErr != nil {
			return
		}
		if err != nil {
			t.Fatalf("%q: Object accepts it, TopLevel: %v", in, err)
		}
		if !bytes.Equal(got, want) || (got == nil) != (want == nil) {
			t.Fatalf("%q: TopLevel %q, Object %q", in, got, want)
		}
	})
}
