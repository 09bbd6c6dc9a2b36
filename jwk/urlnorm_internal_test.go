package jwk

import "testing"

// TestRFC3986_6_2_2_NormalizeURL: case, percent-encoding, dot segments,
// default port, empty query, fragment and user information
// (internal/urlnorm holds the rules' own tests).
func TestRFC3986_6_2_2_NormalizeURL(t *testing.T) {
	for in, want := range map[string]string{
		"HTTPS://User:Pw@IdP.Example:443/a/./b/../%7Euser/%2f?": "https://idp.example/a/~user/%2F",
		"https://idp.example":                   "https://idp.example/",
		"http://127.0.0.1:80/jwks#x":            "http://127.0.0.1/jwks",
		"http://127.0.0.1:0080/jwks":            "http://127.0.0.1/jwks",
		"https://idp.example:8443/jwks?b=%7a&a": "https://idp.example:8443/jwks?b=z&a",
		"https://[::1]:443/jwks":                "https://[::1]/jwks",
		"https://[::1]:8443/jwks":               "https://[::1]:8443/jwks",
		"https://idp.example/%zz":               "https://idp.example/%zz",
		"https://[0:0:0:0:0:0:0:1]/jwks":        "https://[::1]/jwks",
		"https://[2001:DB8:0::0001]:8443/jwks":  "https://[2001:db8::1]:8443/jwks",
		"https://[::ffff:192.0.2.1]/jwks":       "https://192.0.2.1/jwks",
		"https://192.0.2.1:443/jwks":            "https://192.0.2.1/jwks",
	} {
		if got := normalizeURL(in); got != want {
			t.Errorf("normalizeURL(%q) = %q, want %q", in, got, want)
		}
	}
}
