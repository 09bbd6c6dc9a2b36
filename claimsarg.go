package jwt

import (
	"fmt"
	"reflect"

	"github.com/jotlib/jwt/internal/strictjson"
)

// maxClaimsIndirections bounds how many pointers and interfaces
// claimsTarget follows (`p := &c`, c holding &b, b holding &x, ...), and
// how many pointer levels a decoder may allocate past a nil pointer, so a
// cycle ends.
const maxClaimsIndirections = 8

// claimsTarget returns the pointer claims are decoded into for claims, the
// value given to ParseWithClaims (or Unverified.Claims), or refuses it with
// ErrEncoding before any token is read.
//
// claims must be a non-nil pointer: a map passed by value (as golang-jwt's
// MapClaims{} is) would be filled in a copy the caller never sees. Pointers
// and interfaces are followed, at any depth up to maxClaimsIndirections
// levels, to the innermost non-nil pointer to a non-interface type, which
// is the claims value: a pointer to a non-nil pointer (`p := &MyClaims{}`,
// then &p) is that pointer, a pointer to an interface holding a non-nil
// pointer (`var c any = &MyClaims{}`, then &c, or &p for p := &c) is the
// pointer held. Its type decides the candidate and its Validate method runs
// (RFC 7519 section 7.2), as if it had been passed. A pointer to a nil
// pointer (`var p *MyClaims`, then &p) is kept: the decoder allocates what
// it points to, whose Validate runs. A pointer to an empty interface
// holding nil (`var c any`) is decoded into a map[string]any, as
// encoding/json does. Anything else is refused: an interface holding a
// struct or a map by value or a nil pointer, a nil non-empty interface such
// as ClaimsValidator (held, or allocated behind a nil pointer), a chain
// deeper than maxClaimsIndirections or a cycle. A decoder would replace
// what it holds by a map, or fail, so the caller's value (and its
// Validate) would be skipped.
//
// Claims types whose map keys could alias are refused too (checkClaims).
func claimsTarget(claims any) (any, error) {
	if t := reflect.TypeOf(claims); t != nil && t.Kind() == reflect.Pointer && claimsTypeOf(t).plainTarget {
		// The usual claims, a pointer to a struct or a map: the walk below
		// would stop at once and accept it, when it is not nil.
		if !reflect.ValueOf(claims).IsNil() {
			return claims, nil
		}
	}
	rv := reflect.ValueOf(claims)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		hint := ""
		if rv.Kind() == reflect.Map {
			hint = " (a map by value is never filled: declare `var m map[string]any` and pass &m)"
		}
		return nil, fmt.Errorf("%w: claims must be a non-nil pointer: pass &claims, not %T%s", ErrEncoding, claims, hint)
	}
	for n := 0; ; n++ {
		next, done, err := claimsLevel(rv, maxClaimsIndirections-n)
		if err != nil {
			return nil, err
		}
		if done {
			break
		}
		if n == maxClaimsIndirections {
			return nil, fmt.Errorf("%w: claims is a pointer to pointers or interfaces in a cycle or nested more than %d deep: "+
				"pass a pointer to your claims type", ErrEncoding, maxClaimsIndirections)
		}
		rv = next
	}
	if err := checkClaims(rv); err != nil {
		return nil, err
	}
	return rv.Interface(), nil
}

// claimsLevel looks at what rv, a non-nil pointer, points to: the next
// non-nil pointer to follow, or done when rv is the claims value, or a
// refusal. budget is how many levels may still be followed.
func claimsLevel(rv reflect.Value, budget int) (next reflect.Value, done bool, err error) {
	e := rv.Elem()
	switch e.Kind() {
	case reflect.Interface:
		if e.IsNil() {
			if e.NumMethod() == 0 {
				return next, true, nil // `var c any`: a map[string]any, and no Validate to skip
			}
			return next, false, fmt.Errorf("%w: claims is a pointer to a nil %v: a decoder cannot fill it; "+
				"pass a pointer to your claims type, or put one in the interface", ErrEncoding, e.Type())
		}
		held := e.Elem()
		if held.Kind() != reflect.Pointer || held.IsNil() {
			return next, false, fmt.Errorf("%w: claims is a pointer to a %v holding a %v, which a decoder would replace, not fill: "+
				"pass a non-nil pointer to your claims type", ErrEncoding, e.Type(), held.Type())
		}
		return held, false, nil
	case reflect.Pointer:
		if e.IsNil() {
			return next, true, checkAllocated(e.Type(), budget)
		}
		return e, false, nil
	}
	return next, true, nil
}

// checkAllocated refuses a nil pointer of type t whose chain of pointer
// types a decoder would allocate to a non-empty interface, which it cannot
// fill, or through more than budget levels (a type such as `type P *P`).
func checkAllocated(t reflect.Type, budget int) error {
	for ; t.Kind() == reflect.Pointer; t = t.Elem() {
		if budget == 0 {
			return fmt.Errorf("%w: claims is a pointer to a nil %v, whose pointer types nest more than %d deep: "+
				"pass a pointer to your claims type", ErrEncoding, t, maxClaimsIndirections)
		}
		budget--
	}
	if t.Kind() == reflect.Interface && t.NumMethod() > 0 {
		return fmt.Errorf("%w: claims is a pointer to a nil pointer to %v: a decoder would allocate a nil %v it cannot fill; "+
			"pass a pointer to your claims type", ErrEncoding, t, t)
	}
	return nil
}

// decodeInto decodes payload, claims that passed the strict pass with
// facts (told to a ProvenUnmarshaler), for dst and returns the decoded claims, which Token.Claims holds until the token
// is accepted (handOver). dst is Parse's own map[string]any (as golang-jwt's
// Parse decodes into a MapClaims), decoded into: no caller holds it before
// the token is accepted or refused in a *ValidationError. Or dst is a
// pointer claimsTarget returned, the caller's, filled only once every rule
// passed: the claims are decoded into a candidate of dst's type when the
// verdict is pending (a rule refused the token, for the *ValidationError,
// or custom rules must see the claims first) or dst holds a value of the
// caller's. Else dst is its type's zero value (`var c MyClaims`), which
// refers to nothing: the claims are decoded into it, and zeroed again if
// the Encoder fails part-way, which costs no allocation.
func (v *Verifier) decodeInto(payload []byte, facts strictjson.Facts, dst any, pending bool) (any, error) {
	if m, ok := dst.(map[string]any); ok {
		return v.decodeMap(payload, facts, m)
	}
	target := dst
	if pending || !holdsZero(dst) {
		target = candidate(dst)
	}
	if err := v.decode(payload, facts, target); err != nil {
		if target == dst {
			zero(dst)
		}
		return nil, err
	}
	return target, nil
}

// decodeMap decodes payload into m, Parse's map. (A function of its own,
// so that only Parse pays for the pointer to m.)
func (v *Verifier) decodeMap(payload []byte, facts strictjson.Facts, m map[string]any) (any, error) {
	if err := v.decode(payload, facts, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// handOver stores decoded, an accepted token's claims as decodeInto
// returned them, in dst when they are a candidate, and returns what
// Token.Claims holds: Parse's map, or the caller's pointer dst.
func handOver(dst, decoded any) any {
	if _, ok := dst.(map[string]any); ok {
		return decoded
	}
	if decoded != dst {
		commit(dst, decoded)
	}
	return dst
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
