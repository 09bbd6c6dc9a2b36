package jsonplan_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/jsonplan"
	"github.com/jotlib/jwt/internal/strictjson"
)

// The differential tests give the same input to encoding/json and to
// jsonplan. Whatever jsonplan handles must equal encoding/json's result
// under the Go version running the tests; what it declines is not checked.

// typeCase is one target type of the differential tests.
type typeCase struct {
	name    string
	typ     reflect.Type
	samples []any      // values of typ: encoded, and the source of inputs
	prefill func() any // a pointer to a fresh non-zero value of typ, or nil
}

func tcase[T any](prefill func() *T, samples ...T) typeCase {
	c := typeCase{name: reflect.TypeFor[T]().String(), typ: reflect.TypeFor[T]()}
	for _, s := range samples {
		c.samples = append(c.samples, s)
	}
	if prefill != nil {
		c.prefill = func() any { return prefill() }
	}
	return c
}

func ptr[T any](v T) *T { return &v }

func nd(sec, nsec int64) *claims.NumericDate { return &claims.NumericDate{Time: time.Unix(sec, nsec)} }

var (
	tUTC   = time.Date(2024, 1, 2, 3, 4, 5, 123456789, time.UTC)
	tZone  = time.Date(2024, 1, 2, 3, 4, 5, 0, time.FixedZone("X", 5*3600+1800))
	tLocal = time.Unix(1700000000, 0)
)

func fullClaims() UserClaims {
	return UserClaims{
		Registered: claims.Registered{
			Issuer: "https://issuer.example", Subject: "user-1", Audience: claims.Audience{"api", "web"},
			ExpiresAt: nd(1700003600, 0), NotBefore: nd(1700000000, 0), IssuedAt: nd(1700000000, 500000000),
			ID: "id-<&>",
		},
		Name: "Ann \u2028 é", Roles: []string{"admin", "user"}, EmailVerified: true,
	}
}

