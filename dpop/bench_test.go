package dpop_test

import (
	"context"
	"testing"
	"time"

	"github.com/jotlib/jwt"
)

// BenchmarkVerifyProof_ES256 and _EdDSA: a proof's verification (RFC 9449
// section 4.3, the replay store accepting every jti), beside the core
// verifying the same token with the key given ("static key"): the cost of
// the embedded key (parsing the "jwk", its thumbprint), the DPoP claims and
// the htu normalisation.
func BenchmarkVerifyProof_ES256(b *testing.B) { benchProof(b, jwt.ES256) }
func BenchmarkVerifyProof_EdDSA(b *testing.B) { benchProof(b, jwt.EdDSA) }

func benchProof(b *testing.B, alg jwt.Algorithm) {
	k := vfKeyOf(b, alg)
	proof := vfProof(b, k, nil, map[string]any{"ath": "x"})
	cfg := vfConfig()
	cfg.Replay = fzStore{}
	v := vfVerifier(b, cfg)
	req := vfReq
	b.Run("dpop", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := v.Verify(context.Background(), proof, req); err != nil {
				b.Fatal(err)
			}
		}
	})
	core, err := jwt.NewVerifier(k.priv.Public(), jwt.WithAlgorithms(alg), jwt.WithType("dpop+jwt"),
		jwt.WithTimeFunc(func() time.Time { return vfNow }), jwt.WithMaxAge(time.Minute))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("static key", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := core.Parse(proof); err != nil {
				b.Fatal(err)
			}
		}
	})
}
