package encodertest

import (
	"encoding/json"
	"math"
	"strings"
	"time"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/encodertest/internal/embedded"
)

func newAny() any          { return new(any) }
func newMap() any          { return new(map[string]any) }
func newRegistered() any   { return new(claims.Registered) }
func newAccess() any       { return new(accessClaims) }
func newPointerEmbed() any { return new(pointerEmbed) }
func newWide() any         { return new(wideStruct) }

// nested returns depth levels of arrays around 1.
func nested(depth int) string {
	return strings.Repeat("[", depth) + "1" + strings.Repeat("]", depth)
}

// decodeProbes are the JWT-shaped inputs, by group.
func decodeProbes() []decodeProbe {
	var ps []decodeProbe
	add := func(group string, dst func() any, cases ...named) {
		for _, c := range cases {
			ps = append(ps, decodeProbe{group: group, name: c.name, in: c.in, dst: dst})
		}
	}
	const access = `{"iss":"https://issuer.example","sub":"user-1234","aud":["api","web"],"exp":1800000000,"nbf":1600000000,"iat":1600000000,"jti":"a1b2c3","name":"Ada Lovelace","roles":["reader","writer"],"admin":true}`
	claimsCases := []named{
		{"access token", access},
		{"aud as a string", `{"aud":"api","exp":1800000000}`},
		{"aud as an array", `{"aud":["api","web"]}`},
		{"aud empty array", `{"aud":[]}`},
		{"aud null", `{"aud":null}`},
		{"aud a number", `{"aud":5}`},
		{"exp fractional", `{"exp":1800000000.123456789}`},
		{"exp exponent", `{"exp":1.8e9}`},
		{"exp exponent upper", `{"exp":18E8}`},
		{"exp exponent signed", `{"exp":1.8e+9}`},
		{"exp negative fraction nbf", `{"nbf":-1.5}`},
		{"exp null", `{"exp":null}`},
		{"exp a string", `{"exp":"1800000000"}`},
		{"exp out of range", `{"exp":1e300}`},
		{"exp folded Exp", `{"Exp":1}`},
		{"sub with long s", "{\"\u017fub\":\"x\"}"},
		{"iss not a string", `{"iss":1}`},
		{"empty object", `{}`},
		{"surrounding white space", " \t\r\n{\"sub\":\"x\"}\n "},
		{"unknown members", `{"x":{"y":[1,2,{"z":null}]},"sub":"s"}`},
		{"type mismatch admin", `{"admin":"yes"}`},
		{"type mismatch roles", `{"roles":"admin"}`},
		{"type mismatch name", `{"name":5}`},
		{"null into bool", `{"admin":null}`},
	}
	add("claims", newRegistered, prefixed("Registered ", claimsCases)...)
	add("claims", newAccess, prefixed("AccessClaims ", claimsCases)...)
	add("claims", newPointerEmbed, prefixed("pointer embed ", claimsCases[:8])...)
	add("claims", newMap, prefixed("map ", claimsCases)...)

	add("case", newAccess,
		named{"ASCII case NAME", `{"NAME":"x"}`},
		named{"exact and folded name, folded last", `{"name":"exact","NAME":"folded"}`},
		named{"folded and exact name, exact last", `{"NAME":"folded","name":"exact"}`},
		named{"Kelvin sign in kind", "{\"\u212aind\":\"x\"}"},
		named{"long s in scope", "{\"\u017fcope\":\"x\"}"},
		named{"escaped long s in scope", `{"\u017fcope":"x"}`},
		named{"dotted capital I in iat", "{\"\u0130at\":1800000000}"},
		named{"iss then a dotted-I iss", "{\"iss\":\"good\",\"\u0130ss\":\"evil\"}"},
		named{"escaped name", `{"n\u0061me":"x"}`},
	)

	add("custom", func() any {
		return new(struct {
			U upper `json:"u"`
			R role  `json:"r"`
		})
	},
		named{"UnmarshalJSON and UnmarshalText honoured", `{"u":"ABC","r":"admin"}`},
		named{"UnmarshalText refuses", `{"r":"root"}`},
		named{"UnmarshalJSON refuses", `{"u":5}`},
	)
	add("custom", func() any { return new(map[role]int) },
		named{"TextUnmarshaler map key", `{"writer":1,"admin":2}`},
	)
	add("custom", func() any {
		return new(struct {
			Raw json.RawMessage `json:"raw"`
			Num json.Number     `json:"num"`
		})
	},
		named{"RawMessage and Number", `{"raw": {"a" : [1, 2]},"num":1.50}`},
	)

	add("wide", newWide,
		named{"24-field struct", wideJSON},
		named{"24-field struct, string options refused", `{"f20":5,"f21":"x"}`},
	)

	add("numbers", newAny,
		named{"2^53+1", `9007199254740993`},
		named{"large integer", `123456789012345678901234567890`},
		named{"1e400", `1e400`},
		named{"-1e400", `-1e400`},
		named{"1e-400", `1e-400`},
		named{"-0", `-0`},
		named{"max float64", `1.7976931348623157e308`},
		named{"min subnormal", `5e-324`},
		named{"0.1", `0.1`},
		named{"many digits", `3.141592653589793238462643383279`},
		named{"exponent forms", `[1E2,1e+2,1e-2,0e0,-0.0e-0]`},
	)
	add("numbers", func() any { return new(int64) },
		named{"max int64", `9223372036854775807`},
		named{"int64 overflow", `9223372036854775808`},
		named{"fraction into int", `1.5`},
		named{"exponent into int", `1e3`},
	)
	add("numbers", func() any { return new(uint64) },
		named{"max uint64", `18446744073709551615`},
		named{"negative into uint", `-1`},
	)
	add("numbers", func() any { return new(float32) },
		named{"max float32", `3.4028235e38`},
		named{"float32 overflow", `1e39`},
		named{"float32 rounding", `0.1`},
	)
	add("numbers", func() any { return new(float64) },
		named{"float64 round trip", `0.30000000000000004`},
		named{"float64 small", `1e-7`},
		named{"float64 large", `1e21`},
	)

	add("strings", newAny,
		named{"escaped e acute", `"\u00e9"`},
		named{"surrogate pair escape", `"\ud83c\udf89"`},
		named{"raw unicode", `"é日本🎉"`},
		named{"escaped solidus", `"\/"`},
		named{"all short escapes", `"\"\\\/\b\f\n\r\t"`},
		named{"escaped NUL", `"\u0000"`},
		named{"line separators", "\"\u2028\u2029\""},
		named{"HTML characters", `"<script>&amp;</script>"`},
		named{"escaped HTML characters", `"\u003c\u003e\u0026"`},
		named{"DEL", "\"\x7f\""},
		named{"lone high surrogate escape", `"\ud800"`},
		named{"lone low surrogate escape", `"\udc00"`},
		named{"reversed surrogates", `"\udc00\ud800"`},
		named{"invalid UTF-8 byte", "\"a\xffb\""},
		named{"overlong encoding", "\"\xc0\xaf\""},
		named{"encoded surrogate (CESU)", "\"\xed\xa0\x80\""},
		named{"truncated sequence", "\"\xe6\x97\""},
		named{"raw control character", "\"a\x01b\""},
		named{"raw tab", "\"a\tb\""},
		named{"bad escape", `"\x41"`},
		named{"short unicode escape", `"\u12"`},
		named{"uppercase unicode escape", `"\u00E9"`},
	)
	add("strings", func() any { return new(map[string]string) },
		named{"invalid UTF-8 in a member name", "{\"a\xff\":\"x\"}"},
		named{"escaped NUL in a member name", `{"a\u0000b":"x"}`},
		named{"lone surrogate in a member name", `{"\ud800":"x"}`},
	)

	add("nesting", newMap,
		named{"depth 64 (the core's limit)", `{"n":` + nested(62) + `}`},
		named{"depth 65 (refused by the core)", `{"n":` + nested(63) + `}`},
		named{"depth 1000 objects", strings.Repeat(`{"a":`, 1000) + "1" + strings.Repeat("}", 1000)},
		named{"depth 1000 arrays", `{"n":` + nested(999) + `}`},
	)

	add("trailing", newMap,
		named{"trailing white space", "{\"a\":1} \n"},
		named{"trailing garbage", `{"a":1}x`},
		named{"second object", `{"a":1}{"b":2}`},
		named{"NUL then a second header", "{\"alg\":\"HS256\"}\x00{\"alg\":\"none\"}"},
		named{"trailing NUL", "{\"a\":1}\x00"},
		named{"leading NUL", "\x00{\"a\":1}"},
		named{"trailing bracket", `{"a":1}]`},
		named{"trailing comma", `{"a":1},`},
		named{"comma before brace", `{"a":1,}`},
		named{"byte order mark", "\xef\xbb\xbf{\"a\":1}"},
		named{"raw NUL in a string", "{\"a\":\"x\x00y\"}"},
		named{"escaped NUL in a string", `{"a":"x\u0000y"}`},
		named{"unterminated", `{"a":1`},
		named{"single quotes", `{'a':1}`},
		named{"comment", `{"a":1/*c*/}`},
		named{"NaN", `{"a":NaN}`},
		named{"leading plus", `{"a":+1}`},
		named{"leading zero", `{"a":01}`},
		named{"hex", `{"a":0x10}`},
	)

	add("duplicates", newMap,
		named{"duplicate member", `{"a":1,"a":2}`},
		named{"duplicate exp", `{"exp":1800000000,"exp":1}`},
		named{"duplicate through an escape", `{"sub":"a","s\u0075b":"b"}`},
		named{"nested duplicate", `{"x":{"a":1,"a":2}}`},
	)
	add("duplicates", newAccess,
		named{"duplicate name into struct", `{"name":"a","name":"b"}`},
	)
	return ps
}