// typeCases is the table of target types, built once.
var typeCases = sync.OnceValue(func() []typeCase {
	one := 1
	pone := &one
	str := "s<>"
	var anyInner any = &Inner{A: "old"}
	return []typeCase{
		tcase(func() *UserClaims {
			return &UserClaims{
				Registered: claims.Registered{Issuer: "old", Audience: claims.Audience{"old"}, ExpiresAt: nd(1, 0)},
				Name:       "old", Roles: []string{"r1", "r2", "r3"}, EmailVerified: true,
			}
		}, fullClaims(),
			UserClaims{Registered: claims.Registered{Audience: claims.Audience{"one"}, ExpiresAt: nd(-1, 250000000)}, Roles: []string{}},
			UserClaims{}),
		tcase[*UserClaims](nil, ptr(fullClaims()), nil),
		tcase[claims.Registered](nil, fullClaims().Registered),
		tcase(func() *map[string]any {
			return &map[string]any{"keep": "x", "a": map[string]any{"old": 1.0}, "p": &Inner{A: "old"}, "n": nil}
		}, map[string]any{
			"a": 1.0, "b": []any{1.0, "x", nil, true, map[string]any{"c": -0.0}}, "c": map[string]any{"d": nil},
			"e": "<>&\u2028", "f": false, "": "empty", "é": 1e21, "g": 1e-7, "h": []any{},
			"i": int8(-5), "j": uint64(math.MaxUint64), "k": float32(0.1), "l": Role("r"), "m": &Inner{A: "x"},
			"n": json.Number("12"), "o": json.RawMessage(` [ 1 , 2 ] `), "p": []string(nil), "q": map[string]any(nil),
		}, map[string]any{}, map[string]any(nil)),
		tcase[any](func() *any { v := anyInner; return &v }, any(nil), "s", 1.5, map[string]any{"a": []any{}}),
		tcase(func() *[]any { return &[]any{&Inner{A: "old"}, "x", map[string]any{"k": "v"}} },
			[]any{"a", 1.0, nil, []any{}}, []any{}, []any(nil)),
		tcase(func() *map[string]string { return &map[string]string{"keep": "x", "a": "old"} },
			map[string]string{"a": "x", "b": "", "<": ">"}),
		tcase[map[string]int](nil, map[string]int{"a": 1, "b": -2}),
		tcase(func() *MapClaims { return &MapClaims{"keep": "x", "name": map[string]any{"old": 1.0}} },
			MapClaims{"iss": "x", "exp": 1700000000.0, "aud": []any{"a"}}, MapClaims(nil)),
		tcase(func() *map[string]*Inner { return &map[string]*Inner{"a": {A: "old", B: 1}} },
			map[string]*Inner{"a": {A: "x"}, "n": nil}),
		tcase[map[string]json.RawMessage](nil, map[string]json.RawMessage{"a": json.RawMessage(`{"x":[1]}`)}),
		tcase[map[int]string](nil, map[int]string{1: "a", -1: "b", 10: "c", 9: "d"}),
		tcase[map[int8]bool](nil, map[int8]bool{-128: true, 127: false}),
		tcase[map[uint]string](nil, map[uint]string{0: "z", 18: "e"}),
		tcase[map[Role]Level](nil, map[Role]Level{"admin": 3}),
		tcase[map[TextVal]int](nil, map[TextVal]int{{"a"}: 1, {"b"}: 2}),
		tcase[map[TextPtr]int](nil, map[TextPtr]int{{"a"}: 1}),
		tcase[string](nil, "s", ""),
		tcase[int8](nil, -128),
		tcase[uint64](nil, math.MaxUint64),
		tcase[float32](nil, 0.1),
		tcase[float64](nil, -0.0),
		tcase[bool](nil, true),
		tcase[Role](nil, "admin"),
		tcase[Level](nil, 7),
		tcase(func() *[]string { return &[]string{"a", "b", "c"} }, []string{"a"}),
		tcase(func() *[3]int { return &[3]int{7, 8, 9} }, [3]int{1, 2, 3}),
		tcase[[]byte](nil, []byte("hi\x00\xff"), []byte{}),
		tcase[[]int](nil, []int{1, -1}),
		tcase[json.RawMessage](nil, json.RawMessage(`{"a" : 1}`)),
		tcase[json.Number](nil, "1e3"),
		tcase[time.Time](nil, tUTC, tZone),
		tcase[claims.NumericDate](nil, *nd(1700000000, 0)),
		tcase[*claims.NumericDate](nil, nd(1700000000, 1)),
		tcase(func() *claims.Audience { return &claims.Audience{"old"} }, claims.Audience{"a", "b"}),
		tcase(func() *Numbers { return &Numbers{I: 1, I8: 2, U64: 3, F32: 4, F64: 5} },
			Numbers{I: -1, I8: -128, I16: -32768, I32: math.MinInt32, I64: math.MinInt64, U: 1, U8: 255, U16: 65535,
				U32: math.MaxUint32, U64: math.MaxUint64, UP: 42, F32: math.MaxFloat32, F64: math.SmallestNonzeroFloat64}),
		tcase[NamedKinds](nil, NamedKinds{Role: "admin", Level: -3, Ratio: 0.5, Flag: true, Count: 9, Roles: []Role{"a"}, Bytes: []Count{1, 2, 255}}),
		tcase(func() *Pointers {
			s, n, b, f := "old", 5, true, 1.5
			pn := &n
			var a any = "old"
			sl := []int{1, 2}
			m := map[string]int{"k": 1}
			return &Pointers{S: &s, PP: &pn, B: &b, F: &f, Any: &a, Sl: &sl, M: &m, In: &Inner{A: "old"}}
		}, Pointers{S: &str, PP: &pone, B: ptr(false), F: ptr(-0.0), Any: ptr[any](nil), Sl: &[]int{}, M: &map[string]int{"a": 1}, In: &Inner{}},
			Pointers{}),
		tcase(func() *Composite {
			return &Composite{
				List: []any{"old", 2.0}, Tags: map[string]string{"keep": "x"}, Inner: Inner{A: "old", B: 1}, PInner: &Inner{A: "old"},
				Any: map[string]any{"old": true}, Matrix: [][]int{{1}}, Arr: [3]int{1, 2, 3}, Bytes: []byte("old"),
				MapSl: map[string][]int{"k": {1}}, Inners: []Inner{{A: "a"}, {B: 2}}, IntMap: map[int]string{1: "x"},
			}
		}, Composite{
			List: []any{"a", 1.0, []any{true}}, Tags: map[string]string{"k": "v"}, Inner: Inner{A: "x", B: 2}, PInner: &Inner{A: "y"},
			Any: map[string]any{"n": 1.0}, Matrix: [][]int{{1, 2}, {}, nil}, Arr: [3]int{4, 5, 6}, Bytes: []byte{0, 1, 2, 0xff},
			BArr: [4]byte{1, 2, 3, 4}, MapSl: map[string][]int{"x": {1}}, Inners: []Inner{{A: "i"}}, IntMap: map[int]string{2: "b"},
		}, Composite{}),
		tcase[Tags](nil, Tags{
			Omit: "o", Skip: "skip", Dash: "dash", NoName: "nn", unexported: "u", Str: -12, StrF: 1.5, StrB: true, StrS: `a"<`,
			StrP: ptr(3), StrU: 7, StrSl: []int{1}, Zero: Inner{A: "z"}, ZeroT: tUTC, ZeroI: isZeroer{N: 2}, ZeroP: ptr(0),
			EmptySl: []int{1}, EmptyM: map[int]int{1: 1}, Uni: "u", Kanji: "k", Odd: "o", Space: "s", Punct: "p", Bad: "b",
			Quote: "q", Kid: "kid", Sub: "sub", Empty: "e",
		}, Tags{ZeroI: isZeroer{N: 1}, StrP: nil}, Tags{EmptySl: []int{}, EmptyM: map[int]int{}, ZeroP: nil}),
		tcase(func() *Embedded { return &Embedded{EmbP: &EmbP{P: "old", X: 1}, X: 2} },
			Embedded{EmbA: EmbA{Name: "a", A: 1}, EmbB: EmbB{Name: "b", B: 2}, EmbP: &EmbP{P: "p", X: 3}, Inner: Inner{A: "i"}, X: 4},
			Embedded{}),
		tcase[EmbeddedTagged](nil, EmbeddedTagged{EmbA: EmbA{Name: "a", A: 1}, EmbTagged: EmbTagged{Name: "t", T: 2}}),
		tcase(func() *EmbeddedUnexported { return &EmbeddedUnexported{embU: &embU{U: "old"}} },
			EmbeddedUnexported{embU: &embU{U: "u"}, embV: embV{W: "w"}, V: 1}, EmbeddedUnexported{}),
		tcase[EmbeddedNonStruct](nil, EmbeddedNonStruct{Role: "r", Level: 2, Count: ptr(Count(3))}, EmbeddedNonStruct{}),
		tcase(func() *Methods {
			return &Methods{JV: JSONVal{"old"}, JPP: &JSONPtr{N: 9}, TVP: &TextVal{"old"}, TM: map[TextVal]int{{"old"}: 1}, Time: tUTC}
		}, Methods{
			JV: JSONVal{"<v>"}, JVP: &JSONVal{"p&"}, JP: JSONPtr{1}, JPP: &JSONPtr{2}, JPS: []JSONPtr{{3}}, JPM: map[string]JSONPtr{"a": {4}},
			UV: UnmarshalVal{"x"}, TV: TextVal{"<t>"}, TVP: &TextVal{"p"}, TP: TextPtr{"q"}, TPP: &TextPtr{"r"},
			TM: map[TextVal]int{{"k"}: 1, {"a"}: 2}, Time: tZone, TPtr: &tLocal,
		}, Methods{}),
		tcase(func() *Dates {
			return &Dates{Start: *nd(5, 0), End: nd(6, 0), Aud: claims.Audience{"old"}, Raw: json.RawMessage(`"old"`), Num: "7"}
		}, Dates{
			Start: *nd(1700000000, 0), End: nd(-1, 500000000), Aud: claims.Audience{"x"}, AudP: &claims.Audience{"y", "z"},
			When: tUTC, Raw: json.RawMessage(`{"a" : [1, 2]}`), RawP: ptr(json.RawMessage(`null`)), Num: "-1.5e3", NumS: "12",
			NumP: ptr(json.Number("0")), DMap: map[string]claims.NumericDate{"d": *nd(1, 0)},
		}, Dates{}),
		tcase(func() *IfaceHolder {
			var a any = &Inner{A: "old"}
			return &IfaceHolder{St: &strImpl{S: "old"}, A: map[string]any{"old": 1.0}, AP: &a, Arr: []Stringer{&strImpl{S: "e"}}}
		}, IfaceHolder{St: strImpl{S: "s"}, FS: &strImpl{S: "p"}, A: []any{1.0}, AP: ptr[any](2.0), Arr: []Stringer{strImpl{}, nil}},
			IfaceHolder{}),
		tcase(func() *Node { return &Node{Val: 1, Next: &Node{Val: 2}, Kids: []Node{{Val: 3}}} },
			Node{Val: 1, Next: &Node{Val: 2, Next: &Node{Val: 3}}, Kids: []Node{{Val: 4}, {Kids: []Node{}}}, Map: map[string]*Node{"m": {Val: 5}, "n": nil}},
			Node{}),
		tcase[[]Node](nil, []Node{{Val: 1}}),
		tcase(func() *map[string]Node { return &map[string]Node{"a": {Val: 1, Next: &Node{}}, "b": {Val: 2}} },
			map[string]Node{"a": {Val: 1}}),
		tcase(func() *map[string]*Node { return &map[string]*Node{"a": {Val: 1, Next: &Node{}}} },
			map[string]*Node{"a": {Val: 1}, "n": nil}),
		tcase(func() *map[string]map[string]any {
			return &map[string]map[string]any{"a": {"old": 1.0}, "b": nil}
		}, map[string]map[string]any{"a": {"x": "y"}}),
		tcase(func() *map[string][]string { return &map[string][]string{"a": {"x", "y", "z"}} },
			map[string][]string{"a": {"b"}, "e": {}, "n": nil}),
		tcase(func() *Mixed {
			return &Mixed{I: 1, PS: ptr("old"), Any: &Inner{A: "old"}, Map: map[string]any{"keep": 1.0}}
		},
			Mixed{I: -1, I8: 127, U16: 65535, U64: 1 << 63, F32: 1e-7, F64: 1e21, PS: &str, PPI: &pone, Any: []any{"x"},
				List: []any{map[string]any{"a": nil}}, Map: map[string]any{"b": 1.0}, In: &Inner{A: "i"}, Arr: [3]int{1},
				Str: 42, Role: "r", Raw: json.RawMessage(`[]`), Num: "3"}),
		tcase(func() *Plain {
			return &Plain{S: "old", Extra: &PlainExtra{Extra: "old"}, M: map[string]any{"keep": 1.0}}
		},
			Plain{
				PlainBase: PlainBase{ID: "id", Seq: -7}, Extra: &PlainExtra{Extra: "e", Deep: &PlainLeaf{Name: "d"}},
				S: "s<", SO: "so", B: true, BO: true, I: -1, IO: -128, U: math.MaxUint32, UO: math.MaxUint64, F: 0.1, FO: 1.5,
				PS: &str, PSO: ptr(""), PPI: &pone, A: map[string]any{"x": []any{1.0, "y", nil}}, AO: false,
				L: []any{1.0, "2", true, nil, map[string]any{}}, LO: []string{"a"}, LL: [][]int{{1}, nil, {}},
				M: map[string]any{"k": "v", "n": -0.0}, MO: map[string]string{"a": "b"}, MS: map[string][]int{"s": {1, 2}},
				MP:   map[string]*PlainLeaf{"p": {Name: "p", Tags: []string{}, Vals: map[string]float64{"v": 2.5}}, "nil": nil},
				Leaf: PlainLeaf{Name: "leaf", Vals: map[string]float64{}}, PL: &PlainLeaf{Tags: []string{"t"}},
				LS: []PlainLeaf{{Name: "a"}, {}}, D: *nd(1700000000, 0), DP: nd(1700000000, 123000000), Aud: claims.Audience{"a"},
				Untagged: "u",
			},
			Plain{AO: 0.0, PSO: nil, LO: []string{}, MO: map[string]string{}, Aud: claims.Audience{}, Extra: &PlainExtra{}},
			Plain{}),
		tcase(func() *PlainEmbedPtr { return &PlainEmbedPtr{PlainExtra: &PlainExtra{Extra: "old"}} },
			PlainEmbedPtr{PlainBase: PlainBase{ID: "i"}, PlainExtra: &PlainExtra{Extra: "e"}, X: 1}, PlainEmbedPtr{}),
		tcase[ClaimsKinds](nil, ClaimsKinds{
			L: []claims.NumericDate{*nd(1, 0), {}}, PL: []*claims.NumericDate{nd(2, 5e8), nil}, M: map[string]claims.NumericDate{"m": *nd(3, 0)},
			PM: map[string]*claims.NumericDate{"p": nd(4, 0), "n": nil}, A: []claims.Audience{{"a"}, {"b", "c"}, nil, {}},
			AP: &claims.Audience{"p"}, AM: map[string]claims.Audience{"x": {"y"}}, D: *nd(-5, 0), DO: nd(6, 0), AO: claims.Audience{"o"},
		}, ClaimsKinds{}),
		tcase(func() *map[string]claims.NumericDate { return &map[string]claims.NumericDate{"a": *nd(9, 0)} },
			map[string]claims.NumericDate{"a": *nd(1, 0)}),
		tcase(func() *map[string]*claims.NumericDate { return &map[string]*claims.NumericDate{"a": nd(9, 0)} },
			map[string]*claims.NumericDate{"a": nd(1, 0), "n": nil}),
		tcase(func() *map[string]claims.Audience { return &map[string]claims.Audience{"a": {"old"}} },
			map[string]claims.Audience{"a": {"x"}, "b": {"y", "z"}, "n": nil}),
		tcase[JSONPtr](nil, JSONPtr{N: 5}),
		tcase[JSONVal](nil, JSONVal{S: "v"}),
		tcase[TextVal](nil, TextVal{S: "v"}),
		tcase[UnmarshalVal](nil, UnmarshalVal{S: "v"}),
		tcase[*int](nil, pone, nil),
		tcase[**string](nil, ptr(&str)),
		tcase[Unsupported](nil, Unsupported{}),
		tcase[struct {
			A int `json:"a"`
			b int
		}](nil, struct {
			A int `json:"a"`
			b int
		}{A: 1, b: 2}),
	}
})

