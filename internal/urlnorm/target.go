package urlnorm

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
)

// ErrNotHTTPURL is the error of Target and Origin for a value that is not
// an absolute http or https URI of the form they take.
var ErrNotHTTPURL = errors.New("not an absolute http or https URI")

// Target is the comparison form of an absolute http or https URI without
// its query and fragment, as RFC 9449 section 4.3 (check 9) compares a
// DPoP proof's "htu" with the request's target URI (RFC 9110 section 7.1):
// Normalize's form (RFC 3986 sections 6.2.2 and 6.2.3) of what precedes
// the first '?' or '#'. What precedes it must be a URI of RFC 3986's
// grammar whose scheme is http or https (any case) and whose authority
// holds a host and, optionally, a port of 1 to 65535 (or an empty one);
// otherwise the error matches ErrNotHTTPURL. Refused beyond that grammar,
// so that no two spellings of one origin are told apart by what a peer
// reads differently: user information (RFC 9110 section 4.2.4: "treat its
// presence as an error"), a percent-encoding in the host, a zone
// identifier or an IPvFuture literal, and a port written with a sign.
// Target(u) is idempotent: Target of its result is the result.
func Target(rawURL string) (string, error) {
	s := rawURL
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	if err := uriChars(s); err != nil {
		return "", err
	}
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok {
		return "", fmt.Errorf(`%w: no "://"`, ErrNotHTTPURL)
	}
	switch {
	case strings.EqualFold(scheme, "https"):
		scheme = "https"
	case strings.EqualFold(scheme, "http"):
		scheme = "http"
	default:
		return "", fmt.Errorf("%w: the scheme is not http or https", ErrNotHTTPURL)
	}
	authority, path := splitAuthority(rest)
	host, port, err := checkAuthority(authority)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.Grow(len(s) + 1)
	writeOrigin(&b, scheme, host, port)
	writePath(&b, path)
	return b.String(), nil
}

// Origin is the comparison form of an origin, scheme "://" host [":"
// port] (RFC 6454 section 4), for http and https: Target's rules, and no
// path but an empty one or "/", no query and no fragment. The result has
// no trailing "/": Origin(o) + a path starting with "/" is a target URI.
func Origin(rawOrigin string) (string, error) {
	if strings.ContainsAny(rawOrigin, "?#") {
		return "", fmt.Errorf("%w: an origin has no query or fragment", ErrNotHTTPURL)
	}
	t, err := Target(rawOrigin)
	if err != nil {
		return "", err
	}
	origin := strings.TrimSuffix(t, "/")
	if _, authority, _ := strings.Cut(origin, "://"); strings.Contains(authority, "/") {
		return "", fmt.Errorf("%w: an origin has no path", ErrNotHTTPURL)
	}
	return origin, nil
}

// checkAuthority splits an http(s) authority (RFC 3986 section 3.2) into
// its host and port, refusing what Target refuses of them.
func checkAuthority(authority string) (host, port string, err error) {
	if strings.IndexByte(authority, '@') >= 0 {
		return "", "", fmt.Errorf("%w: user information in the authority (RFC 9110 section 4.2.4)", ErrNotHTTPURL)
	}
	host, port = splitHostPort(authority)
	if rest := authority[len(host):]; rest != "" && rest[0] != ':' {
		return "", "", fmt.Errorf("%w: data after the IP literal", ErrNotHTTPURL)
	}
	if err := checkPort(port); err != nil {
		return "", "", err
	}
	if err := checkHost(host); err != nil {
		return "", "", err
	}
	return host, port, nil
}

// checkPort accepts an empty port or 1 to 65535 in decimal digits (RFC
// 3986 section 3.2.3: port = *DIGIT).
func checkPort(port string) error {
	n := 0
	for i := 0; i < len(port); i++ {
		c := port[i]
		if c < '0' || c > '9' {
			return fmt.Errorf("%w: the port is not decimal digits", ErrNotHTTPURL)
		}
		if n = n*10 + int(c-'0'); n > 65535 {
			return fmt.Errorf("%w: the port is past 65535", ErrNotHTTPURL)
		}
	}
	if port != "" && n == 0 {
		return fmt.Errorf("%w: port 0", ErrNotHTTPURL)
	}
	return nil
}

// checkHost accepts an IPv6 literal in brackets without a zone, or a
// reg-name / IPv4address of unreserved and sub-delims characters (RFC 3986
// section 3.2.2), not empty nor "." (RFC 9110 section 4.2.1: an http URI "with an
// empty host identifier" is invalid). A percent-encoded host is refused:
// no DNS name needs one, and it is one more spelling of a name.
func checkHost(host string) error {
	if host == "" || host == "." {
		return fmt.Errorf("%w: no host", ErrNotHTTPURL)
	}
	if host[0] == '[' {
		if host[len(host)-1] != ']' {
			return fmt.Errorf("%w: an unclosed IP literal", ErrNotHTTPURL)
		}
		a, err := netip.ParseAddr(host[1 : len(host)-1])
		if err != nil || !a.Is6() || a.Zone() != "" {
			return fmt.Errorf("%w: the IP literal is not an IPv6 address without a zone", ErrNotHTTPURL)
		}
		return nil
	}
	for i := 0; i < len(host); i++ {
		if c := host[i]; !isUnreserved(c) && !isSubDelim(c) {
			return fmt.Errorf("%w: the host holds %q", ErrNotHTTPURL, c)
		}
	}
	return nil
}

// uriChars accepts the characters of a URI (RFC 3986 section 2:
// unreserved, reserved and percent-encodings of two hex digits) and
// nothing else: no space, control, non-ASCII byte, '"', '<', '>', '\\',
// '^', '`', '{', '|' or '}'.
func uriChars(s string) error {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isUnreserved(c), isSubDelim(c), isGenDelim(c), c == '%':
		default:
			return fmt.Errorf("%w: the character %q", ErrNotHTTPURL, c)
		}
	}
	if !validPercent(s) {
		return fmt.Errorf("%w: a '%%' not followed by two hex digits", ErrNotHTTPURL)
	}
	return nil
}

// isGenDelim is RFC 3986 section 2.2's gen-delims: ":" / "/" / "?" / "#" /
// "[" / "]" / "@".
func isGenDelim(c byte) bool { return strings.IndexByte(":/?#[]@", c) >= 0 }

// isSubDelim is RFC 3986 section 2.2's sub-delims: "!" / "$" / "&" / "'" /
// "(" / ")" / "*" / "+" / "," / ";" / "=".
func isSubDelim(c byte) bool { return strings.IndexByte("!$&'()*+,;=", c) >= 0 }
