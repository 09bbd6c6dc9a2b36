package jsoniterext

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/jotlib/jwt/claims"
)

// decodeTarget has the fields the decoders of strings.go and generic.go
// fill, the registered claims, and a Go array (stddecode.go).
type decodeTarget struct {
	claims.Registered
	S     string            `json:"s"`
	Named claims.Audience   `json:"named"`
	L     []string          `json:"l"`
	M     map[string]any    `json:"m"`
	A     any               `json:"a"`
	MS    map[string]string `json:"ms"`
	Arr   [2]any            `json:"arr"`
}

// prefilled returns a decodeTarget with every field set, as a caller's
// claims may be before ParseWithClaims.
func prefilled() decodeTarget {
	return decodeTarget{
		Registered: claims.Registered{Issuer: "old-iss", Audience: claims.Audience{"old"}},
		S:          "old", L: []string{"x", "y", "z"}, M: map[string]any{"k": "v"}, A: "old",
		MS: map[string]string{"k": "v"}, Arr: [2]any{"x", "y"},
	}
}

// decodesAsStd fails t unless Unmarshal of in gives json.Unmarshal's
// success and, on success, its value, into a fresh and a prefilled
// decodeTarget, an any and a map[string]any, and, when the core passes in
// on, UnmarshalProven gives Unmarshal's (provenAgrees).
func decodesAsStd(t *testing.T, in string) {
	t.Helper()
	enc := New()
	pairs := []func() (any, any){
		func() (any, any) { return new(decodeTarget), new(decodeTarget) },
		func() (any, any) { a, b := prefilled(), prefilled(); return &a, &b },
		func() (any, any) { return new(any), new(any) },
		func() (any, any) { return new(map[string]any), new(map[string]any) },
	}
	for _, pair := range pairs {
		want, got := pair()
		wantErr := json.Unmarshal([]byte(in), want)
		err := enc.Unmarshal([]byte(in), got)
		if (err == nil) != (wantErr == nil) || (err == nil && !reflect.DeepEqual(want, got)) {
			t.Errorf("Unmarshal(%q) into %T: %+v, %v; encoding/json %+v, %v", in, got, got, err, want, wantErr)
		}
	}
	provenAgrees(t, []byte(in)) // and UnmarshalProven as Unmarshal, when the core passes in on
}

// TestUnmarshalDecodesStringsAsEncodingJSON: strings cut from one copy of
// the input (no escape in it), or read by jsoniter (with escapes), decode
// as in encoding/json: null leaves a string as it was (jsoniter sets ""),
// control characters and invalid UTF-8 are refused or replaced as
// encoding/json does, []string and generic values decode alike.
func TestUnmarshalDecodesStringsAsEncodingJSON(t *testing.T) {
	for _, in := range []string{
		`{"s":null,"iss":null,"l":null,"m":null,"a":null,"ms":null}`,
		`{"s":"a","l":["p","q"],"m":{"x":[1,"y",null,true,{"z":2.5}]},"a":"b","ms":{"n":"o"}}`,
		`{"s":"a\"b\\c\u00e9\n","l":["\u0041"],"a":"\ud83d\ude00"}`,
		`{"s":"\ud800","a":"\udc00x","l":["\ud800\u0041"]}`,
		"{\"s\":\"a\tb\"}", "{\"l\":[\"a\x01\"]}", "{\"a\":\"\x7f\"}",
		"{\"s\":\"\xff\"}", "{\"m\":{\"k\":\"\xc3\x28\"}}",
		`{"l":[]}`, `{"l":["a",null]}`, `{"l":["a",1]}`, `{"l":"a"}`, `{"m":{}}`, `{"m":{"a":1,"a":2}}`,
		`{"aud":["a","b"],"iss":"i","named":"n"}`, `{"aud":[]}`, `{"aud":["a",null]}`,
		`{"l":["1","2","3","4","5","6","7","8","9","10","11","12","13","14","15","16","17"]}`,
		`{"a":{"b":{"c":[[],{}]}}}`, `{"s":"a"} x`, `{"s":"a"}  `, `{"s":"a"`, `{"s":"é","é":1}`,
		`{"S":"upper","L":["case"]}`,
	} {
		decodesAsStd(t, in)
	}
}

// TestUnmarshalKeepsNoInput: strings decoded from plain input share one
// copy of it, never the caller's buffer (jwt.Encoder: "Unmarshal must not
// keep data after it returns").
func TestUnmarshalKeepsNoInput(t *testing.T) {
	data := []byte(`{"s":"value","l":["one"],"m":{"k":"v"}}`)
	var v decodeTarget
	if err := New().Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	for i := range data {
		data[i] = 'X'
	}
	if v.S != "value" || v.L[0] != "one" || v.M["k"] != "v" {
		t.Errorf("decoded values changed with the input: %+v", v)
	}
}

// FuzzUnmarshalMatchesEncodingJSON: for any input, Unmarshal succeeds
// where json.Unmarshal succeeds, with its value.
func FuzzUnmarshalMatchesEncodingJSON(f *testing.F) {
	for _, s := range []string{
		`{"iss":"a","aud":["b","c"],"exp":1.5,"s":null,"l":["x"],"m":{"k":[1,{"z":null}]},"a":true}`,
		`{"s":"\b\u0000\ud800","a":"\\"}`, "{\"s\":\"\xff\"}", `[1,"a"]`, `"s"`, `{"l":["a",null]}`,
		`{"arr":["z"]}`, `{"arr":[1,2,3],"m":{"k":[]}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) { decodesAsStd(t, in) })
}

// TestDecodersWorkOutsideUnmarshal: New's jsoniter configuration decodes
// through its own API too, without Unmarshal's decodeState.
func TestDecodersWorkOutsideUnmarshal(t *testing.T) {
	in := []byte(`{"iss":"i","aud":["a","b"],"exp":1700000000.5,"s":"x","l":["y"],"m":{"k":"v"}}`)
	var want, got decodeTarget
	if err := json.Unmarshal(in, &want); err != nil {
		t.Fatal(err)
	}
	if err := exactAPI.Unmarshal(in, &got); err != nil || !reflect.DeepEqual(want, got) {
		t.Errorf("exactAPI.Unmarshal = %+v, %v; want %+v", got, err, want)
	}
}
