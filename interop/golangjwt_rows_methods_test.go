package interop

import (
	"crypto/rsa"
	"fmt"
	"strings"
	"time"

	gjwt "github.com/golang-jwt/jwt/v5"

	"github.com/jotlib/jwt"
)

// methodRows ports the verification tables of golang-jwt's per-algorithm
// tests: rsa_test.go, rsa_pss_test.go (with TestRSAPSSSaltLengthCompatibility),
// hmac_test.go, ecdsa_test.go, ed25519_test.go and none_test.go. golang-jwt
// calls a SigningMethod's Verify; here the whole token goes through its
// parser (or, for the salt-length cases, the method it builds) and ours.
// Their "invalid" tokens carry the signature of other claims, or one
// character changed; here the signature of {"foo":"bar"} with the payload
// {"foo":"baz"}.
func methodRows(f *gjFix) []gjCase {
	fooBar := map[string]any{"foo": "bar"}
	var rows []gjCase
	sigRows := func(file string, algs ...jwt.Algorithm) {
		for _, alg := range algs {
			rows = append(rows, gjCase{src: file + ": Basic " + string(alg), name: "method: " + string(alg),
				claims: fooBar, alg: alg,
				gj: validMethods(alg), ours: ourAlgorithms(alg)})
		}
		alg := algs[0]
		rows = append(rows, gjCase{src: file + ": basic " + string(alg) + " invalid", name: "method: " + string(alg) + ", signature of other claims",
			tok: func(f *gjFix) string { return swapPayload(f.token(alg, fooBar), `{"foo":"baz"}`) }, alg: alg,
			gj: validMethods(alg), ours: ourAlgorithms(alg),
			gjWant: gjwt.ErrTokenSignatureInvalid, ourWant: jwt.ErrSignatureInvalid})
	}
	sigRows("rsa_test.go", jwt.RS256, jwt.RS384, jwt.RS512)
	sigRows("rsa_pss_test.go", jwt.PS256, jwt.PS384, jwt.PS512)

	// hmac_test.go: RFC 7515 A.1's header and claims (CR LF and spaces
	// between members, "exp" in 2011): both parsers are given a clock
	// before it.
	const (
		a1Header = "{\"typ\":\"JWT\",\r\n \"alg\":\"HS256\"}"
		a1Claims = "{\"iss\":\"joe\",\r\n \"exp\":1300819380,\r\n \"http://example.com/is_root\":true}"
		a1Exp    = 1300819380
	)
	a1Clock := func() time.Time { return time.Unix(a1Exp-60, 0) }
	hs := func(alg jwt.Algorithm, header string) func(f *gjFix) string {
		return func(f *gjFix) string { return forge(seg(header), seg(a1Claims), alg, f.hmac, sigStandard) }
	}
	hmacRow := func(name, ourName string, alg jwt.Algorithm, tok func(*gjFix) string, gjWant, ourWant error) gjCase {
		return gjCase{src: "hmac_test.go: " + name, name: "method: " + ourName, tok: tok, alg: alg,
			gj: func(*gjFix) []gjwt.ParserOption {
				return []gjwt.ParserOption{gjwt.WithValidMethods([]string{string(alg)}), gjwt.WithTimeFunc(a1Clock)}
			},
			ours: func(*gjFix) []jwt.Option {
				return []jwt.Option{jwt.WithAlgorithms(alg), jwt.WithTimeFunc(a1Clock)}
			},
			gjWant: gjWant, ourWant: ourWant}
	}
	rows = append(rows,
		hmacRow("web sample", "HS256, RFC 7515 A.1 header and claims (CR LF between members)", jwt.HS256, hs(jwt.HS256, a1Header), accepted, accepted),
		hmacRow("HS384", "HS384", jwt.HS384, hs(jwt.HS384, `{"alg":"HS384","typ":"JWT"}`), accepted, accepted),
		hmacRow("HS512", "HS512", jwt.HS512, hs(jwt.HS512, `{"alg":"HS512","typ":"JWT"}`), accepted, accepted),
		hmacRow("web sample: invalid", "HS256, signature changed", jwt.HS256,
			func(f *gjFix) string { return flipLastSigChar(hs(jwt.HS256, a1Header)(f)) },
			gjwt.ErrTokenSignatureInvalid, jwt.ErrSignatureInvalid),
	)

	// ecdsa_test.go: its invalid token is an ASN.1 DER signature.
	for _, alg := range []jwt.Algorithm{jwt.ES256, jwt.ES384, jwt.ES512} {
		rows = append(rows, gjCase{src: "ecdsa_test.go: Basic " + string(alg), name: "method: " + string(alg),
			claims: fooBar, alg: alg, gj: validMethods(alg), ours: ourAlgorithms(alg)})
	}
	rows = append(rows, gjCase{src: "ecdsa_test.go: basic ES256 invalid: foo => bar", name: "method: ES256, signature in ASN.1 DER",
		tok: func(f *gjFix) string {
			return forge(seg(`{"alg":"ES256","typ":"JWT"}`), seg(`{"foo":"bar"}`), jwt.ES256, f.ec.private, sigDER)
		}, alg: jwt.ES256, gj: validMethods(jwt.ES256), ours: ourAlgorithms(jwt.ES256),
		gjWant: gjwt.ErrTokenSignatureInvalid, ourWant: jwt.ErrSignatureInvalid})

	// ed25519_test.go: its tokens say "ED25519", which its parser does not
	// know either (its test calls the method directly); the header here is
	// "EdDSA".
	rows = append(rows,
		gjCase{src: "ed25519_test.go: Basic Ed25519", name: "method: EdDSA", claims: fooBar, alg: jwt.EdDSA,
			gj: validMethods(jwt.EdDSA), ours: ourAlgorithms(jwt.EdDSA)},
		gjCase{src: "ed25519_test.go: Basic Ed25519 (foo => baz)", name: "method: EdDSA, signature of other claims",
			tok: func(f *gjFix) string { return swapPayload(f.token(jwt.EdDSA, fooBar), `{"foo":"baz"}`) }, alg: jwt.EdDSA,
			gj: validMethods(jwt.EdDSA), ours: ourAlgorithms(jwt.EdDSA),
			gjWant: gjwt.ErrTokenSignatureInvalid, ourWant: jwt.ErrSignatureInvalid},
	)

	rows = append(rows, pssSaltRows()...)
	rows = append(rows, noneRows()...)
	return rows
}

