package jwthttp

import (
	"fmt"
	"net/http"
	"strings"
)

// Sources says where a token may be sent (RFC 6750 section 2). The zero value is the Authorization header
// only (section 2.1); the form body, the query and a cookie are opt-in, since a token there leaks into
// logs, caches and browser history (section 5.3).
type Sources struct {
	// Form accepts the form-encoded body parameter "access_token" (RFC 6750 section 2.2) of a request
	// whose Content-Type is application/x-www-form-urlencoded (matched case-insensitively; parameters
	// such as charset are allowed and ignored, malformed ones too, as r.ParseForm ignores them), whose
	// method has body semantics (not GET, HEAD, DELETE, CONNECT, OPTIONS or TRACE: such a request with
	// a form "access_token" is ErrInvalidRequest) and whose body is ASCII and at most MaxFormBytes. The
	// body is read and put back, so the handler reads it unchanged; a request whose PostForm is already
	// parsed is read from PostForm.
	Form bool
	// Query accepts the URI query parameter "access_token" (RFC 6750 section 2.3). The middleware then
	// marks the response Cache-Control: private (section 2.3).
	Query bool
	// Cookie names a cookie holding the token, for browser apps; "" accepts none. It must be an RFC 6265
	// cookie-name (section 4.1.1: New refuses another), and the cookie must be sent once. Browsers
	// attach cookies to cross-site requests too, so a cookie token invites cross-site request forgery
	// (RFC 6749 section 10.12): set the cookie SameSite=Strict or Lax, Secure and HttpOnly (a __Host-
	// name), and check unsafe requests' origin (Origin, Sec-Fetch-Site) or an anti-CSRF token yourself.
	// Extract does one check: a cookie token on a request whose method is not safe (RFC 9110 section
	// 9.2.1: not GET, HEAD, OPTIONS, TRACE) with Sec-Fetch-Site: cross-site is ErrInvalidRequest (a 400).
	// Older browsers send no Sec-Fetch-Site: it is no substitute for SameSite and your own check.
	Cookie string
}

// MaxFormBytes bounds the form body Sources.Form reads (RFC 6750 section 2.2); a larger form body is
// ErrInvalidRequest rather than searched in part. It equals jwt.DefaultMaxTokenSize.
const MaxFormBytes = 1 << 20

// Extract returns the request's one bearer token (RFC 6750 section 2): ErrNoToken when none, an error
// matching ErrInvalidRequest when malformed or sent by more than one method (section 2: "Clients MUST
// NOT use more than one method"). The token returned is always a b64token (section 2.1): 1*( ALPHA /
// DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=", whichever source it came from. Its length is not
// capped here: the verifier's cap (jwt.WithMaxTokenSize) refuses a longer token, as invalid_token; the
// header itself is bounded by http.Server.MaxHeaderBytes and the form by MaxFormBytes. A Sources.Cookie
// that is not an RFC 6265 cookie-name is jwt.ErrInvalidOption (a 500 from the Middleware, whose New
// refuses it first).
//
// The Authorization header (section 2.1, RFC 9110 section 11.6.2) holds at most one field, and that
// field one credential: "Bearer" (any case, RFC 9110 section 11.1), one or more SP, the token68, and
// nothing after it but the white space net/http trims. A tab between the scheme and the token, a
// comma (a second credential), or anything after the token is ErrInvalidRequest, and so is "Bearer"
// without a token. An empty field, or a field holding another scheme alone, carries no bearer token.
// Peers accept some of these (a second field ignored, junk after the token dropped); we refuse them,
// since a request two parties could read differently is a request to refuse.
func (s Sources) Extract(r *http.Request) (string, error) {
	token, _, err := s.extract(r)
	return token, err
}

// extract is Extract, reporting too whether the token came from the query (RFC 6750 section 2.3), so
// the Middleware marks the response private without parsing the query again.
func (s Sources) extract(r *http.Request) (token string, inQuery bool, err error) {
	token, _, inQuery, err = s.credential(r, false)
	return token, inQuery, err
}

// credential is extract reading the Authorization header with the DPoP scheme too when dpop (RFC 9449
// section 7.1), and reporting the scheme of the token found: a DPoP token sent beside a form, query or
// cookie token is a token sent by more than one method (ErrInvalidRequest), as two bearer tokens are.
func (s Sources) credential(r *http.Request, dpop bool) (token string, sch scheme, inQuery bool, err error) {
	if r == nil {
		return "", noScheme, false, ErrNoToken
	}
	token, sch, err = fromAuthorization(r.Header, dpop)
	if err != nil {
		return "", noScheme, false, err
	}
	var found int
	if sch != noScheme {
		found++
	}
	add := func(tok string, ok bool, err error) (bool, error) {
		if err != nil {
			return false, err
		}
		if ok {
			found++
			token = tok
		}
		return ok, nil
	}
	if s.Form {
		if _, err := add(fromForm(r)); err != nil {
			return "", noScheme, false, err
		}
	}
	if s.Query {
		if inQuery, err = add(fromQuery(r)); err != nil {
			return "", noScheme, false, err
		}
	}
	if s.Cookie != "" {
		if !validCookieName(s.Cookie) {
			return "", noScheme, false, fmt.Errorf("%w: jwthttp: Sources.Cookie is not a cookie-name (RFC 6265 section 4.1.1)", errOption)
		}
		if _, err := add(fromCookie(r, s.Cookie)); err != nil {
			return "", noScheme, false, err
		}
	}
	switch {
	case found == 0:
		return "", noScheme, false, ErrNoToken
	case found > 1:
		return "", noScheme, false, invalid("the token was sent by more than one method (RFC 6750 section 2)")
	}
	if sch == noScheme {
		sch = bearerScheme // a form, query or cookie token is a bearer token (RFC 6750 sections 2.2, 2.3)
	}
	return token, sch, inQuery, nil
}

