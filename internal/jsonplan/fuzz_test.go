package jsonplan_test

import (
	"encoding/json"
	"math"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt/claims"
)

// fuzzTargets are the types FuzzUnmarshalDifferential decodes into.
var fuzzTargets = []struct {
	name  string
	fresh func() reflect.Value
}{
	{"UserClaims", func() reflect.Value { return reflect.ValueOf(new(UserClaims)) }},
	{"map[string]any", func() reflect.Value { return reflect.ValueOf(new(map[string]any)) }},
	{"Plain", func() reflect.Value { return reflect.ValueOf(new(Plain)) }},
	{"Numbers", func() reflect.Value { return reflect.ValueOf(new(Numbers)) }},
	{"Mixed", func() reflect.Value { return reflect.ValueOf(new(Mixed)) }},
	{"Pointers", func() reflect.Value { return reflect.ValueOf(new(Pointers)) }},
	{"Node", func() reflect.Value { return reflect.ValueOf(new(Node)) }},
	{"MapClaims", func() reflect.Value { return reflect.ValueOf(new(MapClaims)) }},
	{"map[string]map[string]any(prefilled)", func() reflect.Value {
		return reflect.ValueOf(&map[string]map[string]any{"a": {"old": 1.0}, "b": nil})
	}},
	{"Tags", func() reflect.Value { return reflect.ValueOf(new(Tags)) }},
	{"any", func() reflect.Value { return reflect.ValueOf(new(any)) }},
	{"map[string]any(prefilled)", func() reflect.Value {
		return reflect.ValueOf(&map[string]any{"keep": "x", "name": 1.0, "a": map[string]any{"old": true}})
	}},
	{"UserClaims(prefilled)", func() reflect.Value {
		return reflect.ValueOf(&UserClaims{Registered: claims.Registered{Issuer: "old", ExpiresAt: nd(1, 0)}, Roles: []string{"a", "b"}})
	}},
}

// fuzzSeeds are the table's hand-written inputs.
func fuzzSeeds() []string {
	seeds := commonInputs()
	for _, c := range typeCases() {
		for _, s := range c.samples {
			if b, err := json.Marshal(s); err == nil {
				seeds = append(seeds, string(b))
			}
		}
	}
	return seeds
}

// FuzzUnmarshalDifferential decodes strictjson-valid inputs with
// json.Unmarshal and jsonplan.Unmarshal and compares.
func FuzzUnmarshalDifferential(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := newReporter(t)
		for _, target := range fuzzTargets {
			if !checkUnmarshal(r, target.name, data, target.fresh) {
				return // not strictjson.Valid: outside the contract
			}
		}
		r.done()
	})
}

// FuzzUnmarshalGenerated is FuzzUnmarshalDifferential on JSON built from
// the fuzz input, so that nearly every input is valid: member names come
// from the target types' names and their near misses, values from
// scalarValues and nesting.
func FuzzUnmarshalGenerated(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x00\x03\x05\x07\x11\x00\x08\x20\x00\x01\x02"))
	f.Add([]byte("claims, numbers, pointers and nesting"))
	for _, s := range documents[:20] {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, program []byte) {
		g := &jsonGen{program: program, vocabulary: fuzzVocabulary()}
		var b strings.Builder
		g.object(&b, 0)
		data := []byte(b.String())
		r := newReporter(t)
		for _, target := range fuzzTargets {
			if !checkUnmarshal(r, target.name, data, target.fresh) {
				return // a repeated member name
			}
		}
		r.done()
	})
}

// fuzzVocabulary is every member name of the target types' samples, with
// its near misses.
var fuzzVocabulary = sync.OnceValue(func() []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range typeCases() {
		for _, in := range append(c.samples, reflect.Zero(c.typ).Interface()) {
			b, err := json.Marshal(in)
			if err != nil {
				continue
			}
			var walk func(raw json.RawMessage, depth int)
			walk = func(raw json.RawMessage, depth int) {
				if depth > 3 {
					return
				}
				for k, v := range objectMembers(raw) {
					for _, kv := range keyVariants(k) {
						if !seen[kv] {
							seen[kv] = true
							out = append(out, kv)
						}
					}
					walk(v, depth+1)
				}
			}
			walk(b, 0)
		}
	}
	sort.Strings(out)
	return out
})

// jsonGen writes JSON chosen by the bytes of program.
type jsonGen struct {
	program    []byte
	pos        int
	vocabulary []string
}

func (g *jsonGen) next() int {
	if g.pos >= len(g.program) {
		return 0
	}
	g.pos++
	return int(g.program[g.pos-1])
}