func validMethods(alg jwt.Algorithm) func(*gjFix) []gjwt.ParserOption {
	return func(*gjFix) []gjwt.ParserOption {
		return []gjwt.ParserOption{gjwt.WithValidMethods([]string{string(alg)})}
	}
}

func ourAlgorithms(alg jwt.Algorithm) func(*gjFix) []jwt.Option {
	return func(*gjFix) []jwt.Option { return []jwt.Option{jwt.WithAlgorithms(alg)} }
}

// pssSaltRows ports TestRSAPSSSaltLengthCompatibility (5 checks):
// golang-jwt's SigningMethodPS256 signs with the salt length of the hash
// and verifies any (rsa.PSSSaltLengthAuto); a method built with
// PSSSaltLengthEqualsHash verifies that length only, as we always do.
func pssSaltRows() []gjCase {
	src := "rsa_pss_test.go TestRSAPSSSaltLengthCompatibility: "
	claims := map[string]any{"iss": "example", "iat": time.Now().Unix()}
	hashSalt := &gjwt.SigningMethodRSAPSS{SigningMethodRSA: gjwt.SigningMethodPS256.SigningMethodRSA,
		Options: &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash}}
	autoSalt := &gjwt.SigningMethodRSAPSS{SigningMethodRSA: gjwt.SigningMethodPS256.SigningMethodRSA,
		Options: &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthAuto}}
	// withMethod verifies a token with one golang-jwt method, as its test's
	// verify helper does, its error wrapped as its parser wraps it.
	withMethod := func(m gjwt.SigningMethod) func(f *gjFix, tok string) (any, error) {
		return func(f *gjFix, tok string) (any, error) {
			i := strings.LastIndexByte(tok, '.')
			sig, err := b64.DecodeString(tok[i+1:])
			if err != nil {
				return nil, fmt.Errorf("%w: %w", gjwt.ErrTokenMalformed, err)
			}
			if err := m.Verify(tok[:i], sig, f.rsa.public); err != nil {
				return nil, fmt.Errorf("%w: %w", gjwt.ErrTokenSignatureInvalid, err)
			}
			return nil, nil
		}
	}
	ourSigned := func(f *gjFix) string {
		tok, err := jwt.Sign(jwt.PS256, claims, f.rsa.private)
		if err != nil {
			panic(err)
		}
		return tok
	}
	maxSalt := func(f *gjFix) string {
		return forge(seg(`{"alg":"PS256","typ":"JWT"}`), seg(`{"iss":"example"}`), jwt.PS256, f.rsa.private, sigPSSMax)
	}
	return []gjCase{
		{src: src + "SigningMethodPS256 should accept salt length that is defined in RFC", name: "PSS: PS256 verifies salt = hash length",
			claims: claims, alg: jwt.PS256, gj: validMethods(jwt.PS256)},
		{src: src + "Sign by SigningMethodPS256 should have salt length that is defined in RFC", name: "PSS: our PS256 token verifies with golang-jwt's salt = hash length method",
			tok: ourSigned, alg: jwt.PS256, gjCheck: withMethod(hashSalt), noClaimsCompare: true},
		{src: src + "SigningMethodPS256 should accept auto salt length to be compatible with previous versions", name: "PSS: PS256 with the largest salt",
			tok: maxSalt, alg: jwt.PS256, gj: validMethods(jwt.PS256), refused: refusedPSSSalt},
		{src: src + "Sign by SigningMethodPS256 should be accepted by previous versions", name: "PSS: our PS256 token verifies with golang-jwt's auto salt method",
			tok: ourSigned, alg: jwt.PS256, gjCheck: withMethod(autoSalt), noClaimsCompare: true},
		{src: src + "Auto salt length should be not accepted, when RFC salt length is required", name: "PSS: the largest salt, salt = hash length required",
			tok: maxSalt, alg: jwt.PS256, gjCheck: withMethod(hashSalt),
			gjWant: gjwt.ErrTokenSignatureInvalid, ourWant: jwt.ErrSignatureInvalid},
	}
}