// scalarValues are JSON values tried as the whole input and as the value of
// every member of every type.
var scalarValues = []string{
	`null`, `true`, `false`,
	`0`, `-0`, `1`, `-1`, `0.0`, `-0.0`, `1.5`, `-1.5`, `1e2`, `1E+2`, `1.0`, `100e-2`, `1e-400`, `5e-324`, `-1e-400`,
	`127`, `128`, `-128`, `-129`, `255`, `256`, `32767`, `32768`, `-32769`, `65535`, `65536`,
	`2147483647`, `2147483648`, `-2147483649`, `4294967295`, `4294967296`,
	`9223372036854775807`, `9223372036854775808`, `-9223372036854775808`, `-9223372036854775809`,
	`18446744073709551615`, `18446744073709551616`, `123456789012345678901234567890`, `1.0e19`,
	`3.4028234663852886e38`, `3.4028235677973366e38`, `3.5e38`, `-3.5e38`, `1e39`, `1.7976931348623157e308`, `1e-46`,
	`16777217`, `9007199254740993`, `1700000000`, `1700000000.5`, `-1.25`, `0.1`,
	`1e9`, `1.5e9`, `-0.5`, `0.0000000005`, `0.0000000015`, `1700000000.9999999999`, `1700000000.123456789`, `-1700000000.000000001`,
	`4611686018427387903`, `4611686018427387904`, `4611686018427387905`, `-4611686018427387904`, `4.611686018427388e18`,
	`999999999999999`, `1000000000000000`, `1E9`, `1e+9`, `12345678901234.5`,
	`""`, `"x"`, `"0"`, `"1"`, `"-1"`, `"-0"`, `"1.5"`, `"1e2"`, `"123"`, `"\"123\""`, `"\"x\""`, `"null"`, `"true"`, `"false"`,
	`" 1"`, `"1 "`, `"0x10"`, `"+1"`, `"Inf"`, `"NaN"`, `"01"`, `"300"`, `"1e400"`, `"\u0031"`,
	`"<>&"`, `"\u00e9\u2028"`, `"\ud83d\ude00"`, `"\u0000"`, `"\\"`, `"\/"`, `"é"`, `"\b\f\n\r\t\"\\\/"`, `"\uD83D\uDE00\u00E9"`,
	`"\u0061\u0062c"`, `"a\u2028b\u2029"`, `"\ufffd"`, `"\uffff"`, `"\ue000"`, `"\udbff\udfff"`,
	`"AQID"`, `"AQI="`, `"AQI"`, `"AQ=="`, `"!!"`, `"A Q I D"`, `"_-8"`, `"\nAQID"`, `"AQID\r\n"`,
	`"2024-01-02T03:04:05Z"`, `"2024-01-02T03:04:05.123456789+05:30"`, `"2024-01-02"`, `"2024-01-02T03:04:05+00:00"`,
	`"t:abc"`, `"p:abc"`, `"t:"`, `"api"`, `"bad"`,
	`[]`, `[1]`, `[1,2,3]`, `[1,2,3,4]`, `[-1]`, `[1.5]`, `["a"]`, `["a","b"]`, `[null]`, `[true]`, `[[1]]`, `[{}]`,
	`[{"a":"x","b":2}]`, `[1,"a",null]`, `[ 1 , 2 ]`, `["a","a"]`, `[""]`, `["\u0000"]`, `["a",1]`, `[[],{}]`,
	`{}`, `{"a":"x"}`, `{"a":1}`, `{"b":2}`, `{"s":"x"}`, `{"s":1}`, `{"a":null}`, `{"x":{"y":[]}}`, `{"1":2}`,
	`{"-1":"x"}`, `{"t:a":1}`, `{"p:a":1}`, `{"val":1,"next":{"val":2}}`, `{"B":3,"A":"y"}`,
}

// documents are hand-written whole inputs.
var documents = []string{
	`{"iss":"https://issuer.example","sub":"user-1","aud":["api","web"],"exp":1700000000,"nbf":1699990000,"iat":1699990000,"jti":"id-1","name":"Ann","roles":["admin","user"],"email_verified":true}`,
	` { "iss" : "x" , "aud" : "api" , "exp" : 1700000000.5 } `,
	"{\t\"sub\"\n:\r\"x\"}",
	`{"exp":1.7e9,"nbf":-1,"iat":0}`, `{"exp":"1700000000"}`, `{"exp":null,"aud":null,"roles":null}`,
	`{"exp":1e-400}`, `{"exp":-0}`, `{"exp":4611686018427387904}`, `{"exp":4611686018427387905}`, `{"exp":9.3e18}`,
	`{"aud":[]}`, `{"aud":[1]}`, `{"aud":["a",null]}`, `{"aud":""}`, `{"aud":{}}`,
	`{"roles":[null]}`, `{"roles":"admin"}`, `{"roles":[1]}`, `{"roles":[]}`, `{"email_verified":"true"}`, `{"email_verified":null}`,
	`{"name":1}`, `{"ISS":"x"}`, `{"Name":"x"}`, `{"NAME":"x"}`, `{"n_ame":"x"}`, `{"ſub":"x"}`, `{"\u017fub":"x"}`,
	`{"\u006eame":"x"}`, `{"\u0073ub":"x"}`, `{"Email_Verified":true}`, `{"emailverified":true}`, `{"EMAIL_VERIFIED":true}`,
	`{"name":"a","NAME":"b"}`, `{"NAME":"b","name":"a"}`, `{"Name":"a","nAme":"b","naMe":"c"}`, `{"iss":"a","ISS":"b"}`,
	`{"unknown":{"deep":[1,2,{"x":null}]},"name":"x"}`, `{"":1}`, `{"\u0000":1,"\ud83d\ude00":2,"a\"b":3,"\\":4}`,
	`{"n":12345678901234567890}`, `{"n":1e-400}`, `{"n":-0.0}`, `{"n":0.1}`, `{"n":5e-324}`, `{"n":1.7976931348623157e308}`,
	`{"a":1,"b":[1,"x",null,true,{"c":-0}],"d":{}}`, `{"a":[],"b":{},"c":[[]],"d":[{}]}`,
	`{"I":1e2}`, `{"I":1.5}`, `{"U":-1}`, `{"U8":256}`, `{"I8":-129}`, `{"F32":1e39}`, `{"U64":18446744073709551616}`,
	`{"I":1,"I8":-1,"I16":2,"I32":-2,"I64":3,"U":4,"U8":5,"U16":6,"U32":7,"U64":8,"UP":9,"F32":1.5,"F64":-2.5}`,
	`{"s":"x","pp":1,"b":true,"f":1.5,"any":{"x":[1]},"sl":[1,2],"m":{"a":1},"in":{"a":"x","b":1}}`,
	`{"s":null,"pp":null,"b":null,"f":null,"any":null,"sl":null,"m":null,"in":null}`,
	`{"str":"12","strf":"1.5","strb":"true","strs":"\"x\"","strp":"3","stru":"255","strsl":[1]}`,
	`{"str":"null","strf":"null","strb":"null","strs":"null","strp":"null"}`, `{"str":null,"strp":null}`,
	`{"str":12}`, `{"str":"1e2"}`, `{"str":" 12"}`, `{"str":"\"12\""}`, `{"strs":"x"}`, `{"strs":"\"x"}`, `{"strb":"1"}`,
	`{"stru":"256"}`, `{"stru":"-1"}`, `{"strp":"\"3\""}`, `{"strf":"NaN"}`,
	`{"-":"dash"}`, `{"Skip":"x"}`, `{"skip":"x"}`, `{"unexported":"x"}`, `{"NoName":"x"}`, `{"Bad":"x"}`, `{"bad\\name":"x"}`,
	`{"ünï":"x"}`, `{"ÜNÏ":"x"}`, `{"名前":"x"}`, `{"a-b.c:d":"x"}`, `{"A-B.C:D":"x"}`, `{"sp ace":"x"}`, `{"Empty":"x"}`,
	`{"!#$%&()*+./;<=>?@[]^_{|}~":"x"}`, `{"q\"t":"x"}`, `{"Quote":"x"}`, `{"\u212aid":"x"}`, `{"KID":"x"}`,
	`{"zero":{"a":"x"},"zerot":"2024-01-02T03:04:05Z","zeroi":{"N":3},"zerop":0}`,
	`{"Name":"x","A":1,"B":2,"p":"y","X":3,"inner":{"a":"i"}}`, `{"p":"y"}`, `{"P":null}`, `{"EmbP":{"p":"x"}}`,
	`{"u":"x"}`, `{"w":"x","v":1}`, `{"u":null}`, `{"Role":"r","lvl":1,"Count":2}`, `{"Count":null}`,
	`{"jv":{"s":"x"},"jvp":{"s":"y"},"jp":[1],"jpp":[2],"jps":[[3]],"jpm":{"a":[4]},"uv":"ok","tv":"t:x","tvp":"t:y","tp":"p:z","TPP":"p:w","tm":{"t:k":1}}`,
	`{"jp":null}`, `{"jpp":null}`, `{"jv":null}`, `{"uv":"bad"}`, `{"uv":null}`, `{"tv":null}`, `{"tv":1}`, `{"tv":"x"}`,
	`{"tm":{"x":1}}`, `{"tm":{"t:a":1,"t:b":2}}`, `{"time":"2024-01-02T03:04:05Z","tptr":"2024-01-02T03:04:05.5-07:00"}`,
	`{"time":null,"tptr":null}`, `{"time":""}`, `{"time":1}`,
	`{"start":1700000000,"end":1.5,"audience":"a","audp":["b"],"when":"2024-01-02T03:04:05Z","raw":{"a":[1]},"rawp":null,"num":-1.5e3,"nums":"12","nump":0}`,
	`{"raw":null}`, `{"raw":  [ 1 ]  }`, `{"num":"12"}`, `{"num":"x"}`, `{"num":""}`, `{"nums":12}`, `{"nums":"\"12\""}`,
	`{"DMap":{"a":1,"b":null}}`, `{"start":null,"end":null}`, `{"start":"1"}`,
	`{"st":null,"fs":null,"e":null,"a":null,"ap":null,"arr":null}`, `{"st":{"s":"x"}}`, `{"e":"x"}`, `{"arr":[null]}`, `{"arr":[{}]}`,
	`{"ap":1}`, `{"a":{"s":"x"}}`,
	`{"val":1,"next":{"val":2,"next":null},"kids":[{"val":3},{"kids":[]}],"map":{"m":{"val":4},"n":null}}`,
	`{"i":1,"i8":2,"u16":3,"u64":4,"f32":5,"f64":6,"ps":"x","ppi":7,"any":[1],"list":[{}],"map":{"x":null},"in":{"a":"y"},"arr":[1,2,3,4],"str":"8","role":"r","Raw":[],"Num":9}`,
	`{"arr":[1]}`, `{"arr":[1,2,3,4,5]}`, `{"arr":[]}`, `{"barr":[1,2]}`, `{"barr":"AQID"}`, `{"bytes":"AQID"}`, `{"bytes":[1,2]}`,
	`{"bytes":null}`, `{"bytes":""}`, `{"matrix":[[1],[],null]}`, `{"intmap":{"1":"a","-2":"b"}}`, `{"intmap":{"x":"a"}}`,
	`{"intmap":{"1.5":"a"}}`, `{"intmap":{"01":"a"}}`, `{"intmap":{" 1":"a"}}`, `{"intmap":{"+1":"a"}}`,
	`{"list":null,"tags":null,"inner":null,"pinner":null,"any":null,"matrix":null,"arr":null,"MapSl":null,"inners":null}`,
	`[1,2,3]`, `["a",{"b":[null]}]`, `"str"`, `1`, `null`, `{"a":"x","b":2}`, `{"A":"x","b":2,"c":3}`,
	`{"1":"a","-1":"b","128":"c","-129":"d","18446744073709551616":"e"}`, `{"admin":3,"user":40000}`,
	`{"t:a":1,"x":2}`, `{"p:a":1}`, `{"a":{"a":"x","b":1},"n":null}`, `{"a":{"x":[1]},"b":null}`,
	`{"\u0061` + strings.Repeat("a", 100) + `\u00e9":"` + strings.Repeat(`\u00e9x`, 50) + `","` + strings.Repeat("b", 70) + `":1}`,
	`{"` + strings.Repeat("s", 65) + `":1,"\u0073\u0075\u0062":"x"}`,
}

