// Package jsonplan is the default encoder's fast path: a per-type plan,
// compiled once by reflection, that decodes and encodes the types JWT claims
// are made of with exactly encoding/json's results, without its per-call
// reflection. It covers plain structs (fields of strings, booleans,
// numbers, slices, string-keyed maps, pointers, empty interfaces, nested
// and embedded structs, and the claims package's NumericDate and Audience)
// and map[string]any. Anything else (custom marshalers, ",string" options,
// name conflicts, case-insensitive matches, values it cannot reproduce
// byte for byte) is declined, and the caller falls back to encoding/json.
//
// Differential tests and fuzzing compare every result with encoding/json's
// under each Go version.
package jsonplan

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/jotlib/jwt/claims"
)

// kind is what a plan does with one Go type.
type kind uint8

const (
	kindString kind = iota
	kindBool
	kindInt
	kindUint
	kindFloat
	kindAny // empty interface
	kindSlice
	kindMap // string keys
	kindStruct
	kindPointer
	kindNumericDate
	kindAudience
)

// plan is the compiled form of one Go type.
type plan struct {
	typ  reflect.Type
	kind kind
	size uintptr // elem size for slices
	bits int     // int, uint and float widths
	elem *plan   // slice, map and pointer element
	// struct fields in encoding order, and their exact names for decoding.
	fields []field
	// folded holds each field name folded loosely (see looseFold): a member
	// that matches none exactly but one of these makes the decoder decline.
	folded map[string]struct{}
	// ok is false for a type the plan cannot reproduce; usable is set on
	// cached plans: ok for this type and every type it reaches.
	ok, usable bool
	// direct is set on cached plans whose values an interface holds in
	// its data word itself (see storedDirectly).
	direct bool
}

// field is one JSON member of a struct plan.
type field struct {
	name      string
	key       []byte // `"name":` as encoding/json writes it
	offset    uintptr
	plan      *plan
	omitEmpty bool
}

var (
	plans sync.Map // reflect.Type → *plan

	numericDateType = reflect.TypeFor[claims.NumericDate]()
	audienceType    = reflect.TypeFor[claims.Audience]()
	numberType      = reflect.TypeFor[json.Number]()

	jsonMarshaler   = reflect.TypeFor[json.Marshaler]()
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textMarshaler   = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// planFor returns t's plan, compiling and caching it on first use.
func planFor(t reflect.Type) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	p := compile(t, map[reflect.Type]*plan{})
	p.usable = p.supported()
	p.direct = storedDirectly(t)
	actual, _ := plans.LoadOrStore(t, p)
	return actual.(*plan)
}

// compile builds t's plan; seen breaks recursion through pointers, slices
// and maps (a recursive type's plan points at itself).
func compile(t reflect.Type, seen map[reflect.Type]*plan) *plan {
	if p, ok := seen[t]; ok {
		return p
	}
	p := &plan{typ: t, ok: true}
	seen[t] = p
	switch {
	case t == numericDateType:
		p.kind = kindNumericDate
		return p
	case t == audienceType:
		p.kind = kindAudience
		return p
	case t.Kind() == reflect.Pointer && t.Name() == "":
		// A pointer's methods are its element's: the element decides.
		p.kind = kindPointer
		p.elem = compile(t.Elem(), seen)
		return p
	case hasCustomJSON(t), t == numberType:
		// json.Number is written and read as a number literal.
		p.ok = false
		return p
	}
	switch t.Kind() {
	case reflect.String:
		p.kind = kindString
	case reflect.Bool:
		p.kind = kindBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		p.kind, p.bits = kindInt, t.Bits()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		p.kind, p.bits = kindUint, t.Bits()
	case reflect.Float32, reflect.Float64:
		p.kind, p.bits = kindFloat, t.Bits()
	case reflect.Interface:
		p.kind = kindAny
		p.ok = t.NumMethod() == 0
	case reflect.Slice:
		p.kind, p.size = kindSlice, t.Elem().Size()
		// []byte is base64 in encoding/json: not covered.
		p.ok = t.Elem().Kind() != reflect.Uint8
		p.elem = compile(t.Elem(), seen)
	case reflect.Map:
		p.kind = kindMap
		p.ok = t.Key().Kind() == reflect.String && t.Key().PkgPath() == "" && t.Key().Name() == "string"
		p.elem = compile(t.Elem(), seen)
	case reflect.Struct:
		p.kind = kindStruct
		p.ok = compileStruct(p, t, seen)
	default:
		p.ok = false
	}
	return p
}

