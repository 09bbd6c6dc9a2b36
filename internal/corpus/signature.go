package corpus

import (
	"crypto/rsa"
	"math/big"
	"strings"

	"github.com/jotlib/jwt"
)

// edOrder is the order L of the Ed25519 group, little-endian as in
// signatures (RFC 8032 5.1).
var edOrder = func() []byte {
	l, _ := new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
	be := l.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		be[i], be[j] = be[j], be[i]
	}
	return be
}()

// addLE adds two little-endian 32-byte integers, modulo 2^256.
func addLE(a, b []byte) []byte {
	out := make([]byte, 32)
	carry := 0
	for i := 0; i < 32; i++ {
		v := int(a[i]) + int(b[i]) + carry
		out[i], carry = byte(v), v>>8
	}
	return out
}

// Rule 5: signatures. ES* raw R||S of exact size (DER refused); PS* salt
// equal to the hash size; HMAC compared whole.
func signatureCases(b *builder) {
	k := b.k
	si := jwt.ErrSignatureInvalid
	withSig := func(alg string, sig []byte) string {
		return assemble(hdr(alg), stdPayload, constSig(sig))
	}
	bad := func(name, alg string, sig []byte) {
		b.bad("sig/"+name, withSig(alg, sig), k.verifyKey(alg), si, fixed())
	}
	input := b64(hdr("ES256")) + "." + b64(stdPayload)
	es256 := k.signer("ES256")(input)

	bad("ES256-der-signature", "ES256", ecSignDER(k.P256, hashOf("ES256"), input))
	bad("ES256-63-bytes", "ES256", es256[1:])
	bad("ES256-65-bytes", "ES256", append([]byte{0}, es256...))
	bad("ES256-zero-r-and-s-psychic-signature", "ES256", make([]byte, 64))
	bad("ES384-zero-r-and-s-psychic-signature", "ES384", make([]byte, 96))
	bad("ES512-zero-r-and-s-psychic-signature", "ES512", make([]byte, 132))
	n := k.P256.Curve.Params().N
	bad("ES256-r-and-s-equal-order", "ES256", rawRS(n, n, 32))
	bad("ES256-s-zero", "ES256", append(append([]byte{}, es256[:32]...), make([]byte, 32)...))
	bad("ES256-r-s-swapped", "ES256", append(append([]byte{}, es256[32:]...), es256[:32]...))
	bad("ES256-signature-of-ES384-size", "ES256", k.signer("ES384")(input))

	hsInput := b64(hdr("HS256")) + "." + b64(stdPayload)
	mac := k.signer("HS256")(hsInput)
	bad("HS256-truncated-16-bytes", "HS256", mac[:16])
	bad("HS256-truncated-31-bytes", "HS256", mac[:31])
	bad("HS256-one-extra-byte", "HS256", append(append([]byte{}, mac...), 0))
	bad("HS256-zero-signature", "HS256", make([]byte, 32))
	bad("HS256-one-byte", "HS256", mac[:1])
	bad("HS256-last-bit-flipped", "HS256", append(append([]byte{}, mac[:31]...), mac[31]^1))
	bad("HS256-signature-with-attacker-secret", "HS256", hmacSigner(hashOf("HS256"), k.AttackerHMAC)(hsInput))

	rsInput := b64(hdr("RS256")) + "." + b64(stdPayload)
	rs := k.signer("RS256")(rsInput)
	bad("RS256-zero-signature", "RS256", make([]byte, 256))
	bad("RS256-truncated", "RS256", rs[:255])
	bad("RS256-one-byte", "RS256", []byte{1})
	bad("RS256-modulus-as-signature", "RS256", k.RSA.N.Bytes())

	psInput := b64(hdr("PS256")) + "." + b64(stdPayload)
	bad("PS256-salt-length-zero", "PS256", pssSigner(k.RSA, hashOf("PS256"), 0)(psInput))
	bad("PS256-salt-length-maximum", "PS256", pssSigner(k.RSA, hashOf("PS256"), (k.RSA.N.BitLen()+6)/8-32-2)(psInput))
	bad("PS384-salt-length-zero", "PS384", pssSigner(k.RSA, hashOf("PS384"), 0)(b64(hdr("PS384"))+"."+b64(stdPayload)))
	bad("PS512-salt-length-32", "PS512", pssSigner(k.RSA, hashOf("PS512"), 32)(b64(hdr("PS512"))+"."+b64(stdPayload)))
	bad("PS256-pkcs1v15-signature", "PS256", rsaSigner(k.RSA, hashOf("PS256"))(psInput))
	bad("RS256-pss-signature", "RS256", pssSigner(k.RSA, hashOf("RS256"), rsa.PSSSaltLengthEqualsHash)(rsInput))

	edInput := b64(hdr("EdDSA")) + "." + b64(stdPayload)
	ed := k.signer("EdDSA")(edInput)
	bad("EdDSA-zero-signature", "EdDSA", make([]byte, 64))
	bad("EdDSA-truncated", "EdDSA", ed[:63])
	bad("EdDSA-non-canonical-s-plus-order", "EdDSA", append(append([]byte{}, ed[:32]...), addLE(ed[32:], edOrder)...))
	bad("Ed25519-signature-of-EdDSA-header", "Ed25519", ed)

	// The signature of another token, or of this token with another header.
	for _, alg := range []string{"HS256", "RS256", "ES256", "EdDSA"} {
		other := k.token(alg, hdr(alg), strings.Replace(stdPayload, `"user-1"`, `"admin"`, 1))
		_, _, otherSig := split3(other)
		h, p, _ := split3(k.token(alg, hdr(alg), stdPayload))
		b.bad("sig/"+alg+"-signature-of-another-token", h+"."+p+"."+otherSig, k.verifyKey(alg), si, fixed())
	}
	_, p, s := split3(b.hs(hdr("HS256"), stdPayload))
	b.bad("sig/HS256-signature-kept-header-changed", b64(`{"alg":"HS256","typ":"JWT","kid":"x"}`)+"."+p+"."+s, k.HS256, si, fixed())
	b.bad("sig/signature-segment-longer-than-any-key", b64(hdr("HS256"))+"."+p+"."+strings.Repeat("A", 4096), k.HS256, si, fixed())
}