// nestedDocuments are inputs at or beyond the depth limit.
func nestedDocuments() []string {
	d := strictjson.MaxDepth
	return []string{
		strings.Repeat("[", d) + strings.Repeat("]", d),
		strings.Repeat("[", d+1) + strings.Repeat("]", d+1),
		strings.Repeat(`{"a":`, d-1) + "1" + strings.Repeat("}", d-1),
		strings.Repeat(`{"a":`, d) + "{}" + strings.Repeat("}", d),
		strings.Repeat(`{"next":`, d-1) + `{"val":1}` + strings.Repeat("}", d-1),
		strings.Repeat(`{"kids":[`, d/2-1) + `{"val":1}` + strings.Repeat("]}", d/2-1),
		strings.Repeat(`{"map":{"k":`, d/2-1) + `{"val":1}` + strings.Repeat("}}", d/2-1),
		`{"any":` + strings.Repeat("[", d-1) + strings.Repeat("]", d-1) + "}",
		`{"list":` + strings.Repeat("[", d-1) + strings.Repeat("]", d-1) + "}",
	}
}

// inputsFor builds inputs for c from its samples: each encoded sample, each
// member under near-miss names, each member with every scalar value, and
// one level down for object members.
func inputsFor(c typeCase) []string {
	var out []string
	members := map[string]json.RawMessage{}
	collect := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			return
		}
		out = append(out, string(b))
		for k, raw := range objectMembers(b) {
			if old, ok := members[k]; !ok || string(old) == "null" {
				members[k] = raw
			}
		}
	}
	for _, s := range c.samples {
		collect(s)
	}
	collect(reflect.Zero(c.typ).Interface())
	keys := make([]string, 0, len(members))
	for k := range members {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		raw := string(members[k])
		for _, kv := range keyVariants(k) {
			out = append(out, member(kv, raw))
		}
		for _, v := range scalarValues {
			out = append(out, member(jsonQuote(k), v))
		}
		inner := objectMembers(members[k])
		if inner == nil {
			var arr []json.RawMessage
			if json.Unmarshal(members[k], &arr) == nil && len(arr) > 0 {
				for ik, iraw := range objectMembers(arr[0]) {
					for _, kv := range keyVariants(ik) {
						out = append(out, member(jsonQuote(k), "["+member(kv, string(iraw))+"]"))
					}
					for _, v := range scalarValues {
						out = append(out, member(jsonQuote(k), "["+member(jsonQuote(ik), v)+"]"))
					}
				}
			}
			continue
		}
		for ik, iraw := range inner {
			for _, kv := range keyVariants(ik) {
				out = append(out, member(jsonQuote(k), member(kv, string(iraw))))
			}
			for _, v := range scalarValues {
				out = append(out, member(jsonQuote(k), member(jsonQuote(ik), v)))
			}
		}
	}
	// All members at once with upper-cased names.
	if len(keys) > 0 {
		parts := make([]string, 0, len(keys))
		seen := map[string]bool{}
		for _, k := range keys {
			u := strings.ToUpper(k)
			if !seen[u] {
				seen[u] = true
				parts = append(parts, jsonQuote(u)+":"+string(members[k]))
			}
		}
		out = append(out, "{"+strings.Join(parts, ",")+"}")
	}
	return out
}

// commonInputs are tried on every type.
func commonInputs() []string {
	in := append([]string(nil), scalarValues...)
	in = append(in, documents...)
	return append(in, nestedDocuments()...)
}

// TestUnmarshalDifferential decodes every input into fresh zero values.
func TestUnmarshalDifferential(t *testing.T) {
	r := newReporter(t)
	common := commonInputs()
	skipped := 0
	for _, c := range typeCases() {
		fresh := func() reflect.Value { return reflect.New(c.typ) }
		for _, in := range append(inputsFor(c), common...) {
			if !checkUnmarshal(r, c.name, []byte(in), fresh) {
				skipped++
			}
		}
	}
	r.done()
	t.Logf("%s: %d decode cases (%d handled by jsonplan), %d inputs skipped (not strictjson.Valid)",
		runtimeVersion(), r.cases, r.handled, skipped)
}

// TestUnmarshalDifferentialPrefilled decodes into non-zero values: jsonplan
// must decline or reach what json.Unmarshal reaches from the same value.
func TestUnmarshalDifferentialPrefilled(t *testing.T) {
	r := newReporter(t)
	common := commonInputs()
	for _, c := range typeCases() {
		if c.prefill == nil {
			continue
		}
		if a, b := c.prefill(), c.prefill(); !equalValue(reflect.ValueOf(a), reflect.ValueOf(b)) {
			t.Fatalf("%s: prefill is not deterministic", c.name)
		}
		fresh := func() reflect.Value { return reflect.ValueOf(c.prefill()) }
		for _, in := range append(inputsFor(c), common...) {
			checkUnmarshal(r, c.name+"(prefilled)", []byte(in), fresh)
		}
	}
	r.done()
	t.Logf("%s: %d decode cases into pre-filled values (%d handled)", runtimeVersion(), r.cases, r.handled)
}

// jsonTestSuiteDir is JSONTestSuite's test_parsing folder in the shared
// test data beside the repository.
const jsonTestSuiteDir = "../../../shared/testdata/jsontestsuite/test_parsing"

// TestUnmarshalDifferentialJSONTestSuite decodes every JSONTestSuite file
// that passes strictjson.Valid into every type.
func TestUnmarshalDifferentialJSONTestSuite(t *testing.T) {
	entries, err := os.ReadDir(jsonTestSuiteDir)
	if err != nil {
		t.Skipf("JSONTestSuite not found at %s (expected /work/shared/testdata/jsontestsuite): %v", jsonTestSuiteDir, err)
	}
	r := newReporter(t)
	files := 0
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(jsonTestSuiteDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		checked := false
		for _, c := range typeCases() {
			checked = checkUnmarshal(r, c.name+" "+e.Name(), data, func() reflect.Value { return reflect.New(c.typ) })
			if !checked {
				break
			}
			if c.prefill != nil {
				checkUnmarshal(r, c.name+"(prefilled) "+e.Name(), data, func() reflect.Value { return reflect.ValueOf(c.prefill()) })
			}
		}
		if checked {
			files++
		}
	}
	r.done()
	t.Logf("%s: %d of %d files pass strictjson.Valid, %d decode cases (%d handled)",
		runtimeVersion(), files, len(entries), r.cases, r.handled)
}

// TestUnmarshalInvalidDestination: a destination that is not a pointer is
// never handled; a nil pointer is outside the contract but must not be
// reported as handled.
func TestUnmarshalInvalidDestination(t *testing.T) {
	for _, v := range []any{UserClaims{}, map[string]any{}, 1, "s", nil, (*UserClaims)(nil), (*map[string]any)(nil), (*any)(nil)} {
		handled, panicked := callUnmarshal([]byte(`{"name":"x"}`), v)
		if handled {
			t.Errorf("%s: Unmarshal into %T (%v) handled=true; json.Unmarshal refuses it", runtimeVersion(), v, v)
		}
		if panicked != "" {
			t.Logf("Unmarshal into %T panicked (nil destination: outside the documented contract): %.200s", v, panicked)
		}
	}
}

// marshalStrings are strings that json.Marshal escapes in special ways.
var marshalStrings = []string{
	"", "plain", "<>&", "\u2028\u2029", "\b\f\n\r\t", "\x00\x01\x1f\x7f", "\"\\/", "é😀", "\xff", "a\xc3", "\xed\xa0\x80",
	"\xef\xbf\xbd", "\u00ad\ufeff", "<script>alert('x')</script>", strings.Repeat("x", 300) + "<",
}

// marshalFloats are floats whose encoding has special cases.
var marshalFloats = []float64{
	0, math.Copysign(0, -1), 1e-7, 1e-6, 1e21, 1e20, 123.456, 0.1, 1.0 / 3, 5e-324, math.MaxFloat64, -1e-7, 100,
	1e300, 9007199254740993, math.NaN(), math.Inf(1), math.Inf(-1),
}