// hasCustomJSON reports whether t or *t has a method encoding/json calls.
func hasCustomJSON(t reflect.Type) bool {
	for _, m := range []reflect.Type{jsonMarshaler, jsonUnmarshaler, textMarshaler, textUnmarshaler} {
		if t.Implements(m) || reflect.PointerTo(t).Implements(m) {
			return true
		}
	}
	// The encoding/json v2 engine (Go 1.27) also calls these.
	for _, name := range []string{"MarshalJSONTo", "UnmarshalJSONFrom", "AppendText"} {
		if _, ok := t.MethodByName(name); ok {
			return true
		}
		if _, ok := reflect.PointerTo(t).MethodByName(name); ok {
			return true
		}
	}
	return false
}

// compileStruct lists t's JSON fields as encoding/json does, declining
// whatever would need its name-conflict or tag rules beyond the plain case.
func compileStruct(p *plan, t reflect.Type, seen map[reflect.Type]*plan) bool {
	if !collectFields(p, t, 0, seen) {
		return false
	}
	names := make(map[string]struct{}, len(p.fields))
	p.folded = make(map[string]struct{}, len(p.fields))
	for _, f := range p.fields {
		if _, dup := names[f.name]; dup {
			return false // encoding/json's dominance rules: not covered
		}
		names[f.name] = struct{}{}
		p.folded[looseFold(f.name)] = struct{}{}
	}
	return true
}

// collectFields appends t's fields at base offset, expanding embedded
// structs in place (declaration order is encoding/json's order when no
// names conflict).
func collectFields(p *plan, t reflect.Type, base uintptr, seen map[reflect.Type]*plan) bool {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag, tagged := sf.Tag.Lookup("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if sf.Anonymous {
			if name != "" || sf.Type.Kind() != reflect.Struct || !sf.IsExported() || hasCustomJSON(sf.Type) {
				return false
			}
			if !collectFields(p, sf.Type, base+sf.Offset, seen) {
				return false
			}
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if tagged && !plainOptions(opts) {
			return false
		}
		if name == "" {
			name = sf.Name
		}
		if !plainName(name) {
			return false
		}
		fp := compile(sf.Type, seen)
		p.fields = append(p.fields, field{
			name:      name,
			key:       []byte(`"` + name + `":`),
			offset:    base + sf.Offset,
			plan:      fp,
			omitEmpty: opts == "omitempty",
		})
	}
	return true
}

// plainOptions accepts no options or omitempty alone.
func plainOptions(opts string) bool { return opts == "" || opts == "omitempty" }

// plainName accepts ASCII letters, digits, '_' and '-': such a name is
// valid to encoding/json, needs no escaping, and folds only to ASCII.
func plainName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// looseFold folds an ASCII name more loosely than any encoding/json engine
// matches names (case, and '_' and '-' dropped), so a member it cannot tell
// from a field's name is left to encoding/json.
func looseFold(name string) string {
	b := make([]byte, 0, len(name))
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_' || c == '-':
			continue
		case 'a' <= c && c <= 'z':
			c -= 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}

// supported reports whether p and everything it reaches can be handled;
// it is computed after compilation because of recursive types.
func (p *plan) supported() bool {
	return p.check(map[*plan]bool{})
}

func (p *plan) check(visiting map[*plan]bool) bool {
	if v, ok := visiting[p]; ok {
		return v
	}
	visiting[p] = true
	ok := p.ok
	if ok && p.elem != nil {
		ok = p.elem.check(visiting)
	}
	for i := 0; ok && i < len(p.fields); i++ {
		ok = p.fields[i].plan.check(visiting)
	}
	visiting[p] = ok
	return ok
}

// at returns a pointer offset bytes past ptr.
func at(ptr unsafe.Pointer, offset uintptr) unsafe.Pointer {
	return unsafe.Add(ptr, offset)
}
