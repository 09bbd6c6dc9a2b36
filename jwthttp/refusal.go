package jwthttp

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/replay"
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

// Error is a refused request: the status and challenges the Middleware
// answers with, and the cause, which errors.Is matches against the
// package's, the dpop and the jwt sentinels (Unwrap). Its message is the
// cause's, which may quote the token's claims: log it, never send it.
//
//   - 401, a challenge without error code: ErrNoToken (RFC 6750 section
//     3.1: a request without authentication information, or with an
//     unsupported scheme alone: ErrDPoPRequired, or "DPoP" when DPoP is
//     disabled).
//   - 400 invalid_request: ErrInvalidRequest (section 3.1), on every
//     challenge.
//   - 401 invalid_token: a token the verifier refused, with a fixed
//     error_description chosen by the jwt sentinel the cause matches
//     (expired, not yet valid, signature, audience, issuer, malformed...;
//     section 3.1); an error matching none is still a 401. So are a DPoP-
//     bound token sent as a bearer token (dpop.ErrBoundTokenAsBearer, RFC
//     9449 section 7.2), an unbound one sent with the DPoP scheme
//     (dpop.ErrNotBound), one bound to another key than the proof's
//     (dpop.ErrBindingMismatch; section 7.1), and one bound by another
//     confirmation method than "jkt" (dpop.ErrUnsupportedBinding, RFC
//     8705).
//   - 401 invalid_dpop_proof: dpop.ErrInvalidProof (RFC 9449 sections 4.3
//     and 7.1; a replayed proof, dpop.ErrReplayed, included), on the DPoP
//     challenge, with a fixed description.
//   - 401 use_dpop_nonce: dpop.ErrUseNonce (RFC 9449 section 9), on the
//     DPoP challenge, with DPoPNonce set.
//   - 403 insufficient_scope: ErrInsufficientScope, with the required
//     scope attribute, and ErrForbidden (a Rule; section 3.1), matched
//     before ErrNoToken and ErrInvalidRequest (a Rule's error wrapping
//     those is still a 403).
//   - 503, no challenge, Retry-After: the keys could not be fetched
//     (jwk.ErrFetch, jwk.ErrClosed), the DPoP replay store cannot answer
//     (replay.ErrUnavailable: fail closed, RFC 9449 section 11.1), or the
//     request's context ended: RFC 6750 has no code for it, and a 401
//     would send the client for a new token it does not need; the request
//     can be retried.
//   - 500, no challenge: jwt.ErrInvalidOption (a misconfigured verifier,
//     dpop.ErrInvalidConfig included), ErrNilClaims (a VerifyFunc returned
//     nil claims and a nil error), a failing DPoP nonce source.
//
// An error code goes on the challenge of the scheme the request used
// (invalid_request on both); the other scheme's challenge, when the
// Middleware accepts both, is offered without one.
type Error struct {
	// Status is the HTTP status code.
	Status int
	// Challenge is the WWW-Authenticate Bearer challenge (RFC 6750 section
	// 3); nil for 500 and 503, and in DPoPRequired mode.
	Challenge *Challenge
	// DPoP is the WWW-Authenticate DPoP challenge (RFC 9449 section 7.1),
	// written after Challenge; nil for 500 and 503, and without WithDPoP
	// (or in DPoPDisabled mode).
	DPoP *DPoPChallenge
	// DPoPNonce is a fresh nonce for the DPoP-Nonce header (RFC 9449
	// section 9), set on a 401 with a DPoP challenge when the DPoP
	// verifier has a nonce source; "" none.
	DPoPNonce string
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

// WriteError is the default ErrorHandler: e's status, its challenges in
// WWW-Authenticate, Bearer's first then DPoP's, as two field values (RFC
// 6750 section 3; RFC 9449 section 7.1; RFC 9110 section 11.6.1: a client
// reading the first challenge only finds Bearer's), DPoP-Nonce when
// e.DPoPNonce is a nonce (RFC 9449 section 8.1: 1*NQCHAR), Cache-Control:
// no-store (the answer depends on the credentials; RFC 9111 section
// 5.2.2.5), Retry-After on a 503, and the status text as a plain-text
// body: nothing of the token or of the cause's message is written. A nil
// e is a 500.
func WriteError(w http.ResponseWriter, _ *http.Request, e *Error) {
	if e == nil || e.Status < 400 || e.Status > 599 {
		e = &Error{Status: http.StatusInternalServerError}
	}
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Del("WWW-Authenticate")
	if e.Challenge != nil {
		h.Add("WWW-Authenticate", e.Challenge.String())
	}
	if e.DPoP != nil {
		h.Add("WWW-Authenticate", e.DPoP.String())
	}
	if validNonce(e.DPoPNonce) {
		h.Set("DPoP-Nonce", e.DPoPNonce)
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
// the token: the keys could not be fetched, the DPoP replay store cannot
// answer (RFC 9449 section 11.1: refused, fail closed), or the request's
// context ended.
func unavailable(err error) bool {
	return errors.Is(err, jwk.ErrFetch) || errors.Is(err, jwk.ErrClosed) || errors.Is(err, replay.ErrUnavailable) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// The error codes of RFC 9449 sections 7.1 and 9.
const (
	codeInvalidDPoPProof = "invalid_dpop_proof"
	codeUseDPoPNonce     = "use_dpop_nonce"
)

// proofCauses are the fixed descriptions of a refused DPoP proof (RFC
// 9449 section 4.3), the most specific first; dpop.ErrInvalidProof
// matching none is proofOther.
var proofCauses = []cause{
	{dpop.ErrNoProof, "the request carries no DPoP proof"},
	{dpop.ErrReplayed, "the DPoP proof was used before"},
	{jwt.ErrTokenMalformed, "the DPoP proof is malformed"},
	{jwt.ErrInvalidType, "the DPoP proof's type is not dpop+jwt"},
	{jwt.ErrAlgorithmNotAllowed, "the DPoP proof's algorithm is not accepted"},
	{jwt.ErrInvalidKey, "the DPoP proof's key is not accepted"},
	{jwt.ErrSignatureInvalid, "the DPoP proof's signature is invalid"},
	{jwt.ErrMissingClaim, "the DPoP proof lacks a required claim"},
	{jwt.ErrTokenExpired, "the DPoP proof is too old"},
	{jwt.ErrTokenUsedBeforeIssued, "the DPoP proof is issued in the future"},
}

// proofOther describes a refused DPoP proof matching none of proofCauses.
const proofOther = "the DPoP proof is invalid"

// bindingCauses are the fixed descriptions of the 401 invalid_token of a
// token whose DPoP binding is wrong (RFC 9449 sections 6.1, 7.1 and 7.2).
var bindingCauses = []cause{
	{dpop.ErrBoundTokenAsBearer, "a DPoP-bound access token must be sent with the DPoP scheme and a proof"},
	{dpop.ErrNotBound, "the access token is not bound to a DPoP key"},
	{dpop.ErrUnsupportedBinding, "the access token is bound by a confirmation method this resource does not check"},
	{dpop.ErrBindingMismatch, "the access token is bound to another key than the DPoP proof's"},
}

// describe returns the description of the first of causes err matches.
func describe(err error, causes []cause, other string) string {
	for _, c := range causes {
		if errors.Is(err, c.err) {
			return c.description
		}
	}
	return other
}

// refuse classifies err, the refusal of a request whose token came with
// sch (noScheme when none or unknown), into the Middleware's answer (see
// Error).
func (m *Middleware[C]) refuse(err error, sch scheme) *Error {
	status, code, desc, scope := http.StatusUnauthorized, codeInvalidToken, "", m.scope
	dpopOn := m.cfg.dpop != nil
	switch {
	case errors.Is(err, ErrNilClaims):
		return &Error{Status: http.StatusInternalServerError, Cause: err}
	case errors.Is(err, ErrInsufficientScope): // a Rule's refusal first, whatever else its error wraps
		status, code, desc = http.StatusForbidden, codeInsufficientScope, "the token lacks a required scope"
	case errors.Is(err, ErrForbidden):
		status, code, desc, scope = http.StatusForbidden, codeInsufficientScope, "the token does not grant access to this resource", ""
	case errors.Is(err, ErrNoToken):
		code = ""
	case errors.Is(err, ErrInvalidRequest):
		status, code, desc, scope = http.StatusBadRequest, codeInvalidRequest, "the request is malformed: send one bearer token, one way", ""
		if dpopOn {
			desc = "the request is malformed: send one access token, one way"
		}
	case unavailable(err):
		return &Error{Status: http.StatusServiceUnavailable, Cause: err}
	case errors.Is(err, jwt.ErrInvalidOption):
		return &Error{Status: http.StatusInternalServerError, Cause: fmt.Errorf("jwthttp: the verifier is misconfigured: %w", err)}
	case dpopOn && errors.Is(err, dpop.ErrUseNonce):
		code, desc = codeUseDPoPNonce, "the resource server requires a nonce in the DPoP proof"
	case dpopOn && errors.Is(err, dpop.ErrInvalidProof):
		code, desc = codeInvalidDPoPProof, describe(err, proofCauses, proofOther)
	default:
		if desc = describe(err, bindingCauses, ""); desc == "" {
			desc, _ = tokenCause(err)
		}
	}
	e := &Error{Status: status, Cause: err}
	base := Challenge{Realm: m.cfg.realm, Scope: scope}
	if m.metadata != nil {
		base.ResourceMetadata = m.metadata.URL()
	}
	withCode := base
	withCode.Error, withCode.Description = code, desc
	// The error goes to the challenge of the scheme the request used; a
	// malformed request (invalid_request) is malformed for both.
	bearerErr := code != "" && (sch != dpopScheme || code == codeInvalidRequest)
	dpopErr := code != "" && (sch == dpopScheme || code == codeInvalidRequest || m.cfg.dpopMode == DPoPRequired)
	if m.cfg.dpopMode != DPoPRequired {
		c := base
		if bearerErr {
			c = withCode
		}
		e.Challenge = &c
	}
	if dpopOn {
		c := DPoPChallenge{Challenge: base, Algs: m.algsAttr}
		if dpopErr {
			c.Challenge = withCode
		}
		e.DPoP = &c
		if status == http.StatusUnauthorized && m.nonces {
			nonce, err := m.cfg.dpop.NewNonce()
			if err != nil {
				return &Error{Status: http.StatusInternalServerError, Cause: fmt.Errorf("jwthttp: the DPoP nonce source failed: %w", err)}
			}
			e.DPoPNonce = nonce
		}
	}
	return e
}