// TestMarshalDifferential encodes the samples, their zero values and
// special scalars.
func TestMarshalDifferential(t *testing.T) {
	r := newReporter(t)
	for _, c := range typeCases() {
		for _, s := range c.samples {
			checkMarshalAll(r, c.name, s)
		}
		checkMarshalAll(r, c.name+"(zero)", reflect.Zero(c.typ).Interface())
	}
	for _, s := range marshalStrings {
		checkMarshalAll(r, "string", s)
		checkMarshalAll(r, "Role", Role(s))
		checkMarshalAll(r, "[]byte", []byte(s))
		checkMarshalAll(r, "map[string]string", map[string]string{s: s})
		checkMarshalAll(r, "map[string]any", map[string]any{s: []any{s}})
		checkMarshalAll(r, "UserClaims", UserClaims{Registered: claims.Registered{Issuer: s, Audience: claims.Audience{s}}, Name: s, Roles: []string{s}})
		checkMarshalAll(r, "Tags", Tags{StrS: s, Uni: s})
		checkMarshalAll(r, "TextVal", TextVal{S: s})
		checkMarshalAll(r, "JSONVal", JSONVal{S: s})
		checkMarshalAll(r, "map[TextVal]int", map[TextVal]int{{S: s}: 1})
		checkMarshalAll(r, "json.Number", json.Number(s))
		checkMarshalAll(r, "json.RawMessage", json.RawMessage(s))
	}
	for _, f := range marshalFloats {
		checkMarshalAll(r, "float64", f)
		checkMarshalAll(r, "float32", float32(f))
		checkMarshalAll(r, "Ratio", Ratio(f))
		checkMarshalAll(r, "any", []any{f, float32(f)})
		checkMarshalAll(r, "Numbers", Numbers{F32: float32(f), F64: f})
		checkMarshalAll(r, "Tags", Tags{StrF: f})
		checkMarshalAll(r, "NumericDate", claims.NumericDate{Time: time.Unix(int64(f), 0)})
	}
	for _, f := range []float32{1e-7, 3.4e38, 0.1, 16777216, 1e21, 1e20, float32(math.SmallestNonzeroFloat32), 123.456} {
		checkMarshalAll(r, "float32", f)
		checkMarshalAll(r, "float32", -f)
	}
	checkMarshalAll(r, "Numbers(max)", Numbers{I: math.MaxInt, I8: math.MaxInt8, I16: math.MaxInt16, I32: math.MaxInt32, I64: math.MaxInt64,
		U: math.MaxUint, U8: math.MaxUint8, U16: math.MaxUint16, U32: math.MaxUint32, U64: math.MaxUint64, UP: math.MaxUint64})
	checkMarshalAll(r, "Numbers(min)", Numbers{I: math.MinInt, I8: math.MinInt8, I16: math.MinInt16, I32: math.MinInt32, I64: math.MinInt64})
	for _, v := range []any{
		nil, (*UserClaims)(nil), (*int)(nil), []string(nil), []string{}, map[string]int(nil), map[string]int{}, []any{nil},
		[]byte(nil), json.RawMessage(nil), json.RawMessage(""), json.RawMessage("null"), json.RawMessage(`{"a":1,"a":2}`),
		json.RawMessage("\"\xff\""), json.RawMessage(`[1,]`), json.RawMessage(" \"<\u2028>\" "), json.Number("1.5e+3"),
		json.Number("-0"), json.Number("01"), json.Number(" 1"), json.Number("0x1"), json.Number("+1"),
		time.Time{}, time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC), time.Now(),
		claims.NumericDate{}, claims.Audience(nil), claims.Audience{}, claims.Audience{"a"}, claims.Audience{"<", "&"},
		map[claims.NumericDate]int{*nd(0, 0): 1}, map[Level]int{-1: 1, 2: 2}, map[uint8]int{255: 1, 3: 2},
		map[bool]int{true: 1}, map[float64]int{1: 1}, map[[2]int]int{}, map[*int]int{},
		func() {}, make(chan int), complex(1, 2), Unsupported{F: func() {}}, struct{ C chan int }{},
		struct{ C chan int }{C: make(chan int)}, &struct{ F func() }{}, []func(){nil},
		Methods{JV: JSONVal{"error"}}, Methods{JV: JSONVal{`"}`}}, Methods{TV: TextVal{"error"}}, Methods{TM: map[TextVal]int{{"error"}: 1}},
		Methods{JPS: []JSONPtr{{1}, {2}}, JPM: map[string]JSONPtr{"b": {1}, "a": {2}}},
		[]JSONPtr{{1}}, [1]JSONPtr{{1}}, map[string]JSONPtr{"a": {1}}, []*JSONPtr{nil, {2}}, []TextPtr{{"x"}}, map[string]TextPtr{"a": {"y"}},
		IfaceHolder{St: strImpl{S: "<"}, E: jsonErr{"e"}}, IfaceHolder{A: func() {}}, IfaceHolder{A: math.NaN()},
		[]Stringer{strImpl{S: "x"}, (*strImpl)(nil)}, EmbeddedUnexported{embU: nil},
		Tags{StrP: ptr(-1), StrU: 0, ZeroI: isZeroer{N: 0}}, Tags{ZeroT: time.Time{}}, Tags{ZeroT: time.Unix(0, 0)},
		Node{Next: &Node{Next: &Node{}}}, Pointers{PP: new(*int)},
		map[string]any{"t": tUTC, "nd": nd(1, 0), "aud": claims.Audience{"x"}, "p": ptr(ptr(1))},
		struct {
			A int `json:"a,omitempty"`
			B int `json:"b,omitzero"`
			C any `json:"c,omitempty"`
			D any `json:"d,omitzero"`
		}{},
		struct {
			A []int          `json:"a,omitzero"`
			M map[string]int `json:"m,omitzero"`
			T *time.Time     `json:"t,omitzero"`
			N isZeroer       `json:"n,omitzero"`
			P *isZeroer      `json:"p,omitzero"`
		}{A: []int{}, M: map[string]int{}, N: isZeroer{N: 1}, P: &isZeroer{N: 1}},
	} {
		checkMarshalAll(r, fmt.Sprintf("%T", v), v)
	}
	for _, depth := range []int{62, 63, 64, 65, 66, 100} {
		var a any = "leaf"
		var m any = map[string]any{}
		n := &Node{Val: depth}
		for range depth {
			a = []any{a}
			m = map[string]any{"k": m}
			n = &Node{Next: n}
		}
		checkMarshalAll(r, fmt.Sprintf("[]any(depth %d)", depth), a)
		checkMarshalAll(r, fmt.Sprintf("map[string]any(depth %d)", depth), m)
		checkMarshalAll(r, fmt.Sprintf("*Node(depth %d)", depth), n)
		checkMarshalAll(r, fmt.Sprintf("Plain(depth %d)", depth), Plain{A: a, M: map[string]any{"m": m}})
	}
	checkMarshalAll(r, "map[string]int(many)", manyKeys())
	big := map[int]string{}
	for i := -50; i < 150; i += 7 {
		big[i] = "v"
	}
	checkMarshalAll(r, "map[int]string(many)", big)
	r.done()
	t.Logf("%s: %d encode cases (%d handled)", runtimeVersion(), r.cases, r.handled)
}

// jsonErr is an error with exported fields.
type jsonErr struct{ Msg string }

func (e jsonErr) Error() string { return e.Msg }

// manyKeys returns a map whose keys sort differently as bytes, runes and
// case-folded text.
func manyKeys() map[string]int {
	m := map[string]int{}
	seed := uint32(1)
	alphabet := []rune("aAbBzZ_-0129 é€😀<&\u2028\x00\x1f~\x7f\uff21\ufffd\ue000\U0010ffff")
	for i := range 300 {
		n := int(seed%6) + 1
		var b strings.Builder
		for range n {
			seed = seed*1664525 + 1013904223
			b.WriteRune(alphabet[seed%uint32(len(alphabet))])
		}
		m[b.String()] = i
	}
	m[""] = -1
	// Invalid UTF-8 sorts by its bytes but is written as U+FFFD.
	m["\xff"], m["\xfe"], m["a\xffb"], m["a\ufffdb"], m["\xed\xa0\x80"] = 1, 2, 3, 4, 5
	return m
}

// TestMarshalCyclic: cycles make json.Marshal fail; jsonplan must decline
// without hanging or overflowing the stack.
func TestMarshalCyclic(t *testing.T) {
	n := &Node{Val: 1}
	n.Next = n
	m := map[string]any{}
	m["self"] = m
	s := []any{nil}
	s[0] = s
	var a any
	a = &a
	p := &Pointers{}
	var loop any = p
	p.Any = &loop
	mixed := &Mixed{}
	mixed.Any = mixed
	for name, v := range map[string]any{"*Node": n, "Node": *n, "map": m, "slice": s, "*any": &a, "*Pointers": p, "*Mixed": mixed} {
		// json.Marshal itself overflows the stack on the *any cycle under
		// Go 1.27.3 (v2 engine), so that one is only given to jsonplan.
		stdOverflows := name == "*any"
		done := make(chan bool, 1)
		go func() {
			_, h, panicked := callAppendMarshal(nil, v)
			if panicked != "" {
				t.Errorf("%s: AppendMarshal(cyclic %s) panicked: %.300s", runtimeVersion(), name, panicked)
			}
			done <- h
		}()
		select {
		case h := <-done:
			if !stdOverflows {
				if _, err := json.Marshal(v); err == nil {
					t.Errorf("json.Marshal(cyclic %s) succeeded", name)
				}
			}
			if h {
				t.Errorf("%s: AppendMarshal(cyclic %s) handled=true; json.Marshal fails", runtimeVersion(), name)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: AppendMarshal(cyclic %s) did not return within 10s", runtimeVersion(), name)
		}
	}
}

// Types used only by TestConcurrentFirstUse, so their plans are built by
// racing goroutines.
type (
	concA struct {
		A string            `json:"a"`
		B []concB           `json:"b"`
		M map[string]*concB `json:"m"`
	}
	concB struct {
		N int     `json:"n"`
		P *concA  `json:"p"`
		F float64 `json:"f"`
	}
)

// TestConcurrentFirstUse runs the first use of new types from many
// goroutines at once, for the race detector.
func TestConcurrentFirstUse(t *testing.T) {
	in := []byte(`{"a":"x","b":[{"n":1,"f":1.5,"p":{"a":"y"}}],"m":{"k":{"n":2}}}`)
	var want concA
	if err := json.Unmarshal(in, &want); err != nil {
		t.Fatal(err)
	}
	wantOut, _ := json.Marshal(want)
	var wg sync.WaitGroup
	errs := make(chan string, 8*20*2)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				if g%2 == 0 {
					var got concA
					if jsonplan.Unmarshal(in, &got) && !reflect.DeepEqual(got, want) {
						errs <- "Unmarshal differs"
					}
				}
				if out, ok := jsonplan.AppendMarshal(nil, &want); ok && string(out) != string(wantOut) {
					errs <- "AppendMarshal differs: " + string(out)
				}
				var m map[string]any
				jsonplan.Unmarshal(in, &m)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("%s: concurrent first use: %s", runtimeVersion(), e)
	}
}

// reporter collects mismatches, showing a few per group so one systematic
// bug does not hide the others.
type reporter struct {
	t       testing.TB
	shown   map[string]int
	cases   int
	handled int // cases jsonplan handled
}

const maxShownPerGroup = 3

func newReporter(t testing.TB) *reporter {
	return &reporter{t: t, shown: map[string]int{}}
}

func (r *reporter) failf(group, format string, args ...any) {
	r.t.Helper()
	r.shown[group]++
	if r.shown[group] <= maxShownPerGroup {
		r.t.Errorf("%s [%s]: "+format, append([]any{runtime.Version(), group}, args...)...)
	}
}

