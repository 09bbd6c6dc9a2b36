package accesstoken

import (
	"fmt"
	"strings"

	"github.com/jotlib/jwt"
)

// Type is the "typ" of a JWT access token: the media type
// "application/at+jwt" without its "application/" prefix, as RFC 9068
// section 2.1 recommends writing it.
const Type = "at+jwt"

// checkType is RFC 9068 section 4's first rule: "The resource server MUST
// verify that the "typ" header value is "at+jwt" or "application/at+jwt"
// and reject tokens carrying any other value." With allowJWT (the
// transition switch), a missing "typ" and "JWT" (RFC 7519 section 5.1) pass
// too; nothing else does.
func checkType(typ string, allowJWT bool) error {
	if sameMediaType(typ, Type) {
		return nil
	}
	if allowJWT && (typ == "" || sameMediaType(typ, "JWT")) {
		return nil
	}
	want := `"at+jwt"`
	if allowJWT {
		want = `"at+jwt", "JWT" or none`
	}
	if typ == "" {
		return fmt.Errorf("%w: no \"typ\", want %s (RFC 9068 section 4)", jwt.ErrInvalidType, want)
	}
	return fmt.Errorf("%w: %q, want %s (RFC 9068 section 4)", jwt.ErrInvalidType, typ, want)
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
