package main

import (
	"testing"
	"time"
)

// TestRelativeTimesReadLikeAPerson: registered times are also shown
// relative to now, rounded to the second, with at most two units.
func TestRelativeTimesReadLikeAPerson(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	tests := []struct {
		name string
		d    time.Duration
		want string
	}{
		{"exp", 54*time.Minute + 10*time.Second, "expires in 54m"},
		{"exp", 54*time.Minute + 40*time.Second, "expires in 55m"},
		{"exp", 59*time.Second + 600*time.Millisecond, "expires in 1m"},
		{"exp", 23*time.Hour + 59*time.Minute + 40*time.Second, "expires in 1d"},
		{"exp", 9*24*time.Hour + 23*time.Hour + 40*time.Minute, "expires in 10d"},
		{"exp", 59*time.Minute + 59*time.Second + 600*time.Millisecond, "expires in 1h"},
		{"exp", -3*time.Hour - 5*time.Minute, "expired 3h5m ago"},
		{"exp", 0, "expired 0s ago"}, // RFC 7519 4.1.4: now must be before exp
		{"exp", 42 * time.Second, "expires in 42s"},
		{"nbf", 5 * time.Minute, "not valid until 5m from now"},
		{"nbf", -2 * 24 * time.Hour, "valid since 2d ago"},
		{"iat", -(2*24*time.Hour + 4*time.Hour), "issued 2d4h ago"},
		{"iat", time.Minute, "issued 1m in the future"},
		{"iat", -400 * 24 * time.Hour, "issued 400d ago"},
	}
	for _, tc := range tests {
		if got := relative(tc.name, now.Add(tc.d), now); got != tc.want {
			t.Errorf("%s at now%+v: %q, want %q", tc.name, tc.d, got, tc.want)
		}
	}
}

// TestTimeTextIsRFC3339InUTC: times show in RFC 3339, in UTC, keeping a
// fraction of a second.
func TestTimeTextIsRFC3339InUTC(t *testing.T) {
	now := time.Unix(1300819380, 0)
	if got, want := timeText("exp", now.Add(-time.Hour), now), "2011-03-22T17:43:00Z (expired 1h ago)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got, want := formatTime(time.Unix(1300819380, 250e6).In(time.FixedZone("X", 3600))), "2011-03-22T18:43:00.25Z"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
