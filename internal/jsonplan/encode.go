package jsonplan

import (
	"bytes"
	"math"
	"reflect"
	"slices"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/jsonstring"
	"github.com/jotlib/jwt/internal/strictjson"
)

// maxDepth bounds nesting while encoding: deeper values (and cycles) are
// left to encoding/json, and the strict pass refuses them anyway.
const maxDepth = 64

// AppendMarshal appends json.Marshal(v)'s output to dst. It reports false
// when v's type or value is beyond what it reproduces byte for byte (a
// custom marshaler, a float written with an exponent, NaN, a cycle); dst
// then holds garbage past its original length and the caller must call
// json.Marshal.
func AppendMarshal(dst []byte, v any) (out []byte, handled bool) {
	if v == nil {
		return append(dst, "null"...), true
	}
	t := reflect.TypeOf(v)
	p := planFor(t)
	if !p.usable {
		return dst, false
	}
	var w writer
	return w.encode(dst, p, valuePointer(&v, p), 0)
}

// AppendObject is AppendMarshal for a value that must encode as a JSON
// object: a struct, a string-keyed map, or a non-nil pointer to one. It
// calls fn with each top-level member as written (its name between the
// quotes, and its raw value); an error from fn stops it and is returned.
func AppendObject(dst []byte, v any, fn strictjson.MemberFunc) (out []byte, handled bool, err error) {
	return appendObject(dst, writer{member: fn, top: true}, v)
}

// AppendClaims is AppendObject with claims.CheckMember, the registered
// claims' check, as the member function.
func AppendClaims(dst []byte, v any) (out []byte, handled bool, err error) {
	return appendObject(dst, writer{member: claims.CheckMember, top: true}, v)
}

func appendObject(dst []byte, w writer, v any) (out []byte, handled bool, err error) {
	if v == nil {
		return dst, false, nil
	}
	t := reflect.TypeOf(v)
	p := planFor(t)
	if !p.usable {
		return dst, false, nil
	}
	ptr := valuePointer(&v, p)
	depth := 0
	for p.kind == kindPointer {
		if ptr = *(*unsafe.Pointer)(ptr); ptr == nil {
			return dst, false, nil
		}
		p = p.elem
		depth++
	}
	if p.kind != kindStruct && p.kind != kindMap {
		return dst, false, nil
	}
	out, ok := w.encode(dst, p, ptr, depth)
	if w.err != nil {
		return out, false, w.err
	}
	return out, ok && !w.top, nil // a nil map writes null, not an object
}

// writer is the state of one encoding; the output buffer is passed
// along and returned (a local, so appending to it needs no write barrier).
type writer struct {
	// member, when set, receives the top-level object's members; top is
	// true until that object starts.
	member strictjson.MemberFunc
	top    bool
	err    error
}

// startObject reports whether the object being started is the top-level
// one whose members go to w.member.
func (w *writer) startObject() bool {
	top := w.top && w.member != nil
	w.top = false
	return top
}

// reportMember passes the member whose name is buf[nameStart:nameEnd] and
// whose value starts at buf[valueStart] to w.member.
func (w *writer) reportMember(buf []byte, nameStart, nameEnd, valueStart int) bool {
	raw := buf[nameStart:nameEnd]
	key := strictjson.Key{Raw: raw, Escaped: bytes.IndexByte(raw, '\\') >= 0}
	if err := w.member(key, buf[valueStart:]); err != nil {
		w.err = err
		return false
	}
	return true
}

// eface is the layout of an empty interface.
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

// valuePointer returns a read-only pointer to the p-typed value held in
// *v: the interface's data word holds a pointer-shaped value itself and
// points to any other value.
func valuePointer(v *any, p *plan) unsafe.Pointer {
	e := (*eface)(unsafe.Pointer(v))
	if p.direct {
		return unsafe.Pointer(&e.data)
	}
	return e.data
}

// storedDirectly reports whether an interface holds a t value in its data
// word itself, as the runtime decides it (a pointer, a map, and some
// structs and arrays around one pointer; zero-size fields count too), not
// by a rule of our own: the zero value of such a type leaves the word nil,
// where any other value is stored behind a non-nil pointer.
func storedDirectly(t reflect.Type) bool {
	zero := reflect.Zero(t).Interface()
	return (*eface)(unsafe.Pointer(&zero)).data == nil
}