// scheme is the authentication scheme a token was sent with.
type scheme uint8

const (
	noScheme     scheme = iota // no token
	bearerScheme               // "Bearer" (RFC 6750 section 2.1), or a form, query or cookie token
	dpopScheme                 // "DPoP" (RFC 9449 section 7.1)
)

// schemeOf is the scheme named name (case-insensitive, RFC 9110 section 11.1): Bearer, DPoP when dpop,
// else noScheme.
func schemeOf(name string, dpop bool) scheme {
	switch {
	case strings.EqualFold(name, "Bearer"):
		return bearerScheme
	case dpop && strings.EqualFold(name, "DPoP"):
		return dpopScheme
	}
	return noScheme
}

// rule is the section defining the scheme's credentials, for the error messages.
func (s scheme) rule() string {
	if s == dpopScheme {
		return "the DPoP scheme (RFC 9449 section 7.1)"
	}
	return "the Bearer scheme (RFC 6750 section 2.1)"
}

// fromHeader reads the Authorization header (RFC 6750 section 2.1): credentials = "Bearer" 1*SP b64token.
func fromHeader(h http.Header) (token string, ok bool, err error) {
	token, sch, err := fromAuthorization(h, false)
	return token, sch != noScheme, err
}

// fromAuthorization reads the Authorization header's one credential (RFC 9110 section 11.6.2):
// "Bearer" 1*SP b64token (RFC 6750 section 2.1) or, when dpop, "DPoP" 1*SP token68 (RFC 9449 section
// 7.1; the same characters), the scheme in any case. Another scheme alone is no token (noScheme).
func fromAuthorization(h http.Header, dpop bool) (string, scheme, error) {
	fields := h.Values("Authorization")
	switch {
	case len(fields) == 0:
		return "", noScheme, nil
	case len(fields) > 1:
		return "", noScheme, invalid("more than one Authorization header field (RFC 9110 section 11.6.2)")
	}
	v := strings.Trim(fields[0], " \t") // OWS; net/http's server has trimmed it already
	if v == "" {
		return "", noScheme, nil
	}
	name, rest, _ := strings.Cut(v, " ")
	sch := schemeOf(name, dpop)
	if sch == noScheme {
		if first, _, tab := strings.Cut(name, "\t"); tab && schemeOf(first, dpop) != noScheme {
			return "", noScheme, invalid("the scheme and the token are separated by a tab, not a space, against " + schemeOf(first, dpop).rule())
		}
		if first, _, comma := strings.Cut(name, ","); comma && schemeOf(first, dpop) != noScheme || secondCredential(v, dpop) {
			return "", noScheme, invalid("more than one credential in the Authorization header field (RFC 9110 section 11.6.2)")
		}
		return "", noScheme, nil // another scheme: no token
	}
	rest = strings.TrimLeft(rest, " ")
	if rest == "" {
		return "", noScheme, invalid("no token after the scheme, against " + sch.rule())
	}
	n := b64tokenLen(rest)
	switch {
	case n == len(rest):
		return rest, sch, nil
	case n == 0:
		return "", noScheme, invalid("the credential is not a token68, as " + sch.rule() + " requires")
	case strings.ContainsRune(rest[n:], ','):
		return "", noScheme, invalid("more than one credential in the Authorization header field (RFC 9110 section 11.6.2)")
	}
	return "", noScheme, invalid("something follows the token in the Authorization header field (" + sch.rule() + ")")
}

// secondCredential reports whether another scheme's credential is followed, after a comma, by one of
// an accepted scheme (Bearer; DPoP when dpop): "Basic x, Bearer y".
func secondCredential(v string, dpop bool) bool {
	for {
		_, after, ok := strings.Cut(v, ",")
		if !ok {
			return false
		}
		v = strings.TrimLeft(after, " \t")
		name := v
		if i := strings.IndexAny(v, " \t"); i >= 0 {
			name = v[:i]
		}
		if schemeOf(name, dpop) != noScheme {
			return true
		}
	}
}

// b64tokenLen is the length of the b64token that starts s (RFC 6750 section 2.1):
// 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=". It is 0 when s does not start with one.
func b64tokenLen(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 { // eight bytes a step while all are b64token characters
		b := s[i : i+8]
		if b64chars[b[0]]&b64chars[b[1]]&b64chars[b[2]]&b64chars[b[3]]&
			b64chars[b[4]]&b64chars[b[5]]&b64chars[b[6]]&b64chars[b[7]] == 0 {
			break
		}
	}
	for i < len(s) && isB64char(s[i]) {
		i++
	}
	if i == 0 {
		return 0
	}
	for i < len(s) && s[i] == '=' {
		i++
	}
	return i
}

// isB64token reports whether s is exactly one b64token (RFC 6750 section 2.1).
func isB64token(s string) bool { return s != "" && b64tokenLen(s) == len(s) }

// isB64char reports whether c is one of b64token's characters before the padding (RFC 6750 section 2.1).
func isB64char(c byte) bool { return b64chars[c] != 0 }

// b64chars is isB64char's table (1 for a b64token character before the padding, 0 otherwise): one
// load per byte of a token of hundreds, and eight bytes tested with one branch in b64tokenLen.
var b64chars = func() (t [256]byte) {
	for c := range 256 {
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' ||
			c == '-' || c == '.' || c == '_' || c == '~' || c == '+' || c == '/' {
			t[c] = 1
		}
	}
	return t
}()
