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
	w := writer{buf: dst}
	ok := w.encode(p, valuePointer(&v, t), 0)
	return w.buf, ok
}

// AppendObject is AppendMarshal for a value that must encode as a JSON
// object: a struct, a string-keyed map, or a non-nil pointer to one. It
// calls fn with each top-level member as written (its name between the
// quotes, and its raw value); an error from fn stops it and is returned.
func AppendObject(dst []byte, v any, fn strictjson.MemberFunc) (out []byte, handled bool, err error) {
	return appendObject(writer{buf: dst, member: fn, top: true}, v)
}

// AppendClaims is AppendObject with claims.CheckMember, the registered
// claims' check, as the member function.
func AppendClaims(dst []byte, v any) (out []byte, handled bool, err error) {
	return appendObject(writer{buf: dst, member: claims.CheckMember, top: true}, v)
}

func appendObject(w writer, v any) (out []byte, handled bool, err error) {
	dst := w.buf
	if v == nil {
		return dst, false, nil
	}
	t := reflect.TypeOf(v)
	p := planFor(t)
	if !p.usable {
		return dst, false, nil
	}
	ptr := valuePointer(&v, t)
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
	ok := w.encode(p, ptr, depth)
	if w.err != nil {
		return w.buf, false, w.err
	}
	return w.buf, ok && !w.top, nil // a nil map writes null, not an object
}

