package vc

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"strings"

	"github.com/jotlib/jwt/internal/bounded"
)

// WellKnownPath is the well-known URI suffix of JWT VC Issuer Metadata
// (draft-ietf-oauth-sd-jwt-vc section 4, registered in section 9.3).
const WellKnownPath = "/.well-known/jwt-vc-issuer"

// MetadataURL is where the JWT VC Issuer Metadata of issuer iss lives
// (draft-ietf-oauth-sd-jwt-vc section 4): WellKnownPath inserted between
// the host and the path of iss, any terminating "/" of the path removed
// first (section 4.1). iss must be a case-sensitive https URL with a host,
// optionally a port and a path, and no query or fragment (section 4);
// anything else is ErrInvalidClaim.
//
// Stricter than the draft's text: a user-info part, an IPv6 zone, and "."
// or ".." path segments are refused too, for a server could resolve them
// out of the well-known location (RFC 3986 section 5.2.4).
func MetadataURL(iss string) (string, error) {
	if err := checkIssuerURL(iss); err != nil {
		return "", err
	}
	u, _ := url.Parse(iss)
	return "https://" + u.Host + WellKnownPath + strings.TrimRight(u.EscapedPath(), "/"), nil
}

// checkIssuerURL applies section 4's rules for "iss".
func checkIssuerURL(iss string) error {
	bad := func(why string) error {
		return fmt.Errorf("%w: iss %s %s (draft-ietf-oauth-sd-jwt-vc section 4)", ErrInvalidClaim, bounded.Quote(iss), why)
	}
	if !strings.HasPrefix(iss, "https://") {
		return bad("is not an https URL")
	}
	if strings.ContainsAny(iss, "?#") {
		return bad("has a query or fragment")
	}
	for i := 0; i < len(iss); i++ {
		if iss[i] <= ' ' || iss[i] >= 0x7f {
			return bad("has a space, control or non-ASCII character")
		}
	}
	u, err := url.Parse(iss)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return bad("is not a URL with a host")
	}
	if u.User != nil {
		return bad("has a user-info part")
	}
	if strings.Contains(u.Host, "%") {
		return bad("has an IPv6 zone")
	}
	if u.Hostname() == "" {
		return bad("has an empty host")
	}
	for _, seg := range strings.Split(u.EscapedPath(), "/") {
		if dec, err := url.PathUnescape(seg); err != nil || dec == "." || dec == ".." {
			return bad("has a dot path segment")
		}
	}
	return nil
}

// b64Decode decodes unpadded base64url (RFC 7515 section 2).
func b64Decode(s string) ([]byte, error) { return base64.RawURLEncoding.Strict().DecodeString(s) }
