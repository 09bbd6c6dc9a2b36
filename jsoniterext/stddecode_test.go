package jsoniterext

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// unmarshalsAsStd fails t unless Unmarshal of in into mk() leaves the value
// json.Unmarshal leaves in another mk() and returns an error of the same
// type and message (or none), on success and on failure.
func unmarshalsAsStd(t *testing.T, in string, mk func() any) {
	t.Helper()
	want, got := mk(), mk()
	wantErr := json.Unmarshal([]byte(in), want)
	err := New().Unmarshal([]byte(in), got)
	desc := fmt.Sprintf("Unmarshal(%s) into %T", in, want)
	if wantErr == nil {
		require.NoError(t, err, desc)
	} else {
		require.Error(t, err, "%s: encoding/json fails with %v", desc, wantErr)
		require.Equal(t, reflect.TypeOf(wantErr), reflect.TypeOf(err), "%s: %v; encoding/json %v", desc, err, wantErr)
		require.Equal(t, wantErr.Error(), err.Error(), desc)
	}
	require.Equal(t, want, got, desc)
}

type arrayHolder struct {
	A  [3]int            `json:"a"`
	P  *[2]string        `json:"p"`
	S  [][2]int          `json:"s"`
	M  map[string][2]int `json:"m"`
	N  [2][2]int         `json:"n"`
	I  any               `json:"i"`
	St [2]struct {
		X int `json:"x"`
		Y int `json:"y"`
	} `json:"st"`
}

func prefilledArrays() *arrayHolder {
	h := &arrayHolder{
		A: [3]int{7, 8, 9}, P: &[2]string{"p0", "p1"}, S: [][2]int{{1, 2}, {3, 4}},
		M: map[string][2]int{"k": {5, 6}, "o": {7, 7}}, N: [2][2]int{{1, 1}, {2, 2}}, I: &[2]int{4, 4},
	}
	h.St[0].X, h.St[0].Y, h.St[1].X, h.St[1].Y = 1, 2, 3, 4
	return h
}

// TestUnmarshalZeroesArrayTailAsEncodingJSON: a JSON array shorter than
// a Go array [N]T sets the elements it has and zeroes the rest, as
// encoding/json does (jsoniter keeps the old tail); longer arrays drop the
// extra elements, null leaves the array as it was, and each element is
// decoded into the one already there. In structs, pointers, slices, maps,
// arrays of arrays, behind an interface, pre-filled or fresh.
func TestUnmarshalZeroesArrayTailAsEncodingJSON(t *testing.T) {
	inputs := []string{
		`[1]`, `[]`, `[1,2,3,4]`, `null`, `[1,"x"]`, `{"a":1}`,
		`{"a":[1]}`, `{"a":[]}`, `{"a":null}`, `{"a":[1,2,3,4,5]}`,
		`{"p":["x"]}`, `{"p":null}`, `{"p":[]}`,
		`{"s":[[9]]}`, `{"s":[[9],[8,7,6]]}`, `{"s":[[9],[8],[7]]}`,
		`{"m":{"k":[1]}}`, `{"m":{"k":[],"n":[3]}}`,
		`{"n":[[5]]}`, `{"n":[[5],[]]}`, `{"n":[]}`,
		`{"i":[1]}`, `{"i":{"x":1}}`,
		`{"st":[{"x":9}]}`, `{"st":[{"y":9},{}]}`, `{"st":[]}`,
		`{"a":[1],"p":["q"],"s":[[1]],"m":{"k":[0]},"n":[[1]],"st":[{"x":5}]}`,
		`{"a":[1,"bad"]}`, `{"a":[1.5]}`,
	}
	for _, in := range inputs {
		for _, mk := range []func() any{
			func() any { return new(arrayHolder) },
			func() any { return prefilledArrays() },
			func() any { return &[3]int{7, 8, 9} },
			func() any { return &[][2]int{{1, 2}, {3, 4}} },
			func() any { return &map[string][3]int{"k": {1, 2, 3}} },
			func() any { return &[2][2]int{{1, 2}, {3, 4}} },
			func() any { p := &[2]int{5, 6}; return &p },
			func() any { var v any = &[2]int{5, 6}; return &v },
			func() any { return &[3]byte{1, 2, 3} },
			func() any { return &[0]int{} },
		} {
			unmarshalsAsStd(t, in, mk)
		}
	}
}

type unexportedInner struct{ X int }

// ExportedInner is embedded by pointer in embedsUnexportedPtr.
type ExportedInner struct{ Z int }

type embedsUnexportedPtr struct {
	*unexportedInner
	*ExportedInner
	Y int
}

