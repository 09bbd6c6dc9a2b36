package logout

import (
	"context"
	"encoding/json"
	"errors"
	"mime"
	"net/http"

	"github.com/jotlib/jwt"
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
// "sid" of "iss"). Its answers (section 2.8), each with Cache-Control:
// no-store:
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
// A nil v or logout is ErrInvalidHandler.
func Handler(v *Verifier, logout func(ctx context.Context, c *Claims) error) (http.Handler, error) {
	if v == nil || v.core == nil || logout == nil {
		return nil, ErrInvalidHandler
	}
	return &handler{v: v, logout: logout}, nil
}

// handler is Handler's http.Handler.
type handler struct {
	v      *Verifier
	logout func(context.Context, *Claims) error
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
		badRequest(w, why)
		return
	}
	c, err := h.v.Verify(r.Context(), token)
	if err != nil {
		badRequest(w, "the logout token is invalid")
		return
	}
	if err := h.logout(r.Context(), c); err != nil {
		badRequest(w, "the logout failed")
		return
	}
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