// done reports how many mismatches each group had beyond those shown.
func (r *reporter) done() {
	r.t.Helper()
	groups := make([]string, 0, len(r.shown))
	for g := range r.shown {
		groups = append(groups, g)
	}
	sort.Strings(groups)
	for _, g := range groups {
		if n := r.shown[g]; n > maxShownPerGroup {
			r.t.Errorf("%s [%s]: %d mismatches in all, %d shown", runtime.Version(), g, n, maxShownPerGroup)
		}
	}
}

// callUnmarshal calls jsonplan.Unmarshal, turning a panic into a message.
func callUnmarshal(data []byte, v any) (handled bool, panicked string) {
	defer func() {
		if p := recover(); p != nil {
			panicked = fmt.Sprintf("%v\n%s", p, debug.Stack())
		}
	}()
	return jsonplan.Unmarshal(data, v), ""
}

// callAppendMarshal calls jsonplan.AppendMarshal, turning a panic into a
// message.
func callAppendMarshal(dst []byte, v any) (out []byte, handled bool, panicked string) {
	defer func() {
		if p := recover(); p != nil {
			panicked = fmt.Sprintf("%v\n%s", p, debug.Stack())
		}
	}()
	out, handled = jsonplan.AppendMarshal(dst, v)
	return out, handled, ""
}

// checkUnmarshal decodes in with json.Unmarshal and with jsonplan.Unmarshal
// into two values made by fresh (a pointer each time) and compares: a
// handled input must be one json.Unmarshal accepts, decoded to an equal
// value. Inputs failing strictjson.Valid are outside the contract and
// skipped; checkUnmarshal reports whether in was checked.
func checkUnmarshal(r *reporter, name string, in []byte, fresh func() reflect.Value) bool {
	r.t.Helper()
	if strictjson.Valid(in) != nil {
		return false
	}
	r.cases++
	want := fresh()
	errStd := json.Unmarshal(in, want.Interface())
	got := fresh()
	own := bytes.Clone(in)
	handled, panicked := callUnmarshal(own, got.Interface())
	if handled {
		r.handled++
	}
	switch {
	case panicked != "":
		r.failf(name+"/unmarshal-panic", "Unmarshal(%s) panicked: %s", quoteInput(in), panicked)
	case !handled:
	case errStd != nil:
		r.failf(name+"/unmarshal-handled-error", "Unmarshal(%s) handled=true, json.Unmarshal error: %v\n\tgot: %s",
			quoteInput(in), errStd, dump(got.Elem()))
	case !equalValue(want.Elem(), got.Elem()):
		r.failf(name+"/unmarshal-differs", "Unmarshal(%s):\n\twant (json.Unmarshal): %s\n\tgot  (jsonplan):       %s",
			quoteInput(in), dump(want.Elem()), dump(got.Elem()))
	default:
		// The result must not share memory with data, nor with the
		// result of a later call.
		for i := range own {
			own[i] = 'X'
		}
		callUnmarshal([]byte(clobberDocument), fresh().Interface())
		if !equalValue(want.Elem(), got.Elem()) {
			r.failf(name+"/unmarshal-aliases", "Unmarshal(%s) result changed when data was overwritten or on a later call:\n\twant: %s\n\tgot:  %s",
				quoteInput(in), dump(want.Elem()), dump(got.Elem()))
		}
	}
	return true
}

// clobberDocument is decoded after each handled case to catch results that
// share buffers between calls.
const clobberDocument = `{"iss":"ZZZZZZZZ","sub":"ZZZZ","aud":["ZZ","ZZ"],"exp":99,"nbf":98,"iat":97,"jti":"ZZ","name":"ZZZZZZ",` +
	`"roles":["ZZ","ZZZ"],"s":"ZZZ","a":"ZZ","m":{"ZZ":"ZZ"},"l":["ZZ"],"d":96,"dp":95,"id":"ZZ","extra":"ZZ","val":9,` +
	`"leaf":{"name":"ZZ","tags":["ZZ"],"vals":{"ZZ":9}},"I":9,"F64":9.5,"any":"ZZ","sl":[9],"in":{"a":"ZZ"}}`

// checkAppendObject compares jsonplan.AppendObject(nil, v, fn) with
// json.Marshal's output want, and the members fn saw with those of want.
func checkAppendObject(r *reporter, name string, v any, want []byte, errStd error) {
	r.t.Helper()
	type memberSeen struct{ name, value string }
	var seen []memberSeen
	var (
		got      []byte
		handled  bool
		err      error
		panicked string
	)
	func() {
		defer func() {
			if p := recover(); p != nil {
				panicked = fmt.Sprintf("%v\n%s", p, debug.Stack())
			}
		}()
		got, handled, err = jsonplan.AppendObject(nil, v, func(k strictjson.Key, value []byte) error {
			seen = append(seen, memberSeen{k.Name(), string(value)})
			return nil
		})
	}()
	if panicked != "" {
		r.failf(name+"/appendobject-panic", "AppendObject(%s) panicked: %s", dumpAny(v), panicked)
		return
	}
	if err != nil {
		r.failf(name+"/appendobject-error", "AppendObject(%s) returned %v; the member func never fails", dumpAny(v), err)
		return
	}
	if !handled {
		return
	}
	if errStd != nil {
		r.failf(name+"/appendobject-handled-error", "AppendObject(%s) handled=true, json.Marshal error: %v", dumpAny(v), errStd)
		return
	}
	if !bytes.Equal(got, want) {
		r.failf(name+"/appendobject-differs", "AppendObject(%s):\n\twant (json.Marshal): %s\n\tgot  (jsonplan):     %s", dumpAny(v), want, got)
		return
	}
	// The members of want, read without strictjson: invalid UTF-8 map keys
	// make json.Marshal write duplicate names.
	var wantSeen []memberSeen
	dec := json.NewDecoder(bytes.NewReader(want))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		r.failf(name+"/appendobject-not-object", "AppendObject(%s) handled=true for %s", dumpAny(v), want)
		return
	}
	for dec.More() {
		tok, err := dec.Token()
		var value json.RawMessage
		if err == nil {
			err = dec.Decode(&value)
		}
		if err != nil {
			r.t.Fatalf("reading json.Marshal's output %s: %v", want, err)
		}
		wantSeen = append(wantSeen, memberSeen{tok.(string), string(value)})
	}
	if !slices.Equal(seen, wantSeen) {
		r.failf(name+"/appendobject-members", "AppendObject(%s) reported members\n\t%q\n\twant (strictjson.Object of json.Marshal's output)\n\t%q",
			dumpAny(v), seen, wantSeen)
	}
}

// checkMarshal compares jsonplan.AppendMarshal(dst, v) with json.Marshal(v)
// for an empty and a non-empty dst.
func checkMarshal(r *reporter, name string, v any) {
	r.t.Helper()
	r.cases++
	want, errStd := json.Marshal(v)
	got, handled, panicked := callAppendMarshal(nil, v)
	if handled {
		r.handled++
	}
	switch {
	case panicked != "":
		r.failf(name+"/marshal-panic", "AppendMarshal(%s) panicked: %s", dumpAny(v), panicked)
		return
	case !handled:
	case errStd != nil:
		r.failf(name+"/marshal-handled-error", "AppendMarshal(%s) handled=true, json.Marshal error: %v\n\tgot: %q",
			dumpAny(v), errStd, got)
		return
	case !bytes.Equal(got, want):
		r.failf(name+"/marshal-differs", "AppendMarshal(%s):\n\twant (json.Marshal): %s\n\tgot  (jsonplan):     %s",
			dumpAny(v), want, got)
		return
	default:
		// The output must not be a buffer that later calls reuse.
		callAppendMarshal(nil, clobberValue)
		callAppendMarshal(make([]byte, 0, 4096), clobberValue)
		if !bytes.Equal(got, want) {
			r.failf(name+"/marshal-aliases", "AppendMarshal(%s) output changed on a later call:\n\twant: %s\n\tgot:  %s",
				dumpAny(v), want, got)
			return
		}
	}
	checkAppendObject(r, name, v, want, errStd)

	prefix := "x\"{["
	dst := append(make([]byte, 0, 64), prefix...)
	got, handled, panicked = callAppendMarshal(dst, v)
	switch {
	case panicked != "":
		r.failf(name+"/marshal-panic", "AppendMarshal(%q, %s) panicked: %s", prefix, dumpAny(v), panicked)
	case !handled:
	case errStd != nil:
		r.failf(name+"/marshal-handled-error", "AppendMarshal(%q, %s) handled=true, json.Marshal error: %v",
			prefix, dumpAny(v), errStd)
	case string(got) != prefix+string(want):
		r.failf(name+"/marshal-differs", "AppendMarshal(%q, %s):\n\twant: %s\n\tgot:  %s",
			prefix, dumpAny(v), prefix+string(want), got)
	}
}

// clobberValue is encoded after each handled case.
var clobberValue = map[string]any{"ZZZZ": strings.Repeat("Z", 200), "Z": []any{"ZZ", 9.0}}

// checkMarshalAll checks v, a pointer to a copy of v and a pointer to an
// interface holding v.
func checkMarshalAll(r *reporter, name string, v any) {
	r.t.Helper()
	checkMarshal(r, name, v)
	if v == nil {
		return
	}
	p := reflect.New(reflect.TypeOf(v))
	p.Elem().Set(reflect.ValueOf(v))
	checkMarshal(r, "*"+name, p.Interface())
	iface := v
	checkMarshal(r, "*any("+name+")", &iface)
}

func runtimeVersion() string { return runtime.Version() }

// quoteInput shows an input, shortened when long.
func quoteInput(in []byte) string {
	if len(in) > 400 {
		return strconv.Quote(string(in[:200])) + fmt.Sprintf(" ...(%d bytes)... ", len(in)-400) + strconv.Quote(string(in[len(in)-200:]))
	}
	return strconv.Quote(string(in))
}

var timeType = reflect.TypeFor[time.Time]()

