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

// RFC 6750 section 2.1: a token that fails to split and still carries the
// scheme "Bearer " (any case, RFC 9110 section 11.1) says so, joined to
// the split's own reason; a token that splits is never checked.
func TestRFC6750_2_1_SplitFailureCarryingBearerSaysSo(t *testing.T) {
	for tok, reason := range map[string]error{
		"Bearer abc": ErrTooFewDots, "bearer a.b": ErrTooFewDots, "BEARER\ta.b.c.d": ErrTooManyDots, "  Bearer x": ErrTooFewDots,
	} {
		_, err := Split(tok)
		if !errors.Is(err, ErrBearerScheme) || !errors.Is(err, reason) {
			t.Errorf("%q: %v, want ErrBearerScheme and %v", tok, err, reason)
		}
	}
	for _, tok := range []string{"abc", "Bearerabc", "Bearer", "Basic abc", "Bearer:abc"} {
		if _, err := Split(tok); errors.Is(err, ErrBearerScheme) {
			t.Errorf("%q: %v", tok, err)
		}
	}
	if _, err := Split("Bearer a.b.c"); err != nil {
		t.Errorf("a token that splits is the decoder's: %v", err)
	}
	for s, want := range map[string]bool{"Bearer x": true, "bEaReR\tx": true, "\t Bearer x": true, "Bearer": false, "Bearer ": true, "Bearerx": false, "": false} {
		if got := HasBearerScheme(s); got != want {
			t.Errorf("HasBearerScheme(%q) = %v", s, got)
		}
	}
}
