package jwt

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
)

// b64Reference is canonical unpadded base64url by encoding/base64, with the
// line breaks it would skip refused first.
func b64Reference(s string) ([]byte, bool) {
	if strings.ContainsAny(s, "\r\n") {
		return nil, false
	}
	out, err := base64.RawURLEncoding.Strict().DecodeString(s)
	return out, err == nil
}

func checkB64(t *testing.T, s string) {
	t.Helper()
	if msg := b64Mismatch(s); msg != "" {
		t.Fatal(msg)
	}
}

// b64Mismatch is checkB64's comparison, "" when decodeSegment agrees with
// encoding/base64 on s: the loop below calls it about a million times,
// where t.Helper's stack walk on every call was an eighth of the test's
// CPU under -race.
func b64Mismatch(s string) string {
	want, wantOK := b64Reference(s)
	got, err := decodeSegment([]byte("pre"), s, "test")
	if (err == nil) != wantOK {
		return fmt.Sprintf("decodeSegment(%q): err %v, encoding/base64 ok %v", s, err, wantOK)
	}
	if !bytes.HasPrefix(got, []byte("pre")) {
		return fmt.Sprintf("decodeSegment(%q) lost dst's prefix: %q", s, got)
	}
	if wantOK && !bytes.Equal(got[3:], want) {
		return fmt.Sprintf("decodeSegment(%q) = %x, want %x", s, got[3:], want)
	}
	return ""
}

// TestBase64urlMatchesStrictStdlib: every length up to 40 of valid text,
// every byte at every position of a short segment, and every trailing
// character.
func TestBase64urlMatchesStrictStdlib(t *testing.T) {
	src := make([]byte, 40)
	for i := range src {
		src[i] = byte(i*37 + 11)
	}
	for n := 0; n <= len(src); n++ {
		enc := base64.RawURLEncoding.EncodeToString(src[:n])
		checkB64(t, enc)
		for pos := 0; pos <= len(enc); pos++ {
			for c := 0; c < 256; c += 1 {
				if msg := b64Mismatch(enc[:pos] + string([]byte{byte(c)}) + enc[pos:]); msg != "" {
					t.Fatal(msg)
				}
				if pos < len(enc) {
					if msg := b64Mismatch(enc[:pos] + string([]byte{byte(c)}) + enc[pos+1:]); msg != "" {
						t.Fatal(msg)
					}
				}
			}
		}
	}
}

// FuzzBase64url: decodeSegment agrees with strict encoding/base64 on any
// input.
func FuzzBase64url(f *testing.F) {
	for _, s := range []string{"", "A", "AA", "AB", "AAA", "AAB", "AAAA", "eyJhbGciOiJIUzI1NiJ9", "a=", "a\nb", "+/", "-_"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkB64(t, s) })
}
