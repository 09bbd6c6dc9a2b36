package jsoniterext

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"unsafe"

	jsoniter "github.com/json-iterator/go"
)

// decodedByStd reports whether values of type t are decoded by
// encoding/json (stdDecoder) inside a jsoniter decode, because jsoniter
// fills them otherwise or crashes on them. These are rare in claims:
//
//   - Go arrays [N]T: encoding/json zeroes the elements a shorter JSON
//     array does not reach, jsoniter keeps them;
//   - maps with keys that are not strings: jsoniter reads " 1" as the key
//     1 where encoding/json refuses it;
//   - json.Number: jsoniter takes any JSON string, encoding/json only a
//     number's text;
//   - json.RawMessage (jsontext.Value under Go 1.27): jsoniter sets nil on
//     null, encoding/json the bytes null;
//   - structs (with what they embed) that embed themselves (jsoniter's
//     codec builder overflows the stack), that have a field with the string
//     option (jsoniter reads " 1" as 1 and a json.Number as ""), or that
//     embed a pointer to an unexported struct (encoding/json cannot set it:
//     an error; jsoniter sets it), or whose field names jsoniter matches
//     otherwise (oddFieldNames).
func decodedByStd(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return true
	case reflect.Map:
		return t.Key().Kind() != reflect.String
	case reflect.Struct:
		return embedsLoop(t, nil) || structDecodedByStd(t) || oddFieldNames(t)
	}
	return t == numberType || t == rawMessageType
}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

// inlined returns the struct type a field's members are inlined from, as
// jsoniter and encoding/json do for an embedded struct or pointer to one
// without a JSON name, and whether it is reached through a pointer.
func inlined(f reflect.StructField) (_ reflect.Type, viaPointer, ok bool) {
	if !f.Anonymous {
		return nil, false, false
	}
	tag := f.Tag.Get("json")
	if name, _, _ := strings.Cut(tag, ","); tag == "-" || name != "" {
		return nil, false, false
	}
	t := f.Type
	if t.Kind() == reflect.Pointer {
		t, viaPointer = t.Elem(), true
	}
	return t, viaPointer, t.Kind() == reflect.Struct
}

// embedsLoop reports whether, following the structs t inlines, a struct
// comes back on one path (type T struct{ *T }): jsoniter inlines them
// without a bound.
func embedsLoop(t reflect.Type, path []reflect.Type) bool {
	if slices.Contains(path, t) {
		return true
	}
	path = append(path, t)
	for i := range t.NumField() {
		if et, _, ok := inlined(t.Field(i)); ok && embedsLoop(et, path) {
			return true
		}
	}
	return false
}

// structDecodedByStd reports whether struct t, or a struct it embeds, has
// a field with the string option or inlines a pointer to an unexported
// struct. t inlines no loop (embedsLoop is checked first).
func structDecodedByStd(t reflect.Type) bool {
	return anyField(t, func(f reflect.StructField) bool {
		if _, opts, _ := strings.Cut(f.Tag.Get("json"), ","); hasOption(opts, "string") {
			return true
		}
		_, viaPointer, ok := inlined(f)
		return ok && viaPointer && !f.IsExported()
	})
}

// stdDecoder decodes one value of typ with encoding/json, from the bytes
// jsoniter skips over: the same result as encoding/json decoding the whole
// input, since encoding/json decodes a value from its own bytes alone. On
// an error Unmarshal hands the whole input to encoding/json.
type stdDecoder struct{ typ reflect.Type }

func (d stdDecoder) Decode(ptr unsafe.Pointer, iter *jsoniter.Iterator) {
	raw := iter.SkipAndReturnBytes()
	if iter.Error != nil {
		return
	}
	if err := json.Unmarshal(raw, reflect.NewAt(d.typ, ptr).Interface()); err != nil {
		iter.ReportError(d.typ.String(), "left to encoding/json")
	}
}

// stdValue makes Marshal hand the whole value to encoding/json, for types
// whose encoder jsoniter cannot build (a struct that embeds itself).
type stdValue struct{}

func (stdValue) own() {}

func (stdValue) Encode(_ unsafe.Pointer, stream *jsoniter.Stream) { stream.Error = errUseStd }

func (stdValue) IsEmpty(unsafe.Pointer) bool { return false } // structs only: never empty