// noneRows ports none_test.go's verification table: golang-jwt accepts
// "none" when the keyfunc returns UnsafeAllowNoneSignatureType; we never do.
func noneRows() []gjCase {
	none := func(sig string) func(*gjFix) string {
		return func(*gjFix) string { return seg(`{"alg":"none","typ":"JWT"}`) + "." + seg(`{"foo":"bar"}`) + "." + sig }
	}
	return []gjCase{
		{src: "none_test.go: Basic", name: "none: alg none, UnsafeAllowNoneSignatureType",
			tok: none(""), keys: keyNoneOrDefault, refused: refusedNone},
		{src: "none_test.go: Basic - no key", name: "none: alg none, no key",
			tok: none(""), keys: keyNilKey,
			gjWant: gjwt.ErrTokenSignatureInvalid, ourWant: jwt.ErrAlgorithmNotAllowed},
		{src: "none_test.go: Signed", name: "none: alg none with a signature, UnsafeAllowNoneSignatureType",
			tok: none(seg("signature")), keys: keyNoneOrDefault,
			gjWant: gjwt.ErrTokenUnverifiable, ourWant: jwt.ErrAlgorithmNotAllowed},
	}
}

// splitRows ports jwt_test.go TestSplitToken (9 cases) through both
// parsers: golang-jwt's internal split accepts three parts, empty or not;
// every one of these strings is then refused as malformed by both.
func splitRows(f *gjFix) []gjCase {
	var rows []gjCase
	for _, c := range []struct{ name, tok string }{
		{"valid token with three parts", "header.claims.signature"},
		{"invalid token with two parts only", "header.claims"},
		{"invalid token with one part only", "header"},
		{"invalid token with extra delimiter", "header.claims.signature.extra"},
		{"invalid empty token", ""},
		{"valid token with empty parts", "..signature"},
		{"valid token with all parts empty", ".."},
		{"invalid token with just delimiters and extra part", "..."},
		{"invalid token with many delimiters", "header.claims.signature.................."},
	} {
		tok := c.tok
		rows = append(rows, gjCase{src: "jwt_test.go TestSplitToken: " + c.name, name: "split: " + c.name,
			tok: func(*gjFix) string { return tok }, keys: keyRSA,
			gjWant: gjwt.ErrTokenMalformed, ourWant: jwt.ErrTokenMalformed})
	}
	return rows
}

// swapPayload replaces a token's claims, keeping its header and signature.
func swapPayload(tok, claims string) string {
	p := strings.Split(tok, ".")
	return p[0] + "." + seg(claims) + "." + p[2]
}

// flipLastSigChar changes a token's signature, as golang-jwt's "invalid"
// HMAC case does by changing its last character: here a bit of its last
// byte, re-encoded canonically.
func flipLastSigChar(tok string) string {
	i := strings.LastIndexByte(tok, '.')
	sig, err := b64.DecodeString(tok[i+1:])
	if err != nil {
		panic(err)
	}
	sig[len(sig)-1] ^= 0x01
	return tok[:i+1] + b64.EncodeToString(sig)
}
