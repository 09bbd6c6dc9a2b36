package jsonplan

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/jotlib/jwt/claims"
)

// benchPayload is issue 4's access token claims.
var benchPayload = []byte(`{"iss":"https://auth.example.com","sub":"user-1234567890","aud":["https://api.example.com","https://admin.example.com"],"exp":1700003600,"nbf":1700000000,"iat":1700000000,"jti":"2f0d3c1e-8a5b-4c7e-9f1a-6b2d4e8c0a13","name":"Alexandra Example-Person","roles":["reader","writer","admin","billing"],"email_verified":true}`)

func benchValue() smokeClaims {
	t := time.Unix(1700000000, 0)
	return smokeClaims{
		Registered: claims.Registered{
			Issuer: "https://auth.example.com", Subject: "user-1234567890",
			Audience:  claims.Audience{"https://api.example.com", "https://admin.example.com"},
			ExpiresAt: claims.NewNumericDate(t.Add(time.Hour)), NotBefore: claims.NewNumericDate(t),
			IssuedAt: claims.NewNumericDate(t), ID: "2f0d3c1e-8a5b-4c7e-9f1a-6b2d4e8c0a13",
		},
		Name: "Alexandra Example-Person", Roles: []string{"reader", "writer", "admin", "billing"}, EmailVerified: true,
	}
}

func BenchmarkDecode(b *testing.B) {
	b.Run("plan/struct", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var c smokeClaims
			if !Unmarshal(benchPayload, &c) {
				b.Fatal("declined")
			}
		}
	})
	b.Run("encoding-json/struct", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var c smokeClaims
			if err := json.Unmarshal(benchPayload, &c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("plan/map", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var m map[string]any
			if !Unmarshal(benchPayload, &m) {
				b.Fatal("declined")
			}
		}
	})
}

func BenchmarkEncode(b *testing.B) {
	c := benchValue()
	buf := make([]byte, 0, 1024)
	b.Run("plan/struct", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := AppendMarshal(buf[:0], &c); !ok {
				b.Fatal("declined")
			}
		}
	})
	b.Run("encoding-json/struct", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(&c); err != nil {
				b.Fatal(err)
			}
		}
	})
}
