package jwttest_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwttest"
)

// idCase is an ID-token Target (the kit's, with its attacker server and
// other tenant) with the relying party's expectations set, and the
// idtoken.Verifier configured to match them.
type idCase struct {
	name   string
	target jwttest.Target
	azp    func(*idtoken.Claims, string) error
	checks idtoken.Checks
}

func idCases(k *attackKit) []idCase {
	base := k.target
	nonce, errata := base, base
	nonce.Nonce, nonce.AccessToken, nonce.AZP = "n-0S6_WzA2Mj", "an-access-token", jwttest.AZPMustMatch
	errata.Nonce, errata.AZP = "n-errata", jwttest.AZPErrata1
	return []idCase{
		{"no expectations", base, nil, idtoken.Checks{}},
		{"nonce, at_hash, azp must match", nonce, idtoken.AZPMatchesClientID,
			idtoken.Checks{Nonce: nonce.Nonce, AccessToken: nonce.AccessToken}},
		{"nonce, azp errata 1", errata, idtoken.AZPErrata1, idtoken.Checks{Nonce: errata.Nonce}},
	}
}

func (c idCase) verifier(t *testing.T, p *jwttest.Provider, keys any) func(string) error {
	t.Helper()
	v, err := idtoken.NewVerifier(keys, idtoken.Config{Issuer: p.Issuer(), ClientID: p.ClientID(), Now: p.Now, AZP: c.azp})
	if err != nil {
		t.Fatal(err)
	}
	return func(tok string) error { _, err := v.Verify(context.Background(), tok, c.checks); return err }
}

func TestAttack_OIDCCore_3_1_3_7_EveryIDTokenAttackRefusedByIDTokenVerifier(t *testing.T) {
	t.Parallel()
	for _, alg := range attackAlgorithms {
		t.Run(string(alg), func(t *testing.T) {
			t.Parallel()
			k := sharedTargetKit(t, alg)
			for i, c := range idCases(k) {
				t.Run(c.name, func(t *testing.T) {
					genuine, err := jwttest.GenuineIDToken(c.target)
					if err != nil {
						t.Fatal(err)
					}
					attacks := sharedIDTokenAttacks(t, alg, i)
					for name, keys := range map[string]any{"public key": c.target.Key.Public(), "jwk.Set": k.p.Set(), "jwk.RemoteSet": k.p.RemoteSet()} {
						t.Run(name, func(t *testing.T) {
							verify := c.verifier(t, k.p, keys)
							if err := verify(genuine); err != nil {
								t.Fatalf("the genuine ID token is refused: %v", err)
							}
							jwttest.RunAgainst(t, attacks, verify)
						})
					}
				})
			}
		})
	}
}

// idDefeats is the naive check each ID-token attack of its own is built
// to defeat, by name prefix (the rest as in defeats).
var idDefeats = []struct{ prefix, naive string }{
	{"access token ", "iss/aud/exp, case-insensitive names"},
	{"no exp", "signature only"},
	{"no iat", "signature only"},
	{"no sub", "signature only"},
	{"nonce ", "iss/aud/exp, case-insensitive names"},
	{"azp ", "iss/aud/exp, case-insensitive names"},
	{"several audiences", "iss/aud/exp, case-insensitive names"},
	{"at_hash ", "iss/aud/exp, case-insensitive names"},
}

func TestAttack_OIDCCore_3_1_3_7_EveryIDTokenAttackAcceptedByANaiveVerifier(t *testing.T) {
	t.Parallel()
	for _, alg := range attackAlgorithms {
		t.Run(string(alg), func(t *testing.T) {
			t.Parallel()
			k := sharedTargetKit(t, alg)
			ns := naiveSet(t, k)
			sigOnly := ns["signature only"]
			// An ID token's audience is the client.
			ns["iss/aud/exp, case-insensitive names"] = naiveClaims(sigOnly, k.p.Issuer(), k.p.ClientID(), k.p.Now(), false)
			ns["iss/aud/exp, first duplicate wins"] = naiveClaims(sigOnly, k.p.Issuer(), k.p.ClientID(), k.p.Now(), true)
			for i, c := range idCases(k) {
				attacks := sharedIDTokenAttacks(t, alg, i)
				genuine, _ := jwttest.GenuineIDToken(c.target)
				if err := ns["iss/aud/exp, case-insensitive names"](genuine); err != nil {
					t.Fatalf("%s: the naive verifier refuses the genuine ID token: %v", c.name, err)
				}
				t.Run(c.name, func(t *testing.T) { acceptedByTheNaiveTheyTarget(t, attacks, ns, idDefeats...) })
			}
		})
	}
}

// The Target's expectations add their attacks: nonce (step 11), azp
// (steps 4, 5) and at_hash (section 3.1.3.8); none without them.
func TestAttack_OIDCCore_3_1_3_7_ExpectationsAddTheirAttacks(t *testing.T) {
	t.Parallel()
	k := sharedTargetKit(t, "ES256")
	count := func(i int, prefixes ...string) int {
		t.Helper()
		attacks := sharedIDTokenAttacks(t, "ES256", i) // IDTokenAttacks(idCases(k)[i].target)
		n := 0
		for _, a := range attacks {
			for _, p := range prefixes {
				if strings.HasPrefix(a.Name, p) {
					n++
				}
			}
		}
		return n
	}
	rules := []string{"nonce ", "azp ", "several audiences", "at_hash "}
	if n := count(0, rules...); n != 0 {
		t.Errorf("no expectations: %d expectation attacks", n)
	}
	for i, c := range idCases(k) {
		if i == 0 {
			continue
		}
		want := 2 // nonce missing, another nonce
		if c.target.AccessToken != "" {
			want += 2
		}
		want += int(c.target.AZP)
		if n := count(i, rules...); n != want {
			t.Errorf("%s: %d expectation attacks, want %d", c.name, n, want)
		}
	}
}

func TestAttack_IDTokenAttacksNeedNoAudience(t *testing.T) {
	t.Parallel()
	target := jwttest.NewProvider(t).Target()
	target.Audience = ""
	if _, err := jwttest.IDTokenAttacks(target); err != nil {
		t.Fatal(err)
	}
	bad := target
	bad.AZP = jwttest.AZPErrata1 + 1
	for name, tg := range map[string]jwttest.Target{"zero": {}, "unknown AZP rule": bad} {
		if _, err := jwttest.IDTokenAttacks(tg); !errors.Is(err, jwttest.ErrInvalidTarget) {
			t.Fatalf("%s: IDTokenAttacks: %v", name, err)
		}
		if _, err := jwttest.GenuineIDToken(tg); !errors.Is(err, jwttest.ErrInvalidTarget) {
			t.Fatalf("%s: GenuineIDToken: %v", name, err)
		}
	}
	var nilp *jwttest.Provider
	if nilp.IDTokenAttacks() != nil {
		t.Fatal("nil provider")
	}
}
