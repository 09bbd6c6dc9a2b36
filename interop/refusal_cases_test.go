package interop

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"math/big"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
)

// refusalCase is a token run through this library and every peer. Each one
// either breaks a rule of the core issue (we must refuse it with want) or is
// a control we must accept; control cases keep the "we accept, every peer
// refuses" assertion honest.
type refusalCase struct {
	name string
	rule string // the rule broken, as the core issue and the RFCs state it
	tok  string
	alg  jwt.Algorithm // the algorithm every verifier is told to expect
	key  any           // the verification key, the same for every library
	// want is the sentinel we must refuse with; nil marks a control case.
	want error
	// notWant must not match our error (rule 6: only ErrSignatureInvalid).
	notWant error
}

// The rules of the core issue, quoted short.
const (
	rule1 = "1 compact form: canonical unpadded base64url, bytes in [A-Za-z0-9_-], size cap (RFC 7515 §2, §7.1)"
	rule2 = "2 header: valid UTF-8 JSON object, no duplicates or look-alike names, string typ/kid/cty, no crit, b64 true (RFC 7515 §4.1.11, §5.2)"
	rule3 = "3 alg↔key binding, none never accepted (RFC 8725 §3.1)"
	rule4 = "4 key strength: HMAC key ≥ hash size (RFC 7518 §3.2), RSA ≥ 2048 bits (RFC 7518 §3.3)"
	rule5 = "5 signatures: ECDSA r||s only (RFC 7518 §3.4), PSS salt = hash length (RFC 7518 §3.5)"
	rule6 = "6 order: a bad signature is the only error reported (CVE-2024-51744)"
	rule7 = "7 claims: valid UTF-8 JSON object, no duplicates, no case-folded look-alikes, bounded depth, typed registered claims (RFC 7519 §4, §7.2)"
	rule8 = "8 time: exp/nbf (RFC 7519 §4.1.4, §4.1.5)"
	ctrl  = "control: a valid token we accept"
)

const (
	hdrHS256 = `{"alg":"HS256","typ":"JWT"}`
	okClaims = `{"iss":"https://issuer.example","sub":"user-1","exp":4102444800}`
)

