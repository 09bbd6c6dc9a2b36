package jwk_test

import (
	"context"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// BenchmarkVerifier compares a Verifier holding the key itself with one
// choosing it from a *jwk.Set of 4 keys and from a *jwk.RemoteSet (cached;
// ES256 only, HS* being refused there): the difference is the cost of key
// selection.
func BenchmarkVerifier(b *testing.B) {
	k := testKeys()
	keys := []*jwk.Key{
		mustKey(b, k.hmac, jwk.Params{KeyID: "hs", Algorithm: "HS256"}),
		mustKey(b, &k.ec256.PublicKey, jwk.Params{KeyID: "es"}),
		mustKey(b, &k.rsa1.PublicKey, jwk.Params{KeyID: "rs"}),
		mustKey(b, k.ed.Public(), jwk.Params{KeyID: "ed"}),
	}
	set := jwk.NewSet(keys...)
	srv := newJWKSServer(b, mustJSON(b, set)) // its oct key is never used: HS* is refused
	remote, err := jwk.NewRemoteSet(srv.URL)
	if err != nil {
		b.Fatal(err)
	}
	defer remote.Close()
	if err := remote.Refresh(context.Background()); err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		alg    jwt.Algorithm
		signer any
		direct any
		kid    string
	}{
		{"HS256", jwt.HS256, k.hmac, k.hmac, "hs"},
		{"ES256", jwt.ES256, k.ec256, &k.ec256.PublicKey, "es"},
	} {
		tok := mustSign(b, tc.alg, tc.signer, tc.kid)
		for _, src := range []struct {
			name string
			key  any
		}{{"key", tc.direct}, {"Set", set}, {"RemoteSet", remote}} {
			if src.name == "RemoteSet" && tc.alg == jwt.HS256 {
				continue // refused before any fetch: a served secret is published (RFC 7517 section 7)
			}
			v, err := jwt.NewVerifier(src.key)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(tc.name+"/"+src.name, func(b *testing.B) {
				b.ReportAllocs()
				ctx := context.Background()
				for b.Loop() {
					if _, err := v.ParseContext(ctx, tok); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
