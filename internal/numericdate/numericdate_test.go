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

// TestParseCheckedReadsTheDecimalExactly_RFC7519_2: a NumericDate is a JSON
// number (RFC 7519 section 2), read here as the decimal it is, not through
// a float64: 4102444800.12345 is .123450000, not .123449802. Exponent forms
// are exact too. Digits past the nanosecond are dropped (truncated toward
// zero, as time.Parse does with an RFC 3339 fraction), never rounded.
func TestParseCheckedReadsTheDecimalExactly_RFC7519_2(t *testing.T) {
	good := map[string]time.Time{
		"4102444800.12345":               time.Unix(4102444800, 123_450_000),
		"4102444800.123456789":           time.Unix(4102444800, 123_456_789),
		"1700000000.000000001":           time.Unix(1700000000, 1),
		"1700000000.9999999999":          time.Unix(1700000000, 999_999_999), // truncated, not rounded up
		"1700000000.0000000009":          time.Unix(1700000000, 0),
		"-1700000000.0000000009":         time.Unix(-1700000000, 0), // toward zero
		"-4102444800.12345":              time.Unix(-4102444801, 1e9-123_450_000),
		"4.10244480012345e9":             time.Unix(4102444800, 123_450_000),
		"410244480012345e-5":             time.Unix(4102444800, 123_450_000),
		"0.00000000410244480012345e18":   time.Unix(4102444800, 123_450_000),
		"4.1e9":                          time.Unix(4_100_000_000, 0),
		"4.1E+9":                         time.Unix(4_100_000_000, 0),
		"1e-9":                           time.Unix(0, 1),
		"1e-10":                          time.Unix(0, 0),
		"-1e-10":                         time.Unix(0, 0),
		"1e-99999999999999999999":        time.Unix(0, 0),
		"0e99999999999999999999":         time.Unix(0, 0),
		"-0.0":                           time.Unix(0, 0),
		"4611686018427387904.0":          time.Unix(1<<62, 0),
		"-4611686018427387904":           time.Unix(-1<<62, 0),
		"4.611686018427387904e18":        time.Unix(1<<62, 0),
		"1234567890123.4567890123456789": time.Unix(1234567890123, 456_789_012),
	}
	for lit, want := range good {
		got, ok := parse(lit)
		if !ok || !got.Equal(want) {
			t.Errorf("%s: got %v (%d ns), %v; want %v", lit, got, got.Nanosecond(), ok, want)
		}
	}
	// The bound is ±2^62 as a float64 reads the value (so that what a float
	// codec writes for 2^62 reads again); a value within it is read exactly.
	for lit, want := range map[string]time.Time{
		"4611686018427388000":           time.Unix(4611686018427388000, 0), // encoding/json's float64(2^62)
		"4611686018427387905.5":         time.Unix(4611686018427387905, 500_000_000),
		"-4611686018427388000":          time.Unix(-4611686018427388000, 0),
		"4.6116860184273879041e18":      time.Unix(4611686018427387904, 100_000_000),
		"4611686018427387904.000000001": time.Unix(4611686018427387904, 1),
	} {
		if got, ok := parse(lit); !ok || !got.Equal(want) {
			t.Errorf("%s: got %v, %v; want %v", lit, got, ok, want)
		}
	}
	for _, lit := range []string{
		"4611686018427388928", "-4611686018427388928", "4611686018427388513", "4.6116860184273889e18",
		"1e19", "1e99999999999999999999", "10000000000000000000", "99999999999999999999.5",
		"123456789012345678901234567890",
	} {
		if got, ok := parse(lit); ok {
			t.Errorf("%s: accepted as %v", lit, got)
		}
	}
}

func parse(lit string) (time.Time, bool) { return numericdate.ParseChecked([]byte(lit)) }
