package numericdate_test

import (
	"testing"
	"time"

	"github.com/jotlib/jwt/internal/numericdate"
)

// TestParseCheckedKeepsTheRangeAndTheFraction_RFC7519_2: integers, fractions
// to the nanosecond and exponents within ±2^62 seconds; one verdict per
// value whichever path parses it.
func TestParseCheckedKeepsTheRangeAndTheFraction_RFC7519_2(t *testing.T) {
	good := map[string]time.Time{
		"0":                   time.Unix(0, 0),
		"1700000000":          time.Unix(1_700_000_000, 0),
		"-1":                  time.Unix(-1, 0),
		"1.5":                 time.Unix(1, 500_000_000),
		"1e3":                 time.Unix(1000, 0),
		"4611686018427387904": time.Unix(1<<62, 0),
	}
	for lit, want := range good {
		got, ok := numericdate.ParseChecked([]byte(lit))
		if !ok || !got.Equal(want) {
			t.Errorf("%s: got %v, %v; want %v", lit, got, ok, want)
		}
	}
	for _, lit := range []string{"4611686018427388928", "9223372036854775807", "-4.7e18", "1e300", "NaN", "Inf", ""} {
		if _, ok := numericdate.ParseChecked([]byte(lit)); ok {
			t.Errorf("%s: accepted", lit)
		}
	}
}
