// Package keyheader is the one seam through which a token's JOSE header
// carries its signer's public key: the "jwk" header parameter (RFC 7515
// section 4.1.3) of a DPoP proof (RFC 9449 section 4.2), written by package
// dpop's Signer. jwt.WithHeader("jwk", ...) stays refused for every caller
// (RFC 8725 section 3.10: a key carried by the token must not choose the
// verification key); this package is internal, so only code of this module
// can reach the seam, and only package dpop calls it. That is the go
// command's import path rule for internal/ directories (a package outside
// the tree rooted at this module's root cannot import it), not a runtime
// boundary: it keeps the seam out of other modules' API, and it is no
// defence against code in the same program that a caller chose to build
// (a fork, a replace directive, go:linkname). The seam itself refuses any
// token but a DPoP proof ("typ" "dpop+jwt", an asymmetric algorithm).
//
// Package jwt fills WithKeyHeader in its init: whoever imports this package
// imports jwt too (the value it returns is a jwt.Option), so it is always
// set for them.
package keyheader

// WithKeyHeader, set by package jwt, returns a jwt.Option (as any) for
// jwt.NewSigner that writes jwkJSON, a public JWK (RFC 7517 section 4), as
// the header's "jwk" member, right after "typ". The option is refused with
// jwt.ErrInvalidOption on the verify side, given twice, on a Signer whose
// "typ" is not exactly "dpop+jwt" (jwt.WithType(ProofType)) or whose
// algorithm is an HMAC one (RFC 9449 section 4.2), or when jwkJSON is
// not exactly one JSON object under the core's strict pass, or holds a
// private key member ("d", "p", "q", "dp", "dq", "qi", "oth", "k", "priv":
// RFC 7518 section 6, RFC 8037 section 2, RFC 9964 section 2). jwkJSON is
// copied.
var WithKeyHeader func(jwkJSON []byte) any
