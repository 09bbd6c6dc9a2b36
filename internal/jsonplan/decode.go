package jsonplan

import (
	"encoding/binary"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/bytesview"
)

// Unmarshal decodes data into v, a non-nil pointer to a struct or a
// string-keyed map, with json.Unmarshal's result.
//
// data must have passed the strict pass (strictjson.Valid): valid JSON and
// UTF-8, whole escapes, no duplicate names at any depth, depth at most 64,
// numbers within float64's range. Decoded strings may share one copy of
// data.
//
// It reports false when v's type, v's current value (a struct must be the
// zero value) or the data is beyond what it reproduces, such as a JSON type
// that does not fit a field, or a member matching a field only
// case-insensitively. v may then be partly written, with the values
// encoding/json would write, and the caller must call json.Unmarshal.
func Unmarshal(data []byte, v any) (handled bool) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return false
	}
	p := planFor(rv.Type().Elem())
	if !p.usable {
		return false
	}
	switch p.kind {
	case kindStruct:
		if !allZero(rv.UnsafePointer(), p.typ.Size()) {
			return false
		}
	case kindMap:
	default:
		return false
	}
	r := reader{data: data}
	r.skipSpace()
	return r.decode(p, rv.UnsafePointer())
}

// decode stores the value at r.pos into the p-typed variable at ptr.
func (r *reader) decode(p *plan, ptr unsafe.Pointer) bool {
	c := r.data[r.pos]
	if c == 'n' && p.kind != kindNumericDate && p.kind != kindAudience {
		r.pos += 4
		switch p.kind {
		case kindAny, kindSlice, kindMap, kindPointer:
			reflect.NewAt(p.typ, ptr).Elem().SetZero()
		}
		return true // null leaves other kinds unchanged
	}
	switch p.kind {
	case kindString:
		if c != '"' {
			return false
		}
		*(*string)(ptr) = r.str()
	case kindBool:
		switch c {
		case 't':
			*(*bool)(ptr) = true
			r.pos += 4
		case 'f':
			*(*bool)(ptr) = false
			r.pos += 5
		default:
			return false
		}
	case kindInt, kindUint:
		return r.decodeInteger(p, ptr)
	case kindFloat:
		return r.decodeFloat(p, ptr)
	case kindAny:
		if *(*any)(ptr) != nil {
			return false
		}
		v, ok := r.anyValue()
		*(*any)(ptr) = v
		return ok
	case kindSlice:
		return c == '[' && r.decodeSlice(p, ptr)
	case kindMap:
		return c == '{' && r.decodeMap(p, ptr)
	case kindStruct:
		return c == '{' && r.decodeStruct(p, ptr)
	case kindPointer:
		return r.decodePointer(p, ptr)
	case kindNumericDate:
		return (*claims.NumericDate)(ptr).UnmarshalJSON(r.skip()) == nil
	case kindAudience:
		return r.decodeAudience((*claims.Audience)(ptr))
	default:
		return false
	}
	return true
}

// decodeInteger stores an integer literal into a signed or unsigned
// field of p.bits bits, as encoding/json does; anything else (a fraction,
// an exponent, overflow, "-0", a negative unsigned) is left to it.
func (r *reader) decodeInteger(p *plan, ptr unsafe.Pointer) bool {
	lit := r.number()
	if len(lit) == 0 || lit[0] == '-' && (p.kind == kindUint || len(lit) > 1 && lit[1] == '0') {
		return false
	}
	var v uint64 // the value's bits, truncated to p.bits below
	if p.kind == kindInt {
		n, err := strconv.ParseInt(bytesview.String(lit), 10, p.bits)
		if err != nil {
			return false
		}
		v = uint64(n)
	} else {
		n, err := strconv.ParseUint(bytesview.String(lit), 10, p.bits)
		if err != nil {
			return false
		}
		v = n
	}
	switch p.bits {
	case 8:
		*(*uint8)(ptr) = uint8(v)
	case 16:
		*(*uint16)(ptr) = uint16(v)
	case 32:
		*(*uint32)(ptr) = uint32(v)
	default:
		*(*uint64)(ptr) = v
	}
	return true
}

func (r *reader) decodeFloat(p *plan, ptr unsafe.Pointer) bool {
	lit := r.number()
	if len(lit) == 0 {
		return false
	}
	f, err := strconv.ParseFloat(bytesview.String(lit), p.bits)
	if err != nil {
		return false
	}
	if p.bits == 32 {
		*(*float32)(ptr) = float32(f)
	} else {
		*(*float64)(ptr) = f
	}
	return true
}

// anyValue decodes a value as encoding/json does into an empty interface:
// map[string]any, []any, float64, string, bool or nil.
func (r *reader) anyValue() (any, bool) {
	switch c := r.data[r.pos]; c {
	case '"':
		return r.str(), true
	case '{':
		m := map[string]any{}
		return m, r.fillAnyMap(m)
	case '[':
		list := []any{}
		if !r.open() {
			return list, true
		}
		for {
			v, ok := r.anyValue()
			if !ok {
				return nil, false
			}
			list = append(list, v)
			if !r.next() {
				return list, true
			}
		}
	case 't':
		r.pos += 4
		return true, true
	case 'f':
		r.pos += 5
		return false, true
	case 'n':
		r.pos += 4
		return nil, true
	default:
		f, err := strconv.ParseFloat(bytesview.String(r.number()), 64)
		return f, err == nil
	}
}

