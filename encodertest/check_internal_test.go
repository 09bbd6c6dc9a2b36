package encodertest

import "testing"

// TestClockFreeReplacesOnlyDurations: clockFree gives what durations'
// replacement gives for every message, the ones its shortcut skips
// included.
func TestClockFreeReplacesOnlyDurations(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"token expired by 1h2m3.5s":                      "token expired by <d>",
		"token is not valid for another 59s (nbf)":       "token is not valid for another <d> (nbf)",
		"issued 10m0s ago, over the maximum age of 5m0s": "issued <d> ago, over the maximum age of 5m0s",
		"issued -2s in the future":                       "issued <d> in the future",
		"expired by 3µs and issued 4ns":                  "expired by <d> and issued <d>",
		"signed by another key":                          "signed by another key",
		"issuer not accepted":                            "issuer not accepted",
		"standby 5s":                                     "standby <d>",
		"":                                               "",
		"malformed: invalid character 'x' at offset 3":   "malformed: invalid character 'x' at offset 3",
	}
	for in, want := range cases {
		if got := clockFree(in); got != want {
			t.Errorf("clockFree(%q) = %q, want %q", in, got, want)
		}
		if ref := durations.ReplaceAllString(in, "$1 <d>"); clockFree(in) != ref {
			t.Errorf("clockFree(%q) = %q, the regexp alone gives %q", in, clockFree(in), ref)
		}
	}
}
