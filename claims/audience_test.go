package claims_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/jotlib/jwt/claims"
)

// TestAudienceReadsAStringOrAnArrayOfStrings_RFC7519_4_1_3: "In the general
// case, the "aud" value is an array of case-sensitive strings ... In the
// special case when the JWT has one audience, the "aud" value MAY be a
// single case-sensitive string."
func TestAudienceReadsAStringOrAnArrayOfStrings_RFC7519_4_1_3(t *testing.T) {
	tests := []struct {
		in   string
		want claims.Audience
	}{
		{`"api"`, claims.Audience{"api"}},
		{`""`, claims.Audience{""}},
		{`["api","web"]`, claims.Audience{"api", "web"}},
		{`[ "api" , "web" ]`, claims.Audience{"api", "web"}},
		{`[]`, claims.Audience{}},
		{`"\u0061pi"`, claims.Audience{"api"}},
		{`["a\"b","\ud83d\ude00"]`, claims.Audience{`a"b`, "😀"}},
		{`null`, nil},
	}
	for _, tc := range tests {
		a := claims.Audience{"previous"}
		if err := json.Unmarshal([]byte(tc.in), &a); err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(a, tc.want) {
			t.Errorf("%s: got %#v, want %#v", tc.in, a, tc.want)
		}
	}
}

// TestAudienceRefusesOtherValues.
func TestAudienceRefusesOtherValues(t *testing.T) {
	for _, in := range []string{
		`1`, `true`, `{}`, `{"a":"b"}`, `[1]`, `["a",1]`, `["a",null]`, `[["a"]]`, `[{}]`, `"a`, `["a",]`, `[`,
		"\"\xff\"", `"\ud800"`, `["\udc00"]`, ``, `'a'`,
	} {
		var a claims.Audience
		if err := a.UnmarshalJSON([]byte(in)); !errors.Is(err, claims.ErrInvalidAudienceValue) {
			t.Errorf("%q: got %v, want ErrInvalidAudienceValue", in, err)
		}
		var r claims.Registered
		if err := json.Unmarshal([]byte(`{"aud":`+in+`}`), &r); err == nil {
			t.Errorf("Registered with aud %q decoded", in)
		}
	}
}

// TestAudienceWritesOneAudienceAsAString, several as an array, escaped as
// encoding/json escapes strings.
func TestAudienceWritesOneAudienceAsAString(t *testing.T) {
	tests := []struct {
		in   claims.Audience
		want string
	}{
		{claims.Audience{"api"}, `"api"`},
		{claims.Audience{"api", "web"}, `["api","web"]`},
		{claims.Audience{}, `[]`},
		{claims.Audience{"<a&b>"}, `"\u003ca\u0026b\u003e"`},
		{claims.Audience{"é", "\"\\\n"}, `["é","\"\\\n"]`},
	}
	for _, tc := range tests {
		got, err := json.Marshal(tc.in)
		if err != nil || string(got) != tc.want {
			t.Errorf("%#v: got %s, %v; want %s", tc.in, got, err, tc.want)
		}
		var back claims.Audience
		if err := json.Unmarshal(got, &back); err != nil || !reflect.DeepEqual(back, tc.in) {
			t.Errorf("%s read back as %#v, %v", got, back, err)
		}
	}
	// Invalid UTF-8 is written exactly as encoding/json writes a string.
	bad := string([]byte{'a', 0xff})
	got, _ := json.Marshal(claims.Audience{bad})
	want, _ := json.Marshal(bad)
	if string(got) != string(want) {
		t.Errorf("invalid UTF-8: got %s, want %s", got, want)
	}
}

// TestAudienceContainsIsExact.
func TestAudienceContainsIsExact(t *testing.T) {
	a := claims.Audience{"api", "web"}
	for aud, want := range map[string]bool{"api": true, "web": true, "API": false, "ap": false, "": false, "api ": false} {
		if got := a.Contains(aud); got != want {
			t.Errorf("Contains(%q) = %v", aud, got)
		}
	}
}

// TestNilAudienceUnmarshalJSONNeverPanics: UnmarshalJSON on a nil
// *Audience reports ErrInvalidAudienceValue instead of panicking.
func TestNilAudienceUnmarshalJSONNeverPanics(t *testing.T) {
	var a *claims.Audience
	for _, in := range []string{`"api"`, `["a","b"]`, "null"} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("UnmarshalJSON(%s) on a nil *Audience: panic: %v", in, r)
				}
			}()
			if err := a.UnmarshalJSON([]byte(in)); !errors.Is(err, claims.ErrInvalidAudienceValue) {
				t.Errorf("UnmarshalJSON(%s) on a nil *Audience: %v, want ErrInvalidAudienceValue", in, err)
			}
		}()
	}
}
