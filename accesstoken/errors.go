package accesstoken

import (
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
)

// ErrIDToken reports a token that carries a claim OpenID Connect Core 1.0
// defines only for ID tokens ("nonce", section 2; "at_hash", sections
// 3.1.3.6 and 3.2.2.10; "c_hash", section 3.3.2.11) and whose "typ" is
// "JWT" or absent (Config.AllowJWTType): it is an ID token, not an access
// token (RFC 8725 section 3.12). A token typed "at+jwt" is never refused
// for them. It matches jwt.ErrInvalidType (the token is of the wrong kind)
// and jwt.ErrTokenInvalidClaims (its claims say so).
var ErrIDToken error = sentinel.New("accesstoken: the token is an OpenID Connect ID token, not an access token",
	jwt.ErrInvalidType, jwt.ErrTokenInvalidClaims)
