package vc_test

import (
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt/vc"
)

func TestSDJWTVC_4_WellKnownInsertedBetweenHostAndPath(t *testing.T) {
	for iss, want := range map[string]string{
		"https://example.com":              "https://example.com/.well-known/jwt-vc-issuer",
		"https://example.com/":             "https://example.com/.well-known/jwt-vc-issuer",
		"https://example.com/tenant/1234":  "https://example.com/.well-known/jwt-vc-issuer/tenant/1234",
		"https://example.com/tenant/1234/": "https://example.com/.well-known/jwt-vc-issuer/tenant/1234",
		"https://example.com:8443/a%2Fb":   "https://example.com:8443/.well-known/jwt-vc-issuer/a%2Fb",
	} {
		got, err := vc.MetadataURL(iss)
		if err != nil || got != want {
			t.Errorf("MetadataURL(%q) = %q, %v; want %q", iss, got, err, want)
		}
	}
}

func TestSDJWTVC_4_IssNotHTTPSURLWithoutQueryOrFragmentRefused(t *testing.T) {
	for _, iss := range []string{
		"", "http://example.com", "HTTPS://example.com", "https://", "https:///path",
		"https://example.com?x=1", "https://example.com/?", "https://example.com#f", "https://example.com/#",
		"https://user@example.com", "urn:example:issuer", "example.com", "https://example.com/a/../b",
		"https://example.com/./b", "https://[fe80::1%25eth0]/", "https://exa mple.com", "https://example.com/a b",
		"https://example.com\x00",
	} {
		if got, err := vc.MetadataURL(iss); !errors.Is(err, vc.ErrInvalidClaim) || !errors.Is(err, jwt.ErrTokenInvalidClaims) {
			t.Errorf("MetadataURL(%q) = %q, %v; want ErrInvalidClaim", iss, got, err)
		}
	}
}