// fillAnyMap decodes the object at r.pos into m.
func (r *reader) fillAnyMap(m map[string]any) bool {
	if !r.open() {
		return true
	}
	for {
		k := r.memberName()
		v, ok := r.anyValue()
		if !ok {
			return false
		}
		m[k] = v
		if !r.next() {
			return true
		}
	}
}

func (r *reader) decodeSlice(p *plan, ptr unsafe.Pointer) bool {
	if p.typ.Elem() == reflect.TypeFor[string]() {
		list, ok := r.strings()
		*(*[]string)(ptr) = list
		return ok
	}
	s := reflect.MakeSlice(p.typ, 0, 0)
	if r.open() {
		for i := 0; ; i++ {
			s = reflect.Append(s, reflect.Zero(p.typ.Elem()))
			if !r.decode(p.elem, s.Index(i).Addr().UnsafePointer()) {
				return false
			}
			if !r.next() {
				break
			}
		}
	}
	reflect.NewAt(p.typ, ptr).Elem().Set(s)
	return true
}

func (r *reader) decodeMap(p *plan, ptr unsafe.Pointer) bool {
	mv := reflect.NewAt(p.typ, ptr).Elem()
	if mv.IsNil() {
		mv.Set(reflect.MakeMap(p.typ))
	}
	if p.typ == reflect.TypeFor[map[string]any]() {
		return r.fillAnyMap(*(*map[string]any)(ptr))
	}
	if !r.open() {
		return true
	}
	for {
		k := r.memberName()
		ev := reflect.New(p.typ.Elem())
		if !r.decode(p.elem, ev.UnsafePointer()) {
			return false
		}
		mv.SetMapIndex(reflect.ValueOf(k).Convert(p.typ.Key()), ev.Elem())
		if !r.next() {
			return true
		}
	}
}

func (r *reader) decodeStruct(p *plan, ptr unsafe.Pointer) bool {
	if !r.open() {
		return true
	}
	var scratch [64]byte
	next := 0 // members usually come in field order: try that field first
	for {
		name := r.key(scratch[:])
		i := p.field(name, next)
		switch {
		case i >= 0:
			f := &p.fields[i]
			if !r.decode(f.plan, at(ptr, f.offset)) {
				return false
			}
			next = i + 1
		case p.foldsToField(name):
			return false // encoding/json's case-insensitive match: not reproduced
		default:
			r.skip()
		}
		if !r.next() {
			return true
		}
	}
}

// field returns the index of the field named exactly name, trying hint
// first, or -1.
func (p *plan) field(name []byte, hint int) int {
	if hint < len(p.fields) && p.fields[hint].name == string(name) {
		return hint
	}
	for i := range p.fields {
		if p.fields[i].name == string(name) {
			return i
		}
	}
	return -1
}

// foldsToField reports whether name, not any field's exact name, could
// still match one in some encoding/json engine.
func (p *plan) foldsToField(name []byte) bool {
	for _, c := range name {
		if c >= 0x80 {
			return true // Unicode folding ('ſ', 'K'): left to encoding/json
		}
	}
	_, ok := p.folded[looseFold(string(name))]
	return ok
}

func (r *reader) decodePointer(p *plan, ptr unsafe.Pointer) bool {
	target := *(*unsafe.Pointer)(ptr)
	if target == nil {
		if p.elem.kind == kindNumericDate {
			target = unsafe.Pointer(r.newDate())
		} else {
			target = reflect.New(p.typ.Elem()).UnsafePointer()
		}
		*(*unsafe.Pointer)(ptr) = target
	}
	return r.decode(p.elem, target)
}

// newDate returns a zero NumericDate from r's small arena.
func (r *reader) newDate() *claims.NumericDate {
	if len(r.dates) == cap(r.dates) {
		r.dates = make([]claims.NumericDate, 0, 4)
	}
	r.dates = r.dates[:len(r.dates)+1]
	return &r.dates[len(r.dates)-1]
}

// strings decodes an array of strings at r.pos (a '['), sized exactly.
func (r *reader) strings() ([]string, bool) {
	var stack [16]string
	list := stack[:0]
	if r.open() {
		for {
			if r.data[r.pos] != '"' {
				return nil, false
			}
			list = append(list, r.str())
			if !r.next() {
				break
			}
		}
	}
	return append(make([]string, 0, len(list)), list...), true
}

// decodeAudience reads "aud" as claims.Audience.UnmarshalJSON does.
func (r *reader) decodeAudience(a *claims.Audience) bool {
	switch r.data[r.pos] {
	case 'n':
		r.pos += 4
		*a = nil
	case '"':
		*a = claims.Audience{r.str()}
	case '[':
		list, ok := r.strings()
		*a = list
		return ok
	default:
		return false
	}
	return true
}

// allZero reports whether the size bytes at ptr are all zero: then the
// value is its type's zero value.
func allZero(ptr unsafe.Pointer, size uintptr) bool {
	b := unsafe.Slice((*byte)(ptr), size)
	var acc uint64
	for len(b) >= 8 {
		acc |= binary.LittleEndian.Uint64(b)
		b = b[8:]
	}
	for _, c := range b {
		acc |= uint64(c)
	}
	return acc == 0
}