// Rule 6: the signature is checked before the claims; when it fails, the
// only error is ErrSignatureInvalid (CVE-2024-51744).
func orderCases(b *builder) {
	k := b.k
	forged := func(payload string) string {
		return assemble(hdr("HS256"), payload, hmacSigner(hashOf("HS256"), k.AttackerHMAC))
	}
	si := jwt.ErrSignatureInvalid
	b.bad("order/bad-signature-and-expired", forged(`{"exp":1}`), k.HS256, si, fixed())
	b.bad("order/bad-signature-and-not-yet-valid", forged(`{"nbf":4102444800}`), k.HS256, si, fixed())
	b.bad("order/bad-signature-and-expired-and-not-yet-valid", forged(`{"exp":1,"nbf":4102444800}`), k.HS256, si, fixed())
	b.bad("order/bad-signature-and-wrong-audience", forged(`{"aud":"other"}`), k.HS256, si, fixed(), jwt.WithAudience("api"))
	b.bad("order/bad-signature-and-wrong-issuer", forged(`{"iss":"evil"}`), k.HS256, si, fixed(), jwt.WithIssuer("https://issuer.example"))
	b.bad("order/bad-signature-and-wrong-subject", forged(`{"sub":"evil"}`), k.HS256, si, fixed(), jwt.WithSubject("user-1"))
	b.bad("order/bad-signature-and-missing-exp", forged(`{}`), k.HS256, si, fixed(), jwt.WithExpirationRequired())
	b.bad("order/bad-signature-and-wrong-type", forged(`{}`), k.HS256, si, fixed(), jwt.WithType("at+jwt"))
	b.bad("order/bad-signature-and-duplicate-exp", forged(`{"exp":4102444800,"exp":1}`), k.HS256, si, fixed())
	b.bad("order/bad-signature-and-exp-string", forged(`{"exp":"never"}`), k.HS256, si, fixed())
	b.bad("order/bad-signature-and-huge-nbf", forged(`{"nbf":1e300}`), k.HS256, si, fixed())
	b.bad("order/bad-signature-and-claims-not-json", forged(`not json`), k.HS256, si, fixed())
	b.bad("order/bad-signature-and-claims-array", forged(`[]`), k.HS256, si, fixed())
	b.bad("order/bad-signature-and-lookalike-claim", forged(`{"Exp":1}`), k.HS256, si, fixed())
	b.bad("order/bad-signature-and-invalid-utf8", forged("{\"sub\":\"\xff\"}"), k.HS256, si, fixed())
	// Rule 1 before rule 6: every segment must be canonical base64url before
	// any cryptography runs, so an undecodable payload is malformed even
	// when the signature is bad too.
	undecodable := b64(hdr("HS256")) + ".A"
	b.bad("order/bad-signature-and-undecodable-payload", undecodable+"."+b64b(hmacSigner(hashOf("HS256"), k.AttackerHMAC)(undecodable)), k.HS256, jwt.ErrTokenMalformed, fixed())
	// Checks before the signature win over it.
	b.bad("order/alg-none-and-expired", b64(`{"alg":"none"}`)+"."+b64(`{"exp":1}`)+".", k.HS256, jwt.ErrAlgorithmNotAllowed, fixed())
	b.bad("order/wrong-family-and-bad-signature", assemble(hdr("RS256"), `{"exp":1}`, constSig([]byte{1, 2, 3})), k.HS256, jwt.ErrAlgorithmNotAllowed, fixed())
	b.bad("order/weak-key-and-bad-signature", forged(`{"exp":1}`), k.HS256[:20], jwt.ErrInvalidKey, fixed())
	b.bad("order/malformed-header-and-bad-signature", assemble(`{"alg":"HS256","alg":"HS256"}`, `{"exp":1}`, constSig([]byte{1})), k.HS256, jwt.ErrTokenMalformed, fixed())
}
