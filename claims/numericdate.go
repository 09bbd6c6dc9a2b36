// Package claims holds the registered JWT claims of RFC 7519 section 4.1,
// their JSON types, and the rules that validate them.
package claims

import (
	"math"
	"strconv"
	"time"

	"github.com/jotlib/jwt/internal/bytesview"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/internal/strictjson"
)

// ErrInvalidNumericDate reports a NumericDate that is not a finite JSON
// number inside the supported range (RFC 7519 section 2). It also matches
// jwt.ErrTokenMalformed.
var ErrInvalidNumericDate = sentinel.New("jwt: invalid NumericDate", sentinel.TokenMalformed)

// maxSeconds bounds NumericDate values on both sides. It is far beyond any
// real date, yet small enough that converting to time.Time never overflows
// and a huge value can never wrap into the past.
const maxSeconds = 1 << 62

// NumericDate is a JSON numeric value counting seconds since 1970-01-01T00:00:00Z UTC,
// ignoring leap seconds (RFC 7519 section 2). Fractional seconds are kept.
type NumericDate struct {
	time.Time
}

// NewNumericDate returns t truncated to whole seconds as a *NumericDate,
// for the optional fields of Registered. Whole seconds keep tokens readable
// by libraries that take only integers; build a NumericDate directly to keep
// a fraction.
func NewNumericDate(t time.Time) *NumericDate {
	return &NumericDate{t.Truncate(time.Second)}
}

// MarshalJSON writes whole seconds as an integer and keeps any fraction,
// to the nanosecond, with no exponent.
func (d NumericDate) MarshalJSON() ([]byte, error) {
	return AppendNumericDate(nil, d.Time), nil
}

// AppendNumericDate appends t as a NumericDate JSON number.
func AppendNumericDate(dst []byte, t time.Time) []byte {
	sec, nsec := t.Unix(), t.Nanosecond()
	if sec < 0 && nsec > 0 {
		// t.Unix floors; write -1.25 rather than -2 + 0.75.
		sec++
		nsec = 1e9 - nsec
		if sec == 0 {
			dst = append(dst, '-')
		}
	}
	dst = strconv.AppendInt(dst, sec, 10)
	if nsec == 0 {
		return dst
	}
	var frac [10]byte
	frac[0] = '.'
	for i := 9; i >= 1; i-- {
		frac[i] = byte('0' + nsec%10)
		nsec /= 10
	}
	n := 10
	for frac[n-1] == '0' {
		n--
	}
	return append(dst, frac[:n]...)
}

// UnmarshalJSON reads a JSON number; null leaves d unchanged. Anything else,
// non-finite or out-of-range values are refused with ErrInvalidNumericDate.
func (d *NumericDate) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	t, err := ParseNumericDate(b)
	if err != nil {
		return err
	}
	d.Time = t
	return nil
}

// ParseNumericDate parses a JSON number literal (integer, fraction or
// exponent form) as a NumericDate. It refuses other JSON types, NaN and
// infinities, and values beyond ±2^62 seconds.
func ParseNumericDate(b []byte) (time.Time, error) {
	// strconv alone is more lenient than JSON ("+1", "01", "0x10", "Inf"):
	// the strict pass's own grammar decides what is a number.
	if !plainInteger(b) && (len(b) == 0 || (b[0] != '-' && (b[0] < '0' || b[0] > '9')) || strictjson.Valid(b) != nil) {
		return time.Time{}, ErrInvalidNumericDate
	}
	return parseCheckedNumericDate(b)
}

// plainInteger reports whether b is digits only, without a leading zero:
// the usual NumericDate, which needs no grammar check beyond this.
func plainInteger(b []byte) bool {
	if len(b) == 0 || (b[0] == '0' && len(b) > 1) {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// parseCheckedNumericDate is ParseNumericDate for a value the strict pass
// has already checked to be a JSON number.
func parseCheckedNumericDate(b []byte) (time.Time, error) {
	lit := bytesview.String(b) // transient: strconv's error, which keeps it, is dropped
	if sec, err := strconv.ParseInt(lit, 10, 64); err == nil {
		if f := float64(sec); f > maxSeconds || f < -maxSeconds { // as the float path: one verdict per value
			return time.Time{}, ErrInvalidNumericDate
		}
		return time.Unix(sec, 0), nil
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f > maxSeconds || f < -maxSeconds {
		return time.Time{}, ErrInvalidNumericDate
	}
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(math.Round(frac*1e9))), nil
}
