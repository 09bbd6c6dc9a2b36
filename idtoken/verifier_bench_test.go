package idtoken_test

import (
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
)

// BenchmarkVerify is an EdDSA ID token verified by the profile with a
// nonce, beside the core's own parse of the same token into the same
// claims type: what the profile adds to the core's one pass.
func BenchmarkVerify(b *testing.B) {
	tok := idSign(b, idClaims())
	b.Run("idtoken", func(b *testing.B) {
		v := idVerifier(b, nil)
		want := idtoken.Checks{Nonce: idClaims().Nonce}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := v.Verify(idCtx, tok, want); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("core", func(b *testing.B) {
		v, err := jwt.NewVerifier(idKey.Public(), jwt.WithTimeFunc(idClock))
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			var c idtoken.Claims
			if _, err := v.ParseWithClaims(tok, &c); err != nil {
				b.Fatal(err)
			}
		}
	})
}
