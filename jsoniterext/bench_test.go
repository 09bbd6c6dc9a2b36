package jsoniterext_test

import (
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jsoniterext"
)

func benchValue() accessClaims {
	at := time.Unix(1700000000, 0)
	return accessClaims{
		Registered: claims.Registered{
			Issuer:    "https://auth.example.com/realms/production",
			Subject:   "user-8f14e45f-ceea-467f-a0e6-4f9d4e3a2b1c",
			Audience:  claims.Audience{"https://api.example.com", "https://admin.example.com"},
			ExpiresAt: claims.NewNumericDate(at.Add(time.Hour)),
			NotBefore: claims.NewNumericDate(at),
			IssuedAt:  claims.NewNumericDate(at),
			ID:        "4f1g23a12aa0-c3b5-4c2e-9f6a-2d1e0b9c8a7f",
		},
		Name:  "Ada Lovelace-Byron",
		Roles: []string{"reader", "writer", "billing-admin", "support"},
		Admin: true,
	}
}

// BenchmarkHS256 signs and verifies issue 4's access token with a reused
// Signer and Verifier, per encoder: the gain jsoniterext brings per
// operation.
func BenchmarkHS256(b *testing.B) {
	key := []byte("0123456789abcdef0123456789abcdef")
	now := jwt.WithTimeFunc(func() time.Time { return time.Unix(1700000000, 0) })
	for _, e := range []struct {
		name string
		enc  jwt.Encoder
	}{{"encoding-json", jwt.StdEncoder{}}, {"jsoniterext", jsoniterext.New()}} {
		s, err := jwt.NewSigner(jwt.HS256, key, jwt.WithEncoder(e.enc))
		if err != nil {
			b.Fatal(err)
		}
		v, err := jwt.NewVerifier(key, jwt.WithEncoder(e.enc), now)
		if err != nil {
			b.Fatal(err)
		}
		claims := benchValue()
		tok, err := s.Sign(&claims)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("Sign/"+e.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Sign(&claims); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("ParseWithClaims/"+e.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var c accessClaims
				if _, err := v.ParseWithClaims(tok, &c); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("Parse-map/"+e.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := v.Parse(tok); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
