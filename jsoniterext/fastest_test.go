package jsoniterext

import (
	"testing"

	jsoniter "github.com/json-iterator/go"
)

// TestConfigFastestChanges shows exactly what jsoniter's ConfigFastest,
// the configuration New did not take, changes compared with encoding/json:
// every kit check it fails is listed here with the reason, and none of them
// changes the core's verdict on a token (the core validates every token
// before any Encoder runs). It was measured slower than New on JWT claims,
// so it is not offered even as an opt-in.
func TestConfigFastestChanges(t *testing.T) {
	documented := map[string]string{
		// Member names are not unescaped, and the long s is not folded.
		"case/escaped name":            `"n\u0061me" does not reach the field "name"`,
		"case/long s in scope":         `"ſcope" does not reach the field "scope"`,
		"case/escaped long s in scope": `"\u017fcope" does not reach the field "scope"`,
		"case/dotted capital I in iat": `"İat" reaches the field "iat" (strings.ToLower, not case folding)`,
		"case/iss then a dotted-I iss": `"İss":"evil" overwrites the Issuer the core validated as "good"`,
		// From the project's parse corpus, the same two causes.
		"corpus/valid/claims-escaped-registered-name": `"\u0065xp" does not reach "exp"`,
		// MarshalJSON and RawMessage output copied through unchecked.
		"custom/MarshalJSON output compacted and HTML-escaped": "white space and <&> kept",
		"custom/pointer-receiver MarshalJSON on a value":       "called on values encoding/json cannot address",
		"custom/RawMessage":                           "not compacted",
		"custom/invalid RawMessage":                   "copied; Sign then fails in the core's strict pass",
		"sign/MarshalJSON injecting exp":              `the injected "exp" is signed: only the adapter's check stops it`,
		"sign/MarshalJSON injecting a duplicate exp":  "Sign fails in the core's strict pass (duplicate)",
		"sign/RawMessage injecting exp":               `the injected "exp" is signed`,
		"custom/MarshalJSON and MarshalText honoured": "map keys unsorted",
		"maps/26 keys, nested":                        "map keys unsorted",
		"maps/int keys":                               "map keys unsorted",
		"maps/nil slice and map":                      "map keys unsorted",
		"strings/unicode":                             "map keys unsorted",
		"wide/24-field struct":                        "map keys unsorted, HTML not escaped, float32 digits",
		"wide/24-field struct pointer":                "map keys unsorted, HTML not escaped, float32 digits",
		"numbers/floats":                              "six decimals at most",
		"numbers/float32":                             "six decimals at most",
		"strings/HTML characters":                     "<, > and & not escaped",
		"strings/line separators":                     "U+2028 and U+2029 not escaped",
		"strings/invalid UTF-8":                       "bytes copied raw; Sign then fails in the core's strict pass",
		"strings/invalid UTF-8 in a key":              "bytes copied raw; Sign then fails",
		"strings/encoded surrogate (CESU)":            "bytes copied raw; Sign then fails",
		"strings/overlong encoding":                   "bytes copied raw; Sign then fails",
	}
	rep, err := kitCheck(fastestName, &Encoder{api: jsoniter.ConfigFastest}) // the candidate's report
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Failures() {
		key := f.Group + "/" + f.Name
		if _, ok := documented[key]; !ok {
			t.Errorf("undocumented change %s: encoding/json %s; ConfigFastest %s", key, f.Std, f.Got)
		}
	}
	for _, key := range []string{"numbers/floats", "strings/HTML characters", "sign/MarshalJSON injecting exp", "maps/26 keys, nested"} {
		found := false
		for _, f := range rep.Failures() {
			found = found || f.Group+"/"+f.Name == key
		}
		if !found {
			t.Errorf("documented change %s (%s) no longer happens", key, documented[key])
		}
	}
	if v := rep.ParseVerdictChanges(); len(v) != 0 {
		t.Errorf("ConfigFastest changes core verdicts: %+v", v)
	}
}
