package jwt

import (
	"fmt"
	"reflect"
)

// maxClaimsIndirections bounds how many interfaces claimsTarget follows
// (`var a any = &b`, b holding &c, ...), so a cycle of interfaces ends.
const maxClaimsIndirections = 8

// claimsTarget returns the pointer claims are decoded into for claims, the
// value given to ParseWithClaims (or Unverified.Claims), or refuses it with
// ErrEncoding before any token is read.
//
// claims must be a non-nil pointer: a map passed by value (as golang-jwt's
// MapClaims{} is) would be filled in a copy the caller never sees. A
// pointer to an interface holding a non-nil pointer is that pointer (`var c
// any = &MyClaims{}`, then &c, is &MyClaims{}): its type decides the
// candidate and its Validate method runs (RFC 7519 section 7.2), as if the
// pointer had been passed. A pointer to an empty interface holding nil (`var
// c any`) is decoded into a map[string]any, as encoding/json does. A pointer
// to an interface holding anything else — a struct or a map by value, a nil
// pointer, a nil non-empty interface such as ClaimsValidator, itself — is
// refused: a decoder would replace what it holds by a map, or fail, so the
// caller's value (and its Validate) would be skipped.
//
// Claims types whose map keys could alias are refused too (checkClaims).
func claimsTarget(claims any) (any, error) {
	rv := reflect.ValueOf(claims)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		hint := ""
		if rv.Kind() == reflect.Map {
			hint = " (a map by value is never filled: declare `var m map[string]any` and pass &m)"
		}
		return nil, fmt.Errorf("%w: claims must be a non-nil pointer: pass &claims, not %T%s", ErrEncoding, claims, hint)
	}
	for n := 0; rv.Elem().Kind() == reflect.Interface; n++ {
		iface := rv.Elem()
		if iface.IsNil() {
			if iface.NumMethod() == 0 {
				break // `var c any`: a map[string]any, and no Validate to skip
			}
			return nil, fmt.Errorf("%w: claims is a pointer to a nil %v: a decoder cannot fill it; "+
				"pass a pointer to your claims type, or put one in the interface", ErrEncoding, iface.Type())
		}
		held := iface.Elem()
		if held.Kind() != reflect.Pointer || held.IsNil() {
			return nil, fmt.Errorf("%w: claims is a pointer to a %v holding a %v, which a decoder would replace, not fill: "+
				"pass a non-nil pointer to your claims type", ErrEncoding, iface.Type(), held.Type())
		}
		if n == maxClaimsIndirections || held.Pointer() == rv.Pointer() {
			return nil, fmt.Errorf("%w: claims is a pointer to interfaces in a cycle or nested more than %d deep: "+
				"pass a pointer to your claims type", ErrEncoding, maxClaimsIndirections)
		}
		rv = held
	}
	if err := checkClaims(rv); err != nil {
		return nil, err
	}
	return rv.Interface(), nil
}

// candidate returns a new zero value of dst's element type (dst is a
// non-nil pointer, as claimsTarget returns it), for decoding a token whose
// verdict is not known yet without touching the caller's value, or
// anything it refers to.
func candidate(dst any) any {
	return reflect.New(reflect.TypeOf(dst).Elem()).Interface()
}

// commit stores a candidate's value in the caller's dst, replacing it.
func commit(dst, cand any) {
	reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(cand).Elem())
}

// holdsZero reports whether dst, a non-nil pointer, points to its type's
// zero value: one that refers to nothing, so a decoder writing into it
// writes nothing of the caller's but dst itself, and zeroing it again
// undoes every write.
func holdsZero(dst any) bool {
	return reflect.ValueOf(dst).Elem().IsZero()
}

// zero stores the zero value in dst, a non-nil pointer.
func zero(dst any) {
	reflect.ValueOf(dst).Elem().SetZero()
}
