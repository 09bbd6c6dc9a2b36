package jwt

import (
	"fmt"
	"slices"

	"github.com/jotlib/jwt/internal/keysource"
)

// checkKeySourceOptions refuses, at NewVerifier, options that no token
// could pass with key, as far as key's package (jwk, through
// internal/keysource) says what it is:
//   - WithAlgorithms naming only HS* with keys that are all fetched from a
//     URL (a RemoteSet, a Provider, an Issuers whose issuers' keys all
//     are): such keys are public (RFC 7517 section 7: a secret a URL
//     serves is published), and HS* is never verified with them;
//   - WithIssuer naming an issuer the key source does not serve (a
//     Provider of another issuer, an Issuers without it): it refuses every
//     token of that issuer (RFC 8725 section 3.8).
//
// A zero value of jwk's key sources (not made by its constructor) is
// refused here too, with the error it would give at its first use. A key
// source wrapping another (a profile's) is looked through.
func checkKeySourceOptions(key any, cfg *config) error {
	if err := keysource.UnusableErr(key); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidKey, err)
	}
	if cfg.algorithms != nil && !slices.ContainsFunc(cfg.algorithms, func(a Algorithm) bool { return !isHMAC(a) }) &&
		keysource.IsPublished(key) {
		return fmt.Errorf("%w: WithAlgorithms%v names only HMAC algorithms, and %T gives only keys fetched from a URL, "+
			"which are public (RFC 7517 section 7) and never verify HS*: no token could verify; "+
			"name the algorithms its keys sign with", ErrInvalidOption, cfg.algorithms, keysource.Unwrap(key))
	}
	if cfg.validator.IssuerSet {
		served, ok := keysource.IssuersOf(key)
		if ok && !slices.Contains(served, cfg.validator.Issuer) {
			return fmt.Errorf("%w: the expected issuer %q (WithIssuer, or a profile's Config.Issuer) is not one %T serves (%q): "+
				"every token would be refused (RFC 8725 section 3.8; OpenID Connect Core 1.0 section 3.1.3.7 step 2)",
				ErrInvalidOption, cfg.validator.Issuer, keysource.Unwrap(key), served)
		}
	}
	return nil
}

// isHMAC reports an HS* algorithm (RFC 7518 section 3.2).
func isHMAC(a Algorithm) bool {
	return a == HS256 || a == HS384 || a == HS512
}
