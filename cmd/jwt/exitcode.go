package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jotlib/jwt"
)

// Exit codes: one per error class, so scripts can branch on the reason.
// Keep exitCodesHelp, the README and the tests in step with this list.
const (
	exitOK          = 0 // success
	exitFailure     = 1 // anything else: I/O, a file in the way, an internal error
	exitUsage       = 2 // unknown command or flag, bad flag value, bad claims input
	exitMalformed   = 3 // not a compact JWS, bad base64url or JSON, a registered claim of the wrong type
	exitSignature   = 4 // the signature does not verify
	exitExpired     = 5 // now is at or after "exp" (+ leeway)
	exitNotYetValid = 6 // now is before "nbf" (- leeway)
	exitClaims      = 7 // "aud", "iss", "sub", "typ" or a required claim does not match
	exitKey         = 8 // the key cannot be read, is of the wrong kind or too weak, or no key fits the kid
	exitAlgorithm   = 9 // "alg" is unknown or none, outside -alg, or does not fit the key
)

// exitCodesHelp documents the exit codes in every help text.
const exitCodesHelp = `Exit codes:
  0  success
  1  other failure (I/O, a file already exists, internal error)
  2  usage: unknown command or flag, bad flag value, bad claims input
  3  token malformed: not a compact JWS, bad base64url or JSON, a registered
     claim of the wrong type
  4  signature invalid
  5  token expired ("exp")
  6  token not valid yet ("nbf")
  7  claim mismatch: audience, issuer, subject, "typ" or a required claim
  8  key problem: unreadable, wrong kind (e.g. a public key to sign), too
     weak, or no key for the token's "kid"
  9  algorithm not allowed: unknown or "none", outside -alg, or does not
     fit the key
`

// exitError carries an exit code chosen where the failure is understood.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// withCode wraps err with an exit code.
func withCode(code int, err error) error { return &exitError{code: code, err: err} }

// usageError reports bad command-line input (exit 2).
func usageError(format string, args ...any) error {
	return withCode(exitUsage, fmt.Errorf(format, args...))
}

// keyError reports a key problem (exit 8).
func keyError(format string, args ...any) error {
	return withCode(exitKey, fmt.Errorf(format, args...))
}

// tokenClasses maps the library's sentinels to exit codes, first match
// wins: a token that fails several claim rules exits with the first class
// listed here.
var tokenClasses = []struct {
	err  error
	code int
}{
	{jwt.ErrTokenMalformed, exitMalformed},
	{jwt.ErrSignatureInvalid, exitSignature},
	{jwt.ErrAlgorithmNotAllowed, exitAlgorithm},
	{jwt.ErrInvalidKey, exitKey},
	{jwt.ErrTokenExpired, exitExpired},
	{jwt.ErrTokenNotValidYet, exitNotYetValid},
	{jwt.ErrInvalidAudience, exitClaims},
	{jwt.ErrInvalidIssuer, exitClaims},
	{jwt.ErrInvalidSubject, exitClaims},
	{jwt.ErrInvalidType, exitClaims},
	{jwt.ErrMissingClaim, exitClaims},
	{jwt.ErrInvalidOption, exitUsage},
}

// exitCode chooses the exit code for err.
func exitCode(err error) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	for _, c := range tokenClasses {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return exitFailure
}

// oneLine renders err as a single line without the libraries' "jwt: " and
// "jwk: " prefixes, and without the sentinel texts that wrapping repeats
// ("invalid key: key set: no matching key: invalid key: …" loses the second
// "invalid key"). Joined errors are separated by "; ".
func oneLine(err error) string {
	s := strings.NewReplacer("jwt: ", "", "jwk: ", "", "\r\n", "; ", "\n", "; ", "\r", " ").Replace(err.Error())
	parts := strings.Split(s, ": ")
	seen := make(map[string]bool, len(parts))
	kept := parts[:0]
	for _, p := range parts {
		if !seen[p] {
			seen[p] = true
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, ": ")
}
