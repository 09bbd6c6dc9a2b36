package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
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
	exitNotYetValid = 6 // now is before "nbf" (- leeway), or "iat" is in the future
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
  6  token not valid yet ("nbf", or "iat" in the future)
  7  claim mismatch: audience, issuer (with -issuer, also a token of another
     issuer or without "iss"), subject, "typ" or a required claim
  8  key problem: unreadable, wrong kind (e.g. a public key to sign), too
     weak, no key for the token's "kid", or a JWK Set URL or discovery that
     failed
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

// noClass marks a sentinel with no exit code of its own: the next one the
// error matches decides, and exitFailure when none does.
const noClass = -1

// sentinelCodes gives every one of the library's sentinels its exit code
// (TestExitCodeForEverySentinel: a new sentinel cannot be left out). An
// error exits with the code of the first sentinel it matches in the one
// order the library classifies errors in (internal/sentinel.Ordered, the
// most specific first): a token that fails several claim rules exits with
// the first one's class.
var sentinelCodes = map[error]int{
	jwt.ErrTokenTooLarge:         exitMalformed,
	jwt.ErrEncoding:              noClass, // with ErrTokenMalformed when a token's claims do not decode
	jwt.ErrTokenMalformed:        exitMalformed,
	jwt.ErrAlgorithmNotAllowed:   exitAlgorithm,
	jwt.ErrInvalidKey:            exitKey,
	jwt.ErrSignatureInvalid:      exitSignature,
	jwt.ErrTokenExpired:          exitExpired,
	jwt.ErrTokenNotValidYet:      exitNotYetValid,
	jwt.ErrTokenUsedBeforeIssued: exitNotYetValid, // "iat" in the future (RFC 7519 section 4.1.6)
	jwt.ErrInvalidAudience:       exitClaims,
	jwt.ErrInvalidIssuer:         exitClaims,
	jwt.ErrInvalidSubject:        exitClaims,
	jwt.ErrMissingClaim:          exitClaims,
	jwt.ErrInvalidType:           exitClaims,
	jwt.ErrTokenInvalidClaims:    noClass,
	jwt.ErrInvalidOption:         exitUsage,
	jwt.ErrSigningFailed:         noClass,
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
	for _, s := range sentinel.Ordered {
		if code, ok := sentinelCodes[s.Err]; ok && code != noClass && errors.Is(err, s.Err) {
			return code
		}
	}
	return exitFailure
}

// oneLine renders a library's error as a single line: the "jwt: " and
// "jwk: " prefixes are dropped where a line or one of its ": " parts starts,
// and so are the sentinel texts that wrapping repeats ("invalid key: key
// set: no matching key: invalid key: …" loses the second "invalid key").
// Quoted values (a "kid", a URL) are kept whole. Joined errors are
// separated by "; ". Only errors from the libraries go through oneLine: the
// CLI's own text, with its file names, is printed as it is (singleLine).
func oneLine(err error) string {
	lines := strings.Split(strings.ReplaceAll(err.Error(), "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = dropRepeats(splitParts(l))
	}
	return singleLine(strings.Join(lines, "\n"))
}

// lineBreaks flattens a message onto one line.
var lineBreaks = strings.NewReplacer("\r\n", "; ", "\n", "; ", "\r", " ")

// singleLine puts a message on one line: line breaks (between joined
// errors) become "; ", and nothing else changes.
func singleLine(s string) string { return lineBreaks.Replace(s) }

// splitParts splits a line at each ": " outside double-quoted strings.
func splitParts(line string) []string {
	var parts []string
	quoted, start := false, 0
	for i := 0; i < len(line); i++ {
		switch {
		case quoted && line[i] == '\\':
			i++ // the escaped byte, maybe a quote
		case line[i] == '"':
			quoted = !quoted
		case !quoted && strings.HasPrefix(line[i:], ": "):
			parts = append(parts, line[start:i])
			start = i + len(": ")
			i++
		}
	}
	return append(parts, line[start:])
}

// dropRepeats joins parts with ": ", leaving out the libraries' prefixes
// (a part "jwt" or "jwk" before another) and parts already given.
func dropRepeats(parts []string) string {
	seen := make(map[string]bool, len(parts))
	kept := parts[:0]
	for i, p := range parts {
		if isLibraryPrefix(p) && i < len(parts)-1 || seen[p] {
			continue
		}
		seen[p] = true
		kept = append(kept, p)
	}
	return strings.Join(kept, ": ")
}

// isLibraryPrefix reports whether a part is the prefix of the jwt or jwk
// packages' errors.
func isLibraryPrefix(part string) bool { return part == "jwt" || part == "jwk" }

// libraryError shows a library's error as oneLine renders it, to a command
// that returns it unwrapped; errors.Is and exitCode still see the error.
type libraryError struct{ err error }

func (e libraryError) Error() string { return oneLine(e.err) }
func (e libraryError) Unwrap() error { return e.err }

// fromLibrary marks err as a library's error, for oneLine.
func fromLibrary(err error) error {
	if err == nil {
		return nil
	}
	return libraryError{err}
}
