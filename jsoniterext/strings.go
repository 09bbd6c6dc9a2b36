package jsoniterext

import (
	"reflect"
	"unsafe"

	jsoniter "github.com/json-iterator/go"
)

var (
	stringType      = reflect.TypeFor[string]()
	stringSliceType = reflect.TypeFor[[]string]()
)

// stringCodec decodes strings (named string types too: jsoniter decodes
// them with string's decoder). null leaves the string unchanged, as in
// encoding/json, where jsoniter would set "".
type stringCodec struct{}

func (stringCodec) Decode(ptr unsafe.Pointer, iter *jsoniter.Iterator) {
	if iter.ReadNil() {
		return
	}
	*(*string)(ptr) = readString(iter)
}

// stringSliceCodec decodes a []string with one allocation for the slice,
// of the exact length, where jsoniter grows it one doubling at a time.
// null sets nil and [] an empty slice, as in encoding/json; an existing
// slice's array is reused when it is large enough, as encoding/json does.
// An element that is not a string is left to encoding/json (an error
// before the slice is touched).
type stringSliceCodec struct{}

func (stringSliceCodec) Decode(ptr unsafe.Pointer, iter *jsoniter.Iterator) {
	p := (*[]string)(ptr)
	if iter.ReadNil() {
		*p = nil
		return
	}
	if s, ok := readStrings(iter, *p); ok {
		*p = s
	}
}

// readStrings reads an array of strings into old's array when it fits,
// else into a new slice; ok is false after an error.
func readStrings(iter *jsoniter.Iterator, old []string) (_ []string, ok bool) {
	var buf [16]string
	list := buf[:0]
	ok = true
	iter.ReadArrayCB(func(iter *jsoniter.Iterator) bool {
		if iter.WhatIsNext() != jsoniter.StringValue {
			// encoding/json decides null (which leaves an element as
			// it was) and the type errors.
			iter.ReportError("[]string", "left to encoding/json")
			ok = false
			return false
		}
		list = append(list, readString(iter))
		return true
	})
	if !ok || iter.Error != nil {
		return nil, false
	}
	if len(list) == 0 {
		return []string{}, true
	}
	var s []string
	if cap(old) >= len(list) {
		s = old[:len(list)]
	} else {
		s = make([]string, len(list))
	}
	copy(s, list)
	return s, true
}
