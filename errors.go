package jwt

import (
	"errors"
	"fmt"

	"github.com/jotlib/jwt/internal/sentinel"
)

// Sentinel errors, matched with errors.Is. A token that fails several claim
// rules reports each one (errors.Join). When the signature verified and a
// rule after it failed, the error is a *ValidationError holding the token.
// Every error of this module's packages matches one of these; each is made
// once (in internal/sentinel, so that the packages jwt imports reach them
// too).
var (
	// ErrTokenMalformed: the token is not a well-formed compact JWS (RFC 7515
	// section 7.1), or its header or claims break a JSON or type rule (RFC
	// 7519 section 7.2).
	ErrTokenMalformed error = sentinel.TokenMalformed
	// ErrSignatureInvalid: the signature does not verify (RFC 7515 section
	// 5.2). It is never reported together with a claims error.
	ErrSignatureInvalid error = sentinel.SignatureInvalid
	// ErrAlgorithmNotAllowed: "alg" is unknown, "none", outside
	// WithAlgorithms, or does not fit the key's type (RFC 8725 section 3.1).
	ErrAlgorithmNotAllowed error = sentinel.AlgorithmNotAllowed
	// ErrInvalidKey: the key is nil, of an unsupported type, too weak (RFC
	// 7518 sections 3.2, 3.3 and 3.5), or unfit for the operation; or a
	// KeyFunc found no key.
	ErrInvalidKey error = sentinel.InvalidKey
	// ErrSigningFailed: a crypto.Signer (KMS, HSM) failed or returned a
	// malformed signature.
	ErrSigningFailed error = sentinel.SigningFailed
	// ErrTokenInvalidClaims: the signature verified but a claim rule failed
	// (RFC 7519 section 7.2): every claim-rule sentinel below matches it, and
	// so do the errors of a claims type's Validate method and of
	// WithValidator, which also wrap the caller's error.
	ErrTokenInvalidClaims error = sentinel.TokenInvalidClaims
	// ErrTokenExpired: now is on or after "exp" plus the leeway (RFC 7519
	// section 4.1.4), or "iat" is older than WithMaxAge. The message says
	// by how much.
	ErrTokenExpired error = sentinel.TokenExpired
	// ErrTokenNotValidYet: now is before "nbf" minus the leeway (RFC 7519
	// section 4.1.5).
	ErrTokenNotValidYet error = sentinel.TokenNotValidYet
	// ErrTokenUsedBeforeIssued: with WithIssuedAt or WithMaxAge, "iat" is
	// after now plus the leeway (RFC 7519 section 4.1.6).
	ErrTokenUsedBeforeIssued error = sentinel.TokenUsedBeforeIssued
	// ErrInvalidAudience: "aud" names none of WithAudience's audiences, or
	// not all of WithAllAudiences' (RFC 7519 section 4.1.3). When "aud" is
	// absent, the error also matches ErrMissingClaim.
	ErrInvalidAudience error = sentinel.InvalidAudience
	// ErrInvalidIssuer: "iss" is not the issuer from WithIssuer (RFC 7519
	// section 4.1.1); when absent, also ErrMissingClaim.
	ErrInvalidIssuer error = sentinel.InvalidIssuer
	// ErrInvalidSubject: "sub" is not the subject from WithSubject (RFC 7519
	// section 4.1.2); when absent, also ErrMissingClaim.
	ErrInvalidSubject error = sentinel.InvalidSubject
	// ErrMissingClaim: a claim required by WithExpirationRequired,
	// WithNotBeforeRequired, WithMaxAge or WithRequiredClaims, or expected by
	// WithAudience, WithIssuer or WithSubject, is absent (RFC 7519 section
	// 4.1).
	ErrMissingClaim error = sentinel.MissingClaim
	// ErrInvalidType: the header's "typ" is not the type from WithType
	// (RFC 7515 section 4.1.9; RFC 8725 section 3.11). A header rule: it
	// does not match ErrTokenInvalidClaims.
	ErrInvalidType error = sentinel.InvalidType
	// ErrTokenTooLarge: the token is longer than the size cap; it also
	// matches ErrTokenMalformed.
	ErrTokenTooLarge error = sentinel.TokenTooLarge
	// ErrInvalidOption: an option was given an unusable value.
	ErrInvalidOption error = sentinel.InvalidOption
	// ErrEncoding: the Encoder failed to marshal the claims or to decode them
	// into the caller's value.
	ErrEncoding error = sentinel.Encoding
)

// malformed wraps ErrTokenMalformed with a reason.
func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrTokenMalformed}, args...)...)
}

func isMalformed(err error) bool { return errors.Is(err, ErrTokenMalformed) }