// writer accumulates the encoded output.
type writer struct {
	buf []byte
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
func (w *writer) reportMember(nameStart, nameEnd, valueStart int) bool {
	raw := w.buf[nameStart:nameEnd]
	key := strictjson.Key{Raw: raw, Escaped: bytes.IndexByte(raw, '\\') >= 0}
	if err := w.member(key, w.buf[valueStart:]); err != nil {
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

// valuePointer returns a read-only pointer to the t-typed value held in *v:
// the interface's data word holds a pointer-shaped value itself and points
// to any other value.
func valuePointer(v *any, t reflect.Type) unsafe.Pointer {
	e := (*eface)(unsafe.Pointer(v))
	if pointerShaped(t) {
		return unsafe.Pointer(&e.data)
	}
	return e.data
}

// pointerShaped is the compiler's rule for values stored directly in an
// interface word.
func pointerShaped(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return t.Len() == 1 && pointerShaped(t.Elem())
	case reflect.Struct:
		return t.NumField() == 1 && pointerShaped(t.Field(0).Type)
	}
	return false
}

// sliceHeader is the layout of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

func (w *writer) encode(p *plan, ptr unsafe.Pointer, depth int) bool {
	if depth >= maxDepth {
		return false
	}
	switch p.kind {
	case kindString:
		w.buf = jsonstring.Append(w.buf, *(*string)(ptr))
	case kindBool:
		w.buf = strconv.AppendBool(w.buf, *(*bool)(ptr))
	case kindInt:
		w.buf = strconv.AppendInt(w.buf, loadInt(p, ptr), 10)
	case kindUint:
		w.buf = strconv.AppendUint(w.buf, loadUint(p, ptr), 10)
	case kindFloat:
		return w.encodeFloat(p, ptr)
	case kindAny:
		return w.encodeAny(*(*any)(ptr), depth)
	case kindSlice:
		return w.encodeSlice(p, ptr, depth)
	case kindMap:
		return w.encodeMap(p, ptr, depth)
	case kindStruct:
		return w.encodeStruct(p, ptr, depth)
	case kindPointer:
		target := *(*unsafe.Pointer)(ptr)
		if target == nil {
			w.buf = append(w.buf, "null"...)
			return true
		}
		return w.encode(p.elem, target, depth+1)
	case kindNumericDate:
		w.buf = claims.AppendNumericDate(w.buf, (*claims.NumericDate)(ptr).Time)
	case kindAudience:
		w.buf = claims.AppendAudience(w.buf, *(*claims.Audience)(ptr))
	default:
		return false
	}
	return true
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
func (w *writer) encodeFloat(p *plan, ptr unsafe.Pointer) bool {
	var f float64
	if p.bits == 32 {
		f = float64(*(*float32)(ptr))
	} else {
		f = *(*float64)(ptr)
	}
	if f == 0 {
		if math.Signbit(f) {
			return false
		}
		w.buf = append(w.buf, '0')
		return true
	}
	abs := math.Abs(f)
	if p.bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) ||
		p.bits == 64 && (abs < 1e-6 || abs >= 1e21) || math.IsNaN(f) {
		return false
	}
	w.buf = strconv.AppendFloat(w.buf, f, 'f', -1, p.bits)
	return true
}

// encodeAny writes an empty interface's dynamic value.
func (w *writer) encodeAny(v any, depth int) bool {
	switch x := v.(type) {
	case nil:
		w.buf = append(w.buf, "null"...)
		return true
	case string:
		w.buf = jsonstring.Append(w.buf, x)
		return true
	case bool:
		w.buf = strconv.AppendBool(w.buf, x)
		return true
	case map[string]any:
		return w.encodeAnyMap(x, depth+1)
	}
	t := reflect.TypeOf(v)
	p := planFor(t)
	if !p.usable {
		return false
	}
	return w.encode(p, valuePointer(&v, t), depth+1)
}

func (w *writer) encodeSlice(p *plan, ptr unsafe.Pointer, depth int) bool {
	s := (*sliceHeader)(ptr)
	if s.data == nil {
		w.buf = append(w.buf, "null"...)
		return true
	}
	w.buf = append(w.buf, '[')
	for i := 0; i < s.len; i++ {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		if !w.encode(p.elem, unsafe.Add(s.data, uintptr(i)*p.size), depth+1) {
			return false
		}
	}
	w.buf = append(w.buf, ']')
	return true
}

func (w *writer) encodeMap(p *plan, ptr unsafe.Pointer, depth int) bool {
	if p.typ == reflect.TypeFor[map[string]any]() {
		return w.encodeAnyMap(*(*map[string]any)(ptr), depth)
	}
	mv := reflect.NewAt(p.typ, ptr).Elem()
	if mv.IsNil() {
		w.buf = append(w.buf, "null"...)
		return true
	}
	top := w.startObject()
	keys := mv.MapKeys()
	slices.SortFunc(keys, func(a, b reflect.Value) int {
		return compareStrings(a.String(), b.String())
	})
	w.buf = append(w.buf, '{')
	for i, k := range keys {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		if !utf8.ValidString(k.String()) {
			return false // encoding/json writes U+FFFD: two keys could collide
		}
		nameStart := len(w.buf) + 1
		w.buf = jsonstring.Append(w.buf, k.String())
		nameEnd := len(w.buf) - 1
		w.buf = append(w.buf, ':')
		valueStart := len(w.buf)
		ev := reflect.New(p.typ.Elem())
		ev.Elem().Set(mv.MapIndex(k))
		if !w.encode(p.elem, ev.UnsafePointer(), depth+1) {
			return false
		}
		if top && !w.reportMember(nameStart, nameEnd, valueStart) {
			return false
		}
	}
	w.buf = append(w.buf, '}')
	return true
}

func (w *writer) encodeAnyMap(m map[string]any, depth int) bool {
	if depth >= maxDepth {
		return false
	}
	if m == nil {
		w.buf = append(w.buf, "null"...)
		return true
	}
	top := w.startObject()
	var stack [16]string
	keys := stack[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	w.buf = append(w.buf, '{')
	for i, k := range keys {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		if !utf8.ValidString(k) {
			return false // encoding/json writes U+FFFD: two keys could collide
		}
		nameStart := len(w.buf) + 1
		w.buf = jsonstring.Append(w.buf, k)
		nameEnd := len(w.buf) - 1
		w.buf = append(w.buf, ':')
		valueStart := len(w.buf)
		if !w.encodeAny(m[k], depth) {
			return false
		}
		if top && !w.reportMember(nameStart, nameEnd, valueStart) {
			return false
		}
	}
	w.buf = append(w.buf, '}')
	return true
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

func (w *writer) encodeStruct(p *plan, ptr unsafe.Pointer, depth int) bool {
	top := w.startObject()
	w.buf = append(w.buf, '{')
	first := true
	for i := range p.fields {
		f := &p.fields[i]
		fp := at(ptr, f.offset)
		if f.omitEmpty && isEmpty(f.plan, fp) {
			continue
		}
		if !first {
			w.buf = append(w.buf, ',')
		}
		first = false
		w.buf = append(w.buf, f.key...)
		valueStart := len(w.buf)
		if !w.encode(f.plan, fp, depth+1) {
			return false
		}
		if top && !w.reportMember(valueStart-len(f.key)+1, valueStart-2, valueStart) {
			return false
		}
	}
	w.buf = append(w.buf, '}')
	return true
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
