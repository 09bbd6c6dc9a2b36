package jsonplan

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/jotlib/jwt/claims"
)

// reader walks JSON that the strict pass has already accepted, so it never
// checks grammar: it only finds where things end.
type reader struct {
	data []byte
	pos  int
	// whole is data as one string, made on first need: unescaped strings
	// are views into it, so a whole claims object costs one allocation.
	whole string
	// dates is where NumericDate pointers point, a few per allocation.
	dates []claims.NumericDate
}

func (r *reader) skipSpace() {
	for r.pos < len(r.data) {
		switch r.data[r.pos] {
		case ' ', '\t', '\n', '\r':
			r.pos++
		default:
			return
		}
	}
}

// peek returns the next non-space byte.
func (r *reader) peek() byte {
	r.skipSpace()
	return r.data[r.pos]
}

// stringSpan scans the string at r.pos (a '"') and returns its contents'
// bounds and whether it has escapes.
func (r *reader) stringSpan() (start, end int, escaped bool) {
	data := r.data
	start = r.pos + 1
	i := start
	for ; i+8 <= len(data); i += 8 {
		x := binary.LittleEndian.Uint64(data[i:])
		if m := zeroByte(x^(ones8*'"')) | zeroByte(x^(ones8*'\\')); m != 0 {
			i += bits.TrailingZeros64(m) >> 3
			break
		}
	}
	for data[i] != '"' && data[i] != '\\' {
		i++
	}
	if data[i] == '"' {
		r.pos = i + 1
		return start, i, false
	}
	for ; ; i++ {
		switch data[i] {
		case '"':
			r.pos = i + 1
			return start, i, true
		case '\\':
			i++
		}
	}
}

const ones8 = 0x0101010101010101

// zeroByte sets the high bit of the lowest zero byte of x (and maybe of
// bytes above it, never below).
func zeroByte(x uint64) uint64 { return (x - ones8) &^ x & (ones8 * 0x80) }

// str reads the string at r.pos as a Go string.
func (r *reader) str() string {
	start, end, escaped := r.stringSpan()
	if escaped {
		return string(unescape(make([]byte, 0, end-start), r.data[start:end]))
	}
	if r.whole == "" {
		r.whole = string(r.data)
	}
	return r.whole[start:end]
}

// key reads a member name and its colon; it returns the raw name (escapes
// decoded into scratch when there are any).
func (r *reader) key(scratch []byte) []byte {
	start, end, escaped := r.stringSpan()
	name := r.data[start:end]
	if escaped {
		name = unescape(scratch[:0], name)
	}
	r.colon()
	return name
}

// memberName reads a member name as a Go string, and the ':' after it.
func (r *reader) memberName() string {
	name := r.str()
	r.colon()
	return name
}

// colon moves past the ':' after a member name and the white space
// around it.
func (r *reader) colon() {
	r.skipSpace()
	r.pos++
	r.skipSpace()
}

// number returns the number literal at r.pos.
func (r *reader) number() []byte {
	start := r.pos
	for r.pos < len(r.data) {
		switch r.data[r.pos] {
		case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-', '+', '.', 'e', 'E':
			r.pos++
			continue
		}
		break
	}
	return r.data[start:r.pos]
}

// skip moves past the value at r.pos and returns it.
func (r *reader) skip() []byte {
	start := r.pos
	switch r.data[r.pos] {
	case '"':
		r.stringSpan()
	case '{', '[':
		depth := 0
		for {
			c := r.data[r.pos]
			if c == '"' {
				r.stringSpan()
				continue
			}
			r.pos++
			switch c {
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return r.data[start:r.pos]
				}
			}
		}
	case 't', 'n':
		r.pos += 4
	case 'f':
		r.pos += 5
	default:
		r.number()
	}
	return r.data[start:r.pos]
}

// next moves past the ',' between elements or members and reports whether
// another follows (false at the closing bracket, which it consumes).
func (r *reader) next() bool {
	r.skipSpace()
	c := r.data[r.pos]
	r.pos++
	if c == ',' {
		r.skipSpace()
		return true
	}
	return false
}

// open consumes '{' or '[' and reports whether the container is non-empty.
func (r *reader) open() bool {
	r.pos++
	r.skipSpace()
	switch r.data[r.pos] {
	case '}', ']':
		r.pos++
		return false
	}
	return true
}

// unescape appends the decoded contents of a JSON string (without quotes)
// to dst. The strict pass guarantees every escape is whole and every \u
// escape names a scalar value.
func unescape(dst, s []byte) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			dst = append(dst, c)
			i++
			continue
		}
		switch s[i+1] {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r := rune(hex4(s[i+2:]))
			i += 6
			if utf16.IsSurrogate(r) {
				r = utf16.DecodeRune(r, rune(hex4(s[i+2:])))
				i += 6
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default: // '"', '\\', '/'
			dst = append(dst, s[i+1])
		}
		i += 2
	}
	return dst
}

func hex4(b []byte) uint16 {
	var v uint16
	for _, c := range b[:4] {
		v <<= 4
		switch {
		case c <= '9':
			v |= uint16(c - '0')
		case c <= 'F':
			v |= uint16(c - 'A' + 10)
		default:
			v |= uint16(c - 'a' + 10)
		}
	}
	return v
}
