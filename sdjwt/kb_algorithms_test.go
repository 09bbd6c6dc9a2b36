package sdjwt_test

import (
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

// A holder key of every asymmetric algorithm of the core (ML-DSA with Go
// 1.27, RFC 9964) binds a presentation: "cnf.jwk" written by the Issuer,
// the KB-JWT made by Present and verified by the Verifier (RFC 9901
// sections 4.1.2, 4.3, 7.3 step 5.3).
func TestRFC9901_7_3_Step5_3_HolderKeyOfEveryAlgorithm(t *testing.T) {
	for _, alg := range []jwt.Algorithm{jwt.RS256, jwt.PS384, jwt.ES256, jwt.ES384, jwt.ES512, jwt.EdDSA, jwt.Ed25519, jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87} {
		t.Run(string(alg), func(t *testing.T) {
			holder, err := privateKey(alg)
			if errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
				t.Skipf("%s needs Go 1.27 (crypto/mldsa): %v", alg, err)
			}
			if err != nil {
				t.Fatal(err)
			}
			s, err := jwt.NewSigner(jwt.ES256, testIssuerKey)
			if err != nil {
				t.Fatal(err)
			}
			issuer, err := sdjwt.NewIssuer(s, sdjwt.WithHolderKey(holder.Public()))
			if err != nil {
				t.Fatal(err)
			}
			issued, _, err := issuer.Issue(sdjwt.Object{"given_name": sdjwt.SD("John")})
			if err != nil {
				t.Fatal(err)
			}
			kbSigner, err := jwt.NewSigner(alg, holder, jwt.WithType(sdjwt.KeyBindingType))
			if err != nil {
				t.Fatal(err)
			}
			kb := &sdjwt.KeyBinding{Signer: kbSigner, Audience: checks.Audience, Nonce: checks.Nonce, IssuedAt: testNow}
			p, err := parseIssued(t, issued).Present([]sdjwt.Path{{"given_name"}}, kb)
			if err != nil {
				t.Fatal(err)
			}
			if r := mustVerify(t, verifier(t, sdjwt.Config{}), p); !r.KeyBound || r.KeyBinding.Header.Algorithm != string(alg) {
				t.Errorf("result %+v", r)
			}
			// The Verifier's algorithm allow-list applies to the KB-JWT.
			other := jwt.ES256
			if alg == jwt.ES256 {
				other = jwt.ES384
			}
			refused(t, verifier(t, sdjwt.Config{KeyBindingAlgorithms: []jwt.Algorithm{other}}), p, jwt.ErrAlgorithmNotAllowed)
		})
	}
}
