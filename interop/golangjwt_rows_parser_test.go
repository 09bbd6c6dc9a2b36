package interop

import (
	"encoding/json"
	"fmt"
	"time"

	gjwt "github.com/golang-jwt/jwt/v5"

	"github.com/jotlib/jwt"
)

// parserRows ports jwtTestData of golang-jwt's parser_test.go (36 cases).
// golang-jwt's tokens are signed with its own test keys; here the same
// header and claims are signed with ours. Its parser is given the case's
// keyfunc; ours the KeyFunc or KeySet it ports to (golangjwt_helpers_test.go).
func parserRows(f *gjFix) []gjCase {
	src := func(name string) string { return "parser_test.go jwtTestData: " + name }
	num := func(d time.Duration) json.Number { return json.Number(fmt.Sprint(f.unix(d))) }
	jsonNumber := func(*gjFix) []gjwt.ParserOption { return []gjwt.ParserOption{gjwt.WithJSONNumber()} }
	useNumber := func(*gjFix) []jwt.Option { return []jwt.Option{jwt.WithEncoder(jwt.StdEncoder{UseNumber: true})} }
	methods := func(m ...string) func(*gjFix) []gjwt.ParserOption {
		return func(*gjFix) []gjwt.ParserOption { return []gjwt.ParserOption{gjwt.WithValidMethods(m)} }
	}
	algorithms := func(a ...jwt.Algorithm) func(*gjFix) []jwt.Option {
		return func(*gjFix) []jwt.Option { return []jwt.Option{jwt.WithAlgorithms(a...)} }
	}
	fooBar := map[string]any{"foo": "bar"}
	rs256 := func(payload string) func(f *gjFix) string {
		return func(f *gjFix) string { return f.token(jwt.RS256, payload) }
	}

	return []gjCase{
		{src: src("invalid JWT"), name: "parser: not a JWT",
			tok: func(*gjFix) string { return "thisisnotreallyajwt" }, keys: keyRSA,
			gjWant: gjwt.ErrTokenMalformed, ourWant: jwt.ErrTokenMalformed},
		{src: src("invalid JSON claim"), name: "parser: claims are DEFLATE bytes, not JSON (zip header)",
			tok: func(f *gjFix) string {
				return forge(seg(`{"alg":"RS256","zip":"DEF"}`), seg("x\x9c\xaaVJ\xcb\xcfW\xb2RJJ,R\xaa\x05\x04\x00\x00\xff\xff"), jwt.RS256, f.rsa.private, sigStandard)
			}, keys: keyRSA, into: intoMap,
			gjWant: gjwt.ErrTokenMalformed, ourWant: jwt.ErrTokenMalformed},
		{src: src("bearer in JWT"), name: "parser: 'bearer ' prefix left on the token",
			tok: func(f *gjFix) string { return "bearer " + f.token(jwt.RS256, fooBar) }, keys: keyRSA,
			gjWant: gjwt.ErrTokenMalformed, ourWant: jwt.ErrTokenMalformed},
		{src: src("basic"), name: "parser: basic", claims: fooBar, keys: keyRSA},
		{src: src("custom claims with JSON Data Types"), name: "parser: struct claims of every JSON type",
			tok:  rs256(`{"stringClaim":"string","intClaim":-1,"boolClaim":true,"uintClaim":1,"floatClaim":5.01,"sliceClaim":[-1,0,1],"objectClaim":{"property":"something"},"nilPointerClaim":null}`),
			keys: keyRSA, into: intoTypes},
		{src: src("multiple keys, last matches"), name: "parser: key set, last key matches", claims: fooBar, keys: keySetLast},
		{src: src("multiple keys not []interface{} type, all match"), name: "parser: key set, every key matches", claims: fooBar, keys: keySetTwice},
		{src: src("multiple keys, first matches"), name: "parser: key set, first key matches", claims: fooBar, keys: keySetFirst},
		{src: src("public keys slice, not allowed"), name: "parser: a plain slice of keys is not a key set", claims: fooBar, keys: keyPlainSlice,
			gjWant: gjwt.ErrTokenSignatureInvalid, ourWant: jwt.ErrInvalidKey},
		{src: src("basic expired"), name: "parser: expired",
			claims: map[string]any{"foo": "bar", "exp": f.unix(-100 * time.Second)}, keys: keyRSA,
			gjWant: gjwt.ErrTokenExpired, ourWant: jwt.ErrTokenExpired},
		{src: src("basic nbf"), name: "parser: not valid yet",
			claims: map[string]any{"foo": "bar", "nbf": f.unix(100 * time.Second)}, keys: keyRSA,
			gjWant: gjwt.ErrTokenNotValidYet, ourWant: jwt.ErrTokenNotValidYet},
		{src: src("expired and nbf"), name: "parser: expired and not valid yet, both reported",
			claims: map[string]any{"foo": "bar", "nbf": f.unix(100 * time.Second), "exp": f.unix(-100 * time.Second)}, keys: keyRSA,
			gjWant: gjwt.ErrTokenNotValidYet, ourWant: jwt.ErrTokenNotValidYet},
		{src: src("basic invalid"), name: "parser: signature of other claims",
			tok: func(f *gjFix) string { return swapPayload(f.token(jwt.RS256, fooBar), `{"foo":"baz"}`) }, keys: keyRSA,
			gjWant: gjwt.ErrTokenSignatureInvalid, ourWant: jwt.ErrSignatureInvalid},
		{src: src("basic nokeyfunc"), name: "parser: no keyfunc", claims: fooBar, keys: keyNilFunc,
			gjWant: gjwt.ErrTokenUnverifiable, ourWant: jwt.ErrInvalidKey},
		{src: src("basic nokey"), name: "parser: keyfunc returns no key", claims: fooBar, keys: keyNilKey,
			gjWant: gjwt.ErrTokenSignatureInvalid, ourWant: jwt.ErrInvalidKey},
		{src: src("multiple nokey"), name: "parser: key set of nil keys", claims: fooBar, keys: keySetNils,
			gjWant: gjwt.ErrTokenSignatureInvalid, ourWant: jwt.ErrInvalidKey},
		{src: src("empty verification key set"), name: "parser: empty key set", claims: fooBar, keys: keySetEmpty,
			gjWant: gjwt.ErrTokenUnverifiable, ourWant: jwt.ErrInvalidKey},
		{src: src("zero length key list"), name: "parser: empty plain slice of keys", claims: fooBar, keys: keyZeroSlice,
			gjWant: gjwt.ErrTokenSignatureInvalid, ourWant: jwt.ErrInvalidKey},
		{src: src("basic errorkey"), name: "parser: keyfunc error passed through", claims: fooBar, keys: keyError,
			gjWant: gjwt.ErrTokenUnverifiable, ourWant: jwt.ErrInvalidKey, both: []error{errKeyFunc}},
		{src: src("invalid signing method"), name: "parser: RS256 outside WithValidMethods/WithAlgorithms(HS256)",
			claims: fooBar, keys: keyRSA, gj: methods("HS256"), ours: algorithms(jwt.HS256),
			gjWant: gjwt.ErrTokenSignatureInvalid, ourWant: jwt.ErrAlgorithmNotAllowed},
		{src: src("valid RSA signing method"), name: "parser: RS256 inside WithValidMethods/WithAlgorithms(RS256, HS256)",
			claims: fooBar, keys: keyRSA, gj: methods("RS256", "HS256"), ours: algorithms(jwt.RS256, jwt.HS256)},
		{src: src("ECDSA signing method not accepted"), name: "parser: ES256 outside WithValidMethods/WithAlgorithms(RS256, HS256)",
			claims: fooBar, alg: jwt.ES256, keys: keyEC, gj: methods("RS256", "HS256"), ours: algorithms(jwt.RS256, jwt.HS256),
			gjWant: gjwt.ErrTokenSignatureInvalid, ourWant: jwt.ErrAlgorithmNotAllowed},
		{src: src("valid ECDSA signing method"), name: "parser: ES256 inside WithValidMethods/WithAlgorithms(HS256, ES256)",
			claims: fooBar, alg: jwt.ES256, keys: keyEC, gj: methods("HS256", "ES256"), ours: algorithms(jwt.HS256, jwt.ES256)},
		{src: src("JSON Number"), name: "parser: WithJSONNumber / StdEncoder{UseNumber: true}",
			claims: map[string]any{"foo": json.Number("123.4")}, keys: keyRSA, gj: jsonNumber, ours: useNumber},
		{src: src("JSON Number - basic expired"), name: "parser: JSON numbers, expired",
			claims: map[string]any{"foo": "bar", "exp": num(-100 * time.Second)}, keys: keyRSA, gj: jsonNumber, ours: useNumber,
			gjWant: gjwt.ErrTokenExpired, ourWant: jwt.ErrTokenExpired},
		{src: src("JSON Number - basic nbf"), name: "parser: JSON numbers, not valid yet",
			claims: map[string]any{"foo": "bar", "nbf": num(100 * time.Second)}, keys: keyRSA, gj: jsonNumber, ours: useNumber,
			gjWant: gjwt.ErrTokenNotValidYet, ourWant: jwt.ErrTokenNotValidYet},
		{src: src("JSON Number - expired and nbf"), name: "parser: JSON numbers, expired and not valid yet",
			claims: map[string]any{"foo": "bar", "nbf": num(100 * time.Second), "exp": num(-100 * time.Second)}, keys: keyRSA, gj: jsonNumber, ours: useNumber,
			gjWant: gjwt.ErrTokenExpired, ourWant: jwt.ErrTokenExpired},
		{src: src("SkipClaimsValidation during token parsing"), name: "parser: WithoutClaimsValidation on a token not valid yet",
			claims: map[string]any{"foo": "bar", "nbf": num(100 * time.Second)}, keys: keyRSA,
			gj: func(*gjFix) []gjwt.ParserOption {
				return []gjwt.ParserOption{gjwt.WithJSONNumber(), gjwt.WithoutClaimsValidation()}
			}, ours: useNumber,
			refused: refusedSkipValidation},
		{src: src("RFC7519 Claims"), name: "parser: registered claims, exp in 10 s",
			claims: map[string]any{"exp": f.unix(10 * time.Second)}, keys: keyRSA, into: intoRegistered, gj: jsonNumber, ours: useNumber},
		{src: src("RFC7519 Claims - single aud"), name: "parser: registered claims, one audience",
			claims: map[string]any{"aud": []string{"test"}}, keys: keyRSA, into: intoRegistered, gj: jsonNumber, ours: useNumber},
		{src: src("RFC7519 Claims - multiple aud"), name: "parser: registered claims, the same audience twice",
			claims: map[string]any{"aud": []string{"test", "test"}}, keys: keyRSA, into: intoRegistered, gj: jsonNumber, ours: useNumber},
		{src: src("RFC7519 Claims - single aud with wrong type"), name: "parser: aud a number",
			tok: rs256(`{"aud":1}`), keys: keyRSA, into: intoRegistered, gj: jsonNumber, ours: useNumber,
			gjWant: gjwt.ErrTokenMalformed, ourWant: jwt.ErrTokenMalformed},
		{src: src("RFC7519 Claims - multiple aud with wrong types"), name: "parser: aud array holding a number",
			tok: rs256(`{"aud":["test",1]}`), keys: keyRSA, into: intoRegistered, gj: jsonNumber, ours: useNumber,
			gjWant: gjwt.ErrTokenMalformed, ourWant: jwt.ErrTokenMalformed},
		{src: src("RFC7519 Claims - nbf with 60s skew"), name: "parser: nbf in 100 s, leeway 1 min",
			claims: map[string]any{"nbf": f.unix(100 * time.Second)}, keys: keyRSA, into: intoRegistered,
			gj:     func(*gjFix) []gjwt.ParserOption { return []gjwt.ParserOption{gjwt.WithLeeway(time.Minute)} },
			ours:   func(*gjFix) []jwt.Option { return []jwt.Option{jwt.WithLeeway(time.Minute)} },
			gjWant: gjwt.ErrTokenNotValidYet, ourWant: jwt.ErrTokenNotValidYet},
		{src: src("RFC7519 Claims - nbf with 120s skew"), name: "parser: nbf in 100 s, leeway 2 min",
			claims: map[string]any{"nbf": f.unix(100 * time.Second)}, keys: keyRSA, into: intoRegistered,
			gj:   func(*gjFix) []gjwt.ParserOption { return []gjwt.ParserOption{gjwt.WithLeeway(2 * time.Minute)} },
			ours: func(*gjFix) []jwt.Option { return []jwt.Option{jwt.WithLeeway(2 * time.Minute)} }},
		{src: src("rejects if exp is required but missing"), name: "parser: WithExpirationRequired, no exp",
			claims: map[string]any{}, keys: keyRSA, into: intoRegistered,
			gj:     func(*gjFix) []gjwt.ParserOption { return []gjwt.ParserOption{gjwt.WithExpirationRequired()} },
			ours:   func(*gjFix) []jwt.Option { return []jwt.Option{jwt.WithExpirationRequired()} },
			gjWant: gjwt.ErrTokenInvalidClaims, ourWant: jwt.ErrMissingClaim},
	}
}

