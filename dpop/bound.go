package dpop

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/compact"
	"github.com/jotlib/jwt/internal/strictjson"
)

// BoundKey returns the "cnf" "jkt" of a verified compact JWT's claims
// (RFC 7800 section 3.1; RFC 9449 section 6.1): the thumbprint of the key
// an access token is bound to, or ("", nil) for a token bound to none (no
// "cnf", a null one, or an empty object). It reads the claims and nothing
// else, checking no signature: give it a token its verifier accepted.
//
// A "cnf" without "jkt" holding another confirmation method ("x5t#S256"
// of mutual TLS, RFC 8705 section 3; "jwk", "jwe", "jku", "kid" of RFC
// 7800, any member) is ErrUnsupportedBinding: the token is bound to a key
// this library cannot check, so it is never taken as a bearer token, where
// a peer reading "jkt" alone would take it as one. An mTLS-bound token
// needs a verifier that checks the client certificate (RFC 8705).
//
// A token that is not a compact JWS at all (not three '.'-separated
// segments whose first is the base64url of a JSON object: an opaque token
// checked by introspection, RFC 7662, or a JWE) is ErrNotJWT: there is no
// claim to read (RFC 9449 section 7.2), and whatever accepted the token is
// responsible for its binding. A first segment that decodes to a JSON
// object under a lenient base64 reading is a JWS header: it is read by
// the rules below, never ErrNotJWT.
//
// A header or claims that are not strict JSON objects, a "cnf" that is not
// an object, a "jkt" that is not a non-empty string, a second "cnf" or
// "jkt" are jwt.ErrTokenMalformed, as claims.Confirmation reads "cnf" (a
// "jkt" that is not the base64url of a SHA-256 thumbprint, a member
// folding to "jkt").
func BoundKey(token string) (jkt string, err error) {
	parts, err := compact.Split(token)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNotJWT, err)
	}
	if !jsonObjectHeader(parts.Header) {
		return "", fmt.Errorf("%w: its first segment is not the base64url of a JSON object (RFC 7515 section 7.1)", ErrNotJWT)
	}
	header, err := b64url.DecodeString(parts.Header)
	if err == nil {
		err = strictjson.Object(header, func(strictjson.Key, []byte) error { return nil })
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
	if c.JKT != "" {
		return c.JKT, nil
	}
	var other string
	_ = strictjson.Object(cnf, func(k strictjson.Key, _ []byte) error {
		if other == "" {
			other = k.Name()
		}
		return nil
	})
	if other != "" {
		return "", fmt.Errorf(`%w: "cnf" holds %s and no "jkt" (RFC 7800 section 3.1; RFC 8705 section 3 for "x5t#S256")`, ErrUnsupportedBinding, bounded.Quote(other))
	}
	return "", nil
}

// CheckBearer is RFC 9449 section 7.2's rule for an access token presented
// as a bearer token, once its verifier accepted it: nil for an unbound token
// and for one that is not a JWT (ErrNotJWT: nothing to read; whatever
// accepted it answers for its binding); ErrBoundTokenAsBearer for a token
// bound to a DPoP key; BoundKey's other errors (ErrUnsupportedBinding,
// jwt.ErrTokenMalformed) as they are. jwthttp's Middleware and jwtgrpc's
// Interceptor apply it to every bearer token.
func CheckBearer(token string) error {
	jkt, err := BoundKey(token)
	switch {
	case errors.Is(err, ErrNotJWT):
		return nil
	case err != nil:
		return err
	case jkt != "":
		return ErrBoundTokenAsBearer
	}
	return nil
}

// urlAlphabet maps the standard base64 alphabet's two letters to
// base64url's, for jsonObjectHeader's lenient reading.
var urlAlphabet = strings.NewReplacer("+", "-", "/", "_")

// jsonObjectHeader reports whether seg, a token's first segment, decodes
// under the most lenient base64 reading (either alphabet, padded or not)
// to bytes starting, after JSON white space, with '{': what some JOSE
// library could take for a JWS header (after a scheme left before it).
func jsonObjectHeader(seg string) bool {
	if i := strings.LastIndexByte(seg, ' '); i >= 0 {
		seg = seg[i+1:] // "Bearer eyJ...": a JWS a scheme prefix was left on
	}
	s := strings.TrimRight(seg, "=")
	if len(s)%4 == 1 {
		return false
	}
	// Decoding a prefix is enough to find the first non-space byte: 64
	// characters give 48 bytes.
	if len(s) > 64 {
		s = s[:64]
	}
	s = urlAlphabet.Replace(s)
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return false
	}
	for _, c := range b {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		case '{':
			return true
		}
		return false
	}
	return false
}
