package vc

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseMetadata: any body is refused with ErrMetadataRefused or yields a
// Metadata whose issuer is the iss and with exactly one key source; never a
// panic.
func FuzzParseMetadata(f *testing.F) {
	f.Add([]byte(`{"issuer":"https://example.com","jwks_uri":"https://example.com/k"}`))
	f.Add([]byte(`{"issuer":"https://example.com","jwks":{"keys":[{"kty":"EC","crv":"P-256","x":"TCAER19Zvu3OHF4j4W4vfSVoHIP1ILilDls7vCeGemc","y":"ZxjiWWbZMQGHVWKVQ4hbSIirsVfuecCE6t4jT9F2HZQ"}]}}`))
	f.Add([]byte(`{"issuer":"https://example.com","jwks":{},"jwks_uri":""}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		m, err := parseMetadata(body, "https://example.com")
		if err != nil {
			if !errors.Is(err, ErrMetadataRefused) {
				t.Fatalf("error %v is not ErrMetadataRefused", err)
			}
			return
		}
		if m.Issuer != "https://example.com" || (m.JWKS == nil) == (m.JWKSURI == "") || m.JWKSURI != "" && !strings.HasPrefix(m.JWKSURI, "https://") {
			t.Fatalf("accepted %+v", m)
		}
	})
}

// FuzzIntegrityAndURL: ParseIntegrity, VerifyIntegrity and MetadataURL
// return typed errors only, and MetadataURL's result always starts with
// the https origin followed by the well-known path.
func FuzzIntegrityAndURL(f *testing.F) {
	f.Add("sha256-vJKakJAQkDYkIhGrT1M3nxRuSj9udH0l1PXB06QHto8=", []byte("doc"))
	f.Add("https://example.com/tenant/1234/", []byte{})
	f.Fuzz(func(t *testing.T, s string, doc []byte) {
		if err := ParseIntegrity(s); err != nil && !errors.Is(err, ErrInvalidClaim) {
			t.Fatal(err)
		}
		if err := VerifyIntegrity(s, doc); err != nil && !errors.Is(err, ErrInvalidClaim) && !errors.Is(err, ErrIntegrity) {
			t.Fatal(err)
		}
		u, err := MetadataURL(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidClaim) {
				t.Fatal(err)
			}
			return
		}
		rest := strings.TrimPrefix(u, "https://")
		host, path, ok := strings.Cut(rest, "/")
		if !ok || host == "" || !strings.HasPrefix("/"+path, WellKnownPath) || !strings.HasPrefix(s, "https://"+host) {
			t.Fatalf("MetadataURL(%q) = %q", s, u)
		}
	})
}
