package urlnorm

import (
	"errors"
	"testing"
)

// TestRFC3986_5_2_4_RemoveDotSegments: the section's own examples.
func TestRFC3986_5_2_4_RemoveDotSegments(t *testing.T) {
	for in, want := range map[string]string{
		"/a/b/c/./../../g":   "/a/g",
		"mid/content=5/../6": "mid/6",
		"/../a":              "/a",
		"/a/..":              "/",
		"/a/.":               "/a/",
		"/a//b":              "/a//b",
		"":                   "",
	} {
		if got := removeDotSegments(in); got != want {
			t.Errorf("removeDotSegments(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRFC3986_6_2_2_Normalize: case, percent-encoding, dot segments,
// default port, empty query, fragment and user information.
func TestRFC3986_6_2_2_Normalize(t *testing.T) {
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
		"https://idp.example./jwks":             "https://idp.example/jwks",
		"https://idp.example../jwks":            "https://idp.example../jwks", // not a name: kept, and so idempotent
		"https://idp.example:+443/jwks":         "https://idp.example:+443/jwks",
		"no-scheme/PATH":                        "no-scheme/path",
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRFC9449_4_3_Check9_Target: the forms of one target URI compare
// equal (RFC 3986 sections 6.2.2 and 6.2.3), without query and fragment.
func TestRFC9449_4_3_Check9_Target(t *testing.T) {
	for in, want := range map[string]string{
		"https://api.example/resource":               "https://api.example/resource",
		"HTTPS://API.Example/resource":               "https://api.example/resource",
		"https://api.example:443/resource":           "https://api.example/resource",
		"https://api.example:/resource":              "https://api.example/resource",
		"http://api.example:80/resource":             "http://api.example/resource",
		"http://api.example:443/resource":            "http://api.example:443/resource",
		"https://api.example:08443/resource":         "https://api.example:8443/resource",
		"https://api.example/%72esource":             "https://api.example/resource",
		"https://api.example/a%2fb":                  "https://api.example/a%2Fb",
		"https://api.example/a/./b/../resource":      "https://api.example/a/resource",
		"https://api.example/%2E%2E/resource":        "https://api.example/resource",
		"https://api.example":                        "https://api.example/",
		"https://api.example?q=1":                    "https://api.example/",
		"https://api.example/resource?q=1#frag":      "https://api.example/resource",
		"https://api.example/resource#frag?x":        "https://api.example/resource",
		"https://api.example./resource":              "https://api.example/resource",
		"https://[2001:DB8::0001]:443/r":             "https://[2001:db8::1]/r",
		"https://[::ffff:192.0.2.1]/r":               "https://192.0.2.1/r",
		"https://api.example/Resource":               "https://api.example/Resource", // the path is case-sensitive
		"https://api.example/a;p=1/b!$&'()*+,=:@~_-": "https://api.example/a;p=1/b!$&'()*+,=:@~_-",
	} {
		got, err := Target(in)
		if err != nil || got != want {
			t.Errorf("Target(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// TestRFC9449_4_3_Check9_TargetRefusesWhatIsNotAnHTTPURI: "htu" is an
// http(s) target URI (RFC 9110 section 7.1); anything else is refused.
func TestRFC9449_4_3_Check9_TargetRefusesWhatIsNotAnHTTPURI(t *testing.T) {
	for _, in := range []string{
		"", "/resource", "api.example/resource", "//api.example/resource",
		"ftp://api.example/", "javascript://api.example/", "https:/api.example/", "https:api.example",
		"https://", "https:///resource", "https://:443/resource",
		"https://user@api.example/", "https://user:pw@api.example/", "https://@api.example/",
		"https://api.example:0/", "https://api.example:65536/", "https://api.example:+443/", "https://api.example:-1/",
		"https://api.example:44a/", "https://api.example:443:443/",
		"https://api example/", "https://api.example/a b", "https://api.example/\x00", "https://api.example/\n",
		"https://bücher.example/", "https://b%C3%BCcher.example/", "https://%61pi.example/",
		"https://api.example/%zz", "https://api.example/%4", "https://api.example/%",
		"https://api.example/<x>", "https://api.example/a\\b", "https://api.example/{x}", "https://api.example/`",
		"https://[::1/", "https://[::1]x/", "https://[fe80::1%25eth0]/", "https://[v1.x]/", "https://[192.0.2.1]/",
		"https://a]b/", "https://a[b/",
	} {
		if got, err := Target(in); !errors.Is(err, ErrNotHTTPURL) {
			t.Errorf("Target(%q) = %q, %v; want ErrNotHTTPURL", in, got, err)
		}
	}
}

// TestRFC6454_4_Origin: an origin is scheme, host and port, compared in
// Target's form, without a trailing "/".
func TestRFC6454_4_Origin(t *testing.T) {
	for in, want := range map[string]string{
		"https://api.example":          "https://api.example",
		"https://API.example:443/":     "https://api.example",
		"http://api.example:8080":      "http://api.example:8080",
		"https://[::1]:8443":           "https://[::1]:8443",
		"https://api.example./":        "https://api.example",
		"https://api.example:00443///": "", // a path
	} {
		got, err := Origin(in)
		if want == "" {
			if !errors.Is(err, ErrNotHTTPURL) {
				t.Errorf("Origin(%q) = %q, %v; want ErrNotHTTPURL", in, got, err)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("Origin(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"https://api.example/path", "https://api.example?", "https://api.example#", "https://api.example/?q", "api.example", "https://user@api.example"} {
		if got, err := Origin(in); !errors.Is(err, ErrNotHTTPURL) {
			t.Errorf("Origin(%q) = %q, %v; want ErrNotHTTPURL", in, got, err)
		}
	}
}
