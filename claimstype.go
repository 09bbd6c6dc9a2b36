package jwt

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"

	"github.com/jotlib/jwt/internal/strictjson"
)

// checkClaims refuses a claims value rv (what ParseWithClaims decodes into)
// that holds, anywhere a decoder would write, a map whose keys are not a
// plain string type. Codecs turn member names into such keys differently:
// encoding/json reads "1", "+1" and "01" as one int key (the last wins) and
// json-iterator also reads " 1" and "1 ", which encoding/json refuses; a key
// type with UnmarshalText can map any two names to one key. RFC 7519
// section 4 requires unique claim names, and the strict pass can only
// guarantee that for names kept as they are, so such a value is refused
// with ErrEncoding whatever the token, and the verdict never depends on the
// codec. Types with their own UnmarshalJSON or UnmarshalText decode
// themselves and are not looked into.
//
// The static type decides, except where it has interfaces: a decoder writes
// into the value a non-nil interface points to, so those pointers' types
// are checked too (on each call: only for types that have interfaces).
func checkClaims(rv reflect.Value) error {
	verdict := claimsTypeOf(rv.Type())
	if verdict.err != nil || !verdict.hasInterfaces {
		return verdict.err
	}
	return walkClaimsValue(rv, map[uintptr]bool{}, 0)
}

// claimsTypeVerdict is what the walk of one type found: a refusal, and
// whether a decoder could reach an interface inside it.
type claimsTypeVerdict struct {
	err           error
	hasInterfaces bool
}

// claimsTypes caches claimsTypeOf per type.
var claimsTypes sync.Map // reflect.Type -> claimsTypeVerdict

func claimsTypeOf(t reflect.Type) claimsTypeVerdict {
	if v, ok := claimsTypes.Load(t); ok {
		return v.(claimsTypeVerdict)
	}
	var v claimsTypeVerdict
	v.err = walkClaimsType(t, t, map[reflect.Type]bool{}, &v.hasInterfaces)
	claimsTypes.Store(t, v)
	return v
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

// walkClaimsType refuses t when it holds a map with keys that are not plain
// strings, and records in ifaces whether an interface is reachable other
// than as a map element (map elements are always new values).
func walkClaimsType(root, t reflect.Type, seen map[reflect.Type]bool, ifaces *bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && decodesItself(t) {
		return nil
	}
	switch t.Kind() {
	case reflect.Interface:
		*ifaces = true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return walkClaimsType(root, t.Elem(), seen, ifaces)
	case reflect.Map:
		kt := t.Key()
		if kt.Kind() != reflect.String || reflect.PointerTo(kt).Implements(textUnmarshalerType) {
			return fmt.Errorf("%w: claims type %v holds %v, a map whose keys are not plain strings: "+
				"codecs map member names to such keys differently, so it is refused", ErrEncoding, root, t)
		}
		var inMap bool // a map's elements are made anew: their interfaces start nil
		return walkClaimsType(root, t.Elem(), seen, &inMap)
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); decoded(f) {
				if err := walkClaimsType(root, f.Type, seen, ifaces); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// decoded reports whether encoding/json may write field f.
func decoded(f reflect.StructField) bool {
	return (f.IsExported() || f.Anonymous) && f.Tag.Get("json") != "-"
}

// walkClaimsValue checks the types of the values that v's non-nil
// interfaces point to, where a decoder would write into them.
func walkClaimsValue(v reflect.Value, seen map[uintptr]bool, depth int) error {
	if depth > 2*strictjson.MaxDepth {
		return nil // the strict pass refuses JSON deeper than this
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return nil
		}
		seen[v.Pointer()] = true
		return walkClaimsValue(v.Elem(), seen, depth+1)
	case reflect.Interface:
		if v.IsNil() {
			return nil
		}
		e := v.Elem()
		if e.Kind() != reflect.Pointer || e.IsNil() {
			return nil // replaced, not written into
		}
		if verdict := claimsTypeOf(e.Type()); verdict.err != nil {
			return verdict.err
		}
		return walkClaimsValue(e, seen, depth+1)
	case reflect.Struct:
		if decodesItself(v.Type()) {
			return nil
		}
		t := v.Type()
		for i := range t.NumField() {
			if decoded(t.Field(i)) {
				if err := walkClaimsValue(v.Field(i), seen, depth+1); err != nil {
					return err
				}
			}
		}
	case reflect.Slice, reflect.Array:
		if decodesItself(v.Type()) {
			return nil
		}
		for i := range v.Len() {
			if err := walkClaimsValue(v.Index(i), seen, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}
