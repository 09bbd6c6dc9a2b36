package jwttest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// The Check functions prove the control before the attacks: the genuine
// token (GenuineToken, GenuineIDToken, GenuineDPoP) must be accepted, or
// the test fails with "the genuine token was refused" and no attack runs
// (a verifier or handler refusing everything refuses every attack too, for
// the wrong reason: a route requiring a scope or a tenant the tokens lack
// answers 403 to all). Then every attack of the Target must be refused,
// as with the Run functions. Use a Check function to test a service; use
// the Run functions (or Accepted) with a catalogue of your own choosing,
// a filtered or extended one, after checking the control yourself.

// CheckVerifier fails t unless verify accepts target's GenuineToken (a
// nil error) and then refuses every attack of Attacks(target) (RFC 8725;
// RFC 9068 section 4). Set target.Scope and target.Claims to what verify
// requires. A Target Attacks cannot build for, or a nil verify, fails t.
func CheckVerifier(t testing.TB, target Target, verify func(token string) error) {
	if nilTB(t) {
		return
	}
	t.Helper()
	checkTokens(t, "CheckVerifier", "verifier", GenuineToken, Attacks, target, verify)
}

// CheckIDTokenVerifier is CheckVerifier for an ID-token verifier (OpenID
// Connect Core 1.0 section 3.1.3.7): GenuineIDToken must be accepted, then
// every attack of IDTokenAttacks(target) refused. Set target.Nonce,
// AccessToken, AZP and Claims to what verify expects.
func CheckIDTokenVerifier(t testing.TB, target Target, verify func(token string) error) {
	if nilTB(t) {
		return
	}
	t.Helper()
	checkTokens(t, "CheckIDTokenVerifier", "verifier", GenuineIDToken, IDTokenAttacks, target, verify)
}

func checkTokens(t testing.TB, name, what string, genuine func(Target) (string, error),
	attacks func(Target) ([]Attack, error), target Target, verify func(string) error) {
	t.Helper()
	if verify == nil {
		t.Errorf("jwttest: %s: %v", name, ErrNothingToRun)
		return
	}
	tok, err := genuine(target)
	if err != nil {
		t.Errorf("jwttest: %s: %v", name, err)
		return
	}
	if err := call(func() error { return verify(tok) }); err != nil {
		t.Errorf("jwttest: %s: the genuine token was refused (%v): the catalogue proves nothing against this %s", name, err, what)
		return
	}
	as, err := attacks(target)
	if err != nil {
		t.Errorf("jwttest: %s: %v", name, err)
		return
	}
	report(t, name, func() ([]Finding, error) { return Accepted(as, verify) })
}

// CheckHandler fails t unless h answers target's GenuineToken, sent as
// "Authorization: Bearer" (RFC 6750 section 2.1) on a copy of req (nil:
// GET /), with a 2xx status, and then refuses (a status outside 2xx, or a
// panic with http.ErrAbortHandler) every attack of Attacks(target). Set
// target.Scope and target.Claims to what the route requires (a route
// behind jwthttp.RequireScopes, a tenant check), or the control fails.
func CheckHandler(t testing.TB, target Target, h http.Handler, req *http.Request) {
	if nilTB(t) {
		return
	}
	t.Helper()
	if h == nil {
		t.Errorf("jwttest: CheckHandler: %v", ErrNothingToRun)
		return
	}
	tok, err := GenuineToken(target)
	if err != nil {
		t.Errorf("jwttest: CheckHandler: %v", err)
		return
	}
	copyReq, err := requestCopier(req)
	if err != nil {
		t.Errorf("jwttest: CheckHandler: %v", err)
		return
	}
	r := copyReq()
	r.Header.Set("Authorization", "Bearer "+tok)
	w := httptest.NewRecorder()
	if err := call(func() error { h.ServeHTTP(w, r); return nil }); err != nil {
		t.Errorf("jwttest: CheckHandler: the genuine token was refused (%v): the catalogue proves nothing against this handler", err)
		return
	}
	if w.Code < 200 || w.Code > 299 {
		t.Errorf("jwttest: CheckHandler: the genuine token was refused (status %d): the catalogue proves nothing against this handler", w.Code)
		return
	}
	as, err := Attacks(target)
	if err != nil {
		t.Errorf("jwttest: CheckHandler: %v", err)
		return
	}
	report(t, "CheckHandler", func() ([]Finding, error) { return AcceptedByHandler(as, h, req) })
}

// CheckDPoPHandler fails t unless h answers target's GenuineDPoP request
// (RFC 9449 section 7.1) with a 2xx status and then refuses every attack
// of DPoPAttacks(target), as RunDPoPAgainstHandler judges them.
func CheckDPoPHandler(t testing.TB, target DPoPTarget, h http.Handler) {
	if nilTB(t) {
		return
	}
	t.Helper()
	if h == nil {
		t.Errorf("jwttest: CheckDPoPHandler: %v", ErrNothingToRun)
		return
	}
	g, err := GenuineDPoP(target)
	if err != nil {
		t.Errorf("jwttest: CheckDPoPHandler: %v", err)
		return
	}
	code, err := sendDPoP(g, h)
	if err == nil && (code < 200 || code > 299) {
		err = fmt.Errorf("status %d", code)
	}
	if err != nil {
		t.Errorf("jwttest: CheckDPoPHandler: the genuine token was refused (%v): the catalogue proves nothing against this handler", err)
		return
	}
	as, err := DPoPAttacks(target)
	if err != nil {
		t.Errorf("jwttest: CheckDPoPHandler: %v", err)
		return
	}
	report(t, "CheckDPoPHandler", func() ([]Finding, error) { return AcceptedByDPoPHandler(as, h) })
}
