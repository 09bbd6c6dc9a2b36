package jwthttp

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// errWrongResource is the cause of a token whose "aud" does not name the
// resource (RFC 8707 section 2; RFC 9068 section 4): it matches
// jwt.ErrInvalidAudience.
var errWrongResource = fmt.Errorf("%w: jwthttp: \"aud\" does not name the resource", jwt.ErrInvalidAudience)

// audienceReader returns the function reporting whether a C's "aud"
// names aud (RFC 7519 section 4.1.3), or nil when C has no "aud" the
// Middleware can read: a claims.Registered, or a claims.Registered field
// (embedded by value or by pointer, at any depth of embedded structs) of a
// struct, or a pointer to either, whose "aud" no other field's JSON name shadows, or a map[string]any
// or a pointer to one. The field is found once; reading it allocates
// nothing.
func audienceReader[C any](aud string) func(C) bool {
	t := reflect.TypeFor[C]()
	switch t {
	case reflect.TypeFor[map[string]any]():
		return func(c C) bool { return mapAudience(any(c).(map[string]any), aud) }
	case reflect.TypeFor[*map[string]any]():
		return func(c C) bool {
			m := any(c).(*map[string]any)
			return m != nil && mapAudience(*m, aud)
		}
	}
	ptr := t.Kind() == reflect.Pointer
	if ptr {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	reg := reflect.TypeFor[claims.Registered]()
	var index []int
	if t == reg {
		index = []int{fieldIndex(reg, "Audience")}
	}
	for _, f := range reflect.VisibleFields(t) {
		if (f.Type == reg || f.Type == reflect.PointerTo(reg)) && f.Anonymous && f.IsExported() && index == nil {
			index = append(append([]int(nil), f.Index...), fieldIndex(reg, "Audience"))
		}
	}
	if index == nil || shadowsAud(t, index) {
		return nil
	}
	return func(c C) bool {
		var v reflect.Value
		if ptr { // a pointer in an interface: no allocation
			v = reflect.ValueOf(any(c))
			if v.IsNil() {
				return false
			}
			v = v.Elem()
		} else {
			v = reflect.ValueOf(&c).Elem()
		}
		a, err := v.FieldByIndexErr(index) // a nil embedded *claims.Registered: an error
		if err != nil {
			return false
		}
		for i := range a.Len() {
			if a.Index(i).String() == aud {
				return true
			}
		}
		return false
	}
}

// shadowsAud reports whether a field of t other than the one at index
// is decoded from "aud" (a JSON name "aud" shallower than or as deep as
// claims.Registered's: encoding/json would put "aud" there, or nowhere).
func shadowsAud(t reflect.Type, index []int) bool {
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || slices.Equal(f.Index, index) {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "aud" || (name == "" && strings.EqualFold(f.Name, "aud") && !f.Anonymous) {
			return true
		}
	}
	return false
}

// fieldIndex is the index of t's field name.
func fieldIndex(t reflect.Type, name string) int {
	f, _ := t.FieldByName(name)
	return f.Index[0]
}

// mapAudience reports whether decoded claims' "aud" (a string or an array
// of strings, RFC 7519 section 4.1.3) names aud.
func mapAudience(m map[string]any, aud string) bool {
	switch a := m["aud"].(type) {
	case string:
		return a == aud
	case []any:
		for _, v := range a {
			if s, ok := v.(string); ok && s == aud {
				return true
			}
		}
	case []string:
		for _, s := range a {
			if s == aud {
				return true
			}
		}
	}
	return false
}
