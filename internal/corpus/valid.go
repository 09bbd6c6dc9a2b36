package corpus

import (
	"strconv"
	"strings"

	"github.com/jotlib/jwt"
)

// stdPayload is a realistic access token's claims, valid at Now.
const stdPayload = `{"iss":"https://issuer.example","sub":"user-1","aud":["api","web"],"exp":1700003600,"nbf":1699999940,"iat":1699999940,"jti":"tok-1","name":"Ann","admin":true,"roles":["reader","writer"]}`

// stdClaims is stdPayload as encoding/json decodes it into a map.
func stdClaims() map[string]any {
	return map[string]any{
		"iss": "https://issuer.example", "sub": "user-1", "aud": []any{"api", "web"},
		"exp": float64(1700003600), "nbf": float64(1699999940), "iat": float64(1699999940),
		"jti": "tok-1", "name": "Ann", "admin": true, "roles": []any{"reader", "writer"},
	}
}

// hdr is the usual header for alg.
func hdr(alg string) string { return `{"alg":"` + alg + `","typ":"JWT"}` }

// allAlgorithms are the 13 JWS algorithms and the fully-specified Ed25519.
var allAlgorithms = []string{"HS256", "HS384", "HS512", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"}

// hs signs header and payload with HS256 and the corpus secret.
func (b *builder) hs(header, payload string) string { return b.k.token("HS256", header, payload) }

// hsGood adds a valid HS256 token with the fixed clock.
func (b *builder) hsGood(name, header, payload string, claims map[string]any, opts ...jwt.Option) {
	b.good(name, b.hs(header, payload), b.k.HS256, claims, append([]jwt.Option{fixed()}, opts...)...)
}

// hsBad adds an HS256 token, correctly signed, refused with want at the
// fixed clock.
func (b *builder) hsBad(name, header, payload string, want error, opts ...jwt.Option) {
	b.bad(name, b.hs(header, payload), b.k.HS256, want, append([]jwt.Option{fixed()}, opts...)...)
}

func validCases(b *builder) {
	k := b.k
	for _, alg := range allAlgorithms {
		b.good("valid/"+alg, k.token(alg, hdr(alg), stdPayload), k.verifyKey(alg), stdClaims(), fixed())
	}
	// Rule 4: private keys are accepted for verifying.
	b.good("valid/RS256-private-key-verifies", k.token("RS256", hdr("RS256"), stdPayload), k.RSA, stdClaims(), fixed())
	b.good("valid/ES256-private-key-verifies", k.token("ES256", hdr("ES256"), stdPayload), k.P256, stdClaims(), fixed())
	b.good("valid/EdDSA-private-key-verifies", k.token("EdDSA", hdr("EdDSA"), stdPayload), k.Ed25519, stdClaims(), fixed())
	b.good("valid/HS256-secret-longer-than-hash", assemble(hdr("HS256"), stdPayload, hmacSigner(hashOf("HS256"), k.HS512)), k.HS512, stdClaims(), fixed())

	// Header forms that are valid JSON and valid JWS.
	b.hsGood("valid/header-without-typ", `{"alg":"HS256"}`, stdPayload, stdClaims())
	b.hsGood("valid/header-with-kid-and-cty", `{"alg":"HS256","kid":"key-1","cty":"JWT","typ":"JWT"}`, stdPayload, stdClaims())
	b.hsGood("valid/header-white-space", " {\n\t\"alg\" : \"HS256\" ,\r\n \"typ\":\"JWT\" } \n", stdPayload, stdClaims())
	b.hsGood("valid/header-escaped-alg-name", `{"\u0061lg":"HS256"}`, stdPayload, stdClaims())
	b.hsGood("valid/header-escaped-alg-value", `{"alg":"HS\u0032\u0035\u0036"}`, stdPayload, stdClaims())
	b.hsGood("valid/header-b64-true", `{"alg":"HS256","b64":true}`, stdPayload, stdClaims())
	b.hsGood("valid/header-unknown-parameters-ignored", `{"alg":"HS256","x-custom":{"a":[1,2,{"b":null}]},"zz":true}`, stdPayload, stdClaims())
	b.hsGood("valid/header-jku-x5u-x5c-ignored", `{"alg":"HS256","jku":"https://attacker.example/jwks.json","x5u":"https://attacker.example/cert.pem","x5c":["MIIBxyz"],"x5t":"abc"}`, stdPayload, stdClaims())
	b.good("valid/header-jwk-ignored", k.token("ES256", `{"alg":"ES256","jwk":`+ecJWK(&k.P256Attacker.PublicKey)+`}`, stdPayload), &k.P256.PublicKey, stdClaims(), fixed())

	// Claims forms.
	b.hsGood("valid/claims-empty-object", hdr("HS256"), `{}`, map[string]any{})
	b.hsGood("valid/claims-white-space", hdr("HS256"), " \r\n\t{ \"sub\" : \"a\" }\n ", map[string]any{"sub": "a"})
	b.hsGood("valid/claims-unicode", hdr("HS256"), `{"name":"Zoë 🙂","sub":"\u00e9\u4e2d","k":"\u212a"}`, map[string]any{"name": "Zoë 🙂", "sub": "é中", "k": "\u212a"})
	b.hsGood("valid/claims-surrogate-pair-escape", hdr("HS256"), `{"emoji":"\ud83d\ude00"}`, map[string]any{"emoji": "😀"})
	b.hsGood("valid/claims-escapes", hdr("HS256"), `{"s":"a\"b\\c\/d\b\f\n\r\t\u0000"}`, map[string]any{"s": "a\"b\\c/d\b\f\n\r\t\x00"})
	b.hsGood("valid/claims-html-characters", hdr("HS256"), `{"h":"<script>&amp;</script>"}`, map[string]any{"h": "<script>&amp;</script>"})

	// Nested names that fold to registered ones are private claims; only two
	// look-alikes in one object are refused (see claims.go).
	b.hsGood("valid/claims-nested-lookalikes-are-private", hdr("HS256"), `{"x":{"Exp":"soon","ſub":1},"y":{"EXP":[]}}`, map[string]any{"x": map[string]any{"Exp": "soon", "ſub": float64(1)}, "y": map[string]any{"EXP": []any{}}})
	b.hsGood("valid/claims-long-names", hdr("HS256"), `{"expiration_time_of_this":1,"subject_identifier":"x"}`, map[string]any{"expiration_time_of_this": float64(1), "subject_identifier": "x"})
	b.hsGood("valid/claims-big-integer", hdr("HS256"), `{"n":12345678901234567890,"m":-0,"f":1.5e-7}`, map[string]any{"n": 12345678901234567890.0, "m": float64(0), "f": 1.5e-7})
	b.hsGood("valid/claims-escaped-registered-name", hdr("HS256"), `{"\u0065xp":1700003600,"\u0073ub":"s"}`, map[string]any{"exp": float64(1700003600), "sub": "s"})
	b.hsGood("valid/claims-aud-string", hdr("HS256"), `{"aud":"api"}`, map[string]any{"aud": "api"})
	b.hsGood("valid/claims-aud-empty-array", hdr("HS256"), `{"aud":[]}`, map[string]any{"aud": []any{}})
	b.hsGood("valid/claims-null-private", hdr("HS256"), `{"x":null,"y":false}`, map[string]any{"x": nil, "y": false})
	depth := 60
	nested, want := nestedArrays(depth)
	b.hsGood("valid/claims-nesting-"+strconv.Itoa(depth), hdr("HS256"), `{"deep":`+nested+`}`, map[string]any{"deep": want})
	b.hsGood("valid/claims-17-members", hdr("HS256"), manyMembers(17), manyMembersClaims(17))
	b.hsGood("valid/claims-40-members", hdr("HS256"), manyMembers(40), manyMembersClaims(40))
}

// nestedArrays returns depth nested arrays around 1 and their decoded form.
func nestedArrays(depth int) (string, any) {
	var v any = float64(1)
	for i := 0; i < depth; i++ {
		v = []any{v}
	}
	return strings.Repeat("[", depth) + "1" + strings.Repeat("]", depth), v
}

// manyMembers returns an object with n members m0..m(n-1).
func manyMembers(n int) string {
	var sb strings.Builder
	sb.WriteByte('{')
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(`"m` + strconv.Itoa(i) + `":` + strconv.Itoa(i))
	}
	sb.WriteByte('}')
	return sb.String()
}

func manyMembersClaims(n int) map[string]any {
	m := make(map[string]any, n)
	for i := 0; i < n; i++ {
		m["m"+strconv.Itoa(i)] = float64(i)
	}
	return m
}