// named is a probe input with its name.
type named struct{ name, in string }

func prefixed(p string, cases []named) []named {
	out := make([]named, len(cases))
	for i, c := range cases {
		out[i] = named{p + c.name, c.in}
	}
	return out
}

const wideJSON = `{"iss":"i","sub":"s","aud":"a","exp":1800000000,"created_by":"c","version":3,` +
	`"f01":"a","f02":"b","f03":3,"f04":4,"f05":5.5,"f06":true,"f07":["x"],"f08":[8],"f09":{"k":"v"},"f10":"ten",` +
	`"f11":"k","f12":12,"f13":-13,"f14":18446744073709551615,"f15":1.5,"F16":"ignored","f17":"q","f18":{"any":[1,"2"]},` +
	`"f19":"AQID","f20":"\"s\"","f21":"21","f22":"v","f23":"writer","f24":"UP"}`

// wideValue is a filled wideStruct for marshaling.
func wideValue() wideStruct {
	ten := "ten"
	w := wideStruct{
		Registered: claims.Registered{Issuer: "i", Subject: "s", Audience: claims.Audience{"a"}, ExpiresAt: claims.NewNumericDate(time.Unix(1800000000, 0))},
		Audit:      embedded.Audit{CreatedBy: "c", Version: 3},
		F01:        "a", F03: 3, F05: 5.5, F07: []string{"x"}, F09: map[string]string{"k": "v", "a": "b"},
		F10: &ten, F11: "<k>", F12: 12, F14: math.MaxUint64, F15: 1.1, F16: "skipped", F18: []any{1, "2", nil},
		F19: []byte{1, 2, 3}, F20: "s", F21: 21, F22: "&", F23: 1, F24: "up", f25: "unexported",
	}
	return w
}

