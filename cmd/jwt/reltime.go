package main

import (
	"fmt"
	"time"
)

// relative describes t against now for a registered time claim, as a
// person reads it: "expires in 54m", "expired 3h5m ago", "issued 2d ago".
func relative(name string, t, now time.Time) string {
	d := t.Sub(now)
	future := d > 0
	if d < 0 {
		d = -d
	}
	h := humanDuration(d)
	switch {
	case name == "exp" && future:
		return "expires in " + h
	case name == "exp":
		return "expired " + h + " ago"
	case name == "nbf" && future:
		return "not valid until " + h + " from now"
	case name == "nbf":
		return "valid since " + h + " ago"
	case name == "iat" && future:
		return "issued " + h + " in the future"
	case name == "iat":
		return "issued " + h + " ago"
	}
	if future {
		return "in " + h
	}
	return h + " ago"
}

// humanDuration prints d (non-negative) with at most two units, rounded
// to the smaller one: 42s, 54m, 3h5m, 2d4h, 412d.
func humanDuration(d time.Duration) string {
	const day = 24 * time.Hour
	switch {
	case d < time.Minute-time.Second/2:
		d = d.Round(time.Second)
	case d < 10*day-time.Hour/2:
		if d < day-time.Minute/2 {
			d = d.Round(time.Minute)
		} else {
			d = d.Round(time.Hour)
		}
	default:
		d = d.Round(day)
	}
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", d/time.Second)
	case d < time.Hour:
		return fmt.Sprintf("%dm", d/time.Minute)
	case d < day:
		return twoUnits(int64(d/time.Hour), "h", int64(d%time.Hour/time.Minute), "m")
	case d < 10*day:
		return twoUnits(int64(d/day), "d", int64(d%day/time.Hour), "h")
	}
	return fmt.Sprintf("%dd", d/day)
}

func twoUnits(a int64, ua string, b int64, ub string) string {
	if b == 0 {
		return fmt.Sprintf("%d%s", a, ua)
	}
	return fmt.Sprintf("%d%s%d%s", a, ua, b, ub)
}

// formatTime prints t in RFC 3339, in UTC, with any fraction of a second.
func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }
