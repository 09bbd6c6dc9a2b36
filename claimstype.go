package jwt

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/jotlib/jwt/claims"
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

// claimsTypeVerdict is what the walk of one type found: a refusal, whether
// a decoder could reach an interface inside it, and whether decoding into
// it keeps nothing of its input (keepsNothing).
type claimsTypeVerdict struct {
	err           error
	hasInterfaces bool
	// selfDecoding: a type reachable in it decodes itself with a method
	// that is not one of ownDecoders.
	selfDecoding bool
	// validates: the type, or a pointer type it points to through
	// pointers to pointers, is a ClaimsValidator (customRules).
	validates bool
	// plainTarget: the type is a pointer to a type that is neither a
	// pointer nor an interface, which claimsTarget accepts as it is when
	// err is nil and no interface is reachable in it (checkClaims then
	// walks no value).
	plainTarget bool
}

// keepsNothing reports whether decoding into a value of the type, with a
// codec that keeps nothing of its input (StdEncoder: encoding/json copies
// every string it decodes), keeps nothing of it either: no method of the
// caller's is handed the bytes (an UnmarshalJSON, UnmarshalText or, under
// Go 1.27's encoding/json, UnmarshalJSONFrom may keep them; encoding/json
// says they must not, and the core never relies on that). Interfaces do
// not lead the decoder to one: claims are decoded into a zero value or a
// new one (decodeInto), whose interfaces are nil and are given the
// decoder's own maps, slices, strings and numbers.
func (v *claimsTypeVerdict) keepsNothing() bool {
	return v.err == nil && !v.selfDecoding
}

// typeVerdict is one entry of claimsTypes.
type typeVerdict struct {
	t reflect.Type
	v claimsTypeVerdict
}

var (
	// claimsTypes caches claimsTypeOf per type.
	claimsTypes sync.Map // reflect.Type -> *typeVerdict
	// lastClaimsType is the entry claimsTypeOf gave last: a server decodes
	// into one claims type, which then costs a load and a comparison, not
	// a map lookup, on each of the two calls a parse makes.
	lastClaimsType atomic.Pointer[typeVerdict]
)

func claimsTypeOf(t reflect.Type) *claimsTypeVerdict {
	if last := lastClaimsType.Load(); last != nil && last.t == t {
		return &last.v
	}
	if e, ok := claimsTypes.Load(t); ok {
		lastClaimsType.Store(e.(*typeVerdict))
		return &e.(*typeVerdict).v
	}
	e := &typeVerdict{t: t}
	e.v.err = walkClaimsType(t, t, map[reflect.Type]bool{}, &e.v.hasInterfaces, &e.v.selfDecoding)
	e.v.validates = validatesClaims(t)
	e.v.plainTarget = e.v.err == nil && !e.v.hasInterfaces && t.Kind() == reflect.Pointer &&
		t.Elem().Kind() != reflect.Pointer && t.Elem().Kind() != reflect.Interface
	actual, _ := claimsTypes.LoadOrStore(t, e)
	lastClaimsType.Store(actual.(*typeVerdict))
	return &actual.(*typeVerdict).v
}

// ownDecoders are the claims package's types that decode themselves: their
// methods keep nothing of their input (they copy what they keep).
var ownDecoders = [...]reflect.Type{
	reflect.TypeFor[claims.NumericDate](), reflect.TypeFor[claims.Audience](), reflect.TypeFor[claims.Confirmation](),
}

// decodesFrom reports whether t has a method named UnmarshalJSONFrom
// (encoding/json/v2's UnmarshalerFrom, which Go 1.27's encoding/json
// calls): like decodesItself, it is handed t's JSON.
func decodesFrom(t reflect.Type) bool {
	_, ok := reflect.PointerTo(t).MethodByName("UnmarshalJSONFrom")
	return ok
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
// strings, records in ifaces whether an interface is reachable other than
// as a map element (map elements are always new values), and in keeps
// whether a type that decodes itself (decodesItself, decodesFrom) and is
// not one of ownDecoders is reachable, a map element's included.
func walkClaimsType(root, t reflect.Type, seen map[reflect.Type]bool, ifaces, keeps *bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		self := decodesItself(t)
		if (self || decodesFrom(t)) && !slices.Contains(ownDecoders[:], t) {
			*keeps = true // a method of the caller's may keep its input
		}
		if self {
			return nil
		}
	}
	switch t.Kind() {
	case reflect.Interface:
		*ifaces = true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return walkClaimsType(root, t.Elem(), seen, ifaces, keeps)
	case reflect.Map:
		kt := t.Key()
		if kt.Kind() != reflect.String || reflect.PointerTo(kt).Implements(textUnmarshalerType) {
			return fmt.Errorf("%w: claims type %v holds %v, a map whose keys are not plain strings: "+
				"codecs map member names to such keys differently, so it is refused", ErrEncoding, root, t)
		}
		var inMap bool // a map's elements are made anew: their interfaces start nil
		return walkClaimsType(root, t.Elem(), seen, &inMap, keeps)
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); decoded(f) {
				if err := walkClaimsType(root, f.Type, seen, ifaces, keeps); err != nil {
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
