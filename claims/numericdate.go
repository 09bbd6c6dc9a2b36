// Package claims holds the registered JWT claims of RFC 7519 section 4.1,
// their JSON types, and the rules that validate them.
package claims

import (
	"encoding/binary"
	"errors"
	"math"
	"strconv"
	"time"
)

// ErrInvalidNumericDate reports a NumericDate that is not a finite JSON
// number inside the supported range.
var ErrInvalidNumericDate = errors.New("jwt: invalid NumericDate")

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
	if sec, ok := smallInteger(b); ok {
		return time.Unix(sec, 0), nil // far inside ±2^62
	}
	if !isNumberLiteral(b) {
		return time.Time{}, ErrInvalidNumericDate
	}
	if sec, err := strconv.ParseInt(string(b), 10, 64); err == nil {
		if f := float64(sec); f > maxSeconds || f < -maxSeconds { // as the float path: one verdict per value
			return time.Time{}, ErrInvalidNumericDate
		}
		return time.Unix(sec, 0), nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f > maxSeconds || f < -maxSeconds {
		return time.Time{}, ErrInvalidNumericDate
	}
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(math.Round(frac*1e9))), nil
}

// smallInteger reads the common case, a plain non-negative integer of at
// most 15 digits without a leading zero, without strconv. The first eight
// digits of a longer one (every NumericDate since 1973 has ten) are read at
// once (eightDigits).
func smallInteger(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 15 || (b[0] == '0' && len(b) > 1) {
		return 0, false
	}
	var n int64
	if len(b) >= 8 {
		v, ok := eightDigits(binary.LittleEndian.Uint64(b))
		if !ok {
			return 0, false
		}
		n, b = int64(v), b[8:]
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// eightDigits reads eight ASCII digits, the first in x's low byte, and
// reports false when any byte is not a digit. Every byte's high nibble must
// be 3 and stay 3 after adding 6 (so 0x30 to 0x39); then the digits are
// combined pairwise, in three multiplications instead of eight dependent
// steps (D. Lemire, "Faster parsing of integers", 2018).
func eightDigits(x uint64) (uint32, bool) {
	if x&0xF0F0F0F0F0F0F0F0|(x+0x0606060606060606)&0xF0F0F0F0F0F0F0F0>>4 != 0x3333333333333333 {
		return 0, false
	}
	x -= 0x3030303030303030
	x = x*10 + x>>8 // pairs: d0*10+d1 in bytes 0, 2, 4, 6
	const mask = 0x000000FF000000FF
	x = ((x&mask)*(100+1000000<<32) + (x>>16&mask)*(1+10000<<32)) >> 32
	return uint32(x), true
}

// isNumberLiteral checks the JSON number grammar (strconv is more lenient:
// it takes "Inf", "0x10", "1_000" and leading '+').
func isNumberLiteral(b []byte) bool {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == len(b)
}
