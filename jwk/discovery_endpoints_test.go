package jwk_test

import (
	"errors"
	"testing"

	"github.com/jotlib/jwt/jwk"
)

// endpointMembers are the endpoint members ProviderMetadata types, with the
// field each fills.
var endpointMembers = map[string]func(m jwk.ProviderMetadata) string{
	"authorization_endpoint": func(m jwk.ProviderMetadata) string { return m.AuthorizationEndpoint },
	"token_endpoint":         func(m jwk.ProviderMetadata) string { return m.TokenEndpoint },
	"userinfo_endpoint":      func(m jwk.ProviderMetadata) string { return m.UserInfoEndpoint },
	"end_session_endpoint":   func(m jwk.ProviderMetadata) string { return m.EndSessionEndpoint },
	"revocation_endpoint":    func(m jwk.ProviderMetadata) string { return m.RevocationEndpoint },
	"introspection_endpoint": func(m jwk.ProviderMetadata) string { return m.IntrospectionEndpoint },
}

// TestDiscovery_OIDC3_RFC8414_2_EndpointsTyped: Discovery section 3 and
// RFC 8414 section 2 endpoint members (and RP-Initiated Logout 1.0 section
// 2.1's end_session_endpoint) are read into typed fields, as given; absent
// ones are empty, and the document is accepted without them (only
// "issuer" and "jwks_uri" are required here).
func TestDiscovery_OIDC3_RFC8414_2_EndpointsTyped(t *testing.T) {
	k := tenantKeys()
	jwks := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	idp := newFakeIdP(t, idpOptions{tls: true}, jwks)
	doc := map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks"}
	for name := range endpointMembers {
		doc[name] = idp.srv.URL + "/" + name + "?tenant=a" // Discovery 3: MAY contain port, path, and query
	}
	idp.setDoc(doc)
	p, err := discover(t, idp.issuer, jwk.WithHTTPClient(idp.srv.Client()))
	if err != nil {
		t.Fatal(err)
	}
	m, ok := p.Metadata()
	if !ok {
		t.Fatal("no metadata after Discover")
	}
	for name, field := range endpointMembers {
		if got, want := field(m), idp.srv.URL+"/"+name+"?tenant=a"; got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}

	bare := newFakeIdP(t, idpOptions{}, jwks)
	bare.setDoc(map[string]any{"issuer": bare.issuer, "jwks_uri": bare.srv.URL + "/jwks"})
	p, err = discover(t, bare.issuer)
	if err != nil {
		t.Fatal(err)
	}
	m, _ = p.Metadata()
	for name, field := range endpointMembers {
		if field(m) != "" {
			t.Errorf("absent %s: %q", name, field(m))
		}
	}
}

// TestDiscovery_OIDC3_EndpointMustBeHTTPSURL_DocumentRefused: Discovery
// section 3: each endpoint "MUST use the https scheme"; RFC 6749 sections
// 3.1 and 3.2: an endpoint URI "MUST NOT include a fragment component". A
// present, non-empty endpoint member that is not a string, not an absolute https URL
// (http only where jwks_uri may be: loopback, WithInsecureHTTP, never
// after an https document), or has a fragment refuses the whole document
// (ErrDiscoveryRefused), as a bad "jwks_uri" does: its data "MUST NOT be
// used". No JWK Set is fetched.
func TestDiscovery_OIDC3_EndpointMustBeHTTPSURL_DocumentRefused(t *testing.T) {
	k := tenantKeys()
	jwks := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	for name := range endpointMembers {
		for label, value := range map[string]func(srv string) any{
			"not a string":         func(string) any { return 42 },
			"relative":             func(string) any { return "/userinfo" },
			"no host":              func(string) any { return "https:///userinfo" },
			"http, not loopback":   func(string) any { return "http://op.example/x" },
			"javascript":           func(string) any { return "javascript:alert(1)" },
			"fragment":             func(srv string) any { return srv + "/x#frag" },
			"http after https doc": func(srv string) any { return "http://127.0.0.1/x" },
		} {
			t.Run(name+"/"+label, func(t *testing.T) {
				idp := newFakeIdP(t, idpOptions{tls: true}, jwks)
				idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks", name: value(idp.srv.URL)})
				_, err := discover(t, idp.issuer, jwk.WithHTTPClient(idp.srv.Client()))
				if !errors.Is(err, jwk.ErrDiscoveryRefused) || errors.Is(err, jwk.ErrIssuerMismatch) {
					t.Fatalf("got %v, want ErrDiscoveryRefused", err)
				}
				if idp.keyHits.Load() != 0 {
					t.Fatalf("%d JWKS requests", idp.keyHits.Load())
				}
			})
		}
	}
	// http on loopback from an http (loopback) document is accepted, as
	// for jwks_uri.
	idp := newFakeIdP(t, idpOptions{}, jwks)
	idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks", "userinfo_endpoint": idp.srv.URL + "/userinfo"})
	if _, err := discover(t, idp.issuer); err != nil {
		t.Fatalf("http loopback endpoint: %v", err)
	}
}

// TestDiscovery_OIDC3_NullOrEmptyEndpointIsAbsent: every endpoint member is
// OPTIONAL (Discovery section 3, RFC 8414 section 2); one given as null or
// "" advertises no endpoint and reads as absent: the field is empty and
// the document is accepted, as go-oidc accepts it, so that ID tokens of
// such a provider still verify.
func TestDiscovery_OIDC3_NullOrEmptyEndpointIsAbsent(t *testing.T) {
	k := tenantKeys()
	jwks := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	for name, field := range endpointMembers {
		for label, value := range map[string]any{"null": nil, "empty": ""} {
			t.Run(name+"/"+label, func(t *testing.T) {
				idp := newFakeIdP(t, idpOptions{tls: true}, jwks)
				idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks", name: value})
				p, err := discover(t, idp.issuer, jwk.WithHTTPClient(idp.srv.Client()))
				if err != nil {
					t.Fatalf("%s %s: %v", label, name, err)
				}
				if m, _ := p.Metadata(); field(m) != "" {
					t.Fatalf("%s %s read as %q", label, name, field(m))
				}
			})
		}
	}
}

// TestDiscovery_OIDC4_3_IssuerMismatchTyped: Discovery section 4.3, RFC
// 8414 section 3.3: an "issuer" string other than the one asked for is
// ErrIssuerMismatch, which matches ErrDiscoveryRefused and ErrFetch; an
// absent or mistyped "issuer" is ErrDiscoveryRefused alone.
func TestDiscovery_OIDC4_3_IssuerMismatchTyped(t *testing.T) {
	k := tenantKeys()
	jwks := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	idp := newFakeIdP(t, idpOptions{}, jwks)
	idp.setDoc(map[string]any{"issuer": idp.issuer + "/other", "jwks_uri": idp.srv.URL + "/jwks"})
	_, err := discover(t, idp.issuer)
	if !errors.Is(err, jwk.ErrIssuerMismatch) || !errors.Is(err, jwk.ErrDiscoveryRefused) || !errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("mismatch: %v", err)
	}
	idp.setDoc(map[string]any{"issuer": 7, "jwks_uri": idp.srv.URL + "/jwks"})
	_, err = discover(t, idp.issuer)
	if !errors.Is(err, jwk.ErrDiscoveryRefused) || errors.Is(err, jwk.ErrIssuerMismatch) {
		t.Fatalf("mistyped issuer: %v", err)
	}
}
