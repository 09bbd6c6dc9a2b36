package idtoken

import "github.com/jotlib/jwt"

// typeRule refuses a token typed as another kind of JWT, as the jwt package
// checks it (jwt.WithType, compared as a media type, right after the
// signature; a refusal is jwt.ErrInvalidType). OpenID Connect Core 1.0
// defines no "typ" for ID tokens; RFC 7519 section 5.1 recommends "JWT", and
// explicit typing (RFC 8725 section 3.11) gives other kinds their own:
// "at+jwt" marks an access token (RFC 9068 section 2.1), "logout+jwt" a
// logout token (OpenID Connect Back-Channel Logout 1.0 section 2.4). So
// "typ" must be absent or "JWT".
var typeRule = jwt.WithType("JWT", "")
