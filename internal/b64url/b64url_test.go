package b64url

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

// TestRefusesWhatRFC7515Section2Excludes: "with all trailing '='
// characters omitted ... and without the inclusion of any line breaks,
// whitespace, or other additional characters"; and RFC 4648 section 3.5's
// non-zero unused bits, and a length no encoding has.
func TestRefusesWhatRFC7515Section2Excludes(t *testing.T) {
	for _, s := range []string{"AA==", "AA=", "A\nA", "AA\r", " AA", "A+", "A/", "AB", "AAB", "A", "AAAAA", "AA.A", "\xff"} {
		if _, err := DecodeString(s); !errors.Is(err, ErrNotCanonical) {
			t.Errorf("DecodeString(%q) = %v, want ErrNotCanonical", s, err)
		}
	}
}

// TestRoundTripsEveryLength: what AppendEncode writes, AppendDecode reads
// back, after any prefix, and both agree with base64.RawURLEncoding.
func TestRoundTripsEveryLength(t *testing.T) {
	src := make([]byte, 100)
	for i := range src {
		src[i] = byte(i*151 + 7)
	}
	for n := 0; n <= len(src); n++ {
		enc := AppendEncode([]byte("p."), src[:n])
		if want := "p." + base64.RawURLEncoding.EncodeToString(src[:n]); string(enc) != want {
			t.Fatalf("AppendEncode(%d bytes) = %q, want %q", n, enc, want)
		}
		if EncodeToString(src[:n]) != string(enc[2:]) || EncodedLen(n) != len(enc)-2 {
			t.Fatalf("EncodeToString or EncodedLen disagree at %d bytes", n)
		}
		dec, err := AppendDecode([]byte("q"), string(enc[2:]))
		if err != nil || !bytes.Equal(dec[1:], src[:n]) || dec[0] != 'q' {
			t.Fatalf("AppendDecode(%q) = %x, %v", enc[2:], dec, err)
		}
	}
}

// TestErrorLeavesDstUnchanged: a refused input appends nothing.
func TestErrorLeavesDstUnchanged(t *testing.T) {
	dst := []byte("keep")
	out, err := AppendDecode(dst, "AB")
	if err == nil || string(out) != "keep" {
		t.Fatalf("AppendDecode = %q, %v", out, err)
	}
}

// TestRFC7515_2_LineBreakAnywhereRefused: "without the inclusion of any
// line breaks": '\r' or '\n' (which Go's decoders skip), one or two, at any
// place of any length's encoding, is refused, and dst is left as it was.
func TestRFC7515_2_LineBreakAnywhereRefused(t *testing.T) {
	src := make([]byte, 20)
	for i := range src {
		src[i] = byte(i*97 + 3)
	}
	for n := 0; n <= len(src); n++ {
		enc := EncodeToString(src[:n])
		for i := 0; i <= len(enc); i++ {
			for _, brk := range []string{"\n", "\r", "\r\n", "\n\n"} {
				s := enc[:i] + brk + enc[i:]
				out, err := AppendDecode([]byte("keep"), s)
				if !errors.Is(err, ErrNotCanonical) || string(out) != "keep" {
					t.Fatalf("AppendDecode(%q) = %q, %v; want ErrNotCanonical and dst unchanged", s, out, err)
				}
			}
		}
	}
}

// TestRFC7515_2_SameVerdictAsScanningForLineBreaksFirst: over every string
// of up to 6 bytes of an alphabet mixing characters, '\r', '\n' and '=',
// AppendDecode accepts exactly what the strict decoder accepts once no
// '\r' or '\n' is present, with the same bytes.
func TestRFC7515_2_SameVerdictAsScanningForLineBreaksFirst(t *testing.T) {
	const alphabet = "AQgw-_\r\n="
	ref := func(s string) ([]byte, bool) {
		if strings.ContainsAny(s, "\r\n") {
			return nil, false
		}
		out, err := base64.RawURLEncoding.Strict().DecodeString(s)
		return out, err == nil
	}
	var walk func(s string)
	walk = func(s string) {
		want, ok := ref(s)
		got, err := AppendDecode(nil, s)
		if ok != (err == nil) || (ok && !bytes.Equal(got, want)) {
			t.Fatalf("AppendDecode(%q) = %x, %v; want %x, accepted %v", s, got, err, want, ok)
		}
		if len(s) == 6 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			walk(s + alphabet[i:i+1])
		}
	}
	walk("")
}
