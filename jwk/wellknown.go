package jwk

import (
	"fmt"
	"net/url"
	"strings"
)

// WellKnown names the well-known URI (RFC 8615) a Provider reads its
// metadata from.
type WellKnown int

const (
	// OpenIDConfiguration is "/.well-known/openid-configuration", appended
	// to the issuer (OpenID Connect Discovery 1.0 section 4: "the path
	// formed by concatenating the string /.well-known/openid-configuration
	// to the Issuer"; a terminating "/" of the issuer is removed first).
	// The default.
	OpenIDConfiguration WellKnown = iota
	// OAuthAuthorizationServer is "/.well-known/oauth-authorization-server",
	// inserted between the issuer's host and its path (RFC 8414 section 3:
	// "inserting a well-known URI string into the authorization server's
	// issuer identifier between the host component and the path
	// component"; section 3.1: a terminating "/" is removed first).
	OAuthAuthorizationServer
)

// String returns the well-known URI suffix (RFC 8615 section 3).
func (w WellKnown) String() string {
	switch w {
	case OpenIDConfiguration:
		return "openid-configuration"
	case OAuthAuthorizationServer:
		return "oauth-authorization-server"
	}
	return fmt.Sprintf("WellKnown(%d)", int(w))
}

// checkIssuer accepts an issuer identifier: an https URL (http on the
// loopback interface, or with WithInsecureHTTP) with a host and no query,
// fragment or user information (Discovery section 3 "issuer", RFC 8414
// section 2: "a URL that uses the "https" scheme and has no query or
// fragment components").
func checkIssuer(issuer string, allowInsecure bool) (*url.URL, error) {
	if err := checkURL(issuer, allowInsecure); err != nil {
		return nil, fmt.Errorf("issuer: %w", err)
	}
	u, _ := url.Parse(issuer) // checkURL parsed it
	if u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(issuer, "#") || u.User != nil {
		return nil, fmt.Errorf("%w: issuer %q has a query, fragment or user information", ErrInvalidOption, issuer)
	}
	return u, nil
}

// metadataURL is where issuer's metadata is published for w.
func metadataURL(u *url.URL, issuer string, w WellKnown) string {
	if w == OAuthAuthorizationServer {
		return u.Scheme + "://" + u.Host + "/.well-known/oauth-authorization-server" + strings.TrimSuffix(u.EscapedPath(), "/")
	}
	return strings.TrimSuffix(issuer, "/") + "/.well-known/openid-configuration"
}
