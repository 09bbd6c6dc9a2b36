package idtoken

import "github.com/jotlib/jwt/claims"

// Claims are the claims of an ID token (OpenID Connect Core 1.0 section 2).
// Embed it in a struct of your own to read further claims, such as the
// standard claims of section 5.1 (see Extended).
type Claims struct {
	// Registered holds "iss", "sub", "aud", "exp" and "iat", all REQUIRED
	// by section 2, and "nbf" and "jti".
	claims.Registered
	// AuthorizedParty is "azp" (section 2): the client the ID token was
	// issued to; see Config.AZP.
	AuthorizedParty string `json:"azp,omitempty"`
	// Nonce is "nonce" (section 2): the value of the authentication
	// request's nonce parameter; see Checks.Nonce.
	Nonce string `json:"nonce,omitempty"`
	// AuthTime is "auth_time" (section 2): when the end-user
	// authenticated; see Checks.MaxAge.
	AuthTime *claims.NumericDate `json:"auth_time,omitempty"`
	// ACR is "acr" (section 2): the authentication context class reference.
	ACR string `json:"acr,omitempty"`
	// AMR is "amr" (section 2): the authentication methods references.
	AMR []string `json:"amr,omitempty"`
	// AccessTokenHash is "at_hash" (sections 3.1.3.6 and 3.2.2.10); see
	// Checks.AccessToken and LeftHalfHash.
	AccessTokenHash string `json:"at_hash,omitempty"`
	// CodeHash is "c_hash" (section 3.3.2.11); see Checks.Code and
	// LeftHalfHash.
	CodeHash string `json:"c_hash,omitempty"`
}

// Extended is a pointer to a struct of your own that embeds Claims, for ID
// tokens with further claims (section 5.1's "email", "name", ...):
//
//	type MyClaims struct {
//		idtoken.Claims
//		Email string `json:"email"`
//	}
//
// *MyClaims is an Extended; *Claims is one too.
type Extended interface {
	idClaims() *Claims
}

// idClaims makes *Claims, and any pointer to a struct embedding Claims, an
// Extended.
func (c *Claims) idClaims() *Claims { return c }
