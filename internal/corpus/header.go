package corpus

import (
	"crypto/ecdsa"
	"strings"

	"github.com/jotlib/jwt"
)

// ecJWK renders an ECDSA P-256 public key as a JWK (RFC 7518 6.2.1).
func ecJWK(pub *ecdsa.PublicKey) string {
	ecdh, err := pub.ECDH()
	if err != nil {
		panic("corpus: " + err.Error())
	}
	pt := ecdh.Bytes() // 0x04 || X || Y
	n := (len(pt) - 1) / 2
	return `{"kty":"EC","crv":"P-256","x":"` + b64b(pt[1:1+n]) + `","y":"` + b64b(pt[1+n:]) + `"}`
}

// Rule 2: the header. A valid UTF-8 JSON object without duplicate names;
// "alg" a non-empty string; "typ", "kid", "cty" strings; no "crit"; "b64"
// only true; keys named in the header never used. Rule 3 for "none".
func headerCases(b *builder) {
	k := b.k
	malformed := func(name, header string) { b.hsBad("header/"+name, header, stdPayload, jwt.ErrTokenMalformed) }
	notAllowed := func(name, header string) { b.hsBad("header/"+name, header, stdPayload, jwt.ErrAlgorithmNotAllowed) }

	// "none" in any letter case, with an empty and with a real signature.
	for _, none := range []string{"none", "None", "NONE", "nOnE"} {
		header := `{"alg":"` + none + `","typ":"JWT"}`
		b.bad("header/alg-"+none+"-empty-signature", b64(header)+"."+b64(stdPayload)+".", k.HS256, jwt.ErrAlgorithmNotAllowed, fixed())
		notAllowed("alg-"+none+"-with-hmac-signature", header)
	}
	b.bad("header/alg-none-expired-empty-signature", b64(`{"alg":"none"}`)+"."+b64(`{"exp":1}`)+".", k.HS256, jwt.ErrAlgorithmNotAllowed, fixed())

	// Unknown names and case variants: "alg" is compared exactly.
	for _, alg := range []string{"HS1024", "RS1", "ES256K", "EdDSA25519", "HMAC", "hs256", "Hs256", "hS256", "HS256 ", " HS256", "HS-256", "HS256\\u0000", "HS2\\u200b56", "ＨS256", "eddsa", "EDDSA", "ed25519", "rs256", "ps256", "es256"} {
		notAllowed("alg-"+strings.NewReplacer("\\", "", " ", "_").Replace(alg), `{"alg":"`+alg+`"}`)
	}

	// "alg" of the wrong type, empty or missing.
	for _, nv := range []kv{{"number", "256"}, {"null", "null"}, {"true", "true"}, {"array", `["HS256"]`}, {"object", `{"name":"HS256"}`}, {"empty", `""`}} {
		malformed("alg-"+nv.name, `{"alg":`+nv.v+`}`)
	}
	malformed("alg-missing", `{"typ":"JWT"}`)
	malformed("empty-object", `{}`)

	// Duplicates, also through escapes; case-folded look-alikes.
	malformed("duplicate-alg-same", `{"alg":"HS256","alg":"HS256"}`)
	malformed("duplicate-alg-none-first", `{"alg":"none","alg":"HS256"}`)
	malformed("duplicate-alg-none-last", `{"alg":"HS256","alg":"none"}`)
	malformed("duplicate-alg-escaped", `{"alg":"HS256","\u0061lg":"none"}`)
	malformed("duplicate-typ", `{"alg":"HS256","typ":"JWT","typ":"at+jwt"}`)
	malformed("duplicate-kid", `{"alg":"HS256","kid":"a","kid":"b"}`)
	malformed("Alg-and-alg", `{"Alg":"none","alg":"HS256"}`)
	malformed("alg-and-ALG", `{"alg":"HS256","ALG":"none"}`)
	malformed("Typ-lookalike", `{"alg":"HS256","Typ":"JWT"}`)
	malformed("kelvin-sign-kid-lookalike", `{"alg":"HS256","\u212aid":"x"}`)
	malformed("CRIT-lookalike", `{"alg":"HS256","CRIT":["x"]}`)
	// JWE parameters in a JWS header: a compressed ("zip") or encrypted
	// ("enc") payload is nothing this library reads.
	malformed("zip-DEF", `{"alg":"HS256","zip":"DEF"}`)
	malformed("enc-JWE-parameter", `{"alg":"HS256","enc":"A128GCM"}`)

	// "crit" is refused: we implement no extension; "b64" must be true.
	malformed("crit-exp", `{"alg":"HS256","crit":["exp"],"exp":1700003600}`)
	malformed("crit-empty", `{"alg":"HS256","crit":[]}`)
	malformed("crit-b64", `{"alg":"HS256","crit":["b64"],"b64":true}`)
	malformed("crit-null", `{"alg":"HS256","crit":null}`)
	for _, nv := range []kv{{"false", "false"}, {"string", `"false"`}, {"zero", "0"}, {"null", "null"}, {"string-true", `"true"`}} {
		malformed("b64-"+nv.name, `{"alg":"HS256","b64":`+nv.v+`}`)
	}

	// "typ", "kid" and "cty" must be strings.
	malformed("typ-number", `{"alg":"HS256","typ":1}`)
	malformed("typ-null", `{"alg":"HS256","typ":null}`)
	malformed("kid-number", `{"alg":"HS256","kid":5}`)
	malformed("kid-array", `{"alg":"HS256","kid":["a"]}`)
	malformed("cty-object", `{"alg":"HS256","cty":{}}`)

	// UTF-8 and escapes.
	malformed("invalid-utf8-value", "{\"alg\":\"HS256\",\"kid\":\"\xff\"}")
	malformed("invalid-utf8-name", "{\"alg\":\"HS256\",\"k\xc3\":1}")
	malformed("overlong-utf8", "{\"alg\":\"HS256\",\"kid\":\"\xc0\xaf\"}")
	malformed("utf8-encoded-surrogate", "{\"alg\":\"HS256\",\"kid\":\"\xed\xa0\x80\"}")
	malformed("lone-high-surrogate", `{"alg":"HS256","kid":"\ud800"}`)
	malformed("lone-low-surrogate", `{"alg":"HS256","kid":"\udc00"}`)
	malformed("high-surrogate-then-letter", `{"alg":"HS256","kid":"\ud800\u0041"}`)
	malformed("control-character", "{\"alg\":\"HS256\",\"kid\":\"a\x01\"}")
	malformed("invalid-escape", `{"alg":"HS256","kid":"\x"}`)

	// Not an object, trailing data, NUL tricks, BOM, non-JSON.
	malformed("array", `["alg","HS256"]`)
	malformed("string", `"HS256"`)
	malformed("null", `null`)
	malformed("number", `1`)
	malformed("empty", ``)
	malformed("unterminated", `{"alg":"HS256"`)
	malformed("trailing-garbage", `{"alg":"HS256"}x`)
	malformed("trailing-object", `{"alg":"HS256"}{"alg":"none"}`)
	malformed("nul-then-object", "{\"alg\":\"HS256\"}\x00{\"alg\":\"none\"}")
	malformed("trailing-comma-after", `{"alg":"HS256"},`)
	malformed("trailing-comma-inside", `{"alg":"HS256",}`)
	malformed("bom", "\xef\xbb\xbf{\"alg\":\"HS256\"}")
	malformed("comment", `{"alg":"HS256"/*x*/}`)
	malformed("single-quotes", `{'alg':'HS256'}`)
	malformed("unquoted-name", `{alg:"HS256"}`)
	malformed("nesting-65", `{"alg":"HS256","x":`+strings.Repeat("[", 64)+strings.Repeat("]", 64)+`}`)
	malformed("nesting-100000", `{"alg":"HS256","x":`+strings.Repeat("[", 100000)+strings.Repeat("]", 100000)+`}`)

	// Keys named by the token are never used (RFC 8725 3.10): an attacker
	// who signs with its own key and names it is refused for the signature.
	legit := &k.P256.PublicKey
	attacker := ecSigner(k.P256Attacker, hashOf("ES256"))
	for _, nv := range []kv{
		{"jwk", `{"alg":"ES256","jwk":` + ecJWK(&k.P256Attacker.PublicKey) + `}`},
		{"jku", `{"alg":"ES256","jku":"https://attacker.example/jwks.json","kid":"attacker"}`},
		{"x5u", `{"alg":"ES256","x5u":"https://attacker.example/cert.pem"}`},
		{"x5c", `{"alg":"ES256","x5c":["MIIBattacker"]}`},
	} {
		b.bad("header/"+nv.name+"-names-attacker-key", assemble(nv.v, stdPayload, attacker), legit, jwt.ErrSignatureInvalid, fixed())
	}
	b.bad("header/jwk-oct-names-attacker-secret",
		assemble(`{"alg":"HS256","jwk":{"kty":"oct","k":"`+b64b(k.AttackerHMAC)+`"}}`, stdPayload, hmacSigner(hashOf("HS256"), k.AttackerHMAC)),
		k.HS256, jwt.ErrSignatureInvalid, fixed())
}

// kv is a named value, for tables kept in a fixed order.
type kv struct{ name, v string }
