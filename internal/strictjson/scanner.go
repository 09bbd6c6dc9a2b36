package strictjson

import (
	"encoding/binary"
	"math/bits"
	"strconv"

	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/bytesview"
)

// scanner walks data. Its methods take the index to scan from and return
// the index after what they scanned, so the hot loops keep positions in
// registers; an error carries the offset of the failure.
type scanner struct {
	data []byte
	// The stacks of the open objects' duplicate detection (see names):
	// keys of names that are not read in place (in inline[:nInline], then
	// arena), the names of objects past inlineKeys names, and their hash
	// tables. An object truncates them back when it ends, so they grow only
	// with the nesting. inline is an array, not a slice, so that it stays
	// on the stack with the scanner.
	inline  [arenaInline]byte
	nInline int
	arena   []byte
	ents    []tableEntry
	slots   []uint64
	// anyNames turns duplicate detection off: TopLevel walks the grammar
	// only, keeping no names, so it allocates nothing.
	anyNames bool
	// found and foundInNames gather what str found (strEscaped,
	// strNonASCII) in every string, and in every member name, for Facts.
	found, foundInNames uint8
}

func (s *scanner) fail(p int, msg string) error { return &SyntaxError{Offset: p, Msg: msg} }

// skipWS returns the index of the first byte at or after p that is not
// JSON white space (RFC 8259 section 2: space, tab, line feed, carriage
// return).
func skipWS(data []byte, p int) int {
	for p < len(data) && data[p] <= ' ' && (data[p] == ' ' || data[p] == '\t' || data[p] == '\n' || data[p] == '\r') {
		p++
	}
	return p
}

// value scans one value at p, nested at depth.
func (s *scanner) value(p, depth int) (int, error) {
	if p >= len(s.data) {
		return p, s.fail(p, "unexpected end of input")
	}
	switch c := s.data[p]; {
	case c == '"':
		end, _, err := s.str(p)
		return end, err
	case c == '-' || (c >= '0' && c <= '9'):
		return s.number(p)
	case c == '{':
		return s.object(p, depth, nil)
	case c == '[':
		return s.array(p, depth)
	case c == 't':
		return s.literal(p, "true")
	case c == 'f':
		return s.literal(p, "false")
	case c == 'n':
		return s.literal(p, "null")
	}
	return p, s.fail(p, "unexpected character")
}

func (s *scanner) literal(p int, lit string) (int, error) {
	if len(s.data)-p < len(lit) || string(s.data[p:p+len(lit)]) != lit {
		return p, s.fail(p, "invalid literal")
	}
	return p + len(lit), nil
}

// object scans an object at p (a '{'). fn, when not nil, receives each
// member; it is set only for the top level.
func (s *scanner) object(p, depth int, fn MemberFunc) (int, error) {
	if depth > MaxDepth {
		return p, s.fail(p, "nesting too deep")
	}
	data := s.data
	var seen names
	p = skipWS(data, p+1)
	if p < len(data) && data[p] == '}' {
		return p + 1, nil
	}
	for {
		if p >= len(data) || data[p] != '"' {
			return p, s.fail(p, "expected a member name")
		}
		start := p
		// str, with its plain run here: a plain name costs no call.
		end, kind := plainRun(data, p+1), uint8(0)
		if end < len(data) && data[end] == '"' {
			end++
		} else {
			var err error
			if end, kind, err = s.strSlow(end); err != nil {
				return end, err
			}
			s.foundInNames |= kind
		}
		key := Key{Raw: data[start+1 : end-1], Escaped: kind&strEscaped != 0}
		// RFC 7515 section 5.2 and RFC 7519 section 4: "Header Parameter
		// names ... MUST be unique" / "Claim Names within a JWT Claims Set
		// MUST be unique"; we refuse duplicates rather than pick one. Names
		// equal under case folding or lower- or upper-casing are refused
		// too: codecs match struct fields that way, so {"role":"user",
		// "ROLE":"admin"} would read one way into a map, another into a
		// struct.
		if !s.anyNames {
			// add, with its fast path here: a plain name that misses the
			// filter of a flat list with room.
			if bit := nameBit(key.Raw); kind == 0 && seen.filter&bit == 0 && seen.n < inlineKeys {
				seen.filter |= bit
				seen.flat[seen.n] = entry{raw: start + 1, key: -1, n: len(key.Raw)}
				seen.n++
			} else if other := seen.addSlow(s, start, end, kind); other >= 0 {
				return end, s.duplicate(end, key, other)
			}
		}
		if p = end; p >= len(data) || data[p] != ':' {
			if p = skipWS(data, p); p >= len(data) || data[p] != ':' {
				return p, s.fail(p, "expected ':'")
			}
		}
		vstart := skipWS(data, p+1)
		var err error
		switch {
		case vstart >= len(data):
			p, err = s.value(vstart, depth+1)
		case data[vstart] == '"': // the common cases, without value's dispatch
			if p = plainRun(data, vstart+1); p < len(data) && data[p] == '"' {
				p++
			} else {
				p, _, err = s.strSlow(p)
			}
		case data[vstart]-'1' < 9:
			// number, with its most common case here: an integer without
			// a leading zero, fraction or exponent, followed by ',' or '}',
			// short enough to be in range.
			if p = digits(data, vstart+1); p-vstart > 300 || p >= len(data) || (data[p] != ',' && data[p] != '}') {
				p, err = s.number(vstart)
			}
		case data[vstart] == '0' || data[vstart] == '-':
			p, err = s.number(vstart)
		case data[vstart] == '[':
			p, err = s.array(vstart, depth+1)
		default:
			p, err = s.value(vstart, depth+1)
		}
		if err != nil {
			return p, err
		}
		if fn != nil {
			if err := fn(key, data[vstart:p]); err != nil {
				return p, err
			}
		}
		if p < len(data) && data[p] == ',' {
			p = skipWS(data, p+1)
			continue
		}
		if p = skipWS(data, p); p >= len(data) {
			return p, s.fail(p, "unterminated object")
		}
		switch data[p] {
		case ',':
			p = skipWS(data, p+1)
		case '}':
			seen.release(s)
			return p + 1, nil
		default:
			return p, s.fail(p, "expected ',' or '}'")
		}
	}
}

