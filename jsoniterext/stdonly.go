package jsoniterext

import (
	"reflect"
	"strings"
)

// leftToStd reports whether values of type t are written by jsoniter
// differently from encoding/json whatever they hold, so that Marshal hands
// any value holding one to encoding/json. t does not implement
// json.Marshaler (those are checked by their output instead).
func leftToStd(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return false
	}
	// encoding/json calls a pointer-receiver method only on addressable
	// values; jsoniter calls it on any field.
	p := reflect.PointerTo(t)
	if p.Implements(marshalerType) || (p.Implements(textMarshalerType) && !t.Implements(textMarshalerType)) {
		return true
	}
	switch t.Kind() {
	case reflect.Slice:
		// encoding/json writes a byte slice as base64 only when its
		// element has no MarshalJSON or MarshalText (either receiver);
		// jsoniter always does.
		return t.Elem().Kind() == reflect.Uint8 && hasMarshaler(t.Elem())
	case reflect.Map:
		// encoding/json writes a key of a string kind as the string,
		// whatever its methods; jsoniter calls MarshalText.
		// Other keys: integers without methods are written alike;
		// encoding/json decides the rest (TextMarshaler keys, and an
		// error for floats, booleans and the like, which jsoniter
		// writes).
		k := t.Key()
		if k.Kind() == reflect.String {
			return hasMarshaler(k)
		}
		return !integerKind(k.Kind()) || hasMarshaler(k)
	case reflect.Struct:
		return badStringOption(t)
	}
	return false
}

// hasMarshaler reports whether t or *t has MarshalJSON or MarshalText.
func hasMarshaler(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return p.Implements(marshalerType) || p.Implements(textMarshalerType)
}

// badStringOption reports whether struct t, or a struct embedded in it,
// has a field with the string option (`json:",string"`) that jsoniter
// writes otherwise: encoding/json quotes booleans, integers, floats and
// strings, pointers to them (leaving null unquoted), and nothing with a
// marshaler; jsoniter quotes every kind, pointers' null included, and
// re-escapes a string's quoted form with its own escapes. Only the plain
// scalar kinds are left to jsoniter.
func badStringOption(t reflect.Type) bool {
	return anyField(t, func(f reflect.StructField) bool {
		_, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		return hasOption(opts, "string") && !plainScalar(f.Type)
	})
}

// hasOption reports whether the comma-separated opts hold name.
func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}

// plainScalar reports whether t is a boolean, integer or float kind
// without marshalers.
func plainScalar(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return !hasMarshaler(t)
	}
	return false
}

// integerKind reports whether k is a signed or unsigned integer kind.
func integerKind(k reflect.Kind) bool {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return false
}
