package jwk

import (
	"fmt"
	"net/netip"
	"net/url"
	"strings"
)

// keySetHostProblem says why the host of a JWK Set or failover URL
// (configured or a discovered "jwks_uri") is refused, or "". URLs of
// key sets are compared to keep each issuer's keys its own (RFC 8725
// section 3.8), so a host must have one spelling:
//   - a non-ASCII host (written or percent-encoded) has several: its
//     U-label and A-label (RFC 5890 section 2.3.2.1), and Unicode forms
//     that IDNA mapping (UTS 46) folds, such as a fullwidth letter, which
//     this package does not map: write the A-label (RFC 5891 section 4.4,
//     "xn--…"). Peers (and net/http) accept such hosts.
//   - an IPv6 zone identifier (RFC 6874) names a link of this host, not a
//     server.
//
// A URL that does not parse is left to urlProblem.
func keySetHostProblem(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	host := u.Hostname() // percent-encodings decoded
	for i := 0; i < len(host); i++ {
		if host[i] >= 0x80 {
			return fmt.Sprintf("URL %q has a non-ASCII host %q: write its A-label (the punycode \"xn--\" form, RFC 5891 section 4.4); "+
				"JWK Set URLs are compared as written, and a host name with several spellings is refused", rawURL, host)
		}
	}
	if strings.HasPrefix(u.Host, "[") {
		if a, err := netip.ParseAddr(host); err == nil && a.Zone() != "" {
			return fmt.Sprintf("URL %q has an IPv6 zone identifier (RFC 6874): a zone names a link of this host, not a server", rawURL)
		}
	}
	return ""
}

// checkKeySetURL is checkURL plus the rules of keySetHostProblem, for a
// JWK Set or failover URL given by the caller: ErrInvalidOption.
func checkKeySetURL(rawURL string, allowInsecure bool) error {
	if err := checkURL(rawURL, allowInsecure); err != nil {
		return err
	}
	if problem := keySetHostProblem(rawURL); problem != "" {
		return fmt.Errorf("%w: %s", ErrInvalidOption, problem)
	}
	return nil
}
