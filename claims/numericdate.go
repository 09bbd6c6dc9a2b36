// Package claims holds the registered JWT claims of RFC 7519 section 4.1
// (Registered) and their JSON types: NumericDate (RFC 7519 section 2) and
// Audience (section 4.1.3). The jwt package validates these claims from the
// token's bytes; the errors it reports are the jwt package's sentinels
// (jwt.ErrTokenExpired, jwt.ErrInvalidAudience, ...).
package claims

import (
	"strconv"
	"time"

	"github.com/jotlib/jwt/internal/numericdate"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/internal/strictjson"
)

// ErrInvalidNumericDate reports a NumericDate that is not a finite JSON
// number inside the supported range (RFC 7519 section 2). It also matches
// jwt.ErrTokenMalformed.
var ErrInvalidNumericDate error = sentinel.New("jwt: invalid NumericDate", sentinel.TokenMalformed)

// NumericDate is a JSON numeric value counting seconds since 1970-01-01T00:00:00Z UTC,
// ignoring leap seconds (RFC 7519 section 2). A fraction is read as the
// decimal it is, never through a float64, and kept to the nanosecond:
// digits past the ninth are dropped (truncated toward zero, as time.Parse
// does with an RFC 3339 fraction), so a date read and written again is
// written as it was read (up to nine fractional digits, without exponent).
//
// A NumericDate embeds time.Time, as golang-jwt's does, so its methods
// (Unix, Before, IsZero, ...) are NumericDate's. Through a nil
// *NumericDate — an optional claim of Registered that the token lacks —
// Go dereferences the pointer to reach the embedded time.Time before any
// method runs, and every one of them panics, as does the value-receiver
// MarshalJSON (which must stay on the value so a NumericDate field
// marshals as a number, not as time.Time's RFC 3339 string). Check for nil
// first: `if c.ExpiresAt != nil { ... c.ExpiresAt.Unix() }`. UnmarshalJSON,
// NumericDate's pointer method, reports ErrInvalidNumericDate on a nil
// *NumericDate instead (codecs allocate first, so they never call it so).
type NumericDate struct {
	time.Time
}

// errNilNumericDate is UnmarshalJSON's error on a nil *NumericDate.
var errNilNumericDate = sentinel.New("claims: UnmarshalJSON on a nil *NumericDate", ErrInvalidNumericDate)

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

// AppendNumericDate appends t as a NumericDate JSON number (RFC 7519
// section 2), as MarshalJSON writes it. It is for codecs that write claims
// into their own buffer.
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
// non-finite or out-of-range values are refused with ErrInvalidNumericDate,
// and so is any input on a nil *NumericDate, which has nowhere to store it.
func (d *NumericDate) UnmarshalJSON(b []byte) error {
	if d == nil {
		return errNilNumericDate
	}
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
// exponent form) as a NumericDate (RFC 7519 section 2), as UnmarshalJSON
// does: exactly, to the nanosecond, digits past the ninth truncated. It
// refuses other JSON types, NaN and infinities, and values beyond ±2^62
// seconds (as a float64 reads them, so that what a float codec writes for
// 2^62 reads again), with ErrInvalidNumericDate. It is for codecs that read
// claims from their own buffer.
func ParseNumericDate(b []byte) (time.Time, error) {
	// strconv alone is more lenient than JSON ("+1", "01", "0x10", "Inf"):
	// the strict pass's own grammar decides what is a number.
	if !plainInteger(b) && !isNumber(b) {
		return time.Time{}, ErrInvalidNumericDate
	}
	t, ok := numericdate.ParseChecked(b)
	if !ok {
		return time.Time{}, ErrInvalidNumericDate
	}
	return t, nil
}

// isNumber reports whether b is one JSON number: a value the strict pass
// accepts that starts with '-' or a digit.
func isNumber(b []byte) bool {
	return len(b) > 0 && (b[0] == '-' || (b[0] >= '0' && b[0] <= '9')) && strictjson.Valid(b) == nil
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
