package corpus

import (
	"strings"

	"github.com/jotlib/jwt"
)

// Rule 7: the claims. A valid UTF-8 JSON object without duplicate names or
// look-alikes of registered names under Unicode case folding; bounded
// nesting; registered claims of the right types. All correctly signed, so
// only the claims rule can refuse them.
func claimsCases(b *builder) {
	malformed := func(name, payload string) { b.hsBad("claims/"+name, hdr("HS256"), payload, jwt.ErrTokenMalformed) }

	// Duplicates, also through escapes and inside nested objects.
	malformed("duplicate-exp", `{"exp":4102444800,"exp":1}`)
	malformed("duplicate-exp-same-value", `{"exp":4102444800,"exp":4102444800}`)
	malformed("duplicate-iss", `{"iss":"a","iss":"b"}`)
	malformed("duplicate-aud", `{"aud":"api","aud":["web"]}`)
	malformed("duplicate-private", `{"role":"user","role":"admin"}`)
	malformed("duplicate-exp-escaped", `{"exp":4102444800,"\u0065xp":1}`)
	malformed("duplicate-private-escaped", `{"a":1,"\u0061":2}`)
	malformed("duplicate-nested", `{"x":{"a":1,"a":2}}`)
	malformed("duplicate-in-array-object", `{"x":[{"a":1,"a":2}]}`)
	malformed("duplicate-after-16-members", strings.TrimSuffix(manyMembers(20), "}")+`,"m3":99}`)

	// Look-alikes of registered names: encoding/json matches struct fields
	// case-insensitively (Unicode simple folding), so a struct would read
	// them as the registered claim while a map and the validation would not.
	for _, name := range []string{"Exp", "EXP", "eXp", "Iss", "ISS", "Sub", "SUB", "ſub", `\u017fub`, "Aud", "AUD", "Nbf", "NBF", "Iat", "IAT", "Jti", "JTI", "jTi", `\u0045xp`} {
		malformed("lookalike-"+strings.ReplaceAll(name, `\`, ""), `{"`+name+`":1}`)
	}
	malformed("lookalike-Exp-beside-exp", `{"exp":4102444800,"Exp":1}`)
	// "İ" (U+0130) lower-cases to "i" and "ı" (U+0131) upper-cases to "I":
	// no case fold, but codecs that match names by lower-casing (jsoniter,
	// sonic) read "İss" as "iss".
	malformed("lookalike-dotted-capital-I-iss", `{"iss":"good","İss":"evil"}`)
	malformed("lookalike-dotted-capital-I-iat", `{"İat":1}`)
	malformed("lookalike-dotless-i-iss", `{"ıss":"x"}`)
	malformed("lookalike-dotless-i-jti", `{"jtı":"x"}`)

	// Two member names of one object equal under case folding or
	// lower/upper-casing, registered or not, at any depth: encoding/json
	// reads the later one into a struct field, a map keeps both.
	malformed("lookalike-private-role-ROLE", `{"role":"user","ROLE":"admin"}`)
	malformed("lookalike-private-escaped", `{"role":"user","\u0052OLE":"admin"}`)
	malformed("lookalike-nested-Exp-EXP", `{"x":{"Exp":"soon","EXP":[]}}`)
	malformed("lookalike-in-array-object", `{"x":[{"scope":"a","SCOPE":"b"}]}`)
	malformed("lookalike-kelvin-sign", `{"kid_ref":1,"Kid_ref":2}`)
	malformed("lookalike-long-s", `{"session":1,"ſession":2}`)
	malformed("lookalike-dotted-capital-I-private", `{"id":1,"İd":2}`)

	// Registered time claims: finite numbers within range, never wrapping.
	for _, c := range []kv{
		{"string", `"4102444800"`}, {"true", "true"}, {"false", "false"}, {"null", "null"},
		{"array", "[4102444800]"}, {"object", `{"t":4102444800}`}, {"1e300", "1e300"}, {"minus-1e300", "-1e300"},
		{"1e19", "1e19"}, {"minus-1e19", "-1e19"}, {"1e400", "1e400"}, {"max-int64", "9223372036854775807"},
		{"2-pow-64", "18446744073709551616"}, {"empty-string", `""`},
	} {
		malformed("exp-"+c.name, `{"exp":`+c.v+`}`)
	}
	for _, c := range []kv{
		{"2-pow-64-minus-1", "18446744073709551615"}, {"9.3e18", "9.3e18"}, {"minus-9.3e18", "-9.3e18"},
		{"string", `"0"`}, {"1e300", "1e300"}, {"2-pow-63", "9223372036854775808"},
	} {
		malformed("nbf-wrapping-"+c.name, `{"nbf":`+c.v+`}`)
	}
	malformed("iat-string", `{"iat":"yesterday"}`)
	malformed("iat-1e19", `{"iat":1e19}`)
	malformed("iat-null", `{"iat":null}`)

	// "aud": a string or an array of strings.
	for _, c := range []kv{
		{"number", "1"}, {"object", `{"a":"b"}`}, {"array-of-number", "[1]"}, {"array-with-number", `["api",2]`},
		{"array-with-null", `["api",null]`}, {"nested-array", `[["api"]]`}, {"true", "true"}, {"null", "null"},
	} {
		malformed("aud-"+c.name, `{"aud":`+c.v+`}`)
	}
	// "iss", "sub", "jti": strings.
	for _, claim := range []string{"iss", "sub", "jti"} {
		for _, c := range []kv{{"number", "1"}, {"null", "null"}, {"true", "true"}, {"array", `["x"]`}, {"object", "{}"}} {
			malformed(claim+"-"+c.name, `{"`+claim+`":`+c.v+`}`)
		}
	}

	// UTF-8 and escapes.
	malformed("invalid-utf8-value", "{\"name\":\"\xff\"}")
	malformed("invalid-utf8-name", "{\"n\xe9\":1}")
	malformed("invalid-utf8-in-sub", "{\"sub\":\"user-\xc3\"}")
	malformed("overlong-utf8", "{\"name\":\"\xc0\xaf\"}")
	malformed("utf8-encoded-surrogate", "{\"name\":\"\xed\xb0\x80\"}")
	malformed("lone-high-surrogate", `{"name":"\ud800"}`)
	malformed("lone-low-surrogate", `{"name":"\udc00"}`)
	malformed("high-surrogate-then-letter", `{"name":"\ud800\u0041"}`)
	malformed("two-high-surrogates", `{"name":"\ud800\ud800"}`)
	malformed("lone-surrogate-in-name", `{"\ud800":1}`)
	malformed("lone-surrogate-in-sub", `{"sub":"\udfff"}`)
	malformed("control-character", "{\"name\":\"a\x01\"}")
	malformed("raw-tab-in-string", "{\"name\":\"a\tb\"}")
	malformed("invalid-escape", `{"name":"\x41"}`)
	malformed("short-unicode-escape", `{"name":"\u12"}`)

	// Depth: bounded, and deep input costs no stack.
	malformed("nesting-65", `{"x":`+strings.Repeat("[", 64)+strings.Repeat("]", 64)+`}`)
	malformed("nesting-100000-arrays", `{"x":`+strings.Repeat("[", 100000)+strings.Repeat("]", 100000)+`}`)
	malformed("nesting-100000-objects", strings.Repeat(`{"a":`, 100000)+"1"+strings.Repeat("}", 100000))
	malformed("nesting-100000-unterminated", `{"x":`+strings.Repeat("[", 100000))

	// Not an object; trailing data; NUL tricks; BOM.
	for _, c := range []kv{{"array", "[]"}, {"string", `"s"`}, {"number", "1"}, {"null", "null"}, {"true", "true"}, {"empty", ""}, {"white-space", " \n"}} {
		malformed("not-an-object-"+c.name, c.v)
	}
	malformed("trailing-garbage", `{}x`)
	malformed("trailing-object", `{"exp":4102444800}{"exp":1}`)
	malformed("nul-then-object", "{\"exp\":4102444800}\x00{\"exp\":1}")
	malformed("nul-before-object", "\x00{}")
	malformed("trailing-comma-after", `{},`)
	malformed("trailing-comma-inside", `{"a":1,}`)
	malformed("bom", "\xef\xbb\xbf{}")
	malformed("comment", `{"a":1/*x*/}`)
	malformed("single-quotes", `{'a':1}`)
	malformed("unterminated", `{"a":1`)
	malformed("unterminated-string", `{"a":"b}`)
	malformed("literal-True", `{"a":True}`)
	malformed("literal-nul", `{"a":nul}`)

	// Numbers: the JSON grammar, and no value a decoder must refuse.
	for _, c := range []kv{
		{"leading-zero", "01"}, {"plus", "+1"}, {"trailing-dot", "1."}, {"leading-dot", ".5"}, {"NaN", "NaN"},
		{"Infinity", "Infinity"}, {"minus", "-"}, {"hex", "0x10"}, {"exponent-without-digits", "1e"},
		{"overflow-1e400", "1e400"}, {"overflow-minus-1e400", "-1e400"}, {"overflow-400-digits", "1" + strings.Repeat("0", 400)},
	} {
		malformed("number-"+c.name, `{"n":`+c.v+`}`)
	}
}
