package strictjson

import (
	"encoding/binary"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestStrict_FoldKeyClassesAreClosedUnderSimpleFoldToLowerAndToUpper_LookAlike:
// for every rune r, r, unicode.SimpleFold(r), unicode.ToLower(r) and
// unicode.ToUpper(r) have one canonical rune, the smallest of the class, no
// longer in UTF-8 than r (so a fold key is never longer than its name);
// for ASCII it is the upper-case letter.
func TestStrict_FoldKeyClassesAreClosedUnderSimpleFoldToLowerAndToUpper_LookAlike(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		c := foldRune(r)
		for _, o := range [...]rune{unicode.SimpleFold(r), unicode.ToLower(r), unicode.ToUpper(r)} {
			if foldRune(o) != c {
				t.Fatalf("U+%04X folds to U+%04X but U+%04X, its neighbour, to U+%04X", r, c, o, foldRune(o))
			}
		}
		if c > r || foldRune(c) != c || utf8.RuneLen(c) > utf8.RuneLen(r) && utf8.ValidRune(r) {
			t.Fatalf("U+%04X folds to U+%04X", r, c)
		}
	}
	for c := rune(0); c < utf8.RuneSelf; c++ {
		want := c
		if c >= 'a' && c <= 'z' {
			want = c - 'a' + 'A'
		}
		if foldRune(c) != want {
			t.Errorf("%q folds to %q", c, foldRune(c))
		}
	}
	for _, class := range [][]rune{{'I', 'i', 0x130, 0x131}, {'K', 'k', 0x212A}, {'S', 's', 0x17F}} {
		for _, r := range class {
			if foldRune(r) != class[0] {
				t.Errorf("U+%04X folds to U+%04X, want %q", r, foldRune(r), class[0])
			}
		}
	}
}

// TestStrict_Upper8UpperCasesEachByteAsUpperASCII_LookAlike: the
// eight-bytes-at-a-time upper-casing agrees with upperASCII for every byte
// value in every position, whatever its neighbours.
func TestStrict_Upper8UpperCasesEachByteAsUpperASCII_LookAlike(t *testing.T) {
	neighbours := []byte{0x00, 0x1f, 0x20, '@', 'A', 'Z', '[', '`', 'a', 'z', '{', 0x7f, 0x80, 0xe1, 0xfa, 0xff}
	for _, n := range neighbours {
		for b := range 256 {
			for pos := range 8 {
				var in, want [8]byte
				for i := range in {
					in[i] = n
					if i == pos {
						in[i] = byte(b)
					}
					want[i] = upperASCII(in[i])
				}
				got := upper8(binary.LittleEndian.Uint64(in[:]))
				if got != binary.LittleEndian.Uint64(want[:]) {
					t.Fatalf("upper8(% x) = %x, want % x", in, got, want)
				}
			}
		}
	}
	for _, tc := range []struct {
		a, b string
		eq   bool
	}{
		{"role", "ROLE", true}, {"abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", true},
		{"abcdefgh@", "ABCDEFGH`", false}, {"abcdefgh[", "ABCDEFGH{", false}, {"0123456789_-", "0123456789_-", true},
		{"aaaaaaaaaaaaaaab", "AAAAAAAAAAAAAAAC", false}, {"a@aaaaaa", "A`AAAAAA", false},
	} {
		if got := equalUpperASCII([]byte(tc.a), []byte(tc.b)); got != tc.eq {
			t.Errorf("equalUpperASCII(%q, %q) = %v", tc.a, tc.b, got)
		}
	}
}
