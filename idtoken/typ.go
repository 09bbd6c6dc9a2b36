package idtoken

import (
	"fmt"
	"strings"

	"github.com/jotlib/jwt"
)

// checkType refuses a token typed as another kind of JWT. OpenID Connect
// Core 1.0 defines no "typ" for ID tokens; RFC 7519 section 5.1 recommends
// "JWT", and explicit typing (RFC 8725 section 3.11) gives other kinds their
// own: "at+jwt" marks an access token (RFC 9068 section 2.1), "logout+jwt"
// a logout token (OpenID Connect Back-Channel Logout 1.0 section 2.4). So
// "typ" must be absent or "JWT", compared as a media type.
func checkType(typ string) error {
	if typ == "" || sameMediaType(typ, "JWT") {
		return nil
	}
	if sameMediaType(typ, "at+jwt") {
		return fmt.Errorf("%w: %q marks an RFC 9068 access token, not an ID token (RFC 9068 section 2.1)", jwt.ErrInvalidType, typ)
	}
	return fmt.Errorf("%w: %q, want \"JWT\" or none for an ID token (RFC 8725 section 3.11)", jwt.ErrInvalidType, typ)
}

// sameMediaType compares two "typ" values as media types, as jwt.WithType
// does: case-insensitively, with "application/" implied when the value has
// no '/' (RFC 7515 section 4.1.9: "A recipient using the media type value
// MUST treat it as if "application/" were prepended to any "typ" value not
// containing a '/'").
func sameMediaType(a, b string) bool {
	appA, restA := splitApplication(a)
	appB, restB := splitApplication(b)
	return appA == appB && strings.EqualFold(restA, restB)
}

// splitApplication reports whether typ is an application/ media type and
// returns the rest.
func splitApplication(typ string) (bool, string) {
	const app = "application/"
	if !strings.Contains(typ, "/") {
		return true, typ
	}
	if len(typ) > len(app) && strings.EqualFold(typ[:len(app)], app) {
		return true, typ[len(app):]
	}
	return false, typ
}
