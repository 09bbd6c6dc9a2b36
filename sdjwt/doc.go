// Package sdjwt implements Selective Disclosure for JWTs (SD-JWT, RFC 9901):
// issuance of an issuer-signed JWT whose claims are replaced by digests of
// Disclosures (section 4), the compact `<JWT>~<D1>~...~<Dn>~[<KB-JWT>]`
// serialization (section 5), holder presentation with an optional Key
// Binding JWT (sections 4.3 and 7), and verification (section 7).
//
// The issuer JWT is signed by a *jwt.Signer and verified by a *jwt.Verifier,
// so every algorithm of the core is available (ML-DSA with Go 1.27 or
// later). Every Disclosure is decoded with strict unpadded base64url and
// checked with the core's strict JSON pass (no duplicate names, valid UTF-8,
// no case-folded look-alikes), and digests are always computed over the
// exact base64url bytes received (RFC 9901 section 4.2.3): an input on which
// two JSON parsers could disagree is refused rather than interpreted.
//
// Issuance: NewIssuer over a *jwt.Signer, then Issue of a payload
// description, an Object whose values wrapped with SD become Disclosures
// (object properties, array elements, recursively). The issued SD-JWT
// always names its hash algorithm ("_sd_alg"), sorts each "_sd" array,
// draws 128-bit salts from crypto/rand, and refuses to make the claims a
// verifier must trust from the issuer ("iss", "aud", "exp", "nbf", "iat",
// "cnf") selectively disclosable (section 9.7).
//
// Only the compact serialization is implemented; the JWS JSON
// Serialization of section 8 is not.
//
// Stricter than some peers: a Disclosure whose JSON a lenient parser would
// accept (duplicate member names, invalid UTF-8, lone surrogates, padding
// or non-canonical base64url) is refused with ErrInvalidDisclosure.
package sdjwt
