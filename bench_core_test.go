package jwt_test

import (
	"testing"

	"github.com/jotlib/jwt"
)

// discardEncoder decodes nothing, so BenchmarkParseCore measures only the
// library's own work: split, header, base64, signature, strict pass and
// claim validation.
type discardEncoder struct{ jwt.StdEncoder }

func (discardEncoder) Unmarshal([]byte, any) error { return nil }

// BenchmarkParseCore is HS256 ParseWithClaims on a reused Verifier with
// the JSON decode taken out.
func BenchmarkParseCore(b *testing.B) {
	a := benchAlgs(b)[0]
	tok, err := jwt.Sign(a.alg, benchStructClaims(), a.signK)
	if err != nil {
		b.Fatal(err)
	}
	v, err := jwt.NewVerifier(a.verifK, jwt.WithEncoder(discardEncoder{}))
	if err != nil {
		b.Fatal(err)
	}
	var c benchAccessClaims
	b.ReportAllocs()
	for b.Loop() {
		if _, err := v.ParseWithClaims(tok, &c); err != nil {
			b.Fatal(err)
		}
	}
}
