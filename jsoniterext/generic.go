package jsoniterext

import (
	"reflect"
	"unsafe"

	jsoniter "github.com/json-iterator/go"
)

var (
	anyType    = reflect.TypeFor[any]()
	anyMapType = reflect.TypeFor[map[string]any]()
)

// readAny reads one value as jsoniter's Iterator.Read does (float64
// numbers, []any, map[string]any: encoding/json's types for an interface),
// reading strings with readString and recursing directly instead of
// through ReadVal, which allocates each element.
func readAny(iter *jsoniter.Iterator) any {
	switch t := iter.WhatIsNext(); t {
	case jsoniter.StringValue:
		return readString(iter)
	case jsoniter.NumberValue:
		return iter.ReadFloat64()
	case jsoniter.NilValue:
		iter.ReadNil()
		return nil
	case jsoniter.BoolValue:
		return iter.ReadBool()
	case jsoniter.ArrayValue:
		arr := []any{}
		iter.ReadArrayCB(func(iter *jsoniter.Iterator) bool {
			arr = append(arr, readAny(iter))
			return true
		})
		return arr
	case jsoniter.ObjectValue:
		obj := map[string]any{}
		readMembers(iter, obj)
		return obj
	default:
		iter.ReportError("Read", "unexpected value type")
		return nil
	}
}

// readMembers reads an object's members into m; a repeated name keeps
// the last value, as in encoding/json.
func readMembers(iter *jsoniter.Iterator, m map[string]any) {
	iter.ReadMapCB(func(iter *jsoniter.Iterator, name string) bool {
		m[name] = readAny(iter)
		return true
	})
}

// anyMapCodec decodes a map[string]any: null sets nil, an object adds its
// members to the map (made if nil), each value decoded afresh, as
// encoding/json does.
type anyMapCodec struct{}

func (anyMapCodec) Decode(ptr unsafe.Pointer, iter *jsoniter.Iterator) {
	p := (*map[string]any)(ptr)
	if iter.ReadNil() {
		*p = nil
		return
	}
	if *p == nil {
		*p = map[string]any{}
	}
	readMembers(iter, *p)
}

// anyDecoder decodes an empty interface: when it holds nothing or a
// non-pointer, with readAny; else with jsoniter's decoder, which decodes
// into what the pointer points to, as encoding/json does.
type anyDecoder struct{ jsoniter.ValDecoder }

func (d anyDecoder) Decode(ptr unsafe.Pointer, iter *jsoniter.Iterator) {
	p := (*any)(ptr)
	if *p == nil || reflect.TypeOf(*p).Kind() != reflect.Pointer {
		*p = readAny(iter)
		return
	}
	d.ValDecoder.Decode(ptr, iter)
}