// equalValue is reflect.DeepEqual with two changes: floats compare by bits
// (so -0 differs from 0), and times compare as instants in the same zone
// (time.Time's wall and ext encodings may differ for the same instant).
// nil and empty slices and maps still differ, as json.Unmarshal tells them
// apart.
func equalValue(a, b reflect.Value) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	if a.Type() == timeType && a.CanInterface() && b.CanInterface() {
		return sameTime(a.Interface().(time.Time), b.Interface().(time.Time))
	}
	switch a.Kind() {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return math.Float64bits(a.Float()) == math.Float64bits(b.Float())
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() && b.IsNil()
		}
		return a.Pointer() == b.Pointer() || equalValue(a.Elem(), b.Elem())
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() && b.IsNil()
		}
		return equalValue(a.Elem(), b.Elem())
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !equalValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Array:
		for i := range a.Len() {
			if !equalValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for it := a.MapRange(); it.Next(); {
			bv := b.MapIndex(it.Key())
			if !bv.IsValid() || !equalValue(it.Value(), bv) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			if !equalValue(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	default: // Func, Chan, UnsafePointer
		return a.Pointer() == b.Pointer()
	}
}

// sameTime reports whether a and b are the same instant shown the same way.
func sameTime(a, b time.Time) bool {
	an, ao := a.Zone()
	bn, bo := b.Zone()
	return a.Equal(b) && an == bn && ao == bo && a.Location().String() == b.Location().String()
}

// dump shows a value fully, unlike %v: pointers are followed, nil and
// empty differ, -0 and times are explicit.
func dump(v reflect.Value) string {
	var b strings.Builder
	dumpTo(&b, v, 0)
	return b.String()
}

func dumpAny(v any) string {
	s := dump(reflect.ValueOf(v))
	if len(s) > 600 {
		s = s[:600] + "..."
	}
	if v == nil {
		return s
	}
	return reflect.TypeOf(v).String() + " " + s
}

func dumpTo(b *strings.Builder, v reflect.Value, depth int) {
	if depth > 30 {
		b.WriteString("…")
		return
	}
	if !v.IsValid() {
		b.WriteString("<nil>")
		return
	}
	if v.Type() == timeType && v.CanInterface() {
		t := v.Interface().(time.Time)
		fmt.Fprintf(b, "time(%s %s)", t.Format(time.RFC3339Nano), t.Location())
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		b.WriteString("&")
		dumpTo(b, v.Elem(), depth+1)
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		fmt.Fprintf(b, "%s(", v.Elem().Type())
		dumpTo(b, v.Elem(), depth+1)
		b.WriteString(")")
	case reflect.Struct:
		b.WriteString("{")
		for i := range v.NumField() {
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString(v.Type().Field(i).Name + ":")
			dumpTo(b, v.Field(i), depth+1)
		}
		b.WriteString("}")
	case reflect.Map:
		if v.IsNil() {
			b.WriteString("map(nil)")
			return
		}
		keys := v.MapKeys()
		slices.SortFunc(keys, func(x, y reflect.Value) int { return strings.Compare(fmt.Sprint(x), fmt.Sprint(y)) })
		b.WriteString("map[")
		for i, k := range keys {
			if i > 0 {
				b.WriteString(" ")
			}
			dumpTo(b, k, depth+1)
			b.WriteString(":")
			dumpTo(b, v.MapIndex(k), depth+1)
		}
		b.WriteString("]")
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			b.WriteString("nil")
			return
		}
		if v.Type().Elem().Kind() == reflect.Uint8 && v.Kind() == reflect.Slice {
			fmt.Fprintf(b, "%q", v.Bytes())
			return
		}
		b.WriteString("[")
		for i := range v.Len() {
			if i > 0 {
				b.WriteString(" ")
			}
			dumpTo(b, v.Index(i), depth+1)
		}
		b.WriteString("]")
	case reflect.Float32, reflect.Float64:
		bits := 64
		if v.Kind() == reflect.Float32 {
			bits = 32
		}
		b.WriteString(strconv.FormatFloat(v.Float(), 'g', -1, bits))
	case reflect.String:
		fmt.Fprintf(b, "%q", v.String())
	default:
		fmt.Fprint(b, v)
	}
}

// jsonQuote writes s as a JSON string escaping only what must be escaped,
// so "<", non-ASCII and U+2028 stay raw.
func jsonQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// jsonEscapeAll writes s as a JSON string with every character escaped.
func jsonEscapeAll(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r > 0xffff {
			r1, r2 := utf16Pair(r)
			fmt.Fprintf(&b, `\u%04x\u%04X`, r1, r2)
			continue
		}
		fmt.Fprintf(&b, `\u%04X`, r)
	}
	b.WriteByte('"')
	return b.String()
}

func utf16Pair(r rune) (rune, rune) {
	r -= 0x10000
	return 0xd800 + (r>>10)&0x3ff, 0xdc00 + r&0x3ff
}

// keyVariants returns member names (JSON-encoded, with quotes) that match
// or nearly match k under encoding/json's case-insensitive rule.
func keyVariants(k string) []string {
	raw := []string{
		k, strings.ToUpper(k), strings.ToLower(k), swapCase(k), k + " ", " " + k, k + "\x00",
		strings.ReplaceAll(k, "s", "ſ"), strings.ReplaceAll(k, "S", "ſ"), // U+017F folds to s
		strings.ReplaceAll(k, "k", "\u212a"), strings.ReplaceAll(k, "K", "\u212a"), // Kelvin sign folds to k
		strings.ReplaceAll(k, "i", "\u0130"), strings.ReplaceAll(k, "I", "\u0131"), // dotted and dotless i do not
		strings.ReplaceAll(k, "_", ""), strings.ReplaceAll(k, "-", ""),
	}
	if r, n := utf8.DecodeRuneInString(k); n > 0 {
		raw = append(raw, string(unicode.ToUpper(r))+k[n:], k[:n]+"_"+k[n:])
	}
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, s := range raw {
		add(jsonQuote(s))
	}
	add(jsonEscapeAll(k))
	if k != "" && k[0] < utf8.RuneSelf {
		add(fmt.Sprintf(`"\u%04x`, k[0]) + jsonQuote(k[1:])[1:])
	}
	return out
}

func swapCase(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsUpper(r) {
			return unicode.ToLower(r)
		}
		return unicode.ToUpper(r)
	}, s)
}

// member returns the one-member object {key: value}; key is JSON-encoded.
func member(key, value string) string { return "{" + key + ":" + value + "}" }

// objectMembers returns the members of a JSON object, or nil.
func objectMembers(raw []byte) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	return m
}

// The types below are the targets of the differential tests: realistic
// claims and every corner of encoding/json's struct rules.

// Named basic types.
type (
	Role  string
	Level int16
	Ratio float32
	Flag  bool
	Count uint8
)

// UserClaims is a typical claims struct.
type UserClaims struct {
	claims.Registered
	Name          string   `json:"name"`
	Roles         []string `json:"roles"`
	EmailVerified bool     `json:"email_verified"`
}

// Numbers has every integer and float size, matched by field name.
type Numbers struct {
	I   int
	I8  int8
	I16 int16
	I32 int32
	I64 int64
	U   uint
	U8  uint8
	U16 uint16
	U32 uint32
	U64 uint64
	UP  uintptr
	F32 float32
	F64 float64
}

// NamedKinds holds named basic types.
type NamedKinds struct {
	Role  Role    `json:"role"`
	Level Level   `json:"level"`
	Ratio Ratio   `json:"ratio"`
	Flag  Flag    `json:"flag"`
	Count Count   `json:"count"`
	Roles []Role  `json:"roles"`
	Bytes []Count `json:"bytes"` // a slice of a named uint8: base64
}

// Pointers holds pointers of several depths and kinds.
type Pointers struct {
	S   *string         `json:"s"`
	PP  **int           `json:"pp"`
	B   *bool           `json:"b"`
	F   *float64        `json:"f"`
	Any *any            `json:"any"`
	Sl  *[]int          `json:"sl"`
	M   *map[string]int `json:"m"`
	In  *Inner          `json:"in"`
}

// MapClaims is a named map type.
type MapClaims map[string]any

// Inner is a small nested struct.
type Inner struct {
	A string `json:"a"`
	B int    `json:"b,omitempty"`
}

// Composite holds slices, maps, arrays and nested structs.
type Composite struct {
	List   []any             `json:"list"`
	Tags   map[string]string `json:"tags"`
	Inner  Inner             `json:"inner"`
	PInner *Inner            `json:"pinner"`
	Any    any               `json:"any"`
	Matrix [][]int           `json:"matrix"`
	Arr    [3]int            `json:"arr"`
	Bytes  []byte            `json:"bytes"`
	BArr   [4]byte           `json:"barr"`
	MapSl  map[string][]int
	Inners []Inner        `json:"inners"`
	IntMap map[int]string `json:"intmap"`
}

// Tags exercises the tag options.
type Tags struct {
	Omit       string      `json:"omit,omitempty"`
	Skip       string      `json:"-"`
	Dash       string      `json:"-,"`
	NoName     string      `json:",omitempty"`
	unexported string      // ignored
	Str        int         `json:"str,string"`
	StrF       float64     `json:"strf,string"`
	StrB       bool        `json:"strb,string"`
	StrS       string      `json:"strs,string"`
	StrP       *int        `json:"strp,string"`
	StrU       uint8       `json:"stru,string,omitempty"`
	StrSl      []int       `json:"strsl,string"` // ,string ignored: not a basic kind
	Zero       Inner       `json:"zero,omitzero"`
	ZeroT      time.Time   `json:"zerot,omitzero"`
	ZeroI      isZeroer    `json:"zeroi,omitzero"`
	ZeroP      *int        `json:"zerop,omitzero"`
	EmptySl    []int       `json:"emptysl,omitempty"`
	EmptyM     map[int]int `json:"emptym,omitempty"`
	Uni        string      `json:"ünï"`
	Kanji      string      `json:"名前"`
	Odd        string      `json:"a-b.c:d"`
	Space      string      `json:"sp ace"`
	Punct      string      `json:"!#$%&()*+./;<=>?@[]^_{|}~"`
	Bad        string      `json:"bad\\name"` // invalid name: the field name is used
	Quote      string      `json:"q\"t"`      // invalid name
	Kid        string      `json:"kid"`
	Sub        string      `json:"sub"`
	Empty      string      `json:""`
}

// isZeroer has an IsZero method that omitzero must use.
type isZeroer struct{ N int }

