// Package strictjson is the core's one strict pass over a JSON object: it
// checks RFC 8259 grammar, valid UTF-8 (RFC 8259 section 8.1), escapes that
// name whole Unicode scalar values (no lone surrogates), no duplicate member
// names at any depth (RFC 7515 section 5.2, RFC 7519 section 4), numbers
// within a 64-bit float's range, a bounded nesting depth and nothing but
// white space after the object. It hands each
// top-level member to the caller, raw, so the caller can extract what it
// needs without a second parse. It allocates only for objects with many
// members or escaped member names.
//
// Whatever JSON codec decodes the object afterwards then sees only input on
// which every conforming codec agrees.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// MaxDepth is the deepest nesting of objects and arrays accepted; the
// top-level object is depth 1.
const MaxDepth = 64

// ErrInvalid is wrapped by every error this package returns.
var ErrInvalid = errors.New("invalid JSON")

// Key is a member name as it appears in the input, without its quotes.
type Key struct {
	Raw     []byte // the bytes between the quotes
	Escaped bool   // Raw contains a backslash escape
}

// Name returns the member name, decoding escapes when there are any.
func (k Key) Name() string {
	if !k.Escaped {
		return string(k.Raw)
	}
	return unescape(k.Raw)
}

// Is reports whether the decoded name equals name, without allocating when
// the key has no escapes.
func (k Key) Is(name string) bool {
	if !k.Escaped {
		return string(k.Raw) == name
	}
	return unescape(k.Raw) == name
}

// MemberFunc receives one top-level member: its name and its raw value.
type MemberFunc func(key Key, value []byte) error

// Object checks that data is exactly one JSON object, optionally surrounded
// by white space, and calls fn for each of its top-level members in order.
// An error from fn stops the pass and is returned as is.
func Object(data []byte, fn MemberFunc) error {
	s := scanner{data: data}
	s.skipWS()
	if s.pos >= len(s.data) || s.data[s.pos] != '{' {
		return s.fail("not a JSON object")
	}
	if err := s.object(1, fn); err != nil {
		return err
	}
	s.skipWS()
	if s.pos != len(s.data) {
		return s.fail("data after the top-level object")
	}
	return nil
}

// Valid checks that data is exactly one JSON value of any kind under the
// same rules as Object.
func Valid(data []byte) error {
	s := scanner{data: data}
	s.skipWS()
	if err := s.value(1); err != nil {
		return err
	}
	s.skipWS()
	if s.pos != len(s.data) {
		return s.fail("data after the top-level value")
	}
	return nil
}

// SyntaxError locates a strictness failure.
type SyntaxError struct {
	Offset int
	Msg    string
}

// Error describes the failure and its offset.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid JSON at offset %d: %s", e.Offset, e.Msg)
}

// Unwrap makes errors.Is(err, ErrInvalid) true.
func (e *SyntaxError) Unwrap() error { return ErrInvalid }

type scanner struct {
	data []byte
	pos  int
}

func (s *scanner) fail(msg string) error { return &SyntaxError{Offset: s.pos, Msg: msg} }

func (s *scanner) skipWS() {
	p, data := s.pos, s.data
	for p < len(data) && data[p] <= ' ' && (data[p] == ' ' || data[p] == '\t' || data[p] == '\n' || data[p] == '\r') {
		p++
	}
	s.pos = p
}

func (s *scanner) value(depth int) error {
	if s.pos >= len(s.data) {
		return s.fail("unexpected end of input")
	}
	switch c := s.data[s.pos]; {
	case c == '{':
		return s.object(depth, nil)
	case c == '[':
		return s.array(depth)
	case c == '"':
		_, err := s.str()
		return err
	case c == '-' || (c >= '0' && c <= '9'):
		return s.number()
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	}
	return s.fail("unexpected character")
}

func (s *scanner) literal(lit string) error {
	if len(s.data)-s.pos < len(lit) || string(s.data[s.pos:s.pos+len(lit)]) != lit {
		return s.fail("invalid literal")
	}
	s.pos += len(lit)
	return nil
}

// inlineKeys is how many member names an object tracks in a flat list
// before it switches to a map for duplicate detection.
const inlineKeys = 16

