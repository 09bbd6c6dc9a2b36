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

// TestScanBytesFindsNonASCIIAndControlBytes: scanBytes agrees with a byte
// loop on where bytes of 0x80 or more and below 0x20 are, including a
// space after a control byte and bytes at every offset of a word.
func TestScanBytesFindsNonASCIIAndControlBytes(t *testing.T) {
	for _, c := range []byte{0, 0x1f, ' ', '!', 0x7f, 0x80, 0xc3, 0xff, '\t', '\n'} {
		for n := range 20 {
			for at := range n {
				b := []byte(`{"abcdefghijklmnopqrst":1}`)[:n]
				b = append([]byte(nil), b...)
				b[at] = c
				if at+1 < n {
					b[at+1] = ' '
				}
				wantASCII, wantControl := true, false
				for _, x := range b {
					wantASCII = wantASCII && x < 0x80
					wantControl = wantControl || x < ' '
				}
				if a, ctl := scanBytes(b); a != wantASCII || ctl != wantControl {
					t.Errorf("scanBytes(%q) = %v, %v; want %v, %v", b, a, ctl, wantASCII, wantControl)
				}
			}
		}
	}
}
