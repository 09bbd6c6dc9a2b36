package jsoniterext

import "testing"

// TestUnusualName: only member names with non-ASCII bytes or escapes send
// a decode to encoding/json; values never do.
func TestUnusualName(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{"sub":"x","name":"José 日本"}`, false},
		{`{"a":"\"quoted\" \u00e9"}`, false},
		{`{"ſub":"x"}`, true},
		{`{"İat":1}`, true},
		{`{"\u212aind":"x"}`, true},
		{`{"n\u0061me":"x"}`, true},
		{`{"x":{"é" : 1}}`, true},
		{`["é", "ü"]`, false},
		{`{"a":"b\\"}`, false},
	}
	for _, tt := range tests {
		if got := unusualName([]byte(tt.in)); got != tt.want {
			t.Errorf("unusualName(%s) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