// object scans an object at s.pos (a '{'). fn, when not nil, receives each
// member; it is set only for the top level.
func (s *scanner) object(depth int, fn MemberFunc) error {
	if depth > MaxDepth {
		return s.fail("nesting too deep")
	}
	s.pos++ // '{'
	var (
		flat [inlineKeys]Key
		n    int
		many map[string]struct{}
	)
	s.skipWS()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
		return nil
	}
	for {
		if s.pos >= len(s.data) || s.data[s.pos] != '"' {
			return s.fail("expected a member name")
		}
		start := s.pos
		escaped, err := s.str()
		if err != nil {
			return err
		}
		key := Key{Raw: s.data[start+1 : s.pos-1], Escaped: escaped}
		// RFC 7515 section 5.2 and RFC 7519 section 4: "Header Parameter
		// names ... MUST be unique" / "Claim Names within a JWT Claims Set
		// MUST be unique"; we refuse duplicates rather than pick one.
		if many != nil {
			name := key.Name()
			if _, dup := many[name]; dup {
				return s.fail(fmt.Sprintf("duplicate member name %q", name))
			}
			many[name] = struct{}{}
		} else {
			for i := range flat[:n] {
				// Cheap rejection first: unescaped names of another length
				// or first byte differ.
				prev := &flat[i]
				if !prev.Escaped && !key.Escaped && (len(prev.Raw) != len(key.Raw) || (len(key.Raw) > 0 && prev.Raw[0] != key.Raw[0])) {
					continue
				}
				if sameName(*prev, key) {
					return s.fail(fmt.Sprintf("duplicate member name %q", key.Name()))
				}
			}
			if n < inlineKeys {
				flat[n] = key
				n++
			} else {
				many = make(map[string]struct{}, 2*inlineKeys)
				for _, k := range flat {
					many[k.Name()] = struct{}{}
				}
				many[key.Name()] = struct{}{}
			}
		}
		s.skipWS()
		if s.pos >= len(s.data) || s.data[s.pos] != ':' {
			return s.fail("expected ':'")
		}
		s.pos++
		s.skipWS()
		vstart := s.pos
		if err := s.value(depth + 1); err != nil {
			return err
		}
		if fn != nil {
			if err := fn(key, s.data[vstart:s.pos]); err != nil {
				return err
			}
		}
		s.skipWS()
		if s.pos >= len(s.data) {
			return s.fail("unterminated object")
		}
		switch s.data[s.pos] {
		case ',':
			s.pos++
			s.skipWS()
		case '}':
			s.pos++
			return nil
		default:
			return s.fail("expected ',' or '}'")
		}
	}
}

func sameName(a, b Key) bool {
	if !a.Escaped && !b.Escaped {
		return len(a.Raw) == len(b.Raw) && string(a.Raw) == string(b.Raw)
	}
	return a.Name() == b.Name()
}

func (s *scanner) array(depth int) error {
	if depth > MaxDepth {
		return s.fail("nesting too deep")
	}
	s.pos++ // '['
	s.skipWS()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		s.pos++
		return nil
	}
	for {
		if err := s.value(depth + 1); err != nil {
			return err
		}
		s.skipWS()
		if s.pos >= len(s.data) {
			return s.fail("unterminated array")
		}
		switch s.data[s.pos] {
		case ',':
			s.pos++
			s.skipWS()
		case ']':
			s.pos++
			return nil
		default:
			return s.fail("expected ',' or ']'")
		}
	}
}

// str scans a string at s.pos (a '"') and reports whether it has escapes.
func (s *scanner) str() (escaped bool, err error) {
	s.pos++ // opening quote
	for s.pos < len(s.data) {
		// Fast path: printable ASCII other than '"' and '\\', then the
		// closing quote.
		p, data := s.pos, s.data
		for p < len(data) && plain[data[p]] {
			p++
		}
		if p < len(data) && data[p] == '"' {
			s.pos = p + 1
			return escaped, nil
		}
		s.pos = p
		if s.pos >= len(s.data) {
			break
		}
		c := s.data[s.pos]
		switch {
		case c == '"':
			s.pos++
			return escaped, nil
		case c == '\\':
			escaped = true
			if err := s.escape(); err != nil {
				return escaped, err
			}
		case c < 0x20:
			return escaped, s.fail("control character in string")
		case c < utf8.RuneSelf:
			s.pos++
		default:
			r, size := utf8.DecodeRune(s.data[s.pos:])
			if r == utf8.RuneError && size == 1 {
				return escaped, s.fail("invalid UTF-8 in string")
			}
			s.pos += size
		}
	}
	return escaped, s.fail("unterminated string")
}

