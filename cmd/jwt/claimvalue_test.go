package main

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestClaimFlagParsesJSONLiteralsElseString: a -claim value is JSON when it
// is valid JSON, otherwise a string; registered claims keep their RFC 7519
// section 4.1 types.
func TestClaimFlagParsesJSONLiteralsElseString(t *testing.T) {
	tests := []struct {
		arg, name string
		want      any
	}{
		{"n=42", "n", json.Number("42")},
		{"big=12345678901234567890", "big", json.Number("12345678901234567890")},
		{"f=1.5e3", "f", json.Number("1.5e3")},
		{"admin=true", "admin", true},
		{"x=null", "x", nil},
		{`roles=["a","b"]`, "roles", []any{"a", "b"}},
		{`o={"k":1}`, "o", map[string]any{"k": json.Number("1")}},
		{`q="007"`, "q", "007"},
		{"name=Alice", "name", "Alice"},
		{"zip=007", "zip", "007"},
		{"empty=", "empty", ""},
		{"eq=a=b", "eq", "a=b"},
		{`dup={"a":1,"a":2}`, "dup", `{"a":1,"a":2}`},
		{"url=https://x.example/?a=1", "url", "https://x.example/?a=1"},
		// RFC 7519 4.1.1-4.1.3, 4.1.7: iss, sub, jti are strings; aud a string or array of strings.
		{"sub=123", "sub", "123"},
		{`sub="quoted"`, "sub", "quoted"},
		{"iss=true", "iss", "true"},
		{"jti=1", "jti", "1"},
		{"aud=api", "aud", "api"},
		{`aud=["a","b"]`, "aud", []any{"a", "b"}},
		{"aud=[1]", "aud", "[1]"},
		// RFC 7519 4.1.4-4.1.6: exp, nbf, iat are NumericDates.
		{"exp=1700000000", "exp", json.Number("1700000000")},
		{"nbf=1700000000.5", "nbf", json.Number("1700000000.5")},
		{"iat=2026-01-01T00:00:00Z", "iat", json.Number("1767225600")},
		{"exp=2026-01-01T00:00:00.25+01:00", "exp", json.Number("1767222000.25")},
	}
	for _, tc := range tests {
		t.Run(tc.arg, func(t *testing.T) {
			name, v, err := parseClaimFlag(tc.arg)
			if err != nil {
				t.Fatal(err)
			}
			if name != tc.name || !reflect.DeepEqual(v, tc.want) {
				t.Errorf("got %s=%#v, want %s=%#v", name, v, tc.name, tc.want)
			}
		})
	}
}

// TestClaimFlagRefusesUnusableValues: no name, or a time claim that is not
// a NumericDate or an RFC 3339 time, is a usage error.
func TestClaimFlagRefusesUnusableValues(t *testing.T) {
	for _, arg := range []string{"noequals", "=v", "exp=tomorrow", `exp="1700000000"`, "nbf=true", "iat=1e400"} {
		if _, _, err := parseClaimFlag(arg); exitCode(err) != exitUsage {
			t.Errorf("%q: err %v, want a usage error", arg, err)
		}
	}
}
