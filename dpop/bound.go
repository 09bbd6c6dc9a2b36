package dpop

import (
	"fmt"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/compact"
	"github.com/jotlib/jwt/internal/strictjson"
)

// BoundKey returns the "cnf" "jkt" of a verified compact JWT's claims
// (RFC 7800 section 3.1; RFC 9449 section 6.1): the thumbprint of the key
// an access token is bound to, or ("", nil) for a token bound to none (no
// "cnf", a null one, or one without "jkt", such as an mTLS binding of RFC
// 8705). It reads the claims and nothing else, checking no signature: give
// it a token its verifier accepted. A "cnf" that is not an object, a
// "jkt" that is not a non-empty string, a second "cnf" or "jkt", and a
// token that is not a compact JWS with a JSON object for claims are
// jwt.ErrTokenMalformed, as claims.Confirmation reads "cnf" (a "jkt" that
// is not the base64url of a SHA-256 thumbprint, a member folding to
// "jkt").
func BoundKey(token string) (jkt string, err error) {
	parts, err := compact.Split(token)
	if err != nil {
		return "", fmt.Errorf("%w: dpop: %w", jwt.ErrTokenMalformed, err)
	}
	header, err := b64url.DecodeString(parts.Header)
	if err == nil {
		err = strictjson.Valid(header)
	}
	if err != nil {
		return "", fmt.Errorf("%w: dpop: the header: %w", jwt.ErrTokenMalformed, err)
	}
	payload, err := b64url.DecodeString(parts.Payload)
	if err == nil {
		err = strictjson.Valid(payload)
	}
	if err != nil {
		return "", fmt.Errorf("%w: dpop: the claims: %w", jwt.ErrTokenMalformed, err)
	}
	cnf, err := strictjson.TopLevel(payload, "cnf")
	if err != nil {
		return "", fmt.Errorf("%w: dpop: the claims: %w", jwt.ErrTokenMalformed, err)
	}
	if cnf == nil || string(cnf) == "null" {
		return "", nil
	}
	// One rule for "cnf" wherever it is read: claims.Confirmation's, which
	// accesstoken's Verifier applies too (a "jkt" that is not a SHA-256
	// thumbprint, a member folding to "jkt": jwt.ErrTokenMalformed).
	var c claims.Confirmation
	if err := c.UnmarshalJSON(cnf); err != nil {
		return "", fmt.Errorf("dpop: %w", err)
	}
	jkt = c.JKT
	return jkt, nil
}
