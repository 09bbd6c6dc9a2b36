package replayredis

import (
	"testing"
	"time"
)

// TestRedisTTLRoundedUpToTheMillisecond: PX counts milliseconds; a record
// never expires before until (RFC 9449 section 11.1), so the TTL rounds up.
func TestRedisTTLRoundedUpToTheMillisecond(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 123_456_789, time.UTC)
	s := &Store{now: func() time.Time { return now }}
	for _, c := range []struct{ after, want time.Duration }{
		{time.Nanosecond, time.Millisecond},
		{time.Millisecond, time.Millisecond},
		{time.Millisecond + time.Nanosecond, 2 * time.Millisecond},
		{time.Second, time.Second},
		{time.Minute + 999_999*time.Nanosecond, time.Minute + time.Millisecond},
	} {
		ttl, err := s.ttl("k", now.Add(c.after))
		if err != nil || ttl != c.want {
			t.Errorf("until now+%v: %v, %v; want %v", c.after, ttl, err, c.want)
		}
	}
	ttl, err := s.ttl("k", time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil || ttl < 292*365*24*time.Hour {
		t.Errorf("until year 9999: %v, %v; want about 292 years (saturated, not overflowed)", ttl, err)
	}
}
