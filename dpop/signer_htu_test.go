package dpop_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/jotlib/jwt/dpop"
)

// RFC 9449 section 4.3 check 9 (RFC 3986 sections 6.2.2 and 6.2.3): the
// Signer writes "htu" in the comparison form its Verifier checks it in:
// default port dropped, dot segments removed, percent-encodings of
// unreserved characters decoded, an IP literal in its one form.
func TestRFC9449_4_3_9_SignerHTUInVerifierForm(t *testing.T) {
	s := sgSigner(t)
	for in, want := range map[string]string{
		"https://api.example:443/a/./b/../c":  "https://api.example/a/c",
		"HTTP://API.Example:80/%7e/%2f?q":     "http://api.example/~/%2F",
		"https://api.example./x":              "https://api.example/x",
		"https://[::FFFF:192.0.2.1]:8443/x":   "https://192.0.2.1:8443/x",
		"https://api.example:0443/x/..":       "https://api.example/",
		"https://xn--bcher-kva.example/x#f?g": "https://xn--bcher-kva.example/x",
	} {
		proof, err := s.Proof("GET", in, dpop.ProofOptions{})
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if got := sgDecode(t, proof).str(t, sgDecode(t, proof).claims, "htu"); got != want {
			t.Errorf("%s: htu %q, want %q", in, got, want)
		}
	}
}

// RFC 9449 section 4.2, RFC 9110 section 4.2: a URL with no valid host or
// port is ErrInvalidRequest, from the Signer and from the Transport
// (before anything is sent): a host in Unicode (net/http sends its
// A-label), an empty host, a zone identifier, port 0 or past 65535.
func TestRFC9449_4_2_SignerAndTransportRefuseInvalidHostOrPort(t *testing.T) {
	s := sgSigner(t)
	tr := &dpop.Transport{Signer: s, Base: http.DefaultTransport}
	for _, in := range []string{
		"https://bücher.example/x", "https://:443/x", "https://[fe80::1%25eth0]:8443/x",
		"https://api.example:99999/x", "https://api.example:0/x", "https://api.example:/x/%zz",
	} {
		if _, err := s.Proof("GET", in, dpop.ProofOptions{}); !errors.Is(err, dpop.ErrInvalidRequest) {
			t.Errorf("Proof %s: %v, want ErrInvalidRequest", in, err)
		}
		req, err := http.NewRequest("GET", in, nil)
		if err != nil {
			continue // net/http cannot send it either
		}
		if res, err := tr.RoundTrip(req); !errors.Is(err, dpop.ErrInvalidRequest) || res != nil {
			t.Errorf("RoundTrip %s: %v, %v; want ErrInvalidRequest", in, res, err)
		}
	}
}
