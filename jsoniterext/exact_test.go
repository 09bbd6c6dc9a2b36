package jsoniterext

import (
	"bytes"
	"encoding/json"
	"testing"
)

// marshalsAsStd fails t unless Marshal and AppendMarshal (onto a non-empty
// buffer) return json.Marshal's bytes and success for v.
func marshalsAsStd(t *testing.T, v any) {
	t.Helper()
	want, wantErr := json.Marshal(v)
	enc := New().(*Encoder)
	got, err := enc.Marshal(v)
	if (err == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
		t.Errorf("Marshal(%#v) = %s, %v; encoding/json %s, %v", v, got, err, want, wantErr)
	}
	prefix := []byte("prefix")
	app, err := enc.AppendMarshal(prefix, v)
	if wantErr != nil {
		if err == nil {
			t.Errorf("AppendMarshal(%#v) = %s; encoding/json fails: %v", v, app, wantErr)
		}
		return
	}
	if err != nil || !bytes.Equal(app, append(prefix, want...)) {
		t.Errorf("AppendMarshal(%#v) = %s, %v; want prefix%s", v, app, err, want)
	}
}

// controlNest holds U+0008 and U+000C in every place a string can be.
type controlNest struct {
	Field string            `json:"field"`
	Map   map[string]string `json:"map"`
	Inner *controlNest      `json:"inner,omitempty"`
	Any   any               `json:"any"`
}

// TestMarshalWritesBackspaceAndFormFeedAsEncodingJSON: encoding/json
// writes U+0008 and U+000C as \b and \f (RFC 8259 section 7's short
// escapes), where jsoniter writes \u0008 and \u000c; New's output is
// encoding/json's, in struct fields, map values, map keys and nested, and
// a literal backslash followed by "u0008" stays \\u0008.
func TestMarshalWritesBackspaceAndFormFeedAsEncodingJSON(t *testing.T) {
	for _, v := range []any{
		"\b", "\f", "a\bb\fc", "\b\f<\u2028>",
		`\u0008`, `\\u000c`, "\\\b",
		[]string{"\f", "x"},
		map[string]string{"\b": "\f", "k": "a\bb"},
		map[string]any{"n": map[string]any{"\f\b": []any{"\b", map[string]any{"x": "\f"}}}},
		controlNest{Field: "\b", Map: map[string]string{"\f": "\b"}, Inner: &controlNest{Field: "\f", Any: "\b"}},
		&controlNest{Any: map[string]any{"\b": 1}},
	} {
		marshalsAsStd(t, v)
	}
}

// TestMarshalRefusesJSONNumberThatIsNotANumberAsEncodingJSON: encoding/json
// writes a json.Number only when it is a JSON number (RFC 8259 section 6),
// and "" as 0; jsoniter copies any text raw, so "1,\"exp\":1" would add a
// member. New fails where encoding/json fails, alone, in a struct, with
// the string option, as a map value.
func TestMarshalRefusesJSONNumberThatIsNotANumberAsEncodingJSON(t *testing.T) {
	type withNumber struct {
		N json.Number `json:"n"`
		S json.Number `json:"s,string,omitempty"`
	}
	for _, n := range []json.Number{"", "0", "-1.5e+7", "1E400", "x", "1,\"exp\":1", "01", "+1", "1.", ".5", "NaN", " 1", "1 ", "0x10"} {
		marshalsAsStd(t, n)
		marshalsAsStd(t, withNumber{N: n, S: n})
		marshalsAsStd(t, map[string]any{"n": n})
		marshalsAsStd(t, []json.Number{"1", n})
	}
}

// byteMarshaler is a byte kind with its own MarshalJSON, textByte one with
// MarshalText, on a pointer receiver.
type (
	byteMarshaler byte
	textByte      byte
)

func (b byteMarshaler) MarshalJSON() ([]byte, error) { return []byte(`"b"`), nil }
func (b *textByte) MarshalText() ([]byte, error)     { return []byte("t"), nil }

