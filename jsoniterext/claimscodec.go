package jsoniterext

import (
	"reflect"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/jotlib/jwt/claims"
	jsoniter "github.com/json-iterator/go"
	"github.com/modern-go/reflect2"
)

// The registered claims' own MarshalJSON and UnmarshalJSON go through
// encoding/json (Audience) or copy bytes (NumericDate); these codecs do the
// same work on jsoniter's stream and iterator, with the same results:
// TestClaimsCodecsMatchTheirMethods compares them.

var (
	numericDateType    = reflect.TypeFor[claims.NumericDate]()
	numericDatePtrType = reflect.TypeFor[*claims.NumericDate]()
	audienceType       = reflect.TypeFor[claims.Audience]()
)

// CreateDecoder returns the claims decoders, those of strings.go and
// generic.go, and stdDecoder for the types decodedByStd names.
func (extension) CreateDecoder(typ reflect2.Type) jsoniter.ValDecoder {
	switch typ.Type1() {
	case stringType:
		return stringCodec{}
	case stringSliceType:
		return stringSliceCodec{}
	case anyMapType:
		return anyMapCodec{}
	case numericDateType:
		return numericDateCodec{}
	case numericDatePtrType:
		return numericDatePtrCodec{}
	case audienceType:
		return audienceCodec{}
	}
	if t := typ.Type1(); decodedByStd(t) {
		return stdDecoder{t}
	}
	return nil
}

// CreateEncoder returns the claims encoders and anyMapEncoder, and
// stdValue for a struct that embeds itself.
func (extension) CreateEncoder(typ reflect2.Type) jsoniter.ValEncoder {
	switch typ.Type1() {
	case anyMapType:
		return anyMapEncoder{}
	case numericDateType:
		return numericDateCodec{}
	case numericDatePtrType:
		return numericDatePtrCodec{}
	case audienceType:
		return audienceCodec{}
	}
	if t := typ.Type1(); t.Kind() == reflect.Struct && embedsLoop(t, nil) {
		return stdValue{}
	}
	return nil
}

// ownCodec marks the codecs DecorateEncoder leaves alone.
type ownCodec interface{ own() }

// numericDateCodec reads and writes a claims.NumericDate as its methods do.
type numericDateCodec struct{}

func (numericDateCodec) own() {}

func (numericDateCodec) Decode(ptr unsafe.Pointer, iter *jsoniter.Iterator) {
	decodeNumericDate((*claims.NumericDate)(ptr), iter)
}

func decodeNumericDate(d *claims.NumericDate, iter *jsoniter.Iterator) {
	if iter.WhatIsNext() == jsoniter.NilValue {
		iter.ReadNil() // null leaves the date unchanged
		return
	}
	var scratch []byte
	if st := stateOf(iter); st != nil {
		scratch = st.num[:0]
	} else {
		scratch = make([]byte, 0, 40) // never nil: jsoniter's capture needs a buffer
	}
	raw := iter.SkipAndAppendBytes(scratch)
	if iter.Error == nil {
		if err := d.UnmarshalJSON(raw); err != nil {
			iter.ReportError("claims.NumericDate", err.Error())
		}
	}
}

func (numericDateCodec) IsEmpty(ptr unsafe.Pointer) bool { return false } // a struct is never empty

func (numericDateCodec) Encode(ptr unsafe.Pointer, stream *jsoniter.Stream) {
	stream.SetBuffer(claims.AppendNumericDate(stream.Buffer(), (*claims.NumericDate)(ptr).Time))
}

// numericDatePtrCodec handles *claims.NumericDate: null sets nil, as
// encoding/json does for pointers.
type numericDatePtrCodec struct{}

func (numericDatePtrCodec) own() {}

func (numericDatePtrCodec) Decode(ptr unsafe.Pointer, iter *jsoniter.Iterator) {
	p := (**claims.NumericDate)(ptr)
	if iter.WhatIsNext() == jsoniter.NilValue {
		iter.ReadNil()
		*p = nil
		return
	}
	if *p == nil {
		*p = new(claims.NumericDate)
	}
	decodeNumericDate(*p, iter)
}

func (numericDatePtrCodec) IsEmpty(ptr unsafe.Pointer) bool {
	return *(**claims.NumericDate)(ptr) == nil
}

func (numericDatePtrCodec) Encode(ptr unsafe.Pointer, stream *jsoniter.Stream) {
	d := *(**claims.NumericDate)(ptr)
	if d == nil {
		stream.WriteNil()
		return
	}
	stream.SetBuffer(claims.AppendNumericDate(stream.Buffer(), d.Time))
}

// audienceCodec reads a string, an array of strings or null as
// Audience.UnmarshalJSON does, and writes what Audience.MarshalJSON writes.
type audienceCodec struct{}

func (audienceCodec) own() {}

func (audienceCodec) Decode(ptr unsafe.Pointer, iter *jsoniter.Iterator) {
	a := (*claims.Audience)(ptr)
	switch iter.WhatIsNext() {
	case jsoniter.NilValue:
		iter.ReadNil()
		*a = nil
	case jsoniter.StringValue:
		if s := readString(iter); plainString(s) {
			*a = claims.Audience{s}
		} else {
			iter.ReportError("claims.Audience", "left to encoding/json")
		}
	case jsoniter.ArrayValue:
		// encoding/json decides the odd cases ([null] is [""]);
		// Unmarshal hands it the whole input on any error.
		list, ok := readStrings(iter, nil)
		if !ok {
			return
		}
		for _, s := range list {
			if !plainString(s) {
				iter.ReportError("claims.Audience", "left to encoding/json")
				return
			}
		}
		*a = list
	default:
		iter.ReportError("claims.Audience", claims.ErrInvalidAudienceValue.Error())
	}
}

func (audienceCodec) IsEmpty(ptr unsafe.Pointer) bool { return len(*(*claims.Audience)(ptr)) == 0 }

func (audienceCodec) Encode(ptr unsafe.Pointer, stream *jsoniter.Stream) {
	out, err := (*claims.Audience)(ptr).MarshalJSON()
	if err != nil {
		stream.Error = err
		return
	}
	if needsEscaping(out) {
		stream.Error = errUseStd // encoding/json would escape it
		return
	}
	stream.Write(out)
}

// plainString reports whether s is valid UTF-8 without U+FFFD: jsoniter
// keeps invalid bytes and replaces lone surrogate escapes where
// Audience.UnmarshalJSON refuses both, so those go to encoding/json.
func plainString(s string) bool {
	// In valid UTF-8, U+FFFD can only be its own three bytes: a substring
	// search, where ContainsRune(s, RuneError) decodes every rune.
	return utf8.ValidString(s) && !strings.Contains(s, "\uFFFD")
}
