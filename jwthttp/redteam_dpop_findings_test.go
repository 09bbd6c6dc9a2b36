package jwthttp_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwthttp"
)

// Red-team findings (failing until fixed): see the report.

// TestRedTeam_RFC9449_4_3_Check9_HTUIsTheRequestTargetNotTheRewrittenURL:
// "the htu claim matches the HTTP URI value for the HTTP request in which
// the JWT was received": behind http.StripPrefix (or any router that
// rewrites r.URL), the request's target is still its RequestURI. A proof
// for the URI the client sent is accepted; a proof made for the rewritten
// path (another resource of the origin) is refused.
func TestRedTeam_RFC9449_4_3_Check9_HTUIsTheRequestTargetNotTheRewrittenURL(t *testing.T) {
	key := newDPoPKey(t)
	var srvURL string
	var h http.Handler
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	srvURL = srv.URL
	v, err := dpop.NewVerifier(dpop.Config{Origins: []string{srvURL}, Algorithms: es256})
	if err != nil {
		t.Fatal(err)
	}
	mw := newMiddleware(t, jwthttp.WithDPoP(v, jwthttp.DPoPAllowed))
	h = http.StripPrefix("/api", mw.Handler(dpopEcho))
	tok := boundToken(t, key.jkt, nil)
	send := func(htu string) int {
		req, _ := http.NewRequest(http.MethodGet, srvURL+"/api/items", nil)
		req.Header.Set("Authorization", "DPoP "+tok)
		req.Header.Set("DPoP", key.proof(t, http.MethodGet, htu, proofOpts{token: tok}))
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := send(srvURL + "/api/items"); got != http.StatusOK {
		t.Errorf("proof for the URI sent (/api/items): status %d, want 200", got)
	}
	if got := send(srvURL + "/items"); got != http.StatusUnauthorized {
		t.Errorf("proof for another URI (/items) accepted at /api/items: status %d, want 401", got)
	}
}

// TestRedTeam_RFC9449_7_2_OpaqueTokenVerifyFuncUsable: a VerifyFunc of
// one's own for tokens that are not JWTs (opaque tokens checked by
// introspection, RFC 7662), which VerifyFunc's doc invites, gets its
// bearer tokens through: the bound-bearer rule (dpop.BoundKey) refuses
// every one as "malformed" today.
func TestRedTeam_RFC9449_7_2_OpaqueTokenVerifyFuncUsable(t *testing.T) {
	introspect := func(ctx context.Context, token string) (*apiClaims, error) {
		if token != "opaque-2YotnFZFEjr1zCsicMWpAA" {
			return nil, jwt.ErrTokenMalformed
		}
		c := &apiClaims{}
		c.Subject = "alice"
		return c, nil
	}
	mw, err := jwthttp.New(jwthttp.VerifyFunc[*apiClaims](introspect))
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, mw.Handler(echoSubject))
	resp, body := get(t, srv, "opaque-2YotnFZFEjr1zCsicMWpAA")
	if resp.StatusCode != http.StatusOK {
		t.Errorf("opaque token accepted by its VerifyFunc: status %d %q (WWW-Authenticate %q), want 200 %q", resp.StatusCode, body, resp.Header.Values("WWW-Authenticate"), "alice")
	}
}

// rtNonces is a NonceSource whose nonce is not NQCHAR (RFC 9449 section
// 8.1: 1*NQCHAR).
type rtNonces struct{ nonce string }

func (n rtNonces) NewNonce(time.Time) (string, error) { return n.nonce, nil }
func (n rtNonces) CheckNonce(s string, _ time.Time) error {
	if s != n.nonce {
		return dpop.ErrUseNonce
	}
	return nil
}

// TestRedTeam_RFC9449_8_1_NonceSourceOfNonNQCHARRefusedAtSetup: a nonce
// source whose nonces no header may carry unchanged makes every
// use_dpop_nonce answer lack its DPoP-Nonce (WriteError drops it), so no
// client could ever pass: NewVerifier or New must refuse it.
func TestRedTeam_RFC9449_8_1_NonceSourceOfNonNQCHARRefusedAtSetup(t *testing.T) {
	for _, nonce := range []string{"two words", `q"uote`, "crlf\r\nX-Injected: 1", "\\back", "é"} {
		v, err := dpop.NewVerifier(dpop.Config{Origins: []string{"https://api.example"}, Nonces: rtNonces{nonce}})
		if err != nil {
			continue // refused at the verifier: fine
		}
		_, err = jwthttp.New(jwthttp.Core[apiClaims](testVerifier(t)), jwthttp.WithDPoP(v, jwthttp.DPoPAllowed))
		if err == nil {
			t.Errorf("nonce %q: accepted by NewVerifier and New; its DPoP-Nonce header would be dropped", nonce)
		}
	}
}

// TestRFC9449_7_1_OpaqueTokenWithDPoPSchemeIsErrNotBound: DPoP needs a JWT
// access token carrying "cnf" "jkt": an opaque token its VerifyFunc
// accepts is refused with the DPoP scheme (401 invalid_token,
// dpop.ErrNotBound wrapping dpop.ErrNotJWT) before its proof spends a
// replay entry, and accepted as a bearer token beside it (DPoPAllowed).
func TestRFC9449_7_1_OpaqueTokenWithDPoPSchemeIsErrNotBound(t *testing.T) {
	const opaque = "opaque-2YotnFZFEjr1zCsicMWpAA"
	introspect := func(ctx context.Context, token string) (*apiClaims, error) {
		if token != opaque {
			return nil, jwt.ErrTokenMalformed
		}
		c := &apiClaims{}
		c.Subject = "alice"
		return c, nil
	}
	key := newDPoPKey(t)
	var h http.Handler
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	v, err := dpop.NewVerifier(dpop.Config{Origins: []string{srv.URL}, Algorithms: es256})
	if err != nil {
		t.Fatal(err)
	}
	var last error
	mw, err := jwthttp.New(jwthttp.VerifyFunc[*apiClaims](introspect), jwthttp.WithDPoP(v, jwthttp.DPoPAllowed),
		jwthttp.WithErrorHandler(func(w http.ResponseWriter, r *http.Request, e *jwthttp.Error) {
			last = e
			jwthttp.WriteError(w, r, e)
		}))
	if err != nil {
		t.Fatal(err)
	}
	h = mw.Handler(dpopEcho)
	send := func(auth string) int {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/", nil)
		req.Header.Set("Authorization", auth)
		req.Header.Set("DPoP", key.proof(t, http.MethodGet, srv.URL+"/", proofOpts{token: opaque}))
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := send("DPoP " + opaque); got != http.StatusUnauthorized || !errors.Is(last, dpop.ErrNotBound) || !errors.Is(last, dpop.ErrNotJWT) {
		t.Errorf("opaque token with the DPoP scheme: status %d, cause %v; want 401 dpop.ErrNotBound", got, last)
	}
	if got := send("Bearer " + opaque); got != http.StatusOK {
		t.Errorf("opaque token as Bearer: status %d, want 200", got)
	}
}
