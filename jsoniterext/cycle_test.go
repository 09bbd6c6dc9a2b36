package jsoniterext

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/stretchr/testify/require"
)

// cycleNode is a struct whose pointer field can close a cycle.
type cycleNode struct {
	Name string     `json:"name"`
	Next *cycleNode `json:"next,omitempty"`
	Any  any        `json:"any,omitempty"`
}

// embedsItself embeds a pointer to itself: a cycle in the type, which
// jsoniter follows without a bound when it builds the type's codec.
type embedsItself struct {
	*embedsItself
	X int `json:"x"`
}

// embedsLoopA and embedsLoopB embed each other.
type embedsLoopA struct {
	*embedsLoopB
	A int `json:"a"`
}

type embedsLoopB struct {
	*embedsLoopA
	B int `json:"b"`
}

// holdsEmbedLoop holds, by value, a struct whose embedding loops.
type holdsEmbedLoop struct {
	embedsLoopA
	C int `json:"c"`
}

// cyclicValues are values that refer to themselves, through each kind of
// reference encoding/json follows.
func cyclicValues() map[string]any {
	m := map[string]any{"iss": "a"}
	m["self"] = m
	deepMap := map[string]any{"sub": "b"}
	deepMap["in"] = map[string]any{"list": []any{1, deepMap}}
	s := []any{"x", nil}
	s[1] = s
	n := &cycleNode{Name: "a"}
	n.Next = &cycleNode{Name: "b", Next: n}
	viaAny := &cycleNode{Name: "c"}
	viaAny.Any = viaAny
	viaAnyMap := map[string]any{}
	viaAnyMap["n"] = &cycleNode{Any: []any{viaAnyMap}}
	typed := map[string]cycleNode{}
	typed["k"] = cycleNode{Any: typed}
	return map[string]any{
		"map containing itself":           m,
		"map containing itself deeper":    deepMap,
		"slice containing itself":         s,
		"struct pointer cycle":            n,
		"struct pointer cycle (value)":    *n,
		"cycle through interface":         viaAny,
		"cycle through interface and map": viaAnyMap,
		"typed map cycle":                 typed,
		"claims map holding a cycle":      map[string]any{"iss": "x", "ext": m},
	}
}

// deepValues are acyclic values nested past encoding/json's cycle-check
// depth (1000) and past jsoniter's natural recursion comfort.
func deepValues() map[string]any {
	var list any = []any{}
	for range 10000 {
		list = []any{list}
	}
	var obj any = map[string]any{}
	for range 3000 {
		obj = map[string]any{"a": obj}
	}
	var chain *cycleNode
	for range 2000 {
		chain = &cycleNode{Name: "n", Next: chain}
	}
	return map[string]any{
		"10000 nested []any":           list,
		"3000 nested map[string]any":   obj,
		"2000 chained struct pointers": chain,
		"deep claims":                  map[string]any{"iss": "x", "ext": list},
	}
}

// sameAsStd fails t unless got/gotErr are json.Marshal's want/wantErr: the
// same bytes, or an error of the same type with the same message.
func sameAsStd(t *testing.T, got []byte, gotErr error, want []byte, wantErr error) {
	t.Helper()
	if wantErr == nil {
		require.NoError(t, gotErr)
		require.Equal(t, string(want), string(got))
		return
	}
	require.Error(t, gotErr)
	require.Equal(t, reflect.TypeOf(wantErr), reflect.TypeOf(gotErr), "error type; got %v, want %v", gotErr, wantErr)
	require.Equal(t, wantErr.Error(), gotErr.Error())
	if uv := (*json.UnsupportedValueError)(nil); reflect.TypeOf(wantErr) == reflect.TypeOf(uv) {
		require.ErrorAs(t, gotErr, &uv)
	}
}

// TestMarshalOfCyclicValueReturnsEncodingJSONErrorNotACrash: a value that
// refers to itself (map, slice, struct pointer, through an interface)
// makes Marshal and AppendMarshal return encoding/json's error (its
// *json.UnsupportedValueError, "encountered a cycle via …") instead of
// overflowing the stack, which would kill the process.
func TestMarshalOfCyclicValueReturnsEncodingJSONErrorNotACrash(t *testing.T) {
	enc := New().(*Encoder)
	for name, v := range cyclicValues() {
		t.Run(name, func(t *testing.T) {
			want, wantErr := json.Marshal(v)
			require.Error(t, wantErr, "encoding/json must refuse a cycle")
			got, err := enc.Marshal(v)
			sameAsStd(t, got, err, want, wantErr)
			app, err := enc.AppendMarshal([]byte("prefix"), v)
			sameAsStd(t, app, err, want, wantErr)
			require.Equal(t, "prefix", string(app), "AppendMarshal returns dst unchanged on error")
		})
	}
}

