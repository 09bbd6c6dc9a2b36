package sdjwt

import (
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
)

// Sentinel errors of the package, matched with errors.Is. Each also matches
// one of the jwt package's sentinels.
var (
	// ErrUnsupportedHashAlg: the "_sd_alg" hash algorithm (RFC 9901
	// section 4.1.1) is not one this package implements. It matches
	// jwt.ErrTokenMalformed; given to WithHashAlg the error also matches
	// jwt.ErrInvalidOption.
	ErrUnsupportedHashAlg error = sentinel.New("sdjwt: unsupported _sd_alg hash algorithm", jwt.ErrTokenMalformed)
	// ErrInvalidDisclosure: a Disclosure is not strict unpadded base64url
	// of a strict JSON array of 3 (salt, name, value) or 2 (salt, value)
	// elements (RFC 9901 section 4.2.1 and 4.2.2). It matches
	// jwt.ErrTokenMalformed.
	ErrInvalidDisclosure error = sentinel.New("sdjwt: invalid disclosure", jwt.ErrTokenMalformed)
	// ErrInvalidFormat: the input is not an SD-JWT or SD-JWT+KB in the
	// compact serialization (RFC 9901 section 4 and 5). It matches
	// jwt.ErrTokenMalformed; an input over the size cap also matches
	// jwt.ErrTokenTooLarge.
	ErrInvalidFormat error = sentinel.New("sdjwt: invalid SD-JWT format", jwt.ErrTokenMalformed)
	// ErrInvalidPayload: a payload description given to Issuer.Issue
	// cannot be issued (RFC 9901 section 4.1 and 4.2): a claim named "_sd"
	// or "...", "_sd_alg" set by the caller, a registered claim the
	// verifier must trust from the issuer made selectively disclosable, an
	// SD marker outside an Object or Array, a value that does not encode as
	// JSON, or a digest written twice (with ErrDigestRepeated: RFC 9901
	// section 7.1 step 4). It matches jwt.ErrTokenMalformed.
	ErrInvalidPayload error = sentinel.New("sdjwt: payload cannot be issued", jwt.ErrTokenMalformed)
)
