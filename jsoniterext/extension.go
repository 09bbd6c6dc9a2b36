package jsoniterext

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"reflect"
	"unsafe"

	jsoniter "github.com/json-iterator/go"
	"github.com/modern-go/reflect2"
)

// errUseStd makes Marshal hand the whole value to encoding/json.
var errUseStd = errors.New("jsoniterext: value needs encoding/json")

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// extension decorates jsoniter's encoders where they differ from
// encoding/json's.
type extension struct{ jsoniter.DummyExtension }

// DecorateEncoder wraps the encoders of custom marshalers, floats and
// json.Number, refuses the types leftToStd names, and bounds the depth of
// pointers, maps and slices (depth.go).
func (extension) DecorateEncoder(typ reflect2.Type, enc jsoniter.ValEncoder) jsoniter.ValEncoder {
	if _, ok := enc.(ownCodec); ok {
		return enc
	}
	t := typ.Type1()
	switch {
	case t.Implements(marshalerType):
		return checkedMarshaler{enc}
	case leftToStd(t):
		return refuse{enc}
	case t.Kind() == reflect.Pointer || t.Kind() == reflect.Map || t.Kind() == reflect.Slice:
		return bounded{enc}
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		return stdExponent{enc}
	case t == numberType:
		return checkedNumber{enc}
	}
	return enc
}

// DecorateDecoder gives the empty interface anyDecoder.
func (extension) DecorateDecoder(typ reflect2.Type, dec jsoniter.ValDecoder) jsoniter.ValDecoder {
	if typ.Type1() == anyType {
		return anyDecoder{dec}
	}
	return dec
}

// checkedMarshaler lets MarshalJSON output (json.RawMessage included)
// through only when it is one valid JSON value that encoding/json would
// copy unchanged: no white space to compact and nothing to escape.
type checkedMarshaler struct{ jsoniter.ValEncoder }

func (c checkedMarshaler) Encode(ptr unsafe.Pointer, stream *jsoniter.Stream) {
	start := len(stream.Buffer())
	c.ValEncoder.Encode(ptr, stream)
	if stream.Error != nil {
		return
	}
	out := stream.Buffer()[start:]
	if len(out) == 0 || !json.Valid(out) {
		stream.Error = errUseStd
		return
	}
	if needsEscaping(out) || bytes.ContainsAny(out, " \t\n\r") {
		stream.Error = errUseStd
	}
}

// needsEscaping reports whether encoding/json, escaping HTML, would rewrite
// a marshaler's output: '<', '>', '&', or a byte starting U+2028/U+2029.
func needsEscaping(out []byte) bool {
	return bytes.ContainsAny(out, "<>&") || bytes.IndexByte(out, 0xE2) >= 0
}

// refuse hands the whole value to encoding/json.
type refuse struct{ jsoniter.ValEncoder }

func (refuse) Encode(_ unsafe.Pointer, stream *jsoniter.Stream) { stream.Error = errUseStd }

// stdExponent rewrites jsoniter's two-digit negative exponent (1e-07) as
// encoding/json writes it (1e-7); everything else about floats agrees.
type stdExponent struct{ jsoniter.ValEncoder }

func (s stdExponent) Encode(ptr unsafe.Pointer, stream *jsoniter.Stream) {
	s.ValEncoder.Encode(ptr, stream)
	b := stream.Buffer()
	if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		stream.SetBuffer(b[:n-1])
	}
}
