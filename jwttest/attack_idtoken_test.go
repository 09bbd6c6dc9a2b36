package jwttest_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwttest"
)

func TestAttack_RFC8725_3_12_AccessTokensRefusedByIDTokenVerifier(t *testing.T) {
	for _, alg := range attackAlgorithms {
		t.Run(string(alg), func(t *testing.T) {
			p := jwttest.NewProvider(t, jwttest.WithAlgorithm(alg))
			genuine, err := jwttest.GenuineIDToken(p.Target())
			if err != nil {
				t.Fatal(err)
			}
			for name, keys := range map[string]any{"public key": p.Target().Key.Public(), "jwk.Set": p.Set(), "jwk.RemoteSet": p.RemoteSet()} {
				t.Run(name, func(t *testing.T) {
					v := idVerifier(t, p, keys)
					verify := func(tok string) error { _, err := v.Verify(context.Background(), tok, idtoken.Checks{}); return err }
					if err := verify(genuine); err != nil {
						t.Fatalf("the genuine ID token is refused: %v", err)
					}
					jwttest.RunAgainst(t, p.IDTokenAttacks(), verify)
				})
			}
		})
	}
}

func TestAttack_RFC8725_3_12_AccessTokensAcceptedByNaiveIDTokenVerifier(t *testing.T) {
	p := jwttest.NewProvider(t)
	target := p.Target()
	naive := naiveClaims(naiveSignatureOnly(target.Algorithm, target.Key.Public()), p.Issuer(), p.ClientID(), p.Now(), false)
	genuine, err := jwttest.GenuineIDToken(target)
	if err != nil {
		t.Fatal(err)
	}
	if err := naive(genuine); err != nil {
		t.Fatalf("naive refuses the genuine ID token: %v", err)
	}
	attacks := p.IDTokenAttacks()
	if len(attacks) == 0 {
		t.Fatal("no attacks")
	}
	for _, a := range attacks {
		if err := naive(a.Token); err != nil {
			t.Errorf("attack %s (%s) not accepted by the naive ID-token verifier: %v", a.Name, a.Rule, err)
		}
	}
}

func TestAttack_IDTokenAttacksNeedNoAudience(t *testing.T) {
	target := jwttest.NewProvider(t).Target()
	target.Audience = ""
	if _, err := jwttest.IDTokenAttacks(target); err != nil {
		t.Fatal(err)
	}
	if _, err := jwttest.IDTokenAttacks(jwttest.Target{}); !errors.Is(err, jwttest.ErrInvalidTarget) {
		t.Fatalf("zero Target: %v", err)
	}
	if _, err := jwttest.GenuineIDToken(jwttest.Target{}); !errors.Is(err, jwttest.ErrInvalidTarget) {
		t.Fatalf("zero Target: %v", err)
	}
	var nilp *jwttest.Provider
	if nilp.IDTokenAttacks() != nil {
		t.Fatal("nil provider")
	}
}
