package jsoniterext

import (
	"encoding/json"
	"reflect"
	"unsafe"

	jsoniter "github.com/json-iterator/go"
)

var numberType = reflect.TypeFor[json.Number]()

// checkedNumber lets a json.Number through only when it is a JSON number
// (RFC 8259 section 6) or empty (written 0, as encoding/json does);
// encoding/json refuses any other text, which jsoniter copies raw.
type checkedNumber struct{ jsoniter.ValEncoder }

func (c checkedNumber) Encode(ptr unsafe.Pointer, stream *jsoniter.Stream) {
	if n := *(*json.Number)(ptr); n != "" && !isNumber(string(n)) {
		stream.Error = errUseStd
		return
	}
	c.ValEncoder.Encode(ptr, stream)
}

// isNumber reports whether s is exactly one JSON number:
// -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
func isNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		i = digits(s, i)
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		j := digits(s, i+1)
		if j == i+1 {
			return false
		}
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digits(s, i)
		if j == i {
			return false
		}
		i = j
	}
	return i == len(s)
}

// digits returns the index of the first non-digit of s at or after i.
func digits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}