// refusalCases builds the cross-check corpus. ECDSA and PSS tokens are
// randomized; verdicts are not.
func refusalCases(t testing.TB) []refusalCase {
	f := keys(t)
	hs := hmacSecret(32)
	hsTok := func(header, payload string) string { return forgeJSON(header, payload, jwt.HS256, hs) }
	good := hsTok(hdrHS256, okClaims)
	parts := strings.Split(good, ".") // test set-up only; the library never splits
	ec256 := f.ec["p256"]
	rsa2048 := f.rsa2048

	var cs []refusalCase
	add := func(c refusalCase) {
		if c.alg == "" {
			c.alg = jwt.HS256
		}
		if c.key == nil {
			c.key = hs
		}
		cs = append(cs, c)
	}

	// Controls: valid tokens, several of them unusual but allowed.
	add(refusalCase{name: "HS256 plain", rule: ctrl, tok: good})
	add(refusalCase{name: "aud as a single string", rule: ctrl, tok: hsTok(hdrHS256, `{"aud":"api","exp":4102444800}`)})
	add(refusalCase{name: "fractional exp", rule: ctrl, tok: hsTok(hdrHS256, `{"sub":"u","exp":4102444800.5}`)})
	add(refusalCase{name: "exp with an exponent", rule: ctrl, tok: hsTok(hdrHS256, `{"sub":"u","exp":4.1024448e9}`)})
	add(refusalCase{name: "escaped registered name \\u0065xp in the future", rule: ctrl, tok: hsTok(hdrHS256, `{"sub":"u","\u0065xp":4102444800}`)})
	add(refusalCase{name: "no claims at all", rule: ctrl, tok: hsTok(hdrHS256, `{}`)})
	add(refusalCase{name: "typ at+jwt, cty and an unknown header", rule: ctrl, tok: hsTok(`{"alg":"HS256","typ":"at+jwt","cty":"x","x-extra":[1,{"a":null}]}`, okClaims)})
	add(refusalCase{name: "jku header is ignored, never fetched", rule: ctrl, tok: hsTok(`{"alg":"HS256","jku":"https://attacker.example/jwks"}`, okClaims)})
	add(refusalCase{name: "escaped unicode and HTML in claims", rule: ctrl, tok: hsTok(hdrHS256, `{"sub":"\u00fc\ud83d\ude00 \u003cb\u003e","exp":4102444800}`)})
	add(refusalCase{name: "white space around members", rule: ctrl, tok: hsTok(` { "alg" : "HS256" } `, " {\n\t\"sub\" : \"u\" ,\r\n\"exp\":4102444800 } ")})
	add(refusalCase{name: "nesting 32 deep", rule: ctrl, tok: hsTok(hdrHS256, `{"x":`+strings.Repeat("[", 31)+strings.Repeat("]", 31)+`}`)})
	add(refusalCase{name: "alg Ed25519 (RFC 9864 fully specified)", rule: ctrl, alg: jwt.Ed25519, key: f.ed.Public(),
		tok: forgeJSON(`{"alg":"Ed25519"}`, okClaims, jwt.Ed25519, f.ed)})
	add(refusalCase{name: "ES256 high-S signature (ECDSA malleability, not a JWS rule)", rule: ctrl, alg: jwt.ES256, key: &ec256.PublicKey,
		tok: highS(forgeJSON(`{"alg":"ES256"}`, okClaims, jwt.ES256, ec256), ec256)})

	// Rule 1: the compact form.
	add(refusalCase{name: "signature with non-zero unused base64 bits", rule: rule1, want: jwt.ErrTokenMalformed,
		tok: parts[0] + "." + parts[1] + "." + nonCanonical(parts[2])})
	ncp := seg(`{"sub":"ab","exp":4102444800}`) // 29 bytes → 39 characters, 2 unused bits
	add(refusalCase{name: "payload with non-zero unused base64 bits", rule: rule1, want: jwt.ErrTokenMalformed,
		tok: forge(seg(hdrHS256), nonCanonical(ncp), jwt.HS256, hs, sigStandard)})
	add(refusalCase{name: "padded signature (=)", rule: rule1, want: jwt.ErrTokenMalformed, tok: good + "="})
	add(refusalCase{name: "padded payload (=), signed as sent", rule: rule1, want: jwt.ErrTokenMalformed,
		tok: forge(seg(hdrHS256), ncp+"=", jwt.HS256, hs, sigStandard)})
	nl := seg(okClaims)
	nl = nl[:10] + "\n" + nl[10:]
	add(refusalCase{name: "line feed inside the payload, signed as sent", rule: rule1, want: jwt.ErrTokenMalformed,
		tok: forge(seg(hdrHS256), nl, jwt.HS256, hs, sigStandard)})
	add(refusalCase{name: "CR LF inside the signature", rule: rule1, want: jwt.ErrTokenMalformed,
		tok: parts[0] + "." + parts[1] + "." + parts[2][:8] + "\r\n" + parts[2][8:]})
	stdAlpha := seg(`{"sub":"???>>>","exp":4102444800}`) // contains '_' or '-'
	stdAlpha = strings.NewReplacer("-", "+", "_", "/").Replace(stdAlpha)
	add(refusalCase{name: "standard base64 alphabet (+/) in the payload, signed as sent", rule: rule1, want: jwt.ErrTokenMalformed,
		tok: forge(seg(hdrHS256), stdAlpha, jwt.HS256, hs, sigStandard)})
	add(refusalCase{name: "three dots", rule: rule1, want: jwt.ErrTokenMalformed, tok: good + "."})
	add(refusalCase{name: "token over the 1 MiB size cap", rule: rule1, want: jwt.ErrTokenTooLarge,
		tok: hsTok(hdrHS256, `{"sub":"u","exp":4102444800,"pad":"`+strings.Repeat("a", 800<<10)+`"}`)})

	// Rule 2: the header.
	add(refusalCase{name: "duplicate alg in the header (none, then HS256)", rule: rule2, want: jwt.ErrTokenMalformed,
		tok: hsTok(`{"alg":"none","alg":"HS256"}`, okClaims)})
	add(refusalCase{name: "look-alike ALG beside alg", rule: rule2, want: jwt.ErrTokenMalformed,
		tok: hsTok(`{"alg":"HS256","ALG":"none"}`, okClaims)})
	add(refusalCase{name: "crit header naming an extension", rule: rule2, want: jwt.ErrTokenMalformed,
		tok: hsTok(`{"alg":"HS256","crit":["exp"],"exp":4102444800}`, okClaims)})
	add(refusalCase{name: "crit header, empty list", rule: rule2, want: jwt.ErrTokenMalformed,
		tok: hsTok(`{"alg":"HS256","crit":[]}`, okClaims)})
	add(refusalCase{name: "b64 false without crit", rule: rule2, want: jwt.ErrTokenMalformed,
		tok: hsTok(`{"alg":"HS256","b64":false}`, okClaims)})
	add(refusalCase{name: "b64 false with crit", rule: rule2, want: jwt.ErrTokenMalformed,
		tok: hsTok(`{"alg":"HS256","b64":false,"crit":["b64"]}`, okClaims)})
	add(refusalCase{name: "kid is a number", rule: rule2, want: jwt.ErrTokenMalformed,
		tok: hsTok(`{"alg":"HS256","kid":42}`, okClaims)})
	add(refusalCase{name: "typ is an object", rule: rule2, want: jwt.ErrTokenMalformed,
		tok: hsTok(`{"alg":"HS256","typ":{"a":1}}`, okClaims)})
	add(refusalCase{name: "invalid UTF-8 in the header", rule: rule2, want: jwt.ErrTokenMalformed,
		tok: hsTok("{\"alg\":\"HS256\",\"kid\":\"\xff\"}", okClaims)})
	add(refusalCase{name: "lone surrogate in the header", rule: rule2, want: jwt.ErrTokenMalformed,
		tok: hsTok(`{"alg":"HS256","kid":"\udc00"}`, okClaims)})
	add(refusalCase{name: "header is an array", rule: rule2, want: jwt.ErrTokenMalformed,
		tok: hsTok(`["HS256"]`, okClaims)})
	add(refusalCase{name: "trailing data after the header", rule: rule2, want: jwt.ErrTokenMalformed,
		tok: hsTok(`{"alg":"HS256"}{"alg":"none"}`, okClaims)})

	// Rule 3: algorithm and key.
	add(refusalCase{name: "alg none, empty signature", rule: rule3, want: jwt.ErrAlgorithmNotAllowed,
		tok: seg(`{"alg":"none"}`) + "." + seg(okClaims) + "."})
	add(refusalCase{name: "alg NoNe, empty signature", rule: rule3, want: jwt.ErrAlgorithmNotAllowed,
		tok: seg(`{"alg":"NoNe"}`) + "." + seg(okClaims) + "."})
	add(refusalCase{name: "alg hs256 in lower case", rule: rule3, want: jwt.ErrAlgorithmNotAllowed,
		tok: hsTok(`{"alg":"hs256"}`, okClaims)})
	pubPEM := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: mustSPKI(&rsa2048.PublicKey)})
	add(refusalCase{name: "HS256 signed with the RSA public key's PEM, verifier holds the RSA key", rule: rule3,
		want: jwt.ErrAlgorithmNotAllowed, alg: jwt.RS256, key: &rsa2048.PublicKey,
		tok: forgeJSON(`{"alg":"HS256"}`, okClaims, jwt.HS256, pubPEM)})
	add(refusalCase{name: "ES256 header, P-384 key", rule: rule3, want: jwt.ErrAlgorithmNotAllowed,
		alg: jwt.ES256, key: &f.ec["p384"].PublicKey,
		tok: forgeJSON(`{"alg":"ES256"}`, okClaims, jwt.ES256, f.ec["p384"])})
	add(refusalCase{name: "embedded jwk of the attacker's key (RS256)", rule: rule3 + "; header keys never used (RFC 8725 §3.10)",
		want: jwt.ErrSignatureInvalid, alg: jwt.RS256, key: &rsa2048.PublicKey,
		tok: forgeJSON(`{"alg":"RS256","jwk":`+rsaJWK(&f.rsa1024.PublicKey)+`}`, okClaims, jwt.RS256, f.rsa1024)})

	// Rule 4: key strength.
	short := hmacSecret(16)
	add(refusalCase{name: "HS256 with a 16-byte secret", rule: rule4, want: jwt.ErrInvalidKey, key: short,
		tok: forgeJSON(hdrHS256, okClaims, jwt.HS256, short)})
	mid := hmacSecret(32)
	add(refusalCase{name: "HS512 with a 32-byte secret", rule: rule4, want: jwt.ErrInvalidKey, alg: jwt.HS512, key: mid,
		tok: forgeJSON(`{"alg":"HS512"}`, okClaims, jwt.HS512, mid)})
	one := []byte{'k'}
	add(refusalCase{name: "HS256 with a 1-byte secret", rule: rule4, want: jwt.ErrInvalidKey, key: one,
		tok: forgeJSON(hdrHS256, okClaims, jwt.HS256, one)})
	empty := []byte{}
	add(refusalCase{name: "HS256 with an empty secret", rule: rule4, want: jwt.ErrInvalidKey, key: empty,
		tok: forgeJSON(hdrHS256, okClaims, jwt.HS256, empty)})
	add(refusalCase{name: "RS256 with a 1024-bit key", rule: rule4, want: jwt.ErrInvalidKey, alg: jwt.RS256, key: &f.rsa1024.PublicKey,
		tok: forgeJSON(`{"alg":"RS256"}`, okClaims, jwt.RS256, f.rsa1024)})
	add(refusalCase{name: "PS256 with a 1024-bit key", rule: rule4, want: jwt.ErrInvalidKey, alg: jwt.PS256, key: &f.rsa1024.PublicKey,
		tok: forgeJSON(`{"alg":"PS256"}`, okClaims, jwt.PS256, f.rsa1024)})

	// Rule 5: signature encodings.
	add(refusalCase{name: "ES256 signature in ASN.1 DER", rule: rule5, want: jwt.ErrSignatureInvalid, alg: jwt.ES256, key: &ec256.PublicKey,
		tok: forge(seg(`{"alg":"ES256"}`), seg(okClaims), jwt.ES256, ec256, sigDER)})
	add(refusalCase{name: "ES256 r||s with r not left-padded (63 bytes)", rule: rule5, want: jwt.ErrSignatureInvalid, alg: jwt.ES256, key: &ec256.PublicKey,
		tok: forge(seg(`{"alg":"ES256"}`), seg(okClaims), jwt.ES256, ec256, sigECShortR)})
	add(refusalCase{name: "PS256 with the largest salt", rule: rule5, want: jwt.ErrSignatureInvalid, alg: jwt.PS256, key: &rsa2048.PublicKey,
		tok: forge(seg(`{"alg":"PS256"}`), seg(okClaims), jwt.PS256, rsa2048, sigPSSMax)})
	add(refusalCase{name: "PS256 with an empty salt", rule: rule5, want: jwt.ErrSignatureInvalid, alg: jwt.PS256, key: &rsa2048.PublicKey,
		tok: forge(seg(`{"alg":"PS256"}`), seg(okClaims), jwt.PS256, rsa2048, sigPSSZero)})
	add(refusalCase{name: "HS256 signature truncated to 16 bytes", rule: rule5, want: jwt.ErrSignatureInvalid,
		tok: parts[0] + "." + parts[1] + "." + b64.EncodeToString(mustDecode(parts[2])[:16])})

	// Rule 6: order of checks.
	expired := hsTok(hdrHS256, `{"sub":"u","exp":1}`)
	add(refusalCase{name: "bad signature on an expired token", rule: rule6, want: jwt.ErrSignatureInvalid, notWant: jwt.ErrTokenExpired,
		tok: expired[:strings.LastIndexByte(expired, '.')+1] + parts[2]})

	// Rule 7: the claims.
	add(refusalCase{name: "duplicate exp (expired first, future last)", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","exp":1,"exp":4102444800}`)})
	add(refusalCase{name: "duplicate sub", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"user","sub":"admin","exp":4102444800}`)})
	add(refusalCase{name: "duplicate member in a nested object", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","exp":4102444800,"x":{"role":"user","role":"admin"}}`)})
	add(refusalCase{name: "duplicate exp through an escape (exp, \\u0065xp)", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","exp":4102444800,"\u0065xp":1}`)})
	add(refusalCase{name: "look-alike Exp (expired) without exp", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","Exp":1}`)})
	add(refusalCase{name: "look-alike EXP (expired) beside exp", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","exp":4102444800,"EXP":1}`)})
	add(refusalCase{name: "look-alike ſub (U+017F) beside sub", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"user","ſub":"admin","exp":4102444800}`)})
	add(refusalCase{name: "look-alike AUD beside aud", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"aud":"api","AUD":"other","exp":4102444800}`)})
	add(refusalCase{name: "look-alike ROLE beside role (private claim)", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"role":"user","ROLE":"admin","exp":4102444800}`)})
	add(refusalCase{name: "look-alike Scope beside scope, nested", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"ctx":{"scope":"read","Scope":"write"},"exp":4102444800}`)})
	add(refusalCase{name: "lone high surrogate in a claim", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"\ud800","exp":4102444800}`)})
	add(refusalCase{name: "invalid UTF-8 in a claim", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, "{\"sub\":\"\xc3\x28\",\"exp\":4102444800}")})
	add(refusalCase{name: "invalid UTF-8 in a member name", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, "{\"\xff\":1,\"exp\":4102444800}")})
	add(refusalCase{name: "exp as a string", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","exp":"4102444800"}`)})
	add(refusalCase{name: "exp as a boolean", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","exp":true}`)})
	add(refusalCase{name: "exp null", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","exp":null}`)})
	add(refusalCase{name: "exp 1e300 (beyond time.Time)", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","exp":1e300}`)})
	add(refusalCase{name: "exp 9223372036854775807 (would wrap into the past)", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","exp":9223372036854775807}`)})
	add(refusalCase{name: "nbf -1e300", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","nbf":-1e300,"exp":4102444800}`)})
	add(refusalCase{name: "nbf 1e300 (beyond time.Time)", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","nbf":1e300,"exp":4102444800}`)})
	add(refusalCase{name: "iat a string", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","iat":"yesterday","exp":4102444800}`)})
	add(refusalCase{name: "private claim 1e400 (beyond float64)", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","x":1e400,"exp":4102444800}`)})
	add(refusalCase{name: "iss a number", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"iss":42,"exp":4102444800}`)})
	add(refusalCase{name: "sub an object", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":{"id":1},"exp":4102444800}`)})
	add(refusalCase{name: "jti a number", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"jti":7,"exp":4102444800}`)})
	add(refusalCase{name: "aud a number", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"aud":42,"exp":4102444800}`)})
	add(refusalCase{name: "aud array holding a number", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"aud":["api",1],"exp":4102444800}`)})
	add(refusalCase{name: "claims are an array", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `[{"sub":"u"}]`)})
	add(refusalCase{name: "trailing data after the claims object", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"sub":"u","exp":4102444800}{"sub":"admin"}`)})
	add(refusalCase{name: "NUL byte after the claims object", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, "{\"sub\":\"u\",\"exp\":4102444800}\x00")})
	add(refusalCase{name: "byte-order mark before the claims", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, "\xef\xbb\xbf"+okClaims)})
	add(refusalCase{name: "nesting 1000 deep", rule: rule7, want: jwt.ErrTokenMalformed,
		tok: hsTok(hdrHS256, `{"exp":4102444800,"x":`+strings.Repeat("[", 1000)+strings.Repeat("]", 1000)+`}`)})

	// Rule 8: time.
	add(refusalCase{name: "expired (exp 1)", rule: rule8, want: jwt.ErrTokenExpired, tok: expired})
	add(refusalCase{name: "exp 0 (the epoch)", rule: rule8, want: jwt.ErrTokenExpired, tok: hsTok(hdrHS256, `{"sub":"u","exp":0}`)})
	add(refusalCase{name: "exp 1e-400 (rounds to 0)", rule: rule8, want: jwt.ErrTokenExpired, tok: hsTok(hdrHS256, `{"sub":"u","exp":1e-400}`)})
	add(refusalCase{name: "exp 1.5 (fractional, past)", rule: rule8, want: jwt.ErrTokenExpired, tok: hsTok(hdrHS256, `{"sub":"u","exp":1.5}`)})
	add(refusalCase{name: "not yet valid (nbf 2100)", rule: rule8, want: jwt.ErrTokenNotValidYet,
		tok: hsTok(hdrHS256, `{"sub":"u","nbf":4102444800}`)})
	return cs
}

func mustSPKI(pub crypto.PublicKey) []byte {
	b, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		panic(err)
	}
	return b
}

func mustDecode(s string) []byte {
	b, err := b64.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// rsaJWK renders an RSA public key as a JWK (RFC 7518 section 6.3.1).
func rsaJWK(pub *rsa.PublicKey) string {
	e := big.NewInt(int64(pub.E)).Bytes()
	return `{"kty":"RSA","n":"` + b64.EncodeToString(pub.N.Bytes()) + `","e":"` + b64.EncodeToString(e) + `"}`
}

// highS replaces the s of an ES256 token's signature by n - s, which
// verifies just as well (ECDSA signatures are malleable).
func highS(tok string, k *ecdsa.PrivateKey) string {
	i := strings.LastIndexByte(tok, '.')
	sig := mustDecode(tok[i+1:])
	size := len(sig) / 2
	s := new(big.Int).SetBytes(sig[size:])
	s.Sub(k.Curve.Params().N, s)
	s.FillBytes(sig[size:])
	return tok[:i+1] + b64.EncodeToString(sig)
}
