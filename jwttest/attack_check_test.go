package jwttest_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwthttp"
	"github.com/jotlib/jwt/jwttest"
)

// payloadOf decodes a token's payload leniently (padding, either
// alphabet); ok is false for a token without one.
func payloadOf(tok string) (map[string]any, bool) {
	parts := strings.Split(tok, ".")
	if len(parts) < 2 {
		return nil, false
	}
	p := strings.NewReplacer("+", "-", "/", "_", "=", "").Replace(parts[1])
	b, err := base64.RawURLEncoding.DecodeString(p)
	if err != nil {
		return nil, false
	}
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return nil, false
	}
	return m, true
}

// acceptAny is a verify function that reads the claims and checks nothing.
func acceptAny(_ context.Context, tok string) (map[string]any, error) {
	m, ok := payloadOf(tok)
	if !ok {
		return nil, errors.New("no payload")
	}
	return m, nil
}

// scopedAcceptAny is a route behind jwthttp.RequireScopes("orders:read")
// whose verifier accepts any token (jwthttp still refuses a malformed one).
func scopedAcceptAny(t *testing.T) http.Handler {
	t.Helper()
	mw, err := jwthttp.New(jwthttp.VerifyFunc[map[string]any](acceptAny), jwthttp.RequireScopes("orders:read"))
	if err != nil {
		t.Fatal(err)
	}
	return mw.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) }))
}

// scopeOnly is a route that reads any token's payload and requires the
// scope "orders:read" in it (403 otherwise): it checks nothing else.
var scopeOnly = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	tok, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	m, ok := payloadOf(tok)
	if !ok {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	s, _ := m["scope"].(string)
	if !slices.Contains(strings.Fields(s), "orders:read") {
		w.WriteHeader(http.StatusForbidden)
		return
	}
	w.WriteHeader(http.StatusOK)
})

func TestRFC9068_2_2_3_1_CheckHandlerWithScopeFindsEveryAttackOfAScopeOnlyRoute(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	tg := p.Target()
	tg.Scope = "orders:read"
	attacks, err := jwttest.Attacks(tg)
	if err != nil {
		t.Fatal(err)
	}
	ft := &fakeT{TB: t}
	jwttest.CheckHandler(ft, tg, scopeOnly, nil)
	found := map[string]bool{}
	for _, e := range ft.errs {
		found[e] = true
	}
	for _, a := range attacks {
		if _, ok := payloadOf(a.Token); !ok {
			continue // no JSON payload: even scopeOnly refuses it
		}
		if !found["attack "+a.Name+" ("+a.Rule+") accepted: status 200"] {
			t.Errorf("attack %q not reported against a route checking the scope only", a.Name)
		}
	}
	// jwthttp.RequireScopes over a verifier accepting anything: the
	// middleware refuses malformed tokens itself, the rest are found.
	ft = &fakeT{TB: t}
	jwttest.CheckHandler(ft, tg, scopedAcceptAny(t), nil)
	if len(ft.errs) < len(attacks)/2 {
		t.Errorf("RequireScopes over acceptAny: %d findings of %d attacks", len(ft.errs), len(attacks))
	}
}

func TestRFC9068_2_2_3_1_CheckHandlerWithoutScopeFailsOnTheControl(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	for name, h := range map[string]http.Handler{"scope only": scopeOnly, "RequireScopes": scopedAcceptAny(t)} {
		ft := &fakeT{TB: t}
		jwttest.CheckHandler(ft, p.Target(), h, nil)
		if len(ft.errs) != 1 || !strings.Contains(ft.errs[0], "the genuine token was refused (status 403): the catalogue proves nothing against this handler") {
			t.Errorf("%s: CheckHandler without the route's scope: %q", name, ft.errs)
		}
	}
}

func TestRFC8725_CheckVerifierPassesOursAndFailsAControlRefusal(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	tg := p.Target()
	tg.Scope = "orders:read"
	tg.Claims = map[string]any{"tenant": "acme"}
	v := accessVerifier(t, p, p.Set())
	ours := func(tok string) error { _, err := v.Verify(context.Background(), tok); return err }
	ft := &fakeT{TB: t}
	jwttest.CheckVerifier(ft, tg, ours)
	if len(ft.errs) != 0 {
		t.Errorf("CheckVerifier on our verifier: %q", ft.errs)
	}
	ft = &fakeT{TB: t}
	jwttest.CheckVerifier(ft, tg, func(string) error { return errors.New("no") })
	if len(ft.errs) != 1 || !strings.Contains(ft.errs[0], "the genuine token was refused (no)") {
		t.Errorf("CheckVerifier on a verifier refusing all: %q", ft.errs)
	}
	ft = &fakeT{TB: t}
	jwttest.CheckVerifier(ft, tg, func(string) error { return nil })
	if attacks, _ := jwttest.Attacks(tg); len(ft.errs) != len(attacks) {
		t.Errorf("CheckVerifier on a verifier accepting all: %d findings of %d", len(ft.errs), len(attacks))
	}
	for name, f := range map[string]func(){
		"nil verify": func() { jwttest.CheckVerifier(ft, tg, nil) },
		"bad target": func() { jwttest.CheckVerifier(ft, jwttest.Target{}, ours) },
		"nil h":      func() { jwttest.CheckHandler(ft, tg, nil, nil) },
		"nil dpop h": func() { jwttest.CheckDPoPHandler(ft, jwttest.DPoPTarget{Target: tg}, nil) },
	} {
		ft = &fakeT{TB: t}
		f()
		if len(ft.errs) != 1 {
			t.Errorf("%s: %q", name, ft.errs)
		}
	}
	jwttest.CheckVerifier(nil, tg, ours)
	jwttest.CheckHandler(nil, tg, nil, nil)
}

