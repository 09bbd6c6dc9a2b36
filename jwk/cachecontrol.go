package jwk

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// maxRetryAfter caps a Retry-After before the rate limit bounds it further.
const maxRetryAfter = 24 * time.Hour

// retryAfter reads Retry-After (RFC 9110 section 10.2.3): "either an
// HTTP-date or a number of seconds to delay after receiving the response".
// An HTTP-date is taken relative to the response's Date (RFC 9110 section
// 6.6.1) when it has one, so a server's clock that differs from ours
// shifts both alike; otherwise relative to now. ok is false for a missing
// or unreadable value; a date in the past gives 0.
func retryAfter(h http.Header, now time.Time) (d time.Duration, ok bool) {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if v[0] >= '0' && v[0] <= '9' {
		secs, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			if ne, isNum := err.(*strconv.NumError); isNum && ne.Err == strconv.ErrRange {
				return maxRetryAfter, true
			}
			return 0, false
		}
		return min(time.Duration(min(secs, uint64(maxRetryAfter/time.Second)))*time.Second, maxRetryAfter), true
	}
	at, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	if date, err := http.ParseTime(h.Get("Date")); err == nil {
		now = date
	}
	return min(max(at.Sub(now), 0), maxRetryAfter), true
}