// TestMarshalWritesSlicesOfMarshalingBytesAsArraysAsEncodingJSON:
// encoding/json writes a slice of a byte type as base64 only when the
// type has no MarshalJSON or MarshalText (on either receiver); else it is
// an array of what the method writes. jsoniter writes base64 whatever the
// methods.
func TestMarshalWritesSlicesOfMarshalingBytesAsArraysAsEncodingJSON(t *testing.T) {
	type named []byte
	for _, v := range []any{
		[]byteMarshaler{1, 2},
		[]textByte{1},
		struct{ B []byteMarshaler }{B: []byteMarshaler{3}},
		map[string]any{"t": []textByte{1, 2}},
		[]byte("plain"), named("named"), []byte(nil), [2]byteMarshaler{},
	} {
		marshalsAsStd(t, v)
	}
}

// stringKey is a string kind with MarshalText, ptrStringKey one with it on
// a pointer receiver.
type (
	stringKey    string
	ptrStringKey string
)

func (k stringKey) MarshalText() ([]byte, error)     { return []byte("<" + string(k) + ">"), nil }
func (k *ptrStringKey) MarshalText() ([]byte, error) { return []byte("p" + string(*k)), nil }

// TestMarshalWritesStringMapKeysAsTheyAreAsEncodingJSON: encoding/json
// writes a map key of a string kind as the string itself, even when the
// key type has MarshalText; jsoniter calls MarshalText.
func TestMarshalWritesStringMapKeysAsTheyAreAsEncodingJSON(t *testing.T) {
	for _, v := range []any{
		map[stringKey]int{"b": 1, "a": 2},
		map[ptrStringKey]int{"b": 1, "a": 2},
		struct{ M map[stringKey]string }{M: map[stringKey]string{"k": "v"}},
		map[string]any{"m": map[stringKey]bool{"x": true}},
	} {
		marshalsAsStd(t, v)
	}
}

// quotedMarshaler is a string kind with MarshalJSON.
type quotedMarshaler string

func (q quotedMarshaler) MarshalJSON() ([]byte, error) { return []byte(`"m"`), nil }

// TestMarshalWritesStringOptionAsEncodingJSON: the string option (`json:",string"`)
// quotes bool, integer, float and string fields, pointers to them too
// (null stays null), and nothing else; a field with its own MarshalJSON is
// written by it. jsoniter quotes any kind, re-escapes a string's \b, \f
// and U+FFFD where encoding/json's short forms differ, and loses the errors
// of what it quotes (an invalid json.Number).
func TestMarshalWritesStringOptionAsEncodingJSON(t *testing.T) {
	one, s := 1, "a"
	type quoted struct {
		I  int         `json:"i,string"`
		F  float64     `json:"f,string"`
		B  bool        `json:"b,string"`
		S  string      `json:"s,string"`
		P  *int        `json:"p,string"`
		PS *string     `json:"ps,string"`
		N  json.Number `json:"n,string"`
		//lint:ignore SA5008 a slice: the string option deliberately misapplied, which encoding/json ignores and jsoniter must too
		Sl []int `json:"sl,string"`
		//lint:ignore SA5008 a map: the string option deliberately misapplied, which encoding/json ignores and jsoniter must too
		M map[string]int  `json:"m,string"`
		Q quotedMarshaler `json:"q,string"`
	}
	for _, v := range []any{
		quoted{},
		quoted{I: 1, F: 1e-7, B: true, S: "a\bb\f<>\xff", P: &one, PS: &s, N: "12", Sl: []int{1}, M: map[string]int{"a": 1}, Q: "x"},
		quoted{N: "x"},
		struct {
			quoted
			U uint8 `json:"u,string"`
		}{U: 7},
		struct {
			I int     `json:",string"`
			F float32 `json:",string"`
		}{I: -3, F: 1e-7},
	} {
		marshalsAsStd(t, v)
	}
}
