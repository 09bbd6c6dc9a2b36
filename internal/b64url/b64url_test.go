package b64url

import (
	"bytes"
	"encoding/base64"
	"errors"
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