func (g *jsonGen) object(b *strings.Builder, depth int) {
	b.WriteByte('{')
	n := g.next() % 6
	used := map[string]bool{}
	for i := 0; i < n; i++ {
		k := g.vocabulary[(g.next()<<8|g.next())%len(g.vocabulary)]
		if used[k] {
			continue // the decoded names may still repeat: strictjson then refuses the input
		}
		used[k] = true
		if len(used) > 1 {
			b.WriteByte(',')
		}
		b.WriteString(k)
		b.WriteByte(':')
		g.value(b, depth+1)
	}
	b.WriteByte('}')
}

func (g *jsonGen) value(b *strings.Builder, depth int) {
	op := g.next()
	switch {
	case op%8 == 1 && depth < 8:
		g.object(b, depth)
	case op%8 == 2 && depth < 8:
		b.WriteByte('[')
		for i := range g.next() % 4 {
			if i > 0 {
				b.WriteByte(',')
			}
			g.value(b, depth+1)
		}
		b.WriteByte(']')
	default:
		b.WriteString(scalarValues[g.next()%len(scalarValues)])
	}
}

// FuzzMarshalDifferential encodes values built from the fuzz input: data
// decoded by json.Unmarshal into several types, and s, x and n placed in
// strings, floats, integers and map keys.
func FuzzMarshalDifferential(f *testing.F) {
	for i, s := range fuzzSeeds()[len(scalarValues):] { // top-level scalars fill no struct
		str := marshalStrings[i%len(marshalStrings)]
		x := marshalFloats[i%len(marshalFloats)]
		f.Add([]byte(s), str, x, int64(i)*1e17-int64(i))
	}
	f.Add([]byte(`{}`), "\xff<\u2028", math.Copysign(0, -1), int64(math.MinInt64))
	f.Fuzz(func(t *testing.T, data []byte, s string, x float64, n int64) {
		r := newReporter(t)
		if json.Valid(data) {
			for _, p := range []any{new(any), new(map[string]any), new(UserClaims), new(Plain), new(Numbers), new(Mixed), new(Tags), new(Composite),
				new(Methods), new(Dates), new(Node), new(Pointers), new(Embedded), new(NamedKinds), new(IfaceHolder)} {
				_ = json.Unmarshal(data, p) // partly filled on error: still a value to encode
				name := reflect.TypeOf(p).Elem().String()
				checkMarshal(r, name, reflect.ValueOf(p).Elem().Interface())
				checkMarshal(r, "*"+name, p)
			}
			checkMarshalAll(r, "json.RawMessage", json.RawMessage(data))
		}
		f32 := float32(x)
		checkMarshalAll(r, "Numbers", Numbers{
			I: int(n), I8: int8(n), I16: int16(n), I32: int32(n), I64: n, U: uint(n), U8: uint8(n), U16: uint16(n),
			U32: uint32(n), U64: uint64(n), UP: uintptr(n), F32: f32, F64: x,
		})
		checkMarshalAll(r, "Plain", Plain{S: s, F: x, FO: f32, I: int(n), UO: uint64(n), A: x, L: []any{s, x, n}, M: map[string]any{s: x},
			MO: map[string]string{s: s}, D: claims.NumericDate{Time: time.Unix(n%(1<<40), int64(x))}, Aud: claims.Audience{s}})
		checkMarshalAll(r, "Mixed", Mixed{I: int(n), F32: f32, F64: x, PS: &s, Any: x, List: []any{s, x, f32, n}, Map: map[string]any{s: n},
			Str: int(n), Role: Role(s), Raw: json.RawMessage(s), Num: json.Number(s)})
		checkMarshalAll(r, "UserClaims", UserClaims{Registered: claims.Registered{
			Issuer: s, Audience: claims.Audience{s}, ExpiresAt: &claims.NumericDate{Time: time.Unix(n, 0)},
			IssuedAt: &claims.NumericDate{Time: time.Unix(0, n)},
		}, Name: s, Roles: []string{s, s}})
		checkMarshalAll(r, "Tags", Tags{StrS: s, StrF: x, Str: int(n), StrU: uint8(n), Uni: s, ZeroI: isZeroer{N: int(n)}})
		checkMarshalAll(r, "map[string]any", map[string]any{s: s, "x": x, "f32": f32, "n": n})
		checkMarshalAll(r, "map[int64]string", map[int64]string{n: s, n / 2: s, -n: s})
		checkMarshalAll(r, "map[TextVal]string", map[TextVal]string{{S: s}: s})
		checkMarshalAll(r, "[]byte", []byte(s))
		checkMarshalAll(r, "Methods", Methods{JV: JSONVal{S: s}, TV: TextVal{S: s}, TP: TextPtr{S: s}, Time: time.Unix(n, 0).UTC()})
		checkMarshalAll(r, "Dates", Dates{Start: claims.NumericDate{Time: time.Unix(n, int64(x))}, Num: json.Number(s), NumS: json.Number(s)})
		r.done()
	})
}
