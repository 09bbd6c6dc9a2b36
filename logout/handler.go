package logout

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/sentinel"
)

// MaxRequestBody is the largest request body the Handler reads: a form
// holding one logout token (OpenID Connect Back-Channel Logout 1.0
// section 2.5). A longer body is refused (400).
const MaxRequestBody = 64 << 10

// ErrInvalidHandler reports a Handler made without a Verifier or without a
// logout function: it could serve no request. It matches
// jwt.ErrInvalidOption.
var ErrInvalidHandler error = sentinel.New("logout: Handler needs a Verifier and a logout function", jwt.ErrInvalidOption)

// Handler returns the http.Handler of a relying party's back-channel
// logout endpoint (its backchannel_logout_uri; OpenID Connect Back-Channel
// Logout 1.0 sections 2.5 to 2.8). It accepts a POST whose body is
// application/x-www-form-urlencoded with exactly one logout_token (section
// 2.5); it verifies the token with v (section 2.6) and calls logout with
// its claims, which ends the sessions they name (section 2.7: "sub" and/or
// "sid" of "iss"). The token's "jti" is claimed in the replay store
// (section 2.6 step 8) only after logout returned nil: a logout that
// failed is answered 400 and leaves the "jti" unused, so the OP's retry of
// the same token (section 2.8) is accepted.
//
// Because a replay.Store can only claim, a redelivery of a token already
// used is known to be one only once logout has run again: logout must be
// idempotent, as ending sessions already ended is. The Handler spares it
// the runs it can: it remembers, in process, the tokens it answered 200
// for (at most 4096, each until it could no longer be accepted) and
// refuses their redelivery (400, ErrReplayed) before calling logout. A
// redelivery that still runs logout before it is refused (400,
// ErrReplayed): one to another instance sharing the store, one after a
// restart or after the memory was full, and two deliveries at the same
// instant.
//
// Its answers (section 2.8), each with Cache-Control: no-store:
//   - 200 OK with an empty body once logout returned nil;
//   - 400 Bad Request with an OAuth 2.0 error body (RFC 6749 section 5.2)
//     {"error":"invalid_request","error_description":...} when the request
//     or its token is invalid (a token refused by v: forged, expired,
//     replayed, not a logout token; a form without exactly one
//     logout_token, a logout_token in the query string, a body over
//     MaxRequestBody or of another media type), when the replay store
//     cannot answer (fail closed), and when logout returned an error (the
//     logout failed; its error is not written to the response);
//   - 405 Method Not Allowed, with Allow: POST, for any other method.
//
// opts are HandlerOptions (OnRefused). A nil v, logout or option is
// ErrInvalidHandler.
func Handler(v *Verifier, logout func(ctx context.Context, c *Claims) error, opts ...HandlerOption) (http.Handler, error) {
	if v == nil || v.core == nil || logout == nil {
		return nil, ErrInvalidHandler
	}
	h := &handler{v: v, logout: logout}
	for _, o := range opts {
		if o == nil {
			return nil, ErrInvalidHandler
		}
		o(h)
	}
	return h, nil
}

// HandlerOption configures a Handler.
type HandlerOption func(*handler)

// OnRefused has the Handler call refused with each request it answers
// 400 and why: the Verifier's error (a *jwt.ValidationError for a token
// whose signature verified; replay.ErrUnavailable for a store that could
// not answer), the logout function's, or one matching ErrInvalidRequest
// for the request itself (section 2.5). The response never carries the
// error. A nil refused reports nothing.
func OnRefused(refused func(r *http.Request, err error)) HandlerOption {
	return func(h *handler) { h.refused = refused }
}

// ErrInvalidRequest reports a back-channel logout request that is not
// section 2.5's: not a form-encoded POST body holding exactly one
// logout_token (given to OnRefused). It matches jwt.ErrTokenMalformed:
// no one well-formed token could be read from the request.
var ErrInvalidRequest error = sentinel.New("logout: invalid back-channel logout request", jwt.ErrTokenMalformed)

// handler is Handler's http.Handler.
type handler struct {
	v       *Verifier
	logout  func(context.Context, *Claims) error
	refused func(*http.Request, error)
	seen    seenSet // tokens logged out by this Handler
}

// refuse answers 400 (section 2.8) and reports err to OnRefused.
func (h *handler) refuse(w http.ResponseWriter, r *http.Request, description string, err error) {
	if h.refused != nil {
		h.refused(r, err)
	}
	badRequest(w, description)
}

// ServeHTTP implements http.Handler (sections 2.5 and 2.8).
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	token, why := logoutToken(w, r)
	if why != "" {
		h.refuse(w, r, why, fmt.Errorf("%w: %s (OpenID Connect Back-Channel Logout 1.0 section 2.5)", ErrInvalidRequest, why))
		return
	}
	c, t, claim, err := h.v.verifyUnclaimed(r.Context(), token)
	if err != nil {
		h.refuse(w, r, "the logout token is invalid", err)
		return
	}
	key, now := replayKey(c.Issuer, c.ID), h.v.core.Now()
	if h.seen.has(key, now) {
		h.refuse(w, r, "the logout token is invalid", &jwt.ValidationError{Token: t, Err: fmt.Errorf("%w: %w: \"jti\" %s was accepted before by this endpoint (OpenID Connect Back-Channel Logout 1.0 section 2.6 step 8)",
			jwt.ErrTokenInvalidClaims, ErrReplayed, bounded.Quote(c.ID))})
		return
	}
	if err := h.logout(r.Context(), c); err != nil {
		h.refuse(w, r, "the logout failed", err)
		return
	}
	// Section 2.6 step 8 once the logout succeeded: a failed one leaves
	// the "jti" for the OP's retry (section 2.8).
	if err := claim(r.Context()); err != nil {
		h.refuse(w, r, "the logout token is invalid", err)
		return
	}
	past, _ := h.v.core.Leeway()
	h.seen.add(key, c.IssuedAt.Add(h.v.maxAge).Add(past), now)
	w.WriteHeader(http.StatusOK)
}

// logoutToken reads section 2.5's request: the one logout_token of a
// form-encoded body. why says what is wrong with the request.
func logoutToken(w http.ResponseWriter, r *http.Request) (token, why string) {
	if r.URL.Query().Has("logout_token") {
		return "", "the logout_token must be in the request body, not the query string"
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/x-www-form-urlencoded" {
		return "", "the request body must be application/x-www-form-urlencoded"
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxRequestBody)
	if err := r.ParseForm(); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return "", "the request body is too large"
		}
		return "", "the request body is not a valid form"
	}
	values := r.PostForm["logout_token"]
	switch {
	case len(values) == 0 || values[0] == "":
		return "", "the logout_token parameter is missing"
	case len(values) > 1:
		return "", "the logout_token parameter is repeated"
	}
	return values[0], ""
}

// badRequest writes section 2.8's 400 with an OAuth 2.0 error body (RFC
// 6749 section 5.2).
func badRequest(w http.ResponseWriter, description string) {
	body, _ := json.Marshal(struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}{"invalid_request", description})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	w.Write(body)
}
