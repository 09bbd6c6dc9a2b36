package strictjson

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// What str found in a string, besides plain ASCII.
const (
	strEscaped  uint8 = 1 << iota // a backslash escape
	strNonASCII                   // a UTF-8 sequence of two bytes or more
)

// str scans a string whose opening quote is at p, returning the index
// after the closing quote and what it found (strEscaped, strNonASCII).
// Runs of plain bytes go eight at a time (plainRun); a string of plain
// ASCII ends here, anything else goes to strSlow, and what it finds is
// gathered in s.found. str is small enough to be inlined where it is
// called, so a plain string costs no call.
func (s *scanner) str(p int) (end int, kind uint8, err error) {
	if p = plainRun(s.data, p+1); p < len(s.data) && s.data[p] == '"' {
		return p + 1, 0, nil
	}
	return s.strSlow(p)
}

// plainRun returns the index of the first byte at or after p that is not
// plain (see notPlain8) among the whole eight-byte words from p: it stops
// at the last word of data that is not whole, which strRest scans. p must
// be at most len(data).
func plainRun(data []byte, p int) int {
	// data[p:p+8], not data[p:]: a full word, whose load needs no check
	// of its own.
	for ; p+8 <= len(data); p += 8 {
		if m := notPlain8(binary.LittleEndian.Uint64(data[p : p+8])); m != 0 {
			return p + bits.TrailingZeros64(m)>>3
		}
	}
	return p
}

// strSlow is str past its plain run: strRest, with what it found
// gathered in s.found.
func (s *scanner) strSlow(p int) (end int, kind uint8, err error) {
	end, kind, err = s.strRest(p)
	s.found |= kind
	return end, kind, err
}

// strRest scans the rest of a string from p, one byte at a time but for
// runs of plain bytes: escapes, UTF-8 sequences and the closing quote.
func (s *scanner) strRest(p int) (end int, kind uint8, err error) {
	data := s.data
	for {
		p = skipPlain(data, p)
		if p >= len(data) {
			return p, kind, s.fail(p, "unterminated string")
		}
		switch c := data[p]; {
		case c == '"':
			return p + 1, kind, nil
		case c == '\\':
			kind |= strEscaped
			if p, err = s.escape(p); err != nil {
				return p, kind, err
			}
		case c < 0x20:
			return p, kind, s.fail(p, "control character in string")
		default: // c >= utf8.RuneSelf
			kind |= strNonASCII
			r, size := utf8.DecodeRune(data[p:])
			if r == utf8.RuneError && size == 1 {
				return p, kind, s.fail(p, "invalid UTF-8 in string")
			}
			p += size
		}
	}
}

// skipPlain returns the index of the first byte at or after p that is not
// plain (see the plain table), or len(data).
func skipPlain(data []byte, p int) int {
	for p = plainRun(data, p); p < len(data) && plain[data[p]]; p++ {
	}
	return p
}

const (
	ones8 = 0x0101010101010101
	high8 = 0x8080808080808080
)

// notPlain8 looks at eight bytes at once (byte i of the input in bits
// 8i..8i+7) and sets the high bit of the lowest byte that is not plain:
// below 0x20, '"', '\\', or 0x80 and above. A subtraction's borrow only
// travels upwards from a byte that is itself flagged, so bytes above the
// lowest flagged one may be flagged wrongly, but never the lowest: callers
// use only the lowest.
func notPlain8(x uint64) uint64 {
	ctl := x - 0x20*ones8              // bytes below 0x20 borrow
	quote := (x ^ '"'*ones8) - ones8   // zero after the XOR: the quote
	bslash := (x ^ '\\'*ones8) - ones8 // likewise the backslash
	return (ctl | quote | bslash | x) & high8
}

// escape scans one escape sequence at p (a '\\').
func (s *scanner) escape(p int) (int, error) {
	d := s.data
	if p+1 >= len(d) {
		return p, s.fail(p, "unterminated escape")
	}
	switch d[p+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return p + 2, nil
	case 'u':
		r, ok := hex4(d, p+2)
		if !ok {
			return p, s.fail(p, "invalid \\u escape")
		}
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return p, s.fail(p, "lone low surrogate escape")
		case r >= 0xD800 && r <= 0xDBFF:
			q := p + 6
			if q+1 >= len(d) || d[q] != '\\' || d[q+1] != 'u' {
				return p, s.fail(p, "lone high surrogate escape")
			}
			lo, ok := hex4(d, q+2)
			if !ok || lo < 0xDC00 || lo > 0xDFFF {
				return p, s.fail(p, "lone high surrogate escape")
			}
			return p + 12, nil
		}
		return p + 6, nil
	}
	return p, s.fail(p, "invalid escape")
}

// plain marks the string bytes that need no further look: printable ASCII
// other than the quote and the backslash.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// hex4 decodes the four hexadecimal digits of a \u escape (RFC 8259
// section 7) at b[i:]; ok is false when there are not four.
func hex4(b []byte, i int) (rune, bool) {
	if i < 0 || i+4 > len(b) {
		return 0, false
	}
	q := b[i : i+4]
	d0, d1, d2, d3 := hexDigit[q[0]], hexDigit[q[1]], hexDigit[q[2]], hexDigit[q[3]]
	if d0|d1|d2|d3 > 0xF {
		return 0, false
	}
	return rune(d0)<<12 | rune(d1)<<8 | rune(d2)<<4 | rune(d3), true
}

// hexDigit maps each hexadecimal digit (RFC 8259 section 7: either case)
// to its value, every other byte to 0xFF.
var hexDigit = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= '0' && c <= '9':
			t[c] = uint8(c - '0')
		case c >= 'a' && c <= 'f':
			t[c] = uint8(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			t[c] = uint8(c - 'A' + 10)
		default:
			t[c] = 0xFF
		}
	}
	return t
}()

// checkedStringEnd returns the index after the closing quote of the string
// whose opening quote is at p, in input the pass has checked: an escape is
// a backslash and the byte after it, so the first quote not so escaped
// closes the string. Bytes other than quotes and backslashes are skipped
// eight at a time.
func checkedStringEnd(data []byte, p int) int {
	if q := plainRun(data, p+1); q < len(data) && data[q] == '"' { // the usual string
		return q + 1
	}
	for p++; p < len(data); p++ {
		for p+8 <= len(data) {
			x := binary.LittleEndian.Uint64(data[p : p+8])
			quote := (x ^ '"'*ones8) - ones8
			bslash := (x ^ '\\'*ones8) - ones8
			m := (quote | bslash) &^ x & high8
			if m != 0 {
				p += bits.TrailingZeros64(m) >> 3
				break
			}
			p += 8
		}
		if p >= len(data) {
			break
		}
		switch data[p] {
		case '\\':
			p++
		case '"':
			return p + 1
		}
	}
	return len(data)
}
