package jsoniterext

import (
	"testing"
	"time"

	"github.com/jotlib/jwt"
)

// BenchmarkHS256 signs and verifies issue 4's access token with a reused
// Signer and Verifier, per encoder: the gain jsoniterext brings per
// operation.
func BenchmarkHS256(b *testing.B) {
	key := []byte("0123456789abcdef0123456789abcdef")
	now := jwt.WithTimeFunc(func() time.Time { return time.Unix(1700000000, 0) })
	for _, e := range []struct {
		name string
		enc  jwt.Encoder
	}{{"StdEncoder", jwt.StdEncoder{}}, {"jsoniterext", New()}} {
		s, err := jwt.NewSigner(jwt.HS256, key, jwt.WithEncoder(e.enc))
		if err != nil {
			b.Fatal(err)
		}
		v, err := jwt.NewVerifier(key, jwt.WithEncoder(e.enc), now)
		if err != nil {
			b.Fatal(err)
		}
		claims := benchClaims()
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
