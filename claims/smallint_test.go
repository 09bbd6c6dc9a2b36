package claims

import (
	"strconv"
	"testing"
)

// FuzzSmallInteger: smallInteger agrees with strconv on what it accepts,
// and accepts every plain integer of at most 15 digits without a leading
// zero.
func FuzzSmallInteger(f *testing.F) {
	for _, s := range []string{"0", "7", "01", "12345678", "1764583200", "999999999999999", "1234567a", "12345678/", "1234567:9", "-1", "1e9", " 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := smallInteger([]byte(s))
		want, err := strconv.ParseUint(s, 10, 64)
		plain := err == nil && len(s) <= 15 && (s == "0" || s[0] != '0') && s[0] != '+'
		if ok != plain || (ok && uint64(n) != want) {
			t.Fatalf("smallInteger(%q) = %d, %v; strconv says %d, %v", s, n, ok, want, err)
		}
	})
}

// TestEightDigitsEveryByte: each position, every byte value.
func TestEightDigitsEveryByte(t *testing.T) {
	base := []byte("31415926")
	for i := range base {
		for c := 0; c < 256; c++ {
			b := append([]byte(nil), base...)
			b[i] = byte(c)
			n, ok := smallInteger(b)
			want, err := strconv.ParseUint(string(b), 10, 64)
			if ok != (err == nil && b[0] != '0' && b[0] != '+') || (ok && uint64(n) != want) {
				t.Fatalf("smallInteger(%q) = %d, %v; strconv %d, %v", b, n, ok, want, err)
			}
		}
	}
}