// duplicate reports, at p, that key names a member again or a case-folded
// look-alike of one; the earlier name starts at data[other]. Both names
// come from unverified input: they are cut to bounded.Max bytes, marked
// (RFC 8725 section 3.10), so a forged name never makes a long error.
func (s *scanner) duplicate(p int, key Key, other int) error {
	name := key.Name()
	prev := unescape(s.data[other : checkedStringEnd(s.data, other-1)-1])
	if name == prev {
		return s.fail(p, "duplicate member name "+bounded.Quote(name))
	}
	return s.fail(p, "member name "+bounded.Quote(name)+" is a case-folded look-alike of the member name "+bounded.Quote(prev))
}

func (s *scanner) array(p, depth int) (int, error) {
	if depth > MaxDepth {
		return p, s.fail(p, "nesting too deep")
	}
	data := s.data
	p = skipWS(data, p+1)
	if p < len(data) && data[p] == ']' {
		return p + 1, nil
	}
	for {
		var err error
		if p < len(data) && data[p] == '"' { // str, with its plain run here
			if p = plainRun(data, p+1); p < len(data) && data[p] == '"' {
				p++
			} else {
				p, _, err = s.strSlow(p)
			}
		} else {
			p, err = s.value(p, depth+1)
		}
		if err != nil {
			return p, err
		}
		if p < len(data) && data[p] == ',' {
			p = skipWS(data, p+1)
			continue
		}
		if p = skipWS(data, p); p >= len(data) {
			return p, s.fail(p, "unterminated array")
		}
		switch data[p] {
		case ',':
			p = skipWS(data, p+1)
		case ']':
			return p + 1, nil
		default:
			return p, s.fail(p, "expected ',' or ']'")
		}
	}
}

// number scans an RFC 8259 number at p:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *scanner) number(p int) (int, error) {
	d := s.data
	start := p
	if p < len(d) && d[p] == '-' {
		p++
	}
	switch {
	case p < len(d) && d[p] == '0':
		p++
	case p < len(d) && d[p] >= '1' && d[p] <= '9':
		p = digits(d, p+1)
	default:
		return p, s.fail(p, "invalid number")
	}
	if p < len(d) && d[p] == '.' {
		q := digits(d, p+1)
		if q == p+1 {
			return q, s.fail(q, "invalid number fraction")
		}
		p = q
	}
	if p < len(d) && (d[p] == 'e' || d[p] == 'E') {
		p++
		if p < len(d) && (d[p] == '+' || d[p] == '-') {
			p++
		}
		q := digits(d, p)
		if q == p {
			return q, s.fail(q, "invalid number exponent")
		}
		return q, s.inRange(start, d[start:q])
	}
	if p-start > 300 {
		return p, s.inRange(start, d[start:p])
	}
	return p, nil
}

// inRange refuses a number beyond IEEE 754 binary64's range (RFC 8259
// section 6): codecs disagree on it (encoding/json fails to decode it into
// any or float64 but skips it for a struct without that field; others yield
// ±Inf), so it could make a verdict depend on the codec or the claims type.
// Only literals with an exponent or over 300 characters can overflow. lit
// is read in place: a copy would cost an allocation per long number.
func (s *scanner) inRange(start int, lit []byte) error {
	if _, err := strconv.ParseFloat(bytesview.String(lit), 64); err != nil { // ParseFloat keeps no view of lit
		return s.fail(start, "number beyond the range of a 64-bit float")
	}
	return nil
}

// digits returns the index of the first byte at or after p that is not an
// ASCII digit, eight bytes at a time while they last (a NumericDate has
// ten digits).
func digits(d []byte, p int) int {
	for p+8 <= len(d) {
		if m := notDigit8(binary.LittleEndian.Uint64(d[p : p+8])); m != 0 {
			return p + bits.TrailingZeros64(m)>>3
		}
		p += 8
	}
	for p < len(d) && d[p]-'0' < 10 {
		p++
	}
	return p
}

// notDigit8 looks at eight bytes at once (byte i of the input in bits
// 8i..8i+7) and sets the high bit of the lowest byte that is not an ASCII
// digit: below '0' (the subtraction borrows), above '9' (adding 0x46
// reaches 0x80 from ':' up) or 0x80 and above. As in notPlain8, a borrow
// or carry travels upwards only from a byte that is itself flagged, so
// the lowest flagged byte is right; callers use only it.
func notDigit8(x uint64) uint64 {
	return ((x - '0'*ones8) | (x + 0x46*ones8) | x) & high8
}
