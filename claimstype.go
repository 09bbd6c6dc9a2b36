package jwt

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

// claimsTypes caches checkClaimsType's verdict per type.
var claimsTypes sync.Map // reflect.Type -> claimsTypeVerdict

type claimsTypeVerdict struct{ err error }

// checkClaimsType refuses a claims type (the type ParseWithClaims decodes
// into) that has, anywhere inside it, a map whose keys are not a plain
// string type. Codecs turn member names into such keys differently:
// encoding/json reads "1", "+1" and "01" as one int key (the last wins) and
// json-iterator also reads " 1" and "1 ", which encoding/json refuses; a key
// type with UnmarshalText can map any two names to one key. RFC 7519
// section 4 requires unique claim names, and the strict pass can only
// guarantee that for names kept as they are, so such a type is refused with
// ErrEncoding whatever the token, and the verdict never depends on the codec.
// Types with their own UnmarshalJSON or UnmarshalText decode themselves and
// are not looked into.
func checkClaimsType(t reflect.Type) error {
	if v, ok := claimsTypes.Load(t); ok {
		return v.(claimsTypeVerdict).err
	}
	err := walkClaimsType(t, t, map[reflect.Type]bool{})
	claimsTypes.Store(t, claimsTypeVerdict{err})
	return err
}

var (
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// decodesItself reports whether encoding/json hands t's JSON to a method of
// t's instead of decoding it by kind.
func decodesItself(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return t.Implements(jsonUnmarshalerType) || pt.Implements(jsonUnmarshalerType) ||
		t.Implements(textUnmarshalerType) || pt.Implements(textUnmarshalerType)
}

func walkClaimsType(root, t reflect.Type, seen map[reflect.Type]bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	if t.Kind() != reflect.Pointer && decodesItself(t) {
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return walkClaimsType(root, t.Elem(), seen)
	case reflect.Map:
		kt := t.Key()
		if kt.Kind() != reflect.String || reflect.PointerTo(kt).Implements(textUnmarshalerType) {
			return fmt.Errorf("%w: claims type %v holds %v, a map whose keys are not plain strings: "+
				"codecs map member names to such keys differently, so it is refused", ErrEncoding, root, t)
		}
		return walkClaimsType(root, t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if (!f.IsExported() && !f.Anonymous) || f.Tag.Get("json") == "-" {
				continue
			}
			if err := walkClaimsType(root, f.Type, seen); err != nil {
				return err
			}
		}
	}
	return nil
}