// sliceHeader is the layout of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

func (w *writer) encode(buf []byte, p *plan, ptr unsafe.Pointer, depth int) ([]byte, bool) {
	if depth >= maxDepth {
		return buf, false
	}
	switch p.kind {
	case kindString:
		buf = jsonstring.Append(buf, *(*string)(ptr))
	case kindBool:
		buf = strconv.AppendBool(buf, *(*bool)(ptr))
	case kindInt:
		buf = strconv.AppendInt(buf, loadInt(p, ptr), 10)
	case kindUint:
		buf = strconv.AppendUint(buf, loadUint(p, ptr), 10)
	case kindFloat:
		return w.encodeFloat(buf, p, ptr)
	case kindAny:
		return w.encodeAny(buf, *(*any)(ptr), depth)
	case kindSlice:
		return w.encodeSlice(buf, p, ptr, depth)
	case kindMap:
		return w.encodeMap(buf, p, ptr, depth)
	case kindStruct:
		return w.encodeStruct(buf, p, ptr, depth)
	case kindPointer:
		target := *(*unsafe.Pointer)(ptr)
		if target == nil {
			buf = append(buf, "null"...)
			return buf, true
		}
		return w.encode(buf, p.elem, target, depth+1)
	case kindNumericDate:
		buf = claims.AppendNumericDate(buf, (*claims.NumericDate)(ptr).Time)
	case kindAudience:
		buf = claims.AppendAudience(buf, *(*claims.Audience)(ptr))
	default:
		return buf, false
	}
	return buf, true
}

func loadInt(p *plan, ptr unsafe.Pointer) int64 {
	switch p.bits {
	case 8:
		return int64(*(*int8)(ptr))
	case 16:
		return int64(*(*int16)(ptr))
	case 32:
		return int64(*(*int32)(ptr))
	}
	return *(*int64)(ptr)
}

func loadUint(p *plan, ptr unsafe.Pointer) uint64 {
	switch p.bits {
	case 8:
		return uint64(*(*uint8)(ptr))
	case 16:
		return uint64(*(*uint16)(ptr))
	case 32:
		return uint64(*(*uint32)(ptr))
	}
	return *(*uint64)(ptr)
}

// encodeFloat writes the floats encoding/json writes without an exponent;
// the rest (exponent form, -0, NaN, infinities) is left to it.
func (w *writer) encodeFloat(buf []byte, p *plan, ptr unsafe.Pointer) ([]byte, bool) {
	var f float64
	if p.bits == 32 {
		f = float64(*(*float32)(ptr))
	} else {
		f = *(*float64)(ptr)
	}
	if f == 0 {
		if math.Signbit(f) {
			return buf, false
		}
		buf = append(buf, '0')
		return buf, true
	}
	abs := math.Abs(f)
	if p.bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) ||
		p.bits == 64 && (abs < 1e-6 || abs >= 1e21) || math.IsNaN(f) {
		return buf, false
	}
	buf = strconv.AppendFloat(buf, f, 'f', -1, p.bits)
	return buf, true
}

// encodeAny writes an empty interface's dynamic value.
func (w *writer) encodeAny(buf []byte, v any, depth int) ([]byte, bool) {
	switch x := v.(type) {
	case nil:
		buf = append(buf, "null"...)
		return buf, true
	case string:
		buf = jsonstring.Append(buf, x)
		return buf, true
	case bool:
		buf = strconv.AppendBool(buf, x)
		return buf, true
	case map[string]any:
		return w.encodeAnyMap(buf, x, depth+1)
	}
	t := reflect.TypeOf(v)
	p := planFor(t)
	if !p.usable {
		return buf, false
	}
	return w.encode(buf, p, valuePointer(&v, p), depth+1)
}

func (w *writer) encodeSlice(buf []byte, p *plan, ptr unsafe.Pointer, depth int) ([]byte, bool) {
	var ok bool
	s := (*sliceHeader)(ptr)
	if s.data == nil {
		buf = append(buf, "null"...)
		return buf, true
	}
	buf = append(buf, '[')
	for i := 0; i < s.len; i++ {
		if i > 0 {
			buf = append(buf, ',')
		}
		if buf, ok = w.encode(buf, p.elem, unsafe.Add(s.data, uintptr(i)*p.size), depth+1); !ok {
			return buf, false
		}
	}
	buf = append(buf, ']')
	return buf, true
}

