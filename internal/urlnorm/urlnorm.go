// Package urlnorm is the repository's one URL normaliser: RFC 3986
// section 6.2.2's syntax-based normalisation and section 6.2.3's
// scheme-based one for http and https. Package jwk compares JWK Set URLs
// with Normalize (two spellings of one set are one set, RFC 8725 section
// 3.8); package dpop compares a DPoP proof's "htu" with the request's URI
// with Target (RFC 9449 section 4.3, check 9). It never fetches anything,
// and its forms are for comparing only, never for sending.
package urlnorm

import (
	"net/netip"
	"strconv"
	"strings"
)

// Normalize is rawURL after RFC 3986's syntax-based normalisation
// (section 6.2.2: 6.2.2.1 the scheme and host lower-cased and
// percent-encodings upper-cased, 6.2.2.2 percent-encoded unreserved
// characters decoded, 6.2.2.3 dot segments removed by section 5.2.4) and
// the scheme-based steps of section 6.2.3 for http and https (the default
// port and an empty port dropped, an empty path made "/", an empty query
// dropped), with an IP literal host in its one form (canonicalIP). The
// fragment (never sent, RFC 9110 section 7.1) and the user information
// (the same server and path) are dropped too, as is one trailing dot of the
// host (a fully qualified name), so that two spellings of one resource
// compare equal. A URL that does not split as scheme "://" authority is
// returned lower-cased. Normalize(Normalize(s)) is Normalize(s).
func Normalize(rawURL string) string {
	s, _, _ := strings.Cut(rawURL, "#")
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok {
		return strings.ToLower(s)
	}
	rest, query, hasQuery := strings.Cut(rest, "?")
	authority, path := splitAuthority(rest)
	if i := strings.LastIndexByte(authority, '@'); i >= 0 {
		authority = authority[i+1:]
	}
	host, port := splitHostPort(authority)
	var b strings.Builder
	b.Grow(len(rawURL) + 1)
	if !hostPort(authority, host) {
		// Not host [":" port]: kept as written (lower-cased), so that it
		// compares equal to nothing but its own spellings by case.
		b.WriteString(strings.ToLower(scheme))
		b.WriteString("://")
		b.WriteString(strings.ToLower(authority))
	} else {
		writeOrigin(&b, strings.ToLower(scheme), host, port)
	}
	writePath(&b, path)
	if hasQuery && query != "" {
		b.WriteByte('?')
		b.WriteString(normalizePercent(query))
	}
	return b.String()
}

// hostPort reports whether authority is host, then nothing or ":" and a
// port: a host name holds no ':' and an IP literal ends at its ']'.
func hostPort(authority, host string) bool {
	if strings.HasPrefix(host, "[") {
		rest := authority[len(host):]
		return strings.HasSuffix(host, "]") && (rest == "" || rest[0] == ':')
	}
	return strings.IndexByte(host, ':') < 0
}

// splitAuthority splits what follows "://" at the first '/' into the
// authority and the path (RFC 3986 section 3.2: the authority ends at the
// next '/', '?' or '#'; the caller has cut the last two).
func splitAuthority(rest string) (authority, path string) {
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		return rest[:i], rest[i:]
	}
	return rest, ""
}

// writeOrigin writes scheme "://" host [":" port] normalised: the host
// lower-cased with its percent-encodings normalised, one trailing dot
// dropped (never from a name ending in two, so that a second pass drops
// nothing), an IP literal in its one form; the port without leading zeros,
// and none when it is empty or the scheme's default (RFC 3986 section
// 6.2.3; RFC 9110 sections 4.2.1 and 4.2.2: 80 for http, 443 for https).
// scheme is lower-case already.
func writeOrigin(b *strings.Builder, scheme, host, port string) {
	host = strings.ToLower(normalizePercent(host))
	if strings.HasSuffix(host, ".") && !strings.HasSuffix(host, "..") {
		host = host[:len(host)-1]
	}
	host = canonicalIP(host)
	if port != "" {
		n, err := strconv.Atoi(port)
		switch {
		case err != nil || n < 0 || port[0] == '+' || port[0] == '-':
			// Not a port: kept as written (lower-cased), so it compares
			// equal to nothing but its own spellings by case.
			port = strings.ToLower(port)
		case scheme == "https" && n == 443, scheme == "http" && n == 80:
			port = ""
		default:
			port = strconv.Itoa(n) // no leading zeros
		}
	}
	b.WriteString(scheme)
	b.WriteString("://")
	b.WriteString(host)
	if port != "" {
		b.WriteByte(':')
		b.WriteString(port)
	}
}

// writePath writes path with its percent-encodings normalised and its dot
// segments removed, "/" for an empty one (RFC 3986 sections 6.2.2.2,
// 6.2.2.3 and 6.2.3). A path holding a "%" that begins no
// percent-encoding is not a URI path: its encodings are upper-cased, and
// nothing else is done, since decoding or removing segments could make an
// encoding of what is left.
func writePath(b *strings.Builder, path string) {
	if validPercent(path) {
		path = removeDotSegments(normalizePercent(path))
	} else {
		path = normalizePercent(path)
	}
	if path == "" {
		path = "/"
	}
	b.WriteString(path)
}

// canonicalIP writes an IP literal host in its one form (RFC 5952 section
// 4 for IPv6: zeros compressed, lower case; an IPv4-mapped IPv6 address as
// the IPv4 address it maps, RFC 4291 section 2.5.5.2); any other host is
// returned as it is. A zone identifier is kept.
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
// 6.2.2.1 and 6.2.2.2); a "%" not followed by two hex digits is kept. In
// a string holding such a "%" nothing is decoded, only upper-cased: a
// decoded digit could complete a new encoding after it ("%%370" would be
// "%70", then "p"), and a normalised form must normalise to itself.
func normalizePercent(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	decode := validPercent(s)
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			b.WriteByte(s[i])
			continue
		}
		c := unhex(s[i+1])<<4 | unhex(s[i+2])
		if decode && isUnreserved(c) {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteString(strings.ToUpper(s[i+1 : i+3]))
		}
		i += 2
	}
	return b.String()
}

// validPercent reports whether every "%" of s begins a percent-encoding:
// "%" and two hex digits (RFC 3986 section 2.1).
func validPercent(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			i += 2
		}
	}
	return true
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
	if !strings.Contains(in, ".") {
		return in
	}
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
