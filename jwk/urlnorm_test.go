package jwk_test

import (
	"errors"
	"testing"

	"github.com/jotlib/jwt/jwk"
)

// TestRFC3986_6_2_2_OneJWKSetURLSpelledTwoWaysIsRefusedForTwoIssuers: RFC
// 8725 section 3.8 (each issuer's keys are its own), with URLs compared
// after RFC 3986 section 6.2.2's syntax-based normalisation (6.2.2.1 case,
// 6.2.2.2 percent-encoding, 6.2.2.3 dot segments) and section 6.2.3's
// scheme-based one (default port, empty path): a JWK Set URL spelled
// another way for a second issuer is the same set, ErrInvalidOption.
func TestRFC3986_6_2_2_OneJWKSetURLSpelledTwoWaysIsRefusedForTwoIssuers(t *testing.T) {
	const base = "https://idp.example/tenant/jwks"
	for _, other := range []string{
		"HTTPS://IDP.EXAMPLE/tenant/jwks",      // scheme and host case
		"https://idp.example:443/tenant/jwks",  // default port
		"https://idp.example:/tenant/jwks",     // empty port
		"https://idp.example/tenant/jwks?",     // empty query
		"https://idp.example/tenant/jwks#frag", // a fragment is never sent
		"https://idp.example/tenant/jwks#",     // empty fragment
		"https://idp.example/%74enant/jwks",    // an unreserved character encoded
		"https://idp.example/tenant/jwk%73",    //
		"https://idp.example/a/../tenant/./jwks",
		"https://idp.example/./x//../../tenant/jwks",  // "//" is an empty segment, removed by ".."
		"https://user:secret@idp.example/tenant/jwks", // the same server and path
		"https://idp.example./tenant/jwks",            // a fully qualified host name
	} {
		if err := twoIssuersOn(t, base, other); !errors.Is(err, jwk.ErrInvalidOption) {
			t.Errorf("%s beside %s: %v, want ErrInvalidOption", other, base, err)
		}
	}
	// Percent-encoding case (6.2.2.1): %2f and %2F are one octet, kept encoded.
	if err := twoIssuersOn(t, "https://idp.example/t%2fx/jwks", "https://idp.example/t%2Fx/jwks"); !errors.Is(err, jwk.ErrInvalidOption) {
		t.Errorf("%%2f and %%2F: %v, want ErrInvalidOption", err)
	}
	if err := twoIssuersOn(t, "https://idp.example/jwks?a=%7e", "https://idp.example/jwks?a=~"); !errors.Is(err, jwk.ErrInvalidOption) {
		t.Errorf("query %%7e and ~: %v, want ErrInvalidOption", err)
	}
	// Different resources stay different.
	for _, other := range []string{
		"https://idp.example/Tenant/jwks",      // the path is case-sensitive
		"https://idp.example/tenant/jwks2",     //
		"https://idp.example:8443/tenant/jwks", // another port
		"https://idp.example/tenant%2Fjwks",    // a reserved character encoded is another path
		"https://idp.example/tenant/jwks?t=b",  // a query
		"https://other.example/tenant/jwks",
	} {
		if err := twoIssuersOn(t, base, other); err != nil {
			t.Errorf("%s beside %s: %v, want two issuers", other, base, err)
		}
	}
}

// twoIssuersOn configures issuers A and B on remote sets at urlA and urlB
// and returns NewIssuers' error.
func twoIssuersOn(t *testing.T, urlA, urlB string) error {
	t.Helper()
	a, err := jwk.NewRemoteSet(urlA)
	if err != nil {
		t.Fatalf("%s: %v", urlA, err)
	}
	defer a.Close()
	b, err := jwk.NewRemoteSet(urlB)
	if err != nil {
		t.Fatalf("%s: %v", urlB, err)
	}
	defer b.Close()
	m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: "https://a.example", Keys: a}, {Issuer: "https://b.example", Keys: b}})
	if err == nil {
		m.Close()
	}
	return err
}