func (w *writer) encodeMap(buf []byte, p *plan, ptr unsafe.Pointer, depth int) ([]byte, bool) {
	var ok bool
	if p.typ == reflect.TypeFor[map[string]any]() {
		return w.encodeAnyMap(buf, *(*map[string]any)(ptr), depth)
	}
	mv := reflect.NewAt(p.typ, ptr).Elem()
	if mv.IsNil() {
		buf = append(buf, "null"...)
		return buf, true
	}
	top := w.startObject()
	keys := mv.MapKeys()
	slices.SortFunc(keys, func(a, b reflect.Value) int {
		return compareStrings(a.String(), b.String())
	})
	buf = append(buf, '{')
	for i, k := range keys {
		if i > 0 {
			buf = append(buf, ',')
		}
		if !utf8.ValidString(k.String()) {
			return buf, false // encoding/json writes U+FFFD: two keys could collide
		}
		nameStart := len(buf) + 1
		buf = jsonstring.Append(buf, k.String())
		nameEnd := len(buf) - 1
		buf = append(buf, ':')
		valueStart := len(buf)
		ev := reflect.New(p.typ.Elem())
		ev.Elem().Set(mv.MapIndex(k))
		if buf, ok = w.encode(buf, p.elem, ev.UnsafePointer(), depth+1); !ok {
			return buf, false
		}
		if top && !w.reportMember(buf, nameStart, nameEnd, valueStart) {
			return buf, false
		}
	}
	buf = append(buf, '}')
	return buf, true
}

func (w *writer) encodeAnyMap(buf []byte, m map[string]any, depth int) ([]byte, bool) {
	var ok bool
	if depth >= maxDepth {
		return buf, false
	}
	if m == nil {
		buf = append(buf, "null"...)
		return buf, true
	}
	top := w.startObject()
	var stack [16]string
	keys := stack[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	buf = append(buf, '{')
	for i, k := range keys {
		if i > 0 {
			buf = append(buf, ',')
		}
		if !utf8.ValidString(k) {
			return buf, false // encoding/json writes U+FFFD: two keys could collide
		}
		nameStart := len(buf) + 1
		buf = jsonstring.Append(buf, k)
		nameEnd := len(buf) - 1
		buf = append(buf, ':')
		valueStart := len(buf)
		if buf, ok = w.encodeAny(buf, m[k], depth); !ok {
			return buf, false
		}
		if top && !w.reportMember(buf, nameStart, nameEnd, valueStart) {
			return buf, false
		}
	}
	buf = append(buf, '}')
	return buf, true
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (w *writer) encodeStruct(buf []byte, p *plan, ptr unsafe.Pointer, depth int) ([]byte, bool) {
	var ok bool
	top := w.startObject()
	buf = append(buf, '{')
	first := true
	for i := range p.fields {
		f := &p.fields[i]
		fp := at(ptr, f.offset)
		if f.omitEmpty && isEmpty(f.plan, fp) {
			continue
		}
		if !first {
			buf = append(buf, ',')
		}
		first = false
		buf = append(buf, f.key...)
		valueStart := len(buf)
		if buf, ok = w.encode(buf, f.plan, fp, depth+1); !ok {
			return buf, false
		}
		if top && !w.reportMember(buf, valueStart-len(f.key)+1, valueStart-2, valueStart) {
			return buf, false
		}
	}
	buf = append(buf, '}')
	return buf, true
}

// isEmpty is encoding/json's omitempty test.
func isEmpty(p *plan, ptr unsafe.Pointer) bool {
	switch p.kind {
	case kindString:
		return *(*string)(ptr) == ""
	case kindBool:
		return !*(*bool)(ptr)
	case kindInt:
		return loadInt(p, ptr) == 0
	case kindUint:
		return loadUint(p, ptr) == 0
	case kindFloat:
		if p.bits == 32 {
			return *(*float32)(ptr) == 0
		}
		return *(*float64)(ptr) == 0
	case kindAny:
		return *(*any)(ptr) == nil
	case kindSlice, kindAudience:
		return (*sliceHeader)(ptr).len == 0
	case kindMap:
		return reflect.NewAt(p.typ, ptr).Elem().Len() == 0
	case kindPointer:
		return *(*unsafe.Pointer)(ptr) == nil
	}
	return false
}