// TestMarshalOfDeepAcyclicValueMatchesEncodingJSON: an acyclic value nested
// deeper than the adapter's bound is encoded as encoding/json encodes it
// (its bytes, or its error where it has one).
func TestMarshalOfDeepAcyclicValueMatchesEncodingJSON(t *testing.T) {
	enc := New().(*Encoder)
	for name, v := range deepValues() {
		t.Run(name, func(t *testing.T) {
			want, wantErr := json.Marshal(v)
			got, err := enc.Marshal(v)
			sameAsStd(t, got, err, want, wantErr)
			app, err := enc.AppendMarshal([]byte("prefix"), v)
			if wantErr == nil {
				want = append([]byte("prefix"), want...)
			}
			sameAsStd(t, app, err, want, wantErr)
		})
	}
}

// TestSignOfCyclicOrDeepClaimsFailsAsWithEncodingJSON: through jwt.Sign and
// Signer.Sign with jsoniterext, cyclic claims fail with the error the
// default encoder gives (ErrEncoding wrapping encoding/json's message), and
// deep claims get the default's outcome; no crash.
func TestSignOfCyclicOrDeepClaimsFailsAsWithEncodingJSON(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	ext, err := jwt.NewSigner(jwt.HS256, key, jwt.WithEncoder(New()))
	require.NoError(t, err)
	std, err := jwt.NewSigner(jwt.HS256, key, jwt.WithEncoder(jwt.StdEncoder{}))
	require.NoError(t, err)
	check := func(t *testing.T, v any, cyclic bool) {
		wantTok, wantErr := std.Sign(v)
		if cyclic {
			require.ErrorIs(t, wantErr, jwt.ErrEncoding)
		}
		for _, sign := range []func(any) (string, error){
			ext.Sign,
			func(v any) (string, error) { return jwt.Sign(jwt.HS256, v, key, jwt.WithEncoder(New())) },
		} {
			tok, err := sign(v)
			if wantErr == nil {
				require.NoError(t, err)
				require.Equal(t, wantTok, tok)
				continue
			}
			require.Error(t, err)
			require.Equal(t, wantErr.Error(), err.Error())
			for _, sentinel := range []error{jwt.ErrEncoding, jwt.ErrTokenMalformed} {
				require.Equal(t, errors.Is(wantErr, sentinel), errors.Is(err, sentinel), "errors.Is(%v, %v)", err, sentinel)
			}
		}
	}
	for name, v := range cyclicValues() {
		t.Run(name, func(t *testing.T) { check(t, v, true) })
	}
	for name, v := range deepValues() {
		t.Run(name, func(t *testing.T) { check(t, v, false) })
	}
}

// TestTypeThatEmbedsItselfIsCodedAsEncodingJSONNotACrash: a struct type
// that embeds a pointer to itself, directly or through another struct
// (jsoniter builds the codec of such a type without a bound and overflows
// the stack, whatever the value), is marshaled and unmarshaled as
// encoding/json does.
func TestTypeThatEmbedsItselfIsCodedAsEncodingJSONNotACrash(t *testing.T) {
	for _, v := range []any{
		embedsItself{X: 1},
		&embedsItself{embedsItself: &embedsItself{X: 2}, X: 1},
		embedsLoopA{A: 1},
		embedsLoopA{embedsLoopB: &embedsLoopB{B: 2}, A: 1},
		holdsEmbedLoop{C: 3},
		map[string]any{"e": embedsLoopB{B: 1}},
	} {
		marshalsAsStd(t, v)
	}
	for _, in := range []string{`{"x":1}`, `{"a":1,"b":2,"c":3}`, `{"x":"bad"}`, `null`} {
		for _, mk := range []func() any{
			func() any { return new(embedsItself) },
			func() any { return &embedsItself{embedsItself: &embedsItself{X: 9}, X: 8} },
			func() any { return new(embedsLoopA) },
			func() any { return new(holdsEmbedLoop) },
			func() any { return &map[string]embedsLoopB{} },
		} {
			unmarshalsAsStd(t, in, mk)
		}
	}
}
