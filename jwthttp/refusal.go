package jwthttp

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// The challenge error codes of RFC 6750 section 3.1.
const (
	codeInvalidRequest    = "invalid_request"
	codeInvalidToken      = "invalid_token"
	codeInsufficientScope = "insufficient_scope"
)

// RetryAfter is the Retry-After (RFC 9110 section 10.2.3), in seconds, of
// the 503 WriteError answers when the keys could not be fetched.
const RetryAfter = "5"

// Error is a refused request: the status and challenge the Middleware
// answers with, and the cause, which errors.Is matches against the
// package's and the jwt sentinels (Unwrap). Its message is the cause's,
// which may quote the token's claims: log it, never send it.
//
//   - 401, a challenge without error code: ErrNoToken (RFC 6750 section
//     3.1: a request without authentication information).
//   - 400 invalid_request: ErrInvalidRequest (section 3.1).
//   - 401 invalid_token: a token the verifier refused, with a fixed
//     error_description chosen by the jwt sentinel the cause matches
//     (expired, not yet valid, signature, audience, issuer, malformed...;
//     section 3.1); an error matching none is still a 401.
//   - 403 insufficient_scope: ErrInsufficientScope, with the required
//     scope attribute, and ErrForbidden (a Rule; section 3.1), matched
//     before ErrNoToken and ErrInvalidRequest (a Rule's error wrapping
//     those is still a 403).
//   - 503, no challenge, Retry-After: the keys could not be fetched
//     (jwk.ErrFetch, jwk.ErrClosed) or the request's context ended: RFC
//     6750 has no code for it, and a 401 would send the client for a new
//     token it does not need; the request can be retried.
//   - 500, no challenge: jwt.ErrInvalidOption (a misconfigured verifier),
//     ErrNilClaims (a VerifyFunc returned nil claims and a nil error).
type Error struct {
	// Status is the HTTP status code.
	Status int
	// Challenge is the WWW-Authenticate Bearer challenge (RFC 6750 section
	// 3); nil for 500 and 503.
	Challenge *Challenge
	// Cause is why the request was refused.
	Cause error
}

// Error returns the cause's message (for logs; never the response, RFC
// 6750 section 3).
func (e *Error) Error() string {
	if e == nil || e.Cause == nil {
		return "jwthttp: request refused"
	}
	return e.Cause.Error()
}

// Unwrap returns the cause, for errors.Is against the jwt sentinels (RFC
// 6750 section 3.1's codes are chosen by them).
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Cause
}

// ErrorHandler answers a refused request (WithErrorHandler; RFC 6750
// section 3).
type ErrorHandler func(w http.ResponseWriter, r *http.Request, e *Error)

// WriteError is the default ErrorHandler: e's status, its challenge in
// WWW-Authenticate (RFC 6750 section 3), Cache-Control: no-store (the
// answer depends on the credentials; RFC 9111 section 5.2.2.5), Retry-After
// on a 503, and the status text as a plain-text body: nothing of the
// token or of the cause's message is written. A nil e is a 500.
func WriteError(w http.ResponseWriter, _ *http.Request, e *Error) {
	if e == nil || e.Status < 400 || e.Status > 599 {
		e = &Error{Status: http.StatusInternalServerError}
	}
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	if e.Challenge != nil {
		h.Set("WWW-Authenticate", e.Challenge.String())
	}
	if e.Status == http.StatusServiceUnavailable {
		h.Set("Retry-After", RetryAfter)
	}
	http.Error(w, http.StatusText(e.Status), e.Status)
}

// cause is one row of the classification: a jwt sentinel and the fixed
// error_description of its 401 (RFC 6750 section 3: never the token's
// contents).
type cause struct {
	err         error
	description string
}

// tokenCauses are the causes of a 401 invalid_token, the most specific
// first (a child before its parent; as jwt's own ordering, the form, then
// the key and signature, then the claims): a joined error is described by
// the first it matches.
var tokenCauses = []cause{
	{jwt.ErrTokenTooLarge, "the token is too large"},
	{jwt.ErrTokenMalformed, "the token is malformed"},
	{jwt.ErrEncoding, "the token's claims cannot be read"},
	{jwt.ErrAlgorithmNotAllowed, "the token's algorithm is not accepted"},
	{jwt.ErrInvalidKey, "no key verifies the token"},
	{jwt.ErrSignatureInvalid, "the token's signature is invalid"},
	{jwt.ErrTokenExpired, "the token has expired"},
	{jwt.ErrTokenNotValidYet, "the token is not valid yet"},
	{jwt.ErrTokenUsedBeforeIssued, "the token is issued in the future"},
	{jwt.ErrInvalidAudience, "the token is not meant for this resource"},
	{jwt.ErrInvalidIssuer, "the token's issuer is not accepted"},
	{jwt.ErrInvalidSubject, "the token's subject is not accepted"},
	{jwt.ErrMissingClaim, "the token lacks a required claim"},
	{jwt.ErrInvalidType, "the token's type is not accepted"},
	{jwt.ErrTokenInvalidClaims, "the token's claims are not accepted"},
}

// otherToken is the description of a refused token matching no jwt
// sentinel (a VerifyFunc's own error).
const otherToken = "the token is not accepted"

// tokenCause returns the description of err's 401, and whether err
// matches one of tokenCauses.
func tokenCause(err error) (string, bool) {
	for _, c := range tokenCauses {
		if errors.Is(err, c.err) {
			return c.description, true
		}
	}
	return otherToken, false
}

// unavailable reports whether err is a failure of the server's, not of
// the token: the keys could not be fetched, or the request's context
// ended.
func unavailable(err error) bool {
	return errors.Is(err, jwk.ErrFetch) || errors.Is(err, jwk.ErrClosed) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// refuse classifies err into the Middleware's answer (see Error).
func (m *Middleware[C]) refuse(err error) *Error {
	ch := func(code, desc, scope string) *Challenge {
		c := &Challenge{Realm: m.cfg.realm, Error: code, Description: desc, Scope: scope}
		if m.metadata != nil {
			c.ResourceMetadata = m.metadata.URL()
		}
		return c
	}
	switch {
	case errors.Is(err, ErrNilClaims):
		return &Error{Status: http.StatusInternalServerError, Cause: err}
	case errors.Is(err, ErrInsufficientScope): // a Rule's refusal first, whatever else its error wraps
		return &Error{Status: http.StatusForbidden, Cause: err,
			Challenge: ch(codeInsufficientScope, "the token lacks a required scope", m.scope)}
	case errors.Is(err, ErrForbidden):
		return &Error{Status: http.StatusForbidden, Cause: err,
			Challenge: ch(codeInsufficientScope, "the token does not grant access to this resource", "")}
	case errors.Is(err, ErrNoToken):
		return &Error{Status: http.StatusUnauthorized, Challenge: ch("", "", m.scope), Cause: err}
	case errors.Is(err, ErrInvalidRequest):
		return &Error{Status: http.StatusBadRequest, Cause: err,
			Challenge: ch(codeInvalidRequest, "the request is malformed: send one bearer token, one way", "")}
	case unavailable(err):
		return &Error{Status: http.StatusServiceUnavailable, Cause: err}
	case errors.Is(err, jwt.ErrInvalidOption):
		return &Error{Status: http.StatusInternalServerError, Cause: fmt.Errorf("jwthttp: the verifier is misconfigured: %w", err)}
	}
	desc, _ := tokenCause(err)
	return &Error{Status: http.StatusUnauthorized, Cause: err, Challenge: ch(codeInvalidToken, desc, m.scope)}
}
