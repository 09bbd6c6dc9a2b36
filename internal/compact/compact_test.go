package compact

import (
	"errors"
	"strings"
	"testing"
)

// RFC 7515 section 7.1: exactly two '.'; the segments are substrings, the
// signing input the header and payload with their '.'.
func TestSplit_ExactlyTwoDots(t *testing.T) {
	p, err := Split("h.p.s")
	if err != nil || p != (Parts{Header: "h", Payload: "p", Signature: "s", SigningInput: "h.p"}) {
		t.Errorf("h.p.s: %+v, %v", p, err)
	}
	if p, err := Split(".."); err != nil || p != (Parts{SigningInput: "."}) {
		t.Errorf("..: %+v, %v", p, err)
	}
	for tok, want := range map[string]error{
		"": ErrTooFewDots, "hps": ErrTooFewDots, "h.ps": ErrTooFewDots,
		"h.p.s.": ErrTooManyDots, "a.b.c.d.e": ErrTooManyDots,
	} {
		if _, err := Split(tok); !errors.Is(err, want) {
			t.Errorf("%q: %v, want %v", tok, err, want)
		}
	}
}

// CVE-2025-30204: a million dots are refused at the third, allocating
// nothing.
func TestSplit_MillionDotsCostNothing(t *testing.T) {
	tok := "h.p.s" + strings.Repeat(".", 1_000_000)
	if n := testing.AllocsPerRun(10, func() { _, _ = Split(tok) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
	if _, err := Split(tok); !errors.Is(err, ErrTooManyDots) {
		t.Errorf("%v", err)
	}
}
