package accesstoken

import (
	"strconv"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/profileclaims"
)

// Type is the "typ" of a JWT access token: the media type
// "application/at+jwt" without its "application/" prefix, as RFC 9068
// section 2.1 recommends writing it.
const Type = "at+jwt"

// typeRule is RFC 9068 section 4's first rule as the jwt package checks it
// (jwt.WithType, compared as a media type, right after the signature): "The
// resource server MUST verify that the "typ" header value is "at+jwt" or
// "application/at+jwt" and reject tokens carrying any other value." With
// allowJWT (the transition switch), a missing "typ" and "JWT" (RFC 7519
// section 5.1) pass too; nothing else does. A refusal is jwt.ErrInvalidType.
func typeRule(allowJWT bool) jwt.Option {
	if allowJWT {
		return jwt.WithType(Type, "JWT", "")
	}
	return jwt.WithType(Type)
}

// isAccessTokenType reports whether typ, which passed typeRule, is "at+jwt"
// compared as a media type (RFC 7515 section 4.1.9: case-insensitive,
// "application/" implied): the token is then an access token by its header
// (RFC 9068 section 2.1), whatever its claims.
func isAccessTokenType(typ string) bool { return profileclaims.SameMediaType(typ, Type) }

// typeName names a "typ" that passed typeRule in an error: quoted, or
// "absent".
func typeName(typ string) string {
	if typ == "" {
		return "absent"
	}
	return strconv.Quote(typ)
}
