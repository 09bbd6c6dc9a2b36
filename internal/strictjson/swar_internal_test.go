package strictjson

import (
	"encoding/binary"
	"math/bits"
	"strconv"
	"testing"
)

// lowestFlagged returns the index of the lowest byte whose high bit m
// sets, or 8.
func lowestFlagged(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// TestNotDigit8FlagsExactlyTheFirstNonDigit_RFC8259_6: the eight-at-a-time
// digit scan stops where a byte-at-a-time one does, for every byte value at
// every position after digits, whatever follows it.
func TestNotDigit8FlagsExactlyTheFirstNonDigit_RFC8259_6(t *testing.T) {
	for pos := range 8 {
		for c := range 256 {
			for _, after := range []byte{'0', '9', 0x00, 0x2f, 0x3a, 0x7f, 0x80, 0xff} {
				var w [8]byte
				for i := range w {
					switch {
					case i < pos:
						w[i] = '0' + byte(i)
					case i == pos:
						w[i] = byte(c)
					default:
						w[i] = after
					}
				}
				want := 8
				for i, b := range w {
					if b < '0' || b > '9' {
						want = i
						break
					}
				}
				if got := lowestFlagged(notDigit8(binary.LittleEndian.Uint64(w[:]))); got != want {
					t.Fatalf("notDigit8(%q): first non-digit at %d, want %d", w, got, want)
				}
			}
		}
	}
}

// TestPlainRunStopsAtTheFirstByteThatIsNotPlain_RFC8259_7: plainRun stops
// at the first quote, backslash, control character or non-ASCII byte
// among whole words, and never reads past data.
func TestPlainRunStopsAtTheFirstByteThatIsNotPlain_RFC8259_7(t *testing.T) {
	for n := range 20 {
		for pos := 0; pos <= n; pos++ {
			for c := range 256 {
				data := make([]byte, n)
				for i := range data {
					data[i] = 'a'
				}
				if pos < n {
					data[pos] = byte(c)
				}
				want := pos
				if pos == n || plain[c] {
					want = n
				}
				// plainRun looks at whole words only: past the last one it
				// stops, wherever the byte is.
				want = min(want, n&^7)
				if got := plainRun(data, 0); got != want {
					t.Fatalf("plainRun(%q): %d, want %d", data, got, want)
				}
			}
		}
	}
}

// TestHex4DecodesExactlyFourHexDigits_RFC8259_7: the table-driven \u
// decoding accepts the hexadecimal digits of either case at every
// position, and nothing else, with the value strconv gives.
func TestHex4DecodesExactlyFourHexDigits_RFC8259_7(t *testing.T) {
	for pos := range 4 {
		for c := range 256 {
			w := []byte("x0aF9")
			w[1+pos] = byte(c)
			want, err := strconv.ParseUint(string(w[1:]), 16, 32)
			r, ok := hex4(w, 1)
			if ok != (err == nil) || (ok && rune(want) != r) {
				t.Fatalf("hex4(%q) = %#x, %v; want %#x, %v", w[1:], r, ok, want, err == nil)
			}
		}
	}
	for _, i := range []int{-1, 2, 5} {
		if _, ok := hex4([]byte("x0aF9"), i); ok {
			t.Fatalf("hex4 at %d of a 5-byte input: ok", i)
		}
	}
}
