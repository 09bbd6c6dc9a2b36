package jwttest_test

import (
	"crypto/rand"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwthttp"
	"github.com/jotlib/jwt/jwttest"
)

const dpopOrigin = "https://api.jwttest.example"

// dpopAttackResource is our resource server: jwthttp with WithDPoP(mode) over
// the provider's access tokens, proofs checked for dpopOrigin.
func dpopAttackResource(t *testing.T, p *jwttest.Provider, mode jwthttp.DPoPMode, nonces dpop.NonceSource) http.Handler {
	t.Helper()
	proofs, err := dpop.NewVerifier(dpop.Config{Origins: []string{dpopOrigin}, Now: p.Now, Nonces: nonces})
	if err != nil {
		t.Fatal(err)
	}
	mw, err := jwthttp.New(jwthttp.AccessTokens(accessVerifier(t, p, p.RemoteSet())), jwthttp.WithDPoP(proofs, mode))
	if err != nil {
		t.Fatal(err)
	}
	return mw.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }))
}

// naiveDPoPResource checks the access token and nothing of DPoP: the
// scheme, the proof and the binding are ignored.
func naiveDPoPResource(t *testing.T, p *jwttest.Provider) http.Handler {
	v := accessVerifier(t, p, p.Set())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, tok, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if _, err := v.Verify(r.Context(), tok); err != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
}