type holdsEmbedsUnexportedPtr struct {
	E embedsUnexportedPtr `json:"e"`
}

type stringOptions struct {
	I int         `json:"i,string"`
	N json.Number `json:"n,string"`
	B bool        `json:"b,string"`
	P *int        `json:"p,string"`
	S string      `json:"s,string"`
}

type embedsStringOptions struct {
	stringOptions
	Z int `json:"z"`
}

// TestUnmarshalDecodesAsEncodingJSONWhereJsoniterDiffers: destinations
// jsoniter fills otherwise than encoding/json, or without its error, are
// decoded by encoding/json: maps with non-string keys (jsoniter reads
// " 1" as the key 1), the string option (jsoniter reads " 1" as 1 and a
// json.Number as ""), json.Number from a string that is not a number, and
// an embedded pointer to an unexported struct (which encoding/json cannot
// set: an error).
func TestUnmarshalDecodesAsEncodingJSONWhereJsoniterDiffers(t *testing.T) {
	cases := []struct {
		in  string
		mks []func() any
	}{
		{`{"1":"a"," 1":"b"}`, []func() any{func() any { return new(map[int]string) }}},
		{`{"+1":"a","01":"b","-0":"c"}`, []func() any{func() any { return new(map[int]string) }, func() any { return new(map[uint8]string) }}},
		{`{"300":"a"}`, []func() any{func() any { return new(map[int8]string) }}},
		{`{"m":{"1":2,"1.0":3}}`, []func() any{func() any { return new(struct{ M map[int]int }) }}},
		{`{"i":" 1","n":"12","b":"true","p":"null","s":"\"x\""}`, []func() any{
			func() any { return new(stringOptions) }, func() any { return new(embedsStringOptions) },
		}},
		{`{"i":"1","n":"12","b":"true","p":"3","s":"\"x\"","z":1}`, []func() any{
			func() any { return new(stringOptions) }, func() any { return new(embedsStringOptions) },
		}},
		{`{"k":{"i":"1","n":"12"},"l":{"b":"false"}}`, []func() any{
			func() any { return &map[string]stringOptions{"k": {I: 9, B: true}} },
		}},
		{`{"i":"x"}`, []func() any{func() any { return new(stringOptions) }}},
		{`"x"`, []func() any{func() any { return new(json.Number) }}},
		{`"12"`, []func() any{func() any { return new(json.Number) }}},
		{`{"n":"1e2","m":12}`, []func() any{func() any {
			return new(struct {
				N json.Number `json:"n"`
				M json.Number `json:"m"`
			})
		}}},
		{`{"X":1,"Z":2,"Y":3}`, []func() any{func() any { return new(embedsUnexportedPtr) }, func() any { return new(holdsEmbedsUnexportedPtr) }}},
		{`{"e":{"Z":2,"Y":3}}`, []func() any{func() any { return new(holdsEmbedsUnexportedPtr) }}},
		{`{"Y":3}`, []func() any{func() any { return new(embedsUnexportedPtr) }}},
	}
	for _, c := range cases {
		for _, mk := range c.mks {
			unmarshalsAsStd(t, c.in, mk)
		}
	}
}

type textKeyStruct struct{ A, B int }

func (k textKeyStruct) MarshalText() ([]byte, error) { return []byte(fmt.Sprint(k.A, "-", k.B)), nil }

type textKeyInt int

func (k textKeyInt) MarshalText() ([]byte, error) { return []byte(fmt.Sprint("n", int(k))), nil }

// TestMarshalRefusesMapKeysAsEncodingJSON: encoding/json writes map keys of
// string and integer kinds and TextMarshaler keys and refuses any other
// key type (jsoniter writes float and bool keys); the adapter's result is
// encoding/json's, error included.
func TestMarshalRefusesMapKeysAsEncodingJSON(t *testing.T) {
	for _, v := range []any{
		map[float64]int{1.5: 1}, map[bool]int{true: 1}, map[float32]string{},
		struct{ M map[bool]int }{M: map[bool]int{}},
		map[int]string{10: "a", 9: "b", -1: "c"}, map[uint8]int{1: 1},
		map[textKeyStruct]int{{1, 2}: 3}, map[textKeyInt]int{5: 1, 40: 2},
		map[[2]int]int{{1, 2}: 3},
	} {
		want, wantErr := json.Marshal(v)
		got, err := New().Marshal(v)
		sameAsStd(t, got, err, want, wantErr)
		app, err := New().(*Encoder).AppendMarshal(nil, v)
		sameAsStd(t, app, err, want, wantErr)
	}
}
