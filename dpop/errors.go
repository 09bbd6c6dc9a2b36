package dpop

import (
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/replay"
)

// ErrInvalidProof reports a DPoP proof that fails a check of RFC 9449
// section 4.3 (error code "invalid_dpop_proof", sections 5 and 7.1). It is
// wrapped with the jwt sentinel saying why where there is one
// (jwt.ErrTokenMalformed, jwt.ErrInvalidType, jwt.ErrAlgorithmNotAllowed,
// jwt.ErrSignatureInvalid, jwt.ErrMissingClaim, ...).
var ErrInvalidProof error = sentinel.New("dpop: invalid_dpop_proof")

// ErrUseNonce reports a proof without the nonce the server requires, or
// with one that is not current (error code "use_dpop_nonce", RFC 9449
// sections 8 and 9): the client retries with the DPoP-Nonce the server
// answers with. It does not match ErrInvalidProof.
var ErrUseNonce error = sentinel.New("dpop: use_dpop_nonce")

// ErrReplayed reports a proof whose "jti" was used before (RFC 9449
// section 11.1). It matches ErrInvalidProof and replay.ErrReplayed.
var ErrReplayed error = sentinel.New("dpop: proof replayed", ErrInvalidProof, replay.ErrReplayed)

// ErrBindingMismatch reports an access token bound to another key than the
// proof's: its "cnf" "jkt" is not the proof key's thumbprint (RFC 9449
// sections 6.1 and 7.1; the error code is "invalid_token").
var ErrBindingMismatch error = sentinel.New("dpop: the access token is bound to another key")

// ErrNotBound reports an access token presented with the DPoP scheme that
// carries no "cnf" "jkt" (RFC 9449 section 7.1; "invalid_token").
var ErrNotBound error = sentinel.New("dpop: the access token is not bound to a key")

// ErrUnsupportedBinding reports an access token whose "cnf" binds it by
// a confirmation method other than "jkt" ("x5t#S256" of mutual TLS, RFC
// 8705 section 3; "jwk", "jwe", "jku", "kid" of RFC 7800 section 3) and
// carries no "jkt": bound to a key this library does not check, it is
// never accepted as a bearer token ("invalid_token"). It matches
// jwt.ErrTokenInvalidClaims.
var ErrUnsupportedBinding error = sentinel.New("dpop: the access token is bound by a confirmation method other than jkt", jwt.ErrTokenInvalidClaims)

// ErrNotJWT reports an access token that is not a compact JWS (an opaque
// token, a JWE): BoundKey has no claims to read (RFC 9449 section 7.2).
// jwthttp and jwtgrpc take such a bearer token as unbound, its VerifyFunc
// answering for it, and refuse it with the DPoP scheme as ErrNotBound
// (DPoP needs a JWT access token carrying "cnf" "jkt"). It matches no jwt
// sentinel.
var ErrNotJWT error = sentinel.New("dpop: the access token is not a JWT")

// ErrBoundTokenAsBearer reports a DPoP-bound access token presented as a
// bearer token (RFC 9449 section 7.2; "invalid_token").
var ErrBoundTokenAsBearer error = sentinel.New("dpop: a DPoP-bound access token presented as a bearer token")

// ErrInvalidConfig reports a Config, Signer or nonce source no request
// could pass with; it matches jwt.ErrInvalidOption.
var ErrInvalidConfig error = sentinel.New("dpop: invalid configuration", jwt.ErrInvalidOption)

// ErrNoProof reports a request without a DPoP header field (RFC 9449
// section 7.1). It matches ErrInvalidProof, so that the challenge is
// "invalid_dpop_proof"; a middleware that also takes bearer tokens tells
// it apart to answer with both challenges.
var ErrNoProof error = sentinel.New("dpop: no DPoP proof in the request", ErrInvalidProof)
