// Package strictjson is the core's one strict pass over a JSON object: it
// checks RFC 8259 grammar, valid UTF-8 (RFC 8259 section 8.1), escapes that
// name whole Unicode scalar values (no lone surrogates), no duplicate member
// names at any depth (RFC 7515 section 5.2, RFC 7519 section 4) and no two
// names of one object equal under Unicode simple case folding or under
// lower- or upper-casing (case-folded look-alikes, see fold.go), numbers
// within a 64-bit float's range, a bounded nesting depth and nothing but
// white space after the object. It hands each top-level member to the
// caller, raw, so the caller can extract what it needs without a second
// parse. Its cost is linear in the input's length
// whatever its shape; it allocates only when the names of the open objects
// are many or long and escaped.
//
// Whatever JSON codec decodes the object afterwards then sees only input on
// which every conforming codec agrees.
package strictjson

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/jotlib/jwt/internal/bytesview"
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

// View returns the member name as Name does, but without a copy when the
// key has no escapes: the string then views Raw, so it is valid only
// during the MemberFunc call and must never be retained.
func (k Key) View() string {
	if !k.Escaped {
		return bytesview.String(k.Raw)
	}
	return unescape(k.Raw)
}

// AppendName appends the decoded member name to dst: Name without an
// allocation when dst has room.
func (k Key) AppendName(dst []byte) []byte {
	if !k.Escaped {
		return append(dst, k.Raw...)
	}
	return appendUnescaped(dst, k.Raw)
}

// Is reports whether the decoded name equals name, without allocating when
// the key has no escapes.
func (k Key) Is(name string) bool {
	if !k.Escaped {
		return string(k.Raw) == name
	}
	return equalUnescaped(k.Raw, name)
}

// MemberFunc receives one top-level member: its name and its raw value.
type MemberFunc func(key Key, value []byte) error

// Object checks that data is exactly one JSON object, optionally surrounded
// by white space, and calls fn for each of its top-level members in order.
// An error from fn stops the pass and is returned as is.
func Object(data []byte, fn MemberFunc) error {
	s := scanner{data: data}
	return s.topObject(fn)
}

// topObject is Object on s.data.
func (s *scanner) topObject(fn MemberFunc) error {
	data := s.data
	p := skipWS(data, 0)
	if p >= len(data) || data[p] != '{' {
		return s.fail(p, "not a JSON object")
	}
	p, err := s.object(p, 1, fn)
	if err != nil {
		return err
	}
	if p = skipWS(data, p); p != len(data) {
		return s.fail(p, "data after the top-level object")
	}
	return nil
}

// Valid checks that data is exactly one JSON value of any kind under the
// same rules as Object.
func Valid(data []byte) error {
	s := scanner{data: data}
	p, err := s.value(skipWS(data, 0), 1)
	if err != nil {
		return err
	}
	if p = skipWS(data, p); p != len(data) {
		return s.fail(p, "data after the top-level value")
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

// arenaInline is the size of the scanner's inline arena, on the stack:
// enough for the escaped names of most objects.
const arenaInline = 128

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
	return equalUnescaped(inner, want)
}

// EachArrayElement calls fn with each raw element of a checked JSON array,
// stopping early when fn returns false. It reports false when value is not
// an array.
func EachArrayElement(value []byte, fn func(elem []byte) bool) bool {
	if len(value) == 0 || value[0] != '[' {
		return false
	}
	s := scanner{data: value}
	p := skipWS(value, 1)
	if p < len(value) && value[p] == ']' {
		return true
	}
	for p < len(value) {
		start := p
		var end int
		var err error
		if value[p] == '"' { // str, with its plain run here
			if end = plainRun(value, p+1); end < len(value) && value[end] == '"' {
				end++
			} else {
				end, _, err = s.strSlow(end)
			}
		} else {
			end, err = s.value(p, 2)
		}
		if err != nil {
			return false
		}
		if !fn(value[start:end]) {
			return true
		}
		p = skipWS(value, end)
		if p >= len(value) || value[p] != ',' {
			return true
		}
		p = skipWS(value, p+1)
	}
	return true
}

// StringArray reports whether value, checked by the pass, is an array
// whose elements are all strings, and how many. It only finds each
// element's end, so it is cheaper than EachArrayElement; it must not be
// given unchecked input.
func StringArray(value []byte) (n int, ok bool) {
	if len(value) == 0 || value[0] != '[' {
		return 0, false
	}
	p := skipWS(value, 1)
	if p < len(value) && value[p] == ']' {
		return 0, true
	}
	for p < len(value) && value[p] == '"' {
		n++
		p = skipWS(value, checkedStringEnd(value, p))
		if p >= len(value) || value[p] != ',' {
			return n, p < len(value) && value[p] == ']'
		}
		p = skipWS(value, p+1)
	}
	return n, false
}