// encodeProbes are the JWT-shaped values, by group.
func encodeProbes() []encodeProbe {
	frac := claims.NumericDate{Time: time.Unix(1800000000, 123456789)}
	negFrac := claims.NumericDate{Time: time.Unix(-2, 750000000)}
	reg := claims.Registered{
		Issuer: "https://issuer.example", Subject: "user-1234", Audience: claims.Audience{"api", "web"},
		ExpiresAt: claims.NewNumericDate(time.Unix(1800000000, 0)), NotBefore: claims.NewNumericDate(time.Unix(1600000000, 0)),
		IssuedAt: claims.NewNumericDate(time.Unix(1600000000, 0)), ID: "a1b2c3",
	}
	access := accessClaims{Registered: reg, Name: "Ada Lovelace", Roles: []string{"reader", "writer"}, Admin: true}
	one := reg
	one.Audience = claims.Audience{"api"}
	fracReg := claims.Registered{ExpiresAt: &frac, NotBefore: &negFrac}
	bigMap := map[string]any{}
	for _, k := range strings.Fields("zeta alpha mu beta omega gamma pi delta rho epsilon iota kappa lambda nu xi omicron sigma tau upsilon phi chi psi eta theta") {
		bigMap[k] = len(k)
	}
	bigMap["nested"] = map[string]any{"z": 1, "a": map[string]any{"y": true, "b": nil}}
	wide := wideValue()
	type withInjector struct {
		claims.Registered
		Evil injector `json:"evil"`
	}
	type withRaw struct {
		Sub string          `json:"sub"`
		Raw json.RawMessage `json:"raw"`
	}
	type withPtrMarshaler struct {
		P ptrMarshaler `json:"p"`
	}
	type withSpaced struct {
		S spaced `json:"s"`
	}
	type withCustom struct {
		U  upper          `json:"u"`
		R  role           `json:"r"`
		Rs []role         `json:"rs"`
		M  map[role]int   `json:"m"`
		N  json.Number    `json:"n"`
		T  time.Time      `json:"t"`
		D  time.Duration  `json:"d"`
		B  []byte         `json:"b"`
		I  map[int]string `json:"i"`
	}
	return []encodeProbe{
		{"claims", "Registered", reg},
		{"claims", "Registered pointer", &reg},
		{"claims", "Registered, one audience as a string", one},
		{"claims", "Registered, empty", claims.Registered{}},
		{"claims", "NumericDate fraction and negative fraction", fracReg},
		{"claims", "AccessClaims", access},
		{"claims", "pointer embed, nil", pointerEmbed{Name: "n"}},
		{"claims", "pointer embed, set", pointerEmbed{Registered: &reg, Name: "n"}},
		{"claims", "Audience empty", claims.Registered{Audience: claims.Audience{}}},

		{"custom", "MarshalJSON and MarshalText honoured", withCustom{U: "abc", R: 2, Rs: []role{0, 1}, M: map[role]int{2: 1, 0: 2}, N: "1.50", T: time.Unix(1800000000, 5).UTC(), D: time.Second, B: []byte("hi"), I: map[int]string{10: "a", 9: "b"}}},
		{"custom", "MarshalJSON output compacted and HTML-escaped", withSpaced{}},
		{"custom", "pointer-receiver MarshalJSON on a value", withPtrMarshaler{P: ptrMarshaler{N: 1}}},
		{"custom", "pointer-receiver MarshalJSON on an addressable value", &withPtrMarshaler{P: ptrMarshaler{N: 1}}},
		{"custom", "MarshalJSON error", map[string]any{"f": failing{}}},
		{"custom", "RawMessage", withRaw{Sub: "s", Raw: json.RawMessage(` { "a" : 1 } `)}},
		{"custom", "RawMessage nil", withRaw{Sub: "s"}},
		{"custom", "invalid RawMessage", withRaw{Sub: "s", Raw: json.RawMessage(`{"a":`)}},
		{"sign", "MarshalJSON injecting exp", withInjector{Evil: injector{}}},
		{"sign", "MarshalJSON injecting a duplicate exp", withInjector{Registered: reg}},
		{"sign", "RawMessage injecting exp", withRaw{Sub: "s", Raw: json.RawMessage(`1,"exp":99999999999`)}},
		{"sign", "not an object", []string{"a"}},
		{"sign", "nil map", map[string]any(nil)},

		{"wide", "24-field struct", wide},
		{"wide", "24-field struct pointer", &wide},
		{"wide", "24-field struct, zero", wideStruct{}},

		{"maps", "26 keys, nested", bigMap},
		{"maps", "int keys", map[string]any{"m": map[int]bool{3: true, 1: false, 20: true, -5: true}}},
		{"maps", "empty map", map[string]any{"m": map[string]int{}}},
		{"maps", "nil slice and map", map[string]any{"s": []string(nil), "m": map[string]int(nil)}},

		{"numbers", "floats", map[string]any{"f": []float64{0, 0.1, 1.0 / 3, 1e-7, 1e-6, 123456789.123456789, 1e20, 1e21, 5e-324, math.MaxFloat64, math.Copysign(0, -1), 1.5e300, 0.000001234}}},
		{"numbers", "float32", map[string]any{"f": []float32{0.1, 1.0 / 3, 1e-7, 3.4028235e38, 16777217}}},
		{"numbers", "integers", map[string]any{"i": []any{int64(math.MaxInt64), int64(math.MinInt64), uint64(math.MaxUint64), int64(9007199254740993), int8(-8)}}},
		{"numbers", "NaN", map[string]any{"f": math.NaN()}},
		{"numbers", "infinity", map[string]any{"f": math.Inf(1)}},

		{"strings", "HTML characters", map[string]any{"s": "<script>alert('&')</script>"}},
		{"strings", "line separators", map[string]any{"s": "a\u2028b\u2029c"}},
		{"strings", "unicode", map[string]any{"s": "é日本🎉", "é": 1}},
		{"strings", "control characters and NUL", map[string]any{"s": "\x00\x01\x1f\x7f\t\n\"\\/"}},
		{"strings", "invalid UTF-8", map[string]any{"s": "a\xffb"}},
		{"strings", "invalid UTF-8 in a key", map[string]any{"a\xff": 1}},
		{"strings", "encoded surrogate (CESU)", map[string]any{"s": "\xed\xa0\x80"}},
		{"strings", "overlong encoding", map[string]any{"s": "\xc0\xaf"}},

		{"nesting", "depth 63 in claims", map[string]any{"n": nestedValue(62)}},
		{"nesting", "depth 100 in claims", map[string]any{"n": nestedValue(100)}},
	}
}

// nestedValue is depth levels of []any around 1.
func nestedValue(depth int) any {
	var v any = 1
	for range depth {
		v = []any{v}
	}
	return v
}