// escape scans one escape sequence at s.pos (a '\\').
func (s *scanner) escape() error {
	if s.pos+1 >= len(s.data) {
		return s.fail("unterminated escape")
	}
	switch s.data[s.pos+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		s.pos += 2
		return nil
	case 'u':
		r, ok := hex4(s.data, s.pos+2)
		if !ok {
			return s.fail("invalid \\u escape")
		}
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return s.fail("lone low surrogate escape")
		case r >= 0xD800 && r <= 0xDBFF:
			p := s.pos + 6
			if p+1 >= len(s.data) || s.data[p] != '\\' || s.data[p+1] != 'u' {
				return s.fail("lone high surrogate escape")
			}
			lo, ok := hex4(s.data, p+2)
			if !ok || lo < 0xDC00 || lo > 0xDFFF {
				return s.fail("lone high surrogate escape")
			}
			s.pos += 12
			return nil
		}
		s.pos += 6
		return nil
	}
	return s.fail("invalid escape")
}

// plain marks the string bytes that need no further look: printable ASCII
// other than the quote and the backslash.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func hex4(b []byte, i int) (rune, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

// number scans an RFC 8259 number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *scanner) number() error {
	d := s.data
	start := s.pos
	if s.pos < len(d) && d[s.pos] == '-' {
		s.pos++
	}
	switch {
	case s.pos < len(d) && d[s.pos] == '0':
		s.pos++
	case s.pos < len(d) && d[s.pos] >= '1' && d[s.pos] <= '9':
		s.digits()
	default:
		return s.fail("invalid number")
	}
	if s.pos < len(d) && d[s.pos] == '.' {
		s.pos++
		if !s.digits() {
			return s.fail("invalid number fraction")
		}
	}
	if s.pos < len(d) && (d[s.pos] == 'e' || d[s.pos] == 'E') {
		s.pos++
		if s.pos < len(d) && (d[s.pos] == '+' || d[s.pos] == '-') {
			s.pos++
		}
		if !s.digits() {
			return s.fail("invalid number exponent")
		}
		return s.inRange(d[start:s.pos])
	}
	if s.pos-start > 300 {
		return s.inRange(d[start:s.pos])
	}
	return nil
}

// inRange refuses a number beyond IEEE 754 binary64's range (RFC 8259
// section 6): codecs disagree on it (encoding/json fails to decode it into
// any or float64 but skips it for a struct without that field; others yield
// ±Inf), so it could make a verdict depend on the codec or the claims type.
// Only literals with an exponent or over 300 characters can overflow.
func (s *scanner) inRange(lit []byte) error {
	if _, err := strconv.ParseFloat(string(lit), 64); err != nil {
		return s.fail("number beyond the range of a 64-bit float")
	}
	return nil
}

func (s *scanner) digits() bool {
	start := s.pos
	for s.pos < len(s.data) && s.data[s.pos] >= '0' && s.data[s.pos] <= '9' {
		s.pos++
	}
	return s.pos > start
}

// unescape decodes the inside of a string already checked by str.
func unescape(raw []byte) string {
	lit := make([]byte, 0, len(raw)+2)
	lit = append(append(append(lit, '"'), raw...), '"')
	var out string
	if err := json.Unmarshal(lit, &out); err != nil {
		return string(raw) // unreachable for checked input
	}
	return out
}

// String decodes a raw JSON string value (with its quotes) that the pass
// has checked. ok is false when value is not a string.
func String(value []byte) (s string, ok bool) {
	if len(value) < 2 || value[0] != '"' {
		return "", false
	}
	inner := value[1 : len(value)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return string(inner), true
	}
	return unescape(inner), true
}

// StringEquals reports whether the checked JSON string value equals want,
// without allocating when value has no escapes.
func StringEquals(value []byte, want string) bool {
	if len(value) < 2 || value[0] != '"' {
		return false
	}
	inner := value[1 : len(value)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return string(inner) == want
	}
	return unescape(inner) == want
}

// EachArrayElement calls fn with each raw element of a checked JSON array,
// stopping early when fn returns false. It reports false when value is not
// an array.
func EachArrayElement(value []byte, fn func(elem []byte) bool) bool {
	if len(value) == 0 || value[0] != '[' {
		return false
	}
	s := scanner{data: value, pos: 1}
	s.skipWS()
	if s.pos < len(value) && value[s.pos] == ']' {
		return true
	}
	for s.pos < len(value) {
		start := s.pos
		if s.value(2) != nil {
			return false
		}
		if !fn(value[start:s.pos]) {
			return true
		}
		s.skipWS()
		if s.pos >= len(value) || value[s.pos] != ',' {
			return true
		}
		s.pos++
		s.skipWS()
	}
	return true
}
