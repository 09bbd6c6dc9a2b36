package codecs

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/jotlib/jwt/claims"
)

// accessClaims is issue 4's workload: a realistic access token, about 350
// bytes of JSON.
type accessClaims struct {
	claims.Registered
	Name          string   `json:"name"`
	Roles         []string `json:"roles"`
	EmailVerified bool     `json:"email_verified"`
}

func benchClaims() accessClaims {
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
		Name:          "Ada Lovelace-Byron",
		Roles:         []string{"reader", "writer", "billing-admin", "support"},
		EmailVerified: true,
	}
}

// BenchmarkDecode decodes the access-token claims into the struct with
// each codec.
func BenchmarkDecode(b *testing.B) {
	data, err := json.Marshal(benchClaims())
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range codecs() {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var v accessClaims
				if err := c.enc.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEncode encodes the access-token claims with each codec.
func BenchmarkEncode(b *testing.B) {
	v := benchClaims()
	for _, c := range codecs() {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.enc.Marshal(&v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