// IsZero reports N == 1 as zero, so the method is observable.
func (z isZeroer) IsZero() bool { return z.N == 1 }

// Embedding types.
type (
	EmbA struct {
		Name string
		A    int
	}
	EmbB struct {
		Name string
		B    int
	}
	EmbTagged struct {
		Name string `json:"Name"`
		T    int
	}
	EmbP struct {
		P string `json:"p"`
		X int
	}
	embU struct {
		U string `json:"u"`
	}
	embV struct {
		W string `json:"w"`
	}
)

// Embedded has an untagged name conflict (Name is dropped), an embedded
// pointer, an embedded struct with a tag and a shadowed field.
type Embedded struct {
	EmbA
	EmbB
	*EmbP
	Inner `json:"inner"`
	X     int
}

// EmbeddedTagged resolves the Name conflict for the tagged field.
type EmbeddedTagged struct {
	EmbA
	EmbTagged
}

// EmbeddedUnexported embeds unexported structs, one by pointer.
type EmbeddedUnexported struct {
	*embU
	embV
	V int `json:"v"`
}

// EmbeddedNonStruct embeds named non-struct types.
type EmbeddedNonStruct struct {
	Role
	Level `json:"lvl"`
	*Count
}

// JSONVal has a value-receiver MarshalJSON writing spaced JSON (so the
// encoder must compact and HTML-escape it) and a pointer UnmarshalJSON.
type JSONVal struct{ S string }

// MarshalJSON writes S unescaped inside an object; S may make it invalid.
func (j JSONVal) MarshalJSON() ([]byte, error) {
	if j.S == "error" {
		return nil, errors.New("JSONVal: error")
	}
	return []byte(`{ "s" : "` + j.S + `" }`), nil
}

// UnmarshalJSON reads {"s": string}.
func (j *JSONVal) UnmarshalJSON(b []byte) error {
	var v struct {
		S *string `json:"s"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	if v.S == nil {
		return errors.New("JSONVal: no s")
	}
	j.S = *v.S
	return nil
}

// JSONPtr has pointer-receiver MarshalJSON and UnmarshalJSON.
type JSONPtr struct{ N int }

// MarshalJSON writes [N].
func (j *JSONPtr) MarshalJSON() ([]byte, error) { return []byte("[" + strconv.Itoa(j.N) + "]"), nil }

// UnmarshalJSON reads [n].
func (j *JSONPtr) UnmarshalJSON(b []byte) error {
	var a []int
	if err := json.Unmarshal(b, &a); err != nil {
		return err
	}
	if len(a) != 1 {
		return errors.New("JSONPtr: want [n]")
	}
	j.N = a[0]
	return nil
}

// UnmarshalVal has a value-receiver UnmarshalJSON: its writes are lost, its
// error is not.
type UnmarshalVal struct{ S string }

// UnmarshalJSON refuses "bad".
func (u UnmarshalVal) UnmarshalJSON(b []byte) error {
	if string(b) == `"bad"` {
		return errors.New("UnmarshalVal: bad")
	}
	return nil
}

// TextVal has a value-receiver MarshalText and a pointer UnmarshalText.
type TextVal struct{ S string }

// MarshalText writes "t:" and S.
func (t TextVal) MarshalText() ([]byte, error) {
	if t.S == "error" {
		return nil, errors.New("TextVal: error")
	}
	return []byte("t:" + t.S), nil
}

// UnmarshalText reads "t:" and S.
func (t *TextVal) UnmarshalText(b []byte) error {
	s, ok := strings.CutPrefix(string(b), "t:")
	if !ok {
		return errors.New("TextVal: want t:")
	}
	t.S = s
	return nil
}

// TextPtr has pointer-receiver MarshalText and UnmarshalText.
type TextPtr struct{ S string }

// MarshalText writes "p:" and S.
func (t *TextPtr) MarshalText() ([]byte, error) { return []byte("p:" + t.S), nil }

// UnmarshalText reads "p:" and S.
func (t *TextPtr) UnmarshalText(b []byte) error {
	s, ok := strings.CutPrefix(string(b), "p:")
	if !ok {
		return errors.New("TextPtr: want p:")
	}
	t.S = s
	return nil
}

// Methods holds types with JSON and text methods in every position.
type Methods struct {
	JV   JSONVal            `json:"jv"`
	JVP  *JSONVal           `json:"jvp"`
	JP   JSONPtr            `json:"jp"`
	JPP  *JSONPtr           `json:"jpp"`
	JPS  []JSONPtr          `json:"jps"` // slice elements are addressable
	JPM  map[string]JSONPtr `json:"jpm"` // map values are not
	UV   UnmarshalVal       `json:"uv"`
	TV   TextVal            `json:"tv"`
	TVP  *TextVal           `json:"tvp"`
	TP   TextPtr            `json:"tp"`
	TPP  *TextPtr
	TM   map[TextVal]int `json:"tm"`
	Time time.Time       `json:"time"`
	TPtr *time.Time      `json:"tptr"`
}

// Dates holds the claims types under other names and the standard
// library's special types.
type Dates struct {
	Start claims.NumericDate  `json:"start"`
	End   *claims.NumericDate `json:"end"`
	Aud   claims.Audience     `json:"audience"`
	AudP  *claims.Audience    `json:"audp"`
	When  time.Time           `json:"when"`
	Raw   json.RawMessage     `json:"raw"`
	RawP  *json.RawMessage    `json:"rawp"`
	Num   json.Number         `json:"num"`
	NumS  json.Number         `json:"nums,string"`
	NumP  *json.Number        `json:"nump"`
	DMap  map[string]claims.NumericDate
}

// Stringer is a non-empty interface.
type Stringer interface{ String() string }

// strImpl implements Stringer.
type strImpl struct {
	S string `json:"s"`
}

func (s strImpl) String() string { return s.S }

// IfaceHolder holds interface fields.
type IfaceHolder struct {
	St  Stringer     `json:"st"`
	FS  fmt.Stringer `json:"fs"`
	E   error        `json:"e"`
	A   any          `json:"a"`
	AP  *any         `json:"ap"`
	Arr []Stringer   `json:"arr"`
}

// Node is recursive.
type Node struct {
	Val  int              `json:"val"`
	Next *Node            `json:"next"`
	Kids []Node           `json:"kids"`
	Map  map[string]*Node `json:"map,omitempty"`
}

// Mixed is the fuzz targets' struct with numbers, pointers and any.
type Mixed struct {
	I    int            `json:"i"`
	I8   int8           `json:"i8"`
	U16  uint16         `json:"u16"`
	U64  uint64         `json:"u64"`
	F32  float32        `json:"f32"`
	F64  float64        `json:"f64"`
	PS   *string        `json:"ps"`
	PPI  **int          `json:"ppi"`
	Any  any            `json:"any"`
	List []any          `json:"list"`
	Map  map[string]any `json:"map"`
	In   *Inner         `json:"in"`
	Arr  [3]int         `json:"arr"`
	Str  int            `json:"str,string"`
	Role Role           `json:"role"`
	Raw  json.RawMessage
	Num  json.Number
}

// Plain stays inside what a fast path can cover: plain kinds, omitempty,
// embedded structs, nested structs, maps, slices, any and the claims types.
type Plain struct {
	PlainBase
	Extra    *PlainExtra           `json:"extra_obj,omitempty"`
	S        string                `json:"s"`
	SO       string                `json:"so,omitempty"`
	B        bool                  `json:"b"`
	BO       bool                  `json:"bo,omitempty"`
	I        int                   `json:"i"`
	IO       int8                  `json:"io,omitempty"`
	U        uint32                `json:"u"`
	UO       uint64                `json:"uo,omitempty"`
	F        float64               `json:"f"`
	FO       float32               `json:"fo,omitempty"`
	PS       *string               `json:"ps"`
	PSO      *string               `json:"pso,omitempty"`
	PPI      **int                 `json:"ppi"`
	A        any                   `json:"a"`
	AO       any                   `json:"ao,omitempty"`
	L        []any                 `json:"l"`
	LO       []string              `json:"lo,omitempty"`
	LL       [][]int               `json:"ll"`
	M        map[string]any        `json:"m"`
	MO       map[string]string     `json:"mo,omitempty"`
	MS       map[string][]int      `json:"ms"`
	MP       map[string]*PlainLeaf `json:"mp"`
	Leaf     PlainLeaf             `json:"leaf"`
	PL       *PlainLeaf            `json:"pl,omitempty"`
	LS       []PlainLeaf           `json:"ls"`
	D        claims.NumericDate    `json:"d"`
	DP       *claims.NumericDate   `json:"dp,omitempty"`
	Aud      claims.Audience       `json:"aud,omitempty"`
	Untagged string
}

// PlainEmbedPtr embeds a struct by pointer.
type PlainEmbedPtr struct {
	PlainBase
	*PlainExtra
	X int `json:"x"`
}

// PlainBase is embedded by value.
type PlainBase struct {
	ID  string `json:"id"`
	Seq int64  `json:"seq,omitempty"`
}

// PlainExtra is nested, and embedded by pointer in PlainEmbedPtr.
type PlainExtra struct {
	Extra string     `json:"extra,omitempty"`
	Deep  *PlainLeaf `json:"deep,omitempty"`
}

// PlainLeaf is nested.
type PlainLeaf struct {
	Name string             `json:"name"`
	Tags []string           `json:"tags"`
	Vals map[string]float64 `json:"vals"`
}

// ClaimsKinds holds the claims types in slices, maps and pointers.
type ClaimsKinds struct {
	L  []claims.NumericDate           `json:"l"`
	PL []*claims.NumericDate          `json:"pl"`
	M  map[string]claims.NumericDate  `json:"m"`
	PM map[string]*claims.NumericDate `json:"pm"`
	A  []claims.Audience              `json:"a"`
	AP *claims.Audience               `json:"ap"`
	AM map[string]claims.Audience     `json:"am"`
	D  claims.NumericDate             `json:"d"`
	DO *claims.NumericDate            `json:"do,omitempty"`
	AO claims.Audience                `json:"ao,omitempty"`
}

// Unsupported holds values json cannot encode.
type Unsupported struct {
	F func() `json:"f"`
	C chan int
	X complex128
}
