package clientauth

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/replay"
)

// OAuth 2.0 error codes ErrorCode gives (RFC 6749 section 5.2; section
// 4.1.2.1 for the two a server's own fault gives).
const (
	CodeInvalidRequest         = "invalid_request"
	CodeInvalidClient          = "invalid_client"
	CodeServerError            = "server_error"
	CodeTemporarilyUnavailable = "temporarily_unavailable"
)

// ErrorCode returns the OAuth 2.0 error code and HTTP status of a
// VerifyRequest or VerifyForm error: nil is "", 200; ErrInvalidRequest is
// invalid_request, 400 (RFC 6749 section 5.2); a replay store that cannot
// tell is temporarily_unavailable, 503, and a misconfigured Verifier
// (jwt.ErrInvalidOption, a nil Verifier) server_error, 500 (RFC 6749
// section 5.2 has no code for the server's own fault; these are section
// 4.1.2.1's); every other refusal, the assertion's, is invalid_client, 400
// (RFC 7521 section 4.2.1; RFC 6749 section 5.2 asks 401 only of a client
// that authenticated with the Authorization header).
func ErrorCode(err error) (code string, status int) {
	switch {
	case err == nil:
		return "", http.StatusOK
	case errors.Is(err, ErrInvalidRequest):
		return CodeInvalidRequest, http.StatusBadRequest
	case errors.Is(err, replay.ErrUnavailable):
		return CodeTemporarilyUnavailable, http.StatusServiceUnavailable
	case errors.Is(err, jwt.ErrInvalidOption), errors.Is(err, errNilVerifier):
		return CodeServerError, http.StatusInternalServerError
	}
	return CodeInvalidClient, http.StatusBadRequest
}

// WriteError writes err as a token endpoint error response (RFC 6749
// section 5.2): ErrorCode's status, a JSON body {"error": code}, and
// Cache-Control: no-store. The error's text is not sent: it names the
// client's keys and claims, for the server's logs. A nil err, which no
// refusal is, is written as server_error, 500.
func WriteError(w http.ResponseWriter, err error) {
	code, status := ErrorCode(err)
	if err == nil {
		code, status = CodeServerError, http.StatusInternalServerError
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("Pragma", "no-cache")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": code})
}
