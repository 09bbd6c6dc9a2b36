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

// isNumber reports whether s is exactly one JSON number (RFC 8259 section
// 6), by encoding/json's own check: a valid JSON value that starts with '-'
// or a digit and ends with a digit (so no white space around it) is a number.
func isNumber(s string) bool {
	return s != "" && (s[0] == '-' || isDigit(s[0])) && isDigit(s[len(s)-1]) && json.Valid([]byte(s))
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
