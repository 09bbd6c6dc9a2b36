package bounded

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestString_ShortValuesAreReturnedAsIs(t *testing.T) {
	for _, s := range []string{"", "RS256", "kid-1", strings.Repeat("x", Max), strings.Repeat("é", Max/2)} {
		if got := String(s); got != s {
			t.Fatalf("String(%q) = %q, want it unchanged", s, got)
		}
		if a := testing.AllocsPerRun(10, func() { _ = String(s) }); a != 0 {
			t.Fatalf("String of a short value allocates %v times", a)
		}
	}
}

func TestString_LongValuesAreCutToMaxBytesAndMarked(t *testing.T) {
	for _, n := range []int{Max + 1, 150, 1000, 700 << 10, 10 << 20} {
		s := strings.Repeat("k", n)
		got := String(s)
		if len(got) > Max {
			t.Fatalf("%d bytes: %d bytes out, want at most %d", n, len(got), Max)
		}
		kept, markText, ok := strings.Cut(got, "…")
		if !ok || !strings.HasPrefix(s, kept) || len(kept) < Max/2 {
			t.Fatalf("%d bytes: %q is not a marked prefix", n, got)
		}
		if want := "(+" + strconv.Itoa(n-len(kept)) + " bytes)"; markText != want {
			t.Fatalf("%d bytes: mark %q, want %q", n, markText, want)
		}
	}
}

func TestString_CutFallsOnAUTF8Boundary(t *testing.T) {
	for _, r := range []string{"é", "€", "😀"} { // 2, 3 and 4 bytes
		for pad := 0; pad < 4; pad++ {
			s := strings.Repeat("a", pad) + strings.Repeat(r, 200)
			got := String(s)
			if !utf8.ValidString(got) || len(got) > Max {
				t.Fatalf("%q×200 after %d bytes: %q (%d bytes) is not valid UTF-8 within Max", r, pad, got, len(got))
			}
			kept, _, _ := strings.Cut(got, "…")
			if !strings.HasPrefix(s, kept) {
				t.Fatalf("%q is not a prefix", kept)
			}
		}
	}
	// Invalid UTF-8 in the input stays the caller's: the cut never splits
	// a valid character, and Quote escapes what is not valid.
	s := strings.Repeat("\xff", 300)
	if got := String(s); len(got) > Max {
		t.Fatalf("%d bytes", len(got))
	}
}

func TestQuote_IsStrconvQuoteOfTheBoundedValue(t *testing.T) {
	for _, s := range []string{"RS256", "", "a\"b", strings.Repeat("\x00", 1000), strings.Repeat("€", 1000)} {
		got := Quote(s)
		if got != strconv.Quote(String(s)) {
			t.Fatalf("Quote(%.20q) = %q", s, got)
		}
		if len(got) > 4*Max+2 {
			t.Fatalf("Quote of %d bytes: %d bytes", len(s), len(got))
		}
	}
}
