// Package numericdate converts a JSON number the strict pass has already
// checked into the time of an RFC 7519 section 2 NumericDate. The claims
// package (NumericDate, ParseNumericDate) and the claim rules share it, so
// both reach one verdict per value.
package numericdate

import (
	"math"
	"strconv"
	"time"

	"github.com/jotlib/jwt/internal/bytesview"
)

// MaxSeconds bounds NumericDate values on both sides. It is far beyond any
// real date, yet small enough that converting to time.Time never overflows
// and a huge value can never wrap into the past.
const MaxSeconds = 1 << 62

// ParseChecked returns the time b, a JSON number literal already checked
// against the JSON grammar, stands for. It reports false for NaN,
// infinities and values beyond ±MaxSeconds seconds. A fraction is kept to
// the nanosecond.
func ParseChecked(b []byte) (time.Time, bool) {
	lit := bytesview.String(b) // transient: strconv's error, which keeps it, is dropped
	if sec, err := strconv.ParseInt(lit, 10, 64); err == nil {
		if f := float64(sec); f > MaxSeconds || f < -MaxSeconds { // as the float path: one verdict per value
			return time.Time{}, false
		}
		return time.Unix(sec, 0), true
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f > MaxSeconds || f < -MaxSeconds {
		return time.Time{}, false
	}
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(math.Round(frac*1e9))), true
}