func TestOIDCCore_3_1_3_7_CheckIDTokenVerifierPassesOurs(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	tg := p.Target()
	tg.Claims = map[string]any{"email": "a@example.com"}
	v := idVerifier(t, p, p.Set())
	jwttest.CheckIDTokenVerifier(t, tg, func(tok string) error {
		_, err := v.Verify(context.Background(), tok, idtoken.Checks{})
		return err
	})
}

func TestRFC9449_7_1_CheckDPoPHandlerPassesJWTHTTP(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	tg := jwttest.DPoPTarget{Target: p.Target(), Method: http.MethodGet, URL: dpopOrigin + "/orders"}
	jwttest.CheckDPoPHandler(t, tg, dpopAttackResource(t, p, jwthttp.DPoPRequired, nil))
	ft := &fakeT{TB: t}
	jwttest.CheckDPoPHandler(ft, tg, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(401) }))
	if len(ft.errs) != 1 || !strings.Contains(ft.errs[0], "the genuine token was refused (status 401)") {
		t.Errorf("CheckDPoPHandler on a handler refusing all: %q", ft.errs)
	}
}

func TestRFC9068_2_2_3_1_ScopeAndClaimsInEveryToken(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	tg := p.Target()
	tg.Scope = "orders:read orders:write"
	tg.Claims = map[string]any{"tenant": "acme", "roles": []string{"admin"}}
	at, err := jwttest.Attacks(tg)
	if err != nil {
		t.Fatal(err)
	}
	id, err := jwttest.IDTokenAttacks(tg)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := jwttest.GenuineToken(tg)
	gid, _ := jwttest.GenuineIDToken(tg)
	at = append(at, jwttest.Attack{Name: "genuine", Token: g})
	for _, a := range at {
		if m, ok := payloadOf(a.Token); ok && (m["tenant"] != "acme" || m["scope"] != tg.Scope) {
			t.Errorf("access token %q: tenant %v scope %v", a.Name, m["tenant"], m["scope"])
		}
	}
	id = append(id, jwttest.Attack{Name: "genuine", Token: gid})
	for _, a := range id {
		m, ok := payloadOf(a.Token)
		if !ok {
			continue
		}
		if m["tenant"] != "acme" {
			t.Errorf("ID token %q: tenant %v", a.Name, m["tenant"])
		}
		if s, has := m["scope"]; has && s == tg.Scope {
			t.Errorf("ID token %q carries Target.Scope", a.Name)
		}
	}
}

func TestRFC7519_4_1_Target_ClaimsOfTheCatalogueRefused(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	for _, name := range []string{"iss", "ISS", "i\u017fs", "Aud", "exp", "jti", "client_id", "scope", "nonce", "azp", "at_hash", "cnf", "pad", ""} {
		tg := p.Target()
		tg.Claims = map[string]any{name: "x"}
		if _, err := jwttest.Attacks(tg); !errors.Is(err, jwttest.ErrInvalidTarget) {
			t.Errorf("claim %q: Attacks: %v", name, err)
		}
		if _, err := jwttest.GenuineIDToken(tg); !errors.Is(err, jwttest.ErrInvalidTarget) {
			t.Errorf("claim %q: GenuineIDToken: %v", name, err)
		}
	}
	tg := p.Target()
	tg.Claims = map[string]any{"f": func() {}}
	if _, err := jwttest.GenuineToken(tg); !errors.Is(err, jwttest.ErrInvalidTarget) {
		t.Errorf("unmarshalable claim: %v", err)
	}
}

func TestRFC7519_4_1_7_EveryTokenAndProofHasItsOwnJTI(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	seen := map[any]string{}
	once := func(kind, name, tok string) {
		m, ok := payloadOf(tok)
		if !ok || m["jti"] == nil {
			return
		}
		if prev, dup := seen[m["jti"]]; dup {
			t.Errorf("%s %q has the jti of %q", kind, name, prev)
		}
		seen[m["jti"]] = name
	}
	at, _ := jwttest.Attacks(p.Target())
	for _, a := range at {
		once("token", a.Name, a.Token)
	}
	ds := p.DPoPAttacks(http.MethodGet, dpopOrigin+"/orders", "")
	for _, a := range ds {
		once("DPoP token", a.Name, a.AccessToken)
		for i, pr := range a.Proofs {
			once("proof", a.Name+" #"+string(rune('0'+i)), pr)
		}
	}
}

