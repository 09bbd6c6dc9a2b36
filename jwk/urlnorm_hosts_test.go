package jwk_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestRFC3986_6_2_2_IPLiteralSpelledTwoWaysIsOneJWKSetURL: an IP literal
// is one address however it is written (RFC 4291 section 2.2, RFC 5952
// section 4: zeros compressed, hex case, an IPv4-mapped address): two
// issuers on one address are ErrInvalidOption.
func TestRFC3986_6_2_2_IPLiteralSpelledTwoWaysIsOneJWKSetURL(t *testing.T) {
	for _, pair := range [][2]string{
		{"https://[::1]/jwks", "https://[0:0:0:0:0:0:0:1]/jwks"},
		{"https://[2001:db8::1]/jwks", "https://[2001:DB8:0:0::0001]:443/jwks"},
		{"https://192.0.2.1/jwks", "https://[::ffff:192.0.2.1]/jwks"},
	} {
		if err := twoIssuersOn(t, pair[0], pair[1]); !errors.Is(err, jwk.ErrInvalidOption) {
			t.Errorf("%s beside %s: %v, want ErrInvalidOption", pair[1], pair[0], err)
		}
	}
	if err := twoIssuersOn(t, "https://[2001:db8::1]/jwks", "https://[2001:db8::2]/jwks"); err != nil {
		t.Errorf("two addresses: %v", err)
	}
}

// TestRFC5891_NonASCIIHostInAJWKSetURLRefused: an internationalised host
// name has two spellings (its U-label and its A-label, RFC 5890 section
// 2.3.2.1), and Unicode forms more (a fullwidth letter is mapped by UTS
// 46): this package does not map them, so a JWK Set or failover URL with a
// non-ASCII host (written or percent-encoded) is refused, configured
// (ErrInvalidOption) or discovered (ErrDiscoveryRefused), saying to write
// the A-label. Peers accept such hosts.
func TestRFC5891_NonASCIIHostInAJWKSetURLRefused(t *testing.T) {
	for _, raw := range []string{
		"https://bücher.example/jwks",
		"https://b%C3%BCcher.example/jwks",
		"https://\uff42.example/jwks", // fullwidth b
	} {
		_, err := jwk.NewRemoteSet(raw)
		if !errors.Is(err, jwk.ErrInvalidOption) || !strings.Contains(err.Error(), "A-label") {
			t.Errorf("NewRemoteSet(%q): %v, want ErrInvalidOption naming the A-label", raw, err)
		}
		_, err = jwk.NewRemoteSet("https://idp.example/jwks", jwk.WithFailoverURL(raw))
		if !errors.Is(err, jwk.ErrInvalidOption) || !strings.Contains(err.Error(), "A-label") {
			t.Errorf("WithFailoverURL(%q): %v, want ErrInvalidOption naming the A-label", raw, err)
		}
		_, err = jwk.NewProvider("https://idp.example", jwk.WithFailoverURL(raw))
		if !errors.Is(err, jwk.ErrInvalidOption) {
			t.Errorf("NewProvider, WithFailoverURL(%q): %v, want ErrInvalidOption", raw, err)
		}
		idp := newFakeIdP(t, idpOptions{}, nil)
		idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": raw})
		_, err = discover(t, idp.issuer)
		if !errors.Is(err, jwk.ErrDiscoveryRefused) || !strings.Contains(err.Error(), "A-label") {
			t.Errorf("discovered jwks_uri %q: %v, want ErrDiscoveryRefused naming the A-label", raw, err)
		}
	}
	r, err := jwk.NewRemoteSet("https://xn--bcher-kva.example/jwks") // the A-label
	if err != nil {
		t.Fatalf("the A-label: %v", err)
	}
	r.Close()
}

// TestRFC6874_IPv6ZoneIdentifierInAJWKSetURLRefused: a zone identifier
// (RFC 6874) names a link of this host, meaningless to compare or to
// publish: a JWK Set or failover URL with one is refused.
func TestRFC6874_IPv6ZoneIdentifierInAJWKSetURLRefused(t *testing.T) {
	const raw = "https://[fe80::1%25eth0]/jwks"
	if _, err := jwk.NewRemoteSet(raw); !errors.Is(err, jwk.ErrInvalidOption) || !strings.Contains(err.Error(), "zone") {
		t.Errorf("NewRemoteSet: %v, want ErrInvalidOption naming the zone", err)
	}
	if _, err := jwk.NewRemoteSet("https://idp.example/jwks", jwk.WithFailoverURL(raw)); !errors.Is(err, jwk.ErrInvalidOption) {
		t.Errorf("WithFailoverURL: %v, want ErrInvalidOption", err)
	}
	idp := newFakeIdP(t, idpOptions{}, nil)
	idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": raw})
	if _, err := discover(t, idp.issuer); !errors.Is(err, jwk.ErrDiscoveryRefused) {
		t.Errorf("discovered: %v, want ErrDiscoveryRefused", err)
	}
}

// TestRFC8725_3_8_ANestedIssuersURLsAreCompared: an *Issuers given as an
// issuer's Keys verifies that issuer with its own entry, whose URLs are
// compared with the other issuers' as if configured here: a configured URL
// of both is ErrInvalidOption, and a nested discovered issuer whose
// document names a URL another issuer here holds is refused.
func TestRFC8725_3_8_ANestedIssuersURLsAreCompared(t *testing.T) {
	k := tenantKeys()
	a := newFakeIdP(t, idpOptions{path: "/a"}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	x := newFakeIdP(t, idpOptions{path: "/x"}, nil)
	x.setDoc(map[string]any{"issuer": x.issuer, "jwks_uri": a.srv.URL + "/jwks"})
	remote := func(u string) *jwk.RemoteSet {
		r, err := jwk.NewRemoteSet(u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close() })
		return r
	}
	inner, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: x.issuer, Keys: remote(a.srv.URL + "/%6Awks")}})
	if err != nil {
		t.Fatal(err)
	}
	defer inner.Close()
	_, err = jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: a.issuer, Keys: remote(a.srv.URL + "/jwks")}, {Issuer: x.issuer, Keys: inner}})
	if !errors.Is(err, jwk.ErrInvalidOption) {
		t.Errorf("a nested set's configured URL also another issuer's: %v, want ErrInvalidOption", err)
	}

	discovered, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: x.issuer}})
	if err != nil {
		t.Fatal(err)
	}
	defer discovered.Close()
	m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: a.issuer, Keys: remote(a.srv.URL + "/jwks")}, {Issuer: x.issuer, Keys: discovered}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	v, _ := jwt.NewVerifier(m)
	_, err = v.ParseContext(context.Background(), signFor(t, jwt.ES256, k.a1, "a1", x.issuer)) // iss X, the keys at A's URL
	refusedFor(t, "nested X", err, x.issuer, a.issuer)
	if _, err := v.Parse(signFor(t, jwt.ES256, k.a1, "a1", a.issuer)); err != nil {
		t.Errorf("A: %v", err)
	}
}
