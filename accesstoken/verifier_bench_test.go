package accesstoken_test

import (
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
)

// BenchmarkVerify is an EdDSA access token verified by the profile,
// beside the core's own parse of the same token into the same claims
// type: what the profile adds to the core's one pass.
func BenchmarkVerify(b *testing.B) {
	tok := atSign(b, atClaims())
	b.Run("accesstoken", func(b *testing.B) {
		v := atVerifier(b, nil)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := v.Verify(atCtx, tok); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("core", func(b *testing.B) {
		v, err := jwt.NewVerifier(atKey.Public(), atClock)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			var c accesstoken.Claims
			if _, err := v.ParseWithClaims(tok, &c); err != nil {
				b.Fatal(err)
			}
		}
	})
}
