// Package keyheader is the one seam through which a token's JOSE header
// carries its signer's public key: the "jwk" header parameter (RFC 7515
// section 4.1.3) of a DPoP proof (RFC 9449 section 4.2), written by package
// dpop's Signer. jwt.WithHeader("jwk", ...) stays refused for every caller
// (RFC 8725 section 3.10: a key carried by the token must not choose the
// verification key); this package is internal, so only code of this module
// can reach the seam, and only package dpop calls it.
//
// Package jwt fills WithKeyHeader in its init: whoever imports this package
// imports jwt too (the value it returns is a jwt.Option), so it is always
// set for them.
package keyheader

// WithKeyHeader, set by package jwt, returns a jwt.Option (as any) for
// jwt.NewSigner that writes jwkJSON, a public JWK (RFC 7517 section 4), as
// the header's "jwk" member, right after "typ". The option is refused with
// jwt.ErrInvalidOption on the verify side, given twice, or when jwkJSON is
// not exactly one JSON object under the core's strict pass, or holds a
// private key member ("d", "p", "q", "dp", "dq", "qi", "oth", "k", "priv":
// RFC 7518 section 6, RFC 8037 section 2, RFC 9964 section 2). jwkJSON is
// copied.
var WithKeyHeader func(jwkJSON []byte) any
