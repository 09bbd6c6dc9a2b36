package jwthttp

import (
	"errors"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

// credentialOf is Sources.credential with the DPoP scheme accepted.
func credentialOf(t *testing.T, s Sources, authorization ...string) (string, scheme, error) {
	t.Helper()
	r := req("GET", "/", authorization...)
	token, sch, _, err := s.credential(r, true)
	return token, sch, err
}

func TestRFC9449_7_1_DPoPSchemeExtractedAnyCase(t *testing.T) {
	for _, v := range []string{"DPoP " + tok, "dpop " + tok, "DPOP   " + tok, " DPoP " + tok + " "} {
		got, sch, err := credentialOf(t, Sources{}, v)
		if err != nil || got != tok || sch != dpopScheme {
			t.Errorf("%q: %q %v %v", v, got, sch, err)
		}
	}
	got, sch, err := credentialOf(t, Sources{}, "Bearer "+tok)
	if err != nil || got != tok || sch != bearerScheme {
		t.Errorf("Bearer: %q %v %v", got, sch, err)
	}
	got, sch, err = credentialOf(t, Sources{Query: true}, "Basic YTpi")
	if !errors.Is(err, ErrNoToken) || got != "" || sch != noScheme {
		t.Errorf("Basic: %q %v %v", got, sch, err)
	}
}

// TestRFC9449_7_1_DPoPSchemeIsNoBearerToken: Extract (bearer tokens only,
// RFC 6750) still finds no token in "DPoP <token>"; ParseAuthorization
// (gRPC) neither.
func TestRFC9449_7_1_DPoPSchemeIsNoBearerToken(t *testing.T) {
	wantErr(t, Sources{}, req("GET", "/", "DPoP "+tok), ErrNoToken, "DPoP")
	if got, err := ParseAuthorization([]string{"DPoP " + tok}); !errors.Is(err, ErrNoToken) || got != "" {
		t.Errorf("ParseAuthorization: %q %v", got, err)
	}
	if _, err := ParseAuthorization([]string{"DPoP " + tok + ", Bearer " + tok}); !errors.Is(err, ErrInvalidRequest) {
		t.Errorf("ParseAuthorization of two credentials: %v", err)
	}
}

func TestRFC9449_7_1_MalformedDPoPCredentialIsInvalidRequest(t *testing.T) {
	for _, v := range []string{
		"DPoP", "DPoP ", "DPoP\t" + tok, "DPoP " + tok + " junk", "DPoP \"" + tok + "\"", "DPoP " + tok + "=a",
		"DPoP " + tok + ", Bearer " + tok, "Bearer " + tok + ", DPoP " + tok, "Basic YTpi, DPoP " + tok,
		"DPoP," + tok, "DPoP " + tok + ",DPoP " + tok,
	} {
		if _, _, err := credentialOf(t, Sources{}, v); !errors.Is(err, ErrInvalidRequest) {
			t.Errorf("%q: %v, want ErrInvalidRequest", v, err)
		}
	}
	if _, _, err := credentialOf(t, Sources{}, "DPoP "+tok, "DPoP "+tok); !errors.Is(err, ErrInvalidRequest) {
		t.Errorf("two fields: %v", err)
	}
}

func TestRFC9449_7_1_DPoPTokenBesideAnotherMethodIsInvalidRequest(t *testing.T) {
	r := req("GET", "/?access_token="+url.QueryEscape(tok), "DPoP "+tok)
	if _, _, _, err := (Sources{Query: true}).credential(r, true); !errors.Is(err, ErrInvalidRequest) {
		t.Errorf("DPoP + query: %v", err)
	}
	r = req("GET", "/?access_token="+url.QueryEscape(tok))
	got, sch, inQuery, err := (Sources{Query: true}).credential(r, true)
	if err != nil || got != tok || sch != bearerScheme || !inQuery {
		t.Errorf("query alone: %q %v %v %v, want a bearer token", got, sch, inQuery, err)
	}
}

func TestRFC9449_7_1_DPoPChallengeRendersAlgsLast(t *testing.T) {
	c := DPoPChallenge{Challenge: Challenge{Realm: "api", Error: "invalid_dpop_proof", Description: "the DPoP proof is invalid",
		ResourceMetadata: "https://r/.well-known/oauth-protected-resource"}, Algs: "ES256 EdDSA"}
	want := `DPoP realm="api", error="invalid_dpop_proof", error_description="the DPoP proof is invalid", resource_metadata="https://r/.well-known/oauth-protected-resource", algs="ES256 EdDSA"`
	if got := c.String(); got != want {
		t.Fatalf("String() = %s\nwant       %s", got, want)
	}
	scheme, ps, err := parseChallenge(c.String())
	wantPs := []authParam{{"realm", "api"}, {"error", "invalid_dpop_proof"}, {"error_description", "the DPoP proof is invalid"},
		{"resource_metadata", "https://r/.well-known/oauth-protected-resource"}, {"algs", "ES256 EdDSA"}}
	if err != nil || scheme != "DPoP" || !reflect.DeepEqual(ps, wantPs) {
		t.Fatalf("parses back as %q %v %v", scheme, ps, err)
	}
	if got := (DPoPChallenge{}).String(); got != "DPoP" {
		t.Fatalf("empty: %q", got)
	}
	// algs keeps NQCHAR tokens only, joined by single spaces: nothing breaks out of the value.
	if got := (DPoPChallenge{Algs: " ES256\r\n\"x\\\tEdDSA "}).String(); got != `DPoP algs="ES256 x EdDSA"` {
		t.Fatalf("sanitized: %q", got)
	}
}

// FuzzDPoPCredential: with the DPoP scheme accepted, a bearer credential
// reads as without it, a DPoP one is "DPoP" (any case) 1*SP token68 and
// nothing else, and every failure is typed (RFC 9449 section 7.1; RFC
// 6750 section 2.1).
func FuzzDPoPCredential(f *testing.F) {
	f.Add("DPoP abc.def.ghi", "")
	f.Add("dpop  a=", "Bearer x")
	f.Add("Basic x, DPoP y", "")
	f.Add("DPoP x,Bearer y", "")
	f.Fuzz(func(t *testing.T, auth1, auth2 string) {
		values := []string{auth1}
		if auth2 != "" {
			values = append(values, auth2)
		}
		h := http.Header{"Authorization": values}
		bearerTok, bearerSch, bearerErr := fromAuthorization(h, false)
		tok, sch, err := fromAuthorization(h, true)
		switch {
		case err != nil:
			if !errors.Is(err, ErrInvalidRequest) || tok != "" || sch != noScheme {
				t.Fatalf("%q: %q %v %v", values, tok, sch, err)
			}
		case sch == dpopScheme:
			v := strings.Trim(auth1, " \t")
			if auth2 != "" || len(v) < 5 || !strings.EqualFold(v[:4], "DPoP") || strings.TrimLeft(v[4:], " ") != tok || v[4] != ' ' || !isB64token(tok) {
				t.Fatalf("%q: DPoP token %q", values, tok)
			}
			if bearerErr != nil || bearerSch != noScheme {
				t.Fatalf("%q: without DPoP: %q %v %v", values, bearerTok, bearerSch, bearerErr)
			}
		case sch == bearerScheme:
			if bearerErr != nil || bearerTok != tok || bearerSch != bearerScheme {
				t.Fatalf("%q: bearer %q, without DPoP %q %v %v", values, tok, bearerTok, bearerSch, bearerErr)
			}
		default:
			if tok != "" || bearerErr != nil || bearerSch != noScheme {
				t.Fatalf("%q: no token, without DPoP %q %v %v", values, bearerTok, bearerSch, bearerErr)
			}
		}
	})
}

// FuzzDPoPChallengeRoundTrips: a DPoPChallenge renders printable ASCII
// that parses back as one DPoP challenge, algs last when not empty.
func FuzzDPoPChallengeRoundTrips(f *testing.F) {
	f.Add("api", "invalid_dpop_proof", "ES256 EdDSA")
	f.Add("a\"b\\", "x\r\ny", " \t\"")
	f.Fuzz(func(t *testing.T, realm, code, algs string) {
		s := DPoPChallenge{Challenge: Challenge{Realm: realm, Error: code}, Algs: algs}.String()
		for i := 0; i < len(s); i++ {
			if s[i] < ' ' || s[i] > '~' {
				t.Fatalf("%q: byte %#x", s, s[i])
			}
		}
		scheme, ps, err := parseChallenge(s)
		if err != nil || scheme != "DPoP" {
			t.Fatalf("%q: %q %v", s, scheme, err)
		}
		if want := wantScope(algs); want != "" && (len(ps) == 0 || ps[len(ps)-1] != authParam{"algs", want}) {
			t.Fatalf("%q: %q, want algs %q last", s, ps, want)
		}
	})
}
