package jwk

import "github.com/jotlib/jwt/internal/urlnorm"

// normalizeURL is rawURL in the comparison form of JWK Set URLs:
// urlnorm.Normalize, RFC 3986's syntax-based normalisation (section 6.2.2)
// and the scheme-based steps of section 6.2.3 for http and https, with an
// IP literal host in its one form, the fragment, the user information and
// a trailing dot of the host dropped. It is for comparing only, never for
// fetching: two spellings of one set compare equal (RFC 8725 section 3.8).
// The one normaliser of the repository, shared with package dpop's "htu"
// rule (RFC 9449 section 4.3).
func normalizeURL(rawURL string) string { return urlnorm.Normalize(rawURL) }
