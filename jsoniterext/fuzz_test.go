package jsoniterext

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// fuzzValues builds the values FuzzMarshalMatchesEncodingJSON encodes from
// two strings and a number: as strings, map keys and values, struct
// fields, nested maps and slices, and floats.
func fuzzValues(s, k string, bits uint64) []any {
	f := math.Float64frombits(bits)
	type pair struct {
		S   string         `json:"s"`
		K   string         `json:"k,omitempty"`
		F   float64        `json:"f"`
		F32 float32        `json:"f32"`
		M   map[string]any `json:"m"`
	}
	return []any{
		s,
		[]string{s, k},
		map[string]string{s: k, k: s},
		map[string]any{s: map[string]any{k: []any{s, f}}, "n": nil},
		pair{S: s, K: k, F: f, F32: float32(f), M: map[string]any{k: s}},
		&pair{S: k, M: map[string]any{s: pair{K: s}}},
		f,
		json.Number(s),
	}
}

// FuzzMarshalMatchesEncodingJSON: for random strings and numbers, Marshal
// and AppendMarshal return json.Marshal's bytes, or fail where it fails
// (run under Go 1.26 and Go 1.27, whose encoding/json differ on invalid
// UTF-8).
func FuzzMarshalMatchesEncodingJSON(f *testing.F) {
	f.Add("\b", "\f", uint64(0))
	f.Add("<a href=\"x\">&</a>", "\u2028\u2029", math.Float64bits(1e-7))
	f.Add("\xff\xfe", "\ufffd", math.Float64bits(1e21))
	f.Add(`\u0008`, "\\\b", math.Float64bits(-0.000001))
	enc := New().(*Encoder)
	f.Fuzz(func(t *testing.T, s, k string, bits uint64) {
		for _, v := range fuzzValues(s, k, bits) {
			want, wantErr := json.Marshal(v)
			got, err := enc.Marshal(v)
			if (err == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
				t.Fatalf("Marshal(%#v) = %s, %v; encoding/json %s, %v", v, got, err, want, wantErr)
			}
			app, err := enc.AppendMarshal([]byte("x"), v)
			if (err == nil) != (wantErr == nil) || (err == nil && !bytes.Equal(app, append([]byte("x"), want...))) {
				t.Fatalf("AppendMarshal(%#v) = %s, %v; encoding/json %s, %v", v, app, err, want, wantErr)
			}
		}
	})
}
