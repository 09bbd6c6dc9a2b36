package jwk

import (
	"errors"
	"fmt"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
)

// Sentinel errors, matched with errors.Is. Each one also matches
// jwt.ErrInvalidKey, which is what jwt.Parse reports when a key set finds
// no key.
var (
	// ErrInvalidKey: a JWK is malformed or inconsistent (bad JSON, missing
	// or mistyped members, non-canonical base64url, a point off its curve,
	// private members that do not match the public ones).
	ErrInvalidKey error = sentinel.New("jwk: invalid key", jwt.ErrInvalidKey)
	// ErrWeakKey: a JWK is below the minimum size of RFC 7518 (RSA under
	// 2048 bits; an HMAC secret shorter than its hash). It also matches
	// ErrInvalidKey.
	ErrWeakKey error = sentinel.New("jwk: key too weak", ErrInvalidKey)
	// ErrUnsupportedKeyType: the "kty", "crv" or a member (multi-prime RSA
	// "oth") is not supported. ParseSet skips such keys. It does not match
	// ErrInvalidKey.
	ErrUnsupportedKeyType error = sentinel.New("jwk: unsupported key type", jwt.ErrInvalidKey)
	// ErrInvalidSet: the document is not a JWK Set (RFC 7517 section 5): not
	// a JSON object with a "keys" array of objects, invalid JSON or UTF-8,
	// or duplicate member names outside the keys.
	ErrInvalidSet error = sentinel.New("jwk: invalid JWK Set", jwt.ErrInvalidKey)
	// ErrKeyNotFound: no key of the set fits the token's "kid" and "alg".
	ErrKeyNotFound error = sentinel.New("jwk: no matching key", jwt.ErrInvalidKey)
	// ErrFetch: a RemoteSet could not fetch or parse its JWK Set and has no
	// usable copy (none yet, or the last one past WithMaxStale), or a
	// verification gave up waiting for a fetch; or a Provider's discovery
	// document could not be fetched or was refused (OpenID Connect
	// Discovery 1.0 section 4.3, RFC 8414 section 3.3).
	ErrFetch error = sentinel.New("jwk: fetching keys failed", jwt.ErrInvalidKey)
	// ErrBodyTooLarge: the JWK Set document exceeds the body-size cap. It
	// also matches ErrFetch.
	ErrBodyTooLarge error = sentinel.New("jwk: JWK Set body too large", ErrFetch)
	// ErrDiscoveryRefused: a discovery document was fetched but refused: its
	// "issuer" is not exactly the one asked for (OpenID Connect Discovery
	// 1.0 section 4.3; RFC 8414 section 3.3), its "jwks_uri" is not https,
	// or it is not strict JSON; or, in an Issuers set, its "jwks_uri" is
	// a JWK Set URL another issuer holds (RFC 8725 section 3.8: this
	// issuer is refused, the holder keeps verifying), or an issuer's
	// failover URL is another issuer's "jwks_uri" (the failover URL is
	// not used). It also matches ErrFetch.
	ErrDiscoveryRefused error = sentinel.New("jwk: discovery document refused", ErrFetch)
	// ErrIssuerMismatch: a discovery document's "issuer" is a string other
	// than the issuer asked for (OpenID Connect Discovery 1.0 section 4.3:
	// it "MUST be identical"; RFC 8414 section 3.3: "the data contained in
	// the response MUST NOT be used"). It also matches ErrDiscoveryRefused
	// and ErrFetch.
	ErrIssuerMismatch error = sentinel.New("jwk: discovery document issuer mismatch", ErrDiscoveryRefused)
	// ErrClosed: the RemoteSet was closed and cannot fetch.
	ErrClosed error = sentinel.New("jwk: remote set closed", jwt.ErrInvalidKey)
	// ErrInvalidOption: a RemoteOption or URL is unusable. It also matches
	// jwt.ErrInvalidOption.
	ErrInvalidOption error = sentinel.New("jwk: invalid option", jwt.ErrInvalidOption)
)

// invalid wraps ErrInvalidKey with a reason.
func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalidKey}, args...)...)
}

// weak wraps ErrWeakKey with a reason.
func weak(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrWeakKey}, args...)...)
}

// unsupported wraps ErrUnsupportedKeyType with a reason.
func unsupported(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrUnsupportedKeyType}, args...)...)
}

// isJWKError reports whether err already carries one of our sentinels.
func isJWKError(err error) bool {
	return errors.Is(err, jwt.ErrInvalidKey)
}
