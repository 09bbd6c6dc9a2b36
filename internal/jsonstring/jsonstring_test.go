package jsonstring

import (
	"encoding/json"
	"testing"
)

var samples = []string{
	"", "plain", "https://auth.example.com/x?y=1", "quote\"", `back\slash`, "<script>&amp;",
	"ctl\x00\x01\b\f\n\r\t\x1f", "del\x7f", "é ü 日本 🙂", "\u2028\u2029", "bad\xff\xfe", "\xed\xa0\x80",
	"U+FFFD \ufffd", "mixed é<\xff",
}

// TestAppendIsEncodingJSON: after a prefix, every sample as json.Marshal
// writes it.
func TestAppendIsEncodingJSON(t *testing.T) {
	for _, s := range samples {
		want, _ := json.Marshal(s)
		if got := Append([]byte("x:"), s); string(got) != "x:"+string(want) {
			t.Errorf("%q: got %s want %s", s, got[2:], want)
		}
	}
}

// FuzzAppend compares Append with json.Marshal.
func FuzzAppend(f *testing.F) {
	for _, s := range samples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := Append(nil, s); string(got) != string(want) {
			t.Fatalf("%q: got %s want %s", s, got, want)
		}
	})
}
