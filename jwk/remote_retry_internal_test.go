package jwk

import (
	"net/http"
	"testing"
	"time"
)

// TestRFC9110_10_2_3_RetryAfterReadsDelaySecondsAndHTTPDates: both forms
// of Retry-After; an HTTP-date relative to the response's Date when there
// is one; garbage ignored; huge values capped.
func TestRFC9110_10_2_3_RetryAfterReadsDelaySecondsAndHTTPDates(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	date := func(t time.Time) string { return t.UTC().Format(http.TimeFormat) }
	tests := []struct {
		retryAfter, date string
		want             time.Duration
		ok               bool
	}{
		{"", "", 0, false},
		{"120", "", 2 * time.Minute, true},
		{" 7 ", "", 7 * time.Second, true},
		{"0", "", 0, true},
		{"-1", "", 0, false},
		{"1.5", "", 0, false},
		{"soon", "", 0, false},
		{"99999999999999999999999", "", maxRetryAfter, true},
		{"999999999", "", maxRetryAfter, true},
		{date(now.Add(90 * time.Second)), "", 90 * time.Second, true},
		{"Sunday, 01-Mar-26 12:00:30 GMT", "", 30 * time.Second, true}, // RFC 850, obsolete but read
		{"Sun Mar  1 12:00:45 2026", "", 45 * time.Second, true},       // asctime
		{date(now.Add(-time.Hour)), "", 0, true},                       // past: retry now
		// The server's clock is an hour behind ours: its Date is the base.
		{date(now.Add(-time.Hour + 20*time.Second)), date(now.Add(-time.Hour)), 20 * time.Second, true},
		{date(now.Add(30 * time.Second)), "garbage", 30 * time.Second, true},
	}
	for _, tt := range tests {
		h := http.Header{}
		if tt.retryAfter != "" {
			h.Set("Retry-After", tt.retryAfter)
		}
		if tt.date != "" {
			h.Set("Date", tt.date)
		}
		got, ok := retryAfter(h, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Retry-After %q, Date %q: %v %v, want %v %v", tt.retryAfter, tt.date, got, ok, tt.want, tt.ok)
		}
	}
}

// TestDoubled: the backoff doubles from first per failure beyond the
// first, capped.
func TestDoubled(t *testing.T) {
	for _, tt := range []struct {
		failures int
		want     time.Duration
	}{{0, time.Second}, {1, time.Second}, {2, 2 * time.Second}, {3, 4 * time.Second}, {7, time.Minute}, {1000, time.Minute}} {
		if got := doubled(time.Second, tt.failures, time.Minute); got != tt.want {
			t.Errorf("%d failures: %v, want %v", tt.failures, got, tt.want)
		}
	}
}