// unverifiedRows ports TestParser_ParseUnverified: every parser case whose
// only error is not ErrTokenMalformed, read without verification
// (ParseUnverified ↔ ReadUnverified). Both read the token and the same claims,
// whatever its signature, key or time claims.
func unverifiedRows(f *gjFix) []gjCase {
	var out []gjCase
	for _, c := range parserRows(f) {
		if c.gjWant == gjwt.ErrTokenMalformed {
			continue
		}
		u := c
		u.src = "parser_test.go TestParser_ParseUnverified: " + c.src[len("parser_test.go jwtTestData: "):]
		u.name = "ParseUnverified/ReadUnverified: " + c.name[len("parser: "):]
		u.gjWant, u.ourWant, u.both, u.refused = nil, nil, nil, ""
		useNumber := c.gj != nil && len(c.gj(f)) > 0 && hasJSONNumber(c.gj(f))
		into := c.into
		u.gjCheck = func(f *gjFix, tok string) (any, error) {
			p := gjwt.NewParser()
			if useNumber {
				p = gjwt.NewParser(gjwt.WithJSONNumber())
			}
			t, _, err := p.ParseUnverified(tok, gjTarget(into))
			if err != nil {
				return nil, err
			}
			return deref(t.Claims), nil
		}
		u.ourCheck = func(f *gjFix, tok string) (any, error) {
			var opts []jwt.Option
			if useNumber {
				opts = append(opts, jwt.WithEncoder(jwt.StdEncoder{UseNumber: true}))
			}
			uv, err := jwt.ReadUnverified(tok, opts...)
			if err != nil {
				return nil, err
			}
			dst := ourTarget(into)
			if err := uv.Claims(dst); err != nil {
				return nil, err
			}
			return deref(dst), nil
		}
		out = append(out, u)
	}
	return out
}

// hasJSONNumber reports whether golang-jwt's options include
// WithJSONNumber, by its effect on a parser.
func hasJSONNumber(opts []gjwt.ParserOption) bool {
	probe := gjwt.NewParser(opts...)
	var m gjwt.MapClaims
	_, _, err := probe.ParseUnverified(seg(`{"alg":"none"}`)+"."+seg(`{"n":1}`)+".", &m)
	if err != nil {
		return false
	}
	_, ok := m["n"].(json.Number)
	return ok
}
