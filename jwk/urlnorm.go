package jwk

import (
	"net/netip"
	"strconv"
	"strings"
)

// normalizeURL is rawURL after RFC 3986's syntax-based normalisation
// (section 6.2.2: 6.2.2.1 the scheme and host lower-cased and
// percent-encodings upper-cased, 6.2.2.2 percent-encoded unreserved
// characters decoded, 6.2.2.3 dot segments removed by section 5.2.4) and
// the scheme-based steps of section 6.2.3 for http and https (the default
// port and an empty port dropped, an empty path made "/", an empty query
// dropped), with an IP literal host in its one form (canonicalIP). It is for comparing JWK Set URLs only, never for fetching: the
// fragment (never sent, RFC 9110 section 7.1) and the user information
// (the same server and path) are dropped too, as is a trailing dot of the
// host, so that two spellings of one set compare equal. A URL that does not
// split as scheme "://" authority is returned lower-cased.
func normalizeURL(rawURL string) string {
	s, _, _ := strings.Cut(rawURL, "#")
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok {
		return strings.ToLower(s)
	}
	scheme = strings.ToLower(scheme)
	rest, query, hasQuery := strings.Cut(rest, "?")
	authority, path := rest, ""
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		authority, path = rest[:i], rest[i:]
	}
	if i := strings.LastIndexByte(authority, '@'); i >= 0 {
		authority = authority[i+1:]
	}
	host, port := splitHostPort(authority)
	host = canonicalIP(strings.TrimSuffix(strings.ToLower(normalizePercent(host)), "."))
	if port != "" {
		n, err := strconv.Atoi(port)
		switch {
		case err != nil:
		case scheme == "https" && n == 443, scheme == "http" && n == 80:
			port = ""
		default:
			port = strconv.Itoa(n) // no leading zeros
		}
	}
	var b strings.Builder
	b.WriteString(scheme)
	b.WriteString("://")
	b.WriteString(host)
	if port != "" {
		b.WriteByte(':')
		b.WriteString(port)
	}
	path = removeDotSegments(normalizePercent(path))
	if path == "" {
		path = "/"
	}
	b.WriteString(path)
	if hasQuery && query != "" {
		b.WriteByte('?')
		b.WriteString(normalizePercent(query))
	}
	return b.String()
}

// canonicalIP writes an IP literal host in its one form (RFC 5952 section
// 4 for IPv6: zeros compressed, lower case; an IPv4-mapped IPv6 address as
// the IPv4 address it maps, RFC 4291 section 2.5.5.2); any other host is
// returned as it is. A zone identifier is kept (key-set URLs refuse one:
// keySetHostProblem).
func canonicalIP(host string) string {
	literal := strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]")
	s := host
	if literal {
		s = host[1 : len(host)-1]
	}
	a, err := netip.ParseAddr(s)
	if err != nil || a.Is4() == literal {
		return host // a name (brackets hold IPv6 only, RFC 3986 section 3.2.2)
	}
	if a.Is4In6() && a.Zone() == "" {
		return a.Unmap().String()
	}
	if a.Is4() {
		return a.String()
	}
	return "[" + a.String() + "]"
}

// splitHostPort splits an authority's host (an IP literal in brackets
// kept whole) from its port; the port is "" when absent or empty.
func splitHostPort(authority string) (host, port string) {
	if strings.HasPrefix(authority, "[") {
		if i := strings.IndexByte(authority, ']'); i >= 0 {
			host, rest := authority[:i+1], authority[i+1:]
			return host, strings.TrimPrefix(rest, ":")
		}
		return authority, ""
	}
	if i := strings.LastIndexByte(authority, ':'); i >= 0 {
		return authority[:i], authority[i+1:]
	}
	return authority, ""
}

// normalizePercent upper-cases the hex digits of every percent-encoding
// and decodes those of unreserved characters (RFC 3986 sections 2.3,
// 6.2.2.1 and 6.2.2.2); a "%" not followed by two hex digits is kept.
func normalizePercent(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			b.WriteByte(s[i])
			continue
		}
		c := unhex(s[i+1])<<4 | unhex(s[i+2])
		if isUnreserved(c) {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteString(strings.ToUpper(s[i+1 : i+3]))
		}
		i += 2
	}
	return b.String()
}

// isUnreserved is RFC 3986 section 2.3's unreserved set: ALPHA / DIGIT /
// "-" / "." / "_" / "~".
func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// removeDotSegments is RFC 3986 section 5.2.4's algorithm, over a path
// whose unreserved characters are already decoded (so "%2E" is ".").
func removeDotSegments(in string) string {
	var out []string // output segments, each with its leading "/"
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		case in == "/..":
			in = "/"
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		case in == "." || in == "..":
			in = ""
		default:
			// Move the first segment, with its leading "/" if any, to out.
			i := strings.IndexByte(in[1:], '/')
			if i < 0 {
				out, in = append(out, in), ""
			} else {
				out, in = append(out, in[:i+1]), in[i+1:]
			}
		}
	}
	return strings.Join(out, "")
}