func attackNonces(t *testing.T) *dpop.HMACNonces {
	t.Helper()
	n, err := dpop.NewHMACNonces(time.Minute, []byte(rand.Text()+rand.Text()))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestRFC9449_4_3_EveryDPoPAttackRefusedByJWTHTTP(t *testing.T) {
	t.Parallel()
	for _, alg := range []jwt.Algorithm{jwt.ES256, jwt.RS256, jwt.EdDSA} {
		t.Run(string(alg), func(t *testing.T) {
			t.Parallel()
			// One provider and one catalogue (its proof keys) per proof
			// algorithm, run against a fresh handler (its own replay
			// memory) of each mode.
			p := jwttest.NewProvider(t)
			target := jwttest.DPoPTarget{Target: p.Target(), Method: http.MethodGet, URL: dpopOrigin + "/orders?page=2", ProofAlgorithm: alg}
			genuine, err := jwttest.GenuineDPoP(target)
			if err != nil {
				t.Fatal(err)
			}
			attacks, err := jwttest.DPoPAttacks(target)
			if err != nil {
				t.Fatal(err)
			}
			for _, mode := range []jwthttp.DPoPMode{jwthttp.DPoPRequired, jwthttp.DPoPAllowed} {
				t.Run(mode.String(), func(t *testing.T) {
					t.Parallel()
					h := dpopAttackResource(t, p, mode, nil)
					if fs, err := jwttest.AcceptedByDPoPHandler([]jwttest.DPoPAttack{genuine}, h); err != nil || len(fs) != 1 {
						t.Fatalf("the genuine DPoP request is refused: %v %v", fs, err)
					}
					jwttest.RunDPoPAgainstHandler(t, attacks, h)
				})
			}
		})
	}
}

// RFC 9449 section 4.3 check 10: with a server nonce, a proof without it
// or with another is refused too.
func TestRFC9449_4_3_10_NonceAttacksRefusedByJWTHTTP(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	nonces := attackNonces(t)
	h := dpopAttackResource(t, p, jwthttp.DPoPRequired, nonces)
	nonce, err := nonces.NewNonce(p.Now())
	if err != nil {
		t.Fatal(err)
	}
	url := dpopOrigin + "/orders"
	genuine := p.GenuineDPoP(http.MethodPost, url, nonce)
	if fs, err := jwttest.AcceptedByDPoPHandler([]jwttest.DPoPAttack{genuine}, h); err != nil || len(fs) != 1 {
		t.Fatalf("the genuine DPoP request is refused: %v %v", fs, err)
	}
	attacks := p.DPoPAttacks(http.MethodPost, url, nonce)
	n := 0
	for _, a := range attacks {
		if strings.Contains(a.Name, "nonce") {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("%d nonce attacks, want 2", n)
	}
	jwttest.RunDPoPAgainstHandler(t, attacks, h)
}

func TestRFC9449_4_3_EveryDPoPAttackAcceptedByANaiveResource(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	url := dpopOrigin + "/orders"
	attacks := p.DPoPAttacks(http.MethodGet, url, "a-nonce")
	fs, err := jwttest.AcceptedByDPoPHandler(attacks, naiveDPoPResource(t, p))
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != len(attacks) {
		got := map[string]bool{}
		for _, f := range fs {
			got[f.Name] = true
		}
		for _, a := range attacks {
			if !got[a.Name] {
				t.Errorf("attack %s (%s) refused by the naive resource", a.Name, a.Rule)
			}
		}
	}
	for _, a := range attacks {
		if a.Rule == "" || !strings.Contains(a.Rule, "RFC") {
			t.Errorf("attack %s: rule %q", a.Name, a.Rule)
		}
	}
}

func TestRFC9449_DPoPAttacksReportAndInvalidTarget(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	good := jwttest.DPoPTarget{Target: p.Target(), Method: http.MethodGet, URL: dpopOrigin + "/"}
	for name, mod := range map[string]func(*jwttest.DPoPTarget){
		"zero":           func(d *jwttest.DPoPTarget) { *d = jwttest.DPoPTarget{} },
		"no method":      func(d *jwttest.DPoPTarget) { d.Method = "" },
		"no URL":         func(d *jwttest.DPoPTarget) { d.URL = "" },
		"relative URL":   func(d *jwttest.DPoPTarget) { d.URL = "/orders" },
		"ftp URL":        func(d *jwttest.DPoPTarget) { d.URL = "ftp://x.example/" },
		"HS256 proofs":   func(d *jwttest.DPoPTarget) { d.ProofAlgorithm = jwt.HS256 },
		"key of alg":     func(d *jwttest.DPoPTarget) { d.ProofAlgorithm = jwt.RS256; d.ProofKey = p.Target().Key },
		"no Target key":  func(d *jwttest.DPoPTarget) { d.Key = nil },
		"other of alg":   func(d *jwttest.DPoPTarget) { d.OtherProofKey = p.Target().Key; d.ProofAlgorithm = jwt.EdDSA },
		"unknown alg":    func(d *jwttest.DPoPTarget) { d.ProofAlgorithm = "XX1" },
		"Target invalid": func(d *jwttest.DPoPTarget) { d.Issuer = "" },
	} {
		d := good
		mod(&d)
		if _, err := jwttest.DPoPAttacks(d); !errors.Is(err, jwttest.ErrInvalidTarget) {
			t.Errorf("%s: DPoPAttacks: %v", name, err)
		}
		if _, err := jwttest.GenuineDPoP(d); !errors.Is(err, jwttest.ErrInvalidTarget) {
			t.Errorf("%s: GenuineDPoP: %v", name, err)
		}
	}
	if _, err := jwttest.AcceptedByDPoPHandler(nil, http.NotFoundHandler()); !errors.Is(err, jwttest.ErrNothingToRun) {
		t.Errorf("empty: %v", err)
	}
	a := p.DPoPAttacks(http.MethodGet, dpopOrigin+"/", "")
	if _, err := jwttest.AcceptedByDPoPHandler(a, nil); !errors.Is(err, jwttest.ErrNothingToRun) {
		t.Errorf("nil handler: %v", err)
	}
	ft := &fakeT{TB: t}
	bad := []jwttest.DPoPAttack{{Name: "bad method", Rule: "R", Method: "BAD METHOD", URL: dpopOrigin}}
	jwttest.RunDPoPAgainstHandler(ft, append(bad, a[0]), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Values("DPoP") == nil {
			panic("boom")
		}
	}))
	if len(ft.errs) != 2 || !strings.Contains(ft.errs[0], "bad method") || !strings.Contains(ft.errs[1], "accepted: status 200") {
		t.Errorf("RunDPoPAgainstHandler: %q", ft.errs)
	}
	var nilp *jwttest.Provider
	if nilp.DPoPAttacks("GET", dpopOrigin, "") != nil || nilp.GenuineDPoP("GET", dpopOrigin, "").Name != "" {
		t.Error("nil provider")
	}
	_ = accesstoken.Claims{}
}
