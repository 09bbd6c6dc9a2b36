package accesstoken

import "github.com/jotlib/jwt"

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
