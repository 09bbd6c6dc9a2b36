package jsoniterext

import (
	"strings"
	"testing"
	"time"
)

// TestClaimsCodecReadsNumericDateExactly_RFC7519_2: the jsoniter codec for
// claims.NumericDate reads a fraction as the decimal it is (never through
// a float64), as UnmarshalJSON does, and writes back what it read.
func TestClaimsCodecReadsNumericDateExactly_RFC7519_2(t *testing.T) {
	enc := New()
	in := `{"date":4102444800.12345,"date_ptr":1700000000.000000001,"aud":"a"}`
	var got claimsHolder
	if err := enc.Unmarshal([]byte(in), &got); err != nil {
		t.Fatal(err)
	}
	if want := time.Unix(4102444800, 123_450_000); !got.Date.Equal(want) {
		t.Errorf("date %v (%d ns), want %v", got.Date.Time, got.Date.Nanosecond(), want)
	}
	if got.DatePtr == nil || !got.DatePtr.Equal(time.Unix(1700000000, 1)) {
		t.Errorf("date_ptr %v", got.DatePtr)
	}
	out, err := enc.Marshal(got)
	if err != nil || !strings.Contains(string(out), `"date":4102444800.12345,"date_ptr":1700000000.000000001`) {
		t.Errorf("written back as %s, %v", out, err)
	}
}
