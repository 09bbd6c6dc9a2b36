package clientauth

import "github.com/jotlib/jwt/claims"

// Claims are the claims of a client assertion (RFC 7523 section 3; OpenID
// Connect Core 1.0 section 9): "iss" and "sub" (the client id), "aud",
// "exp", "jti", and "iat" and "nbf" when present.
type Claims struct {
	claims.Registered
}

// ClientID returns the authenticated client's id: "sub" (RFC 7523 section
// 3 item 2), which the Verifier checked equal to "iss". A nil Claims has
// none.
func (c *Claims) ClientID() string {
	if c == nil {
		return ""
	}
	return c.Subject
}