func TestRFC9449_4_2_DPoPTargetMethodAndURLValidated(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	for _, c := range []struct{ method, url string }{
		{"", dpopOrigin}, {"get", dpopOrigin}, {"Get", dpopOrigin}, {"123", dpopOrigin}, {"G T", dpopOrigin},
		{"GET\r\n", dpopOrigin}, {"GET", ""}, {"GET", "/orders"}, {"GET", "ftp://x.example/"},
		{"GET", "https://user:pw@x.example/"}, {"GET", "https://x.example/#frag"}, {"GET", "https://x.example/a b"},
		{"GET", "https://x.example/\x7f"}, {"GET", "https:opaque"},
	} {
		tg := jwttest.DPoPTarget{Target: p.Target(), Method: c.method, URL: c.url}
		if _, err := jwttest.DPoPAttacks(tg); !errors.Is(err, jwttest.ErrInvalidTarget) {
			t.Errorf("%q %q: DPoPAttacks: %v", c.method, c.url, err)
		}
		if _, err := jwttest.GenuineDPoP(tg); !errors.Is(err, jwttest.ErrInvalidTarget) {
			t.Errorf("%q %q: GenuineDPoP: %v", c.method, c.url, err)
		}
	}
	if _, err := jwttest.DPoPAttacks(jwttest.DPoPTarget{Target: p.Target(), Method: "M-SEARCH", URL: "http://x.example/a?q=1"}); err != nil {
		t.Errorf("an upper-case extension method: %v", err)
	}
}

func TestRFC8725_3_8_AttackerCertificateNeedsAWholeP256Key(t *testing.T) {
	t.Parallel()
	k384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	for name, k := range map[string]*ecdsa.PrivateKey{"nil": nil, "zero": {}, "P-384": k384} {
		if _, err := jwttest.AttackerCertificate(k); !errors.Is(err, jwttest.ErrInvalidTarget) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestRFC6750_HandlerRunnersNeverPanic(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusUnauthorized) })
	if _, err := jwttest.AcceptedByHandler(p.Attacks(), ok, &http.Request{}); err != nil {
		t.Errorf("a hand-made empty request: %v", err)
	}
	var nilT *testing.T
	a := p.Attacks()
	jwttest.RunAgainst(nil, a, func(string) error { return nil })
	jwttest.RunAgainst(nilT, a, func(string) error { return nil })
	jwttest.RunAgainstHandler(nil, a, ok, nil)
	jwttest.RunDPoPAgainstHandler(nil, p.DPoPAttacks(http.MethodGet, dpopOrigin+"/x", ""), ok)
	jwttest.CheckDPoPHandler(nilT, jwttest.DPoPTarget{}, ok)
}

func TestRFC6750_AbortHandlerPanicCountsRefused(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	abort := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic(http.ErrAbortHandler) })
	fs, err := jwttest.AcceptedByHandler(p.Attacks(), abort, nil)
	if err != nil || len(fs) != 0 {
		t.Errorf("AcceptedByHandler: %v %v", fs, err)
	}
	fs, err = jwttest.AcceptedByDPoPHandler(p.DPoPAttacks(http.MethodGet, dpopOrigin+"/x", ""), abort)
	if err != nil || len(fs) != 0 {
		t.Errorf("AcceptedByDPoPHandler: %v %v", fs, err)
	}
	other := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") })
	if fs, _ := jwttest.AcceptedByHandler(p.Attacks(), other, nil); len(fs) == 0 {
		t.Error("another panic not reported")
	}
}

func TestRFC8725_HardeningAttacksSayHardeningInTheirRule(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	tg := p.Target()
	tg.AccessToken = "an-access-token"
	at, _ := jwttest.Attacks(tg)
	id, _ := jwttest.IDTokenAttacks(tg)
	rules := map[string]string{}
	for _, a := range append(at, id...) {
		rules[a.Name] = a.Rule
	}
	for _, name := range []string{"issued an hour in the future (iat)", "payload with non-zero trailing bits",
		"access token typed JWT, with scope", "access token untyped, with scope"} {
		if r, ok := rules[name]; !ok || !strings.Contains(r, "hardening") {
			t.Errorf("%q: rule %q", name, r)
		}
	}
}

func TestOIDCCore_3_1_3_6_AtHashFullHashAttack(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t) // ES256: SHA-256, 32 bytes, the left half 16
	tg := p.Target()
	tg.AccessToken = "an-access-token"
	id, err := jwttest.IDTokenAttacks(tg)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range id {
		if a.Name == "at_hash the full hash, not its left half" {
			m, _ := payloadOf(a.Token)
			s, _ := m["at_hash"].(string)
			if b, err := base64.RawURLEncoding.DecodeString(s); err != nil || len(b) != 32 {
				t.Errorf("at_hash %q: %d bytes, %v", s, len(b), err)
			}
			return
		}
	}
	t.Error("no full-hash at_hash attack")
}
