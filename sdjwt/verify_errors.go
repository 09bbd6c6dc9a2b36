package sdjwt

import (
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
)

// Sentinel errors of processing, presentation and verification (RFC 9901
// sections 7.1, 7.2 and 7.3), matched with errors.Is. Each also matches one
// of the jwt package's sentinels.
var (
	// ErrInvalidSDPayload: the issuer-signed payload or a disclosed value
	// breaks a rule of RFC 9901 section 4.1 or 4.2.4: an "_sd" that is not
	// an array of strings, an array element {"...": d} with another member
	// or a non-string digest, a "..." member elsewhere, an "_sd_alg" below
	// the top level, or a payload that is not a JSON object. It matches
	// jwt.ErrTokenMalformed.
	ErrInvalidSDPayload error = sentinel.New("sdjwt: invalid SD-JWT payload", jwt.ErrTokenMalformed)
	// ErrDigestRepeated: a digest occurs more than once in the payload and
	// the disclosed values together (RFC 9901 section 7.1 step 4). It
	// matches jwt.ErrTokenMalformed.
	ErrDigestRepeated error = sentinel.New("sdjwt: a digest occurs more than once", jwt.ErrTokenMalformed)
	// ErrDisclosureUnused: a Disclosure's digest is nowhere in the payload
	// or the other disclosed values (RFC 9901 section 7.1 step 5), or the
	// same Disclosure was sent twice (section 4). It matches
	// jwt.ErrTokenMalformed.
	ErrDisclosureUnused error = sentinel.New("sdjwt: a disclosure is not referenced by any digest", jwt.ErrTokenMalformed)
	// ErrDisclosureMismatch: a digest in an "_sd" array names an array
	// element Disclosure (2 elements), or an array element's digest names
	// an object property Disclosure (3 elements) (RFC 9901 section 7.1
	// steps 3.3.2.1 and 3.3.3.1). It matches jwt.ErrTokenMalformed.
	ErrDisclosureMismatch error = sentinel.New("sdjwt: a disclosure does not fit where its digest is", jwt.ErrTokenMalformed)
	// ErrReservedClaimName: a Disclosure's claim name is "_sd", "..." or
	// "_sd_alg" (RFC 9901 section 7.1 step 3.3.2.2; section 4.1.1). It
	// matches jwt.ErrTokenMalformed.
	ErrReservedClaimName error = sentinel.New("sdjwt: a disclosure has a reserved claim name", jwt.ErrTokenMalformed)
	// ErrClaimNameClash: a Disclosure's claim name is already present at
	// the level of its "_sd" array (RFC 9901 section 7.1 step 3.3.2.3). It
	// matches jwt.ErrTokenMalformed.
	ErrClaimNameClash error = sentinel.New("sdjwt: a disclosed claim name is already present", jwt.ErrTokenMalformed)
	// ErrMustNotBeDisclosed: a top-level claim the verifier must take from
	// the issuer in plaintext (Config.MustNotBeDisclosed; RFC 9901 section
	// 9.7) came as a Disclosure. It matches jwt.ErrTokenInvalidClaims.
	ErrMustNotBeDisclosed error = sentinel.New("sdjwt: a claim that must be issued in plaintext was disclosed", jwt.ErrTokenInvalidClaims)
	// ErrLimitExceeded: the processed payload, disclosed values included,
	// is nested deeper than Config.MaxDepth (DefaultMaxDepth for Parse).
	// (More Disclosures than Config.MaxDisclosures, or a presentation over
	// Config.MaxSize, is Split's ErrInvalidFormat.) It matches
	// jwt.ErrTokenMalformed.
	ErrLimitExceeded error = sentinel.New("sdjwt: a processing limit was exceeded", jwt.ErrTokenMalformed)
	// ErrKeyBindingMissing: the verifier's policy requires Key Binding and
	// the presentation has no KB-JWT (RFC 9901 section 7.3 step 2), a
	// KeyBindingOptional Verifier was given Checks for a presentation
	// without a KB-JWT (step 5.6: nothing to check them on), or the
	// issuer-signed JWT has no usable "cnf" (section 4.1.2). It matches
	// jwt.ErrTokenInvalidClaims.
	ErrKeyBindingMissing error = sentinel.New("sdjwt: key binding is required", jwt.ErrTokenInvalidClaims)
	// ErrKeyBindingUnexpected: a KB-JWT came where none may: a verifier
	// whose policy is KeyBindingForbidden, or a holder receiving an
	// SD-JWT+KB from the issuer (RFC 9901 section 7.2). It matches
	// jwt.ErrTokenMalformed.
	ErrKeyBindingUnexpected error = sentinel.New("sdjwt: unexpected key binding JWT", jwt.ErrTokenMalformed)
	// ErrKeyBindingInvalid: the KB-JWT fails a rule of RFC 9901 section
	// 4.3 or 7.3 step 5 (its jwt error is wrapped too: jwt.ErrSignatureInvalid,
	// jwt.ErrInvalidType, jwt.ErrInvalidAudience, jwt.ErrTokenExpired...).
	// It matches jwt.ErrTokenInvalidClaims.
	ErrKeyBindingInvalid error = sentinel.New("sdjwt: invalid key binding JWT", jwt.ErrTokenInvalidClaims)
	// ErrSDHashMismatch: the KB-JWT's "sd_hash" is not the digest of the
	// presented SD-JWT (RFC 9901 section 4.3.1, 7.3 step 5.7). It matches
	// ErrKeyBindingInvalid.
	ErrSDHashMismatch error = sentinel.New("sdjwt: sd_hash does not match the presentation", ErrKeyBindingInvalid)
	// ErrNonceMismatch: the KB-JWT's "nonce" is absent, not a string, "",
	// or not the expected one (RFC 9901 section 7.3 step 5.6). It matches
	// ErrKeyBindingInvalid.
	ErrNonceMismatch error = sentinel.New("sdjwt: nonce does not match", ErrKeyBindingInvalid)
	// ErrHolderKey: the "cnf" claim gives no key a KB-JWT can be verified
	// with: absent, "jkt" only (a thumbprint, RFC 9449 section 6.1),
	// private, symmetric or malformed "jwk" (RFC 7800 section 3.2), or a
	// "jwk" whose "alg", "use" or "key_ops" forbids verifying the KB-JWT's
	// "alg" (RFC 7517 sections 4.2 to 4.4). It matches jwt.ErrInvalidKey.
	ErrHolderKey error = sentinel.New("sdjwt: no usable holder key in cnf", jwt.ErrInvalidKey)
	// ErrPathNotFound: a Path given to Present names no claim of the
	// processed payload, or has an element that is neither a string nor an
	// int. It matches jwt.ErrInvalidOption.
	ErrPathNotFound error = sentinel.New("sdjwt: no claim at path", jwt.ErrInvalidOption)
)
