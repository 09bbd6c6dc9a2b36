package jwk_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// outcome names an error by the sentinels it matches, most specific first.
func outcome(err error) string {
	if err == nil {
		return "accepted"
	}
	var names []string
	for _, s := range []struct {
		err  error
		name string
	}{
		{jwk.ErrBodyTooLarge, "ErrBodyTooLarge"}, {jwk.ErrDiscoveryRefused, "ErrDiscoveryRefused"}, {jwk.ErrFetch, "ErrFetch"}, {jwk.ErrKeyNotFound, "ErrKeyNotFound"},
		{jwt.ErrAlgorithmNotAllowed, "jwt.ErrAlgorithmNotAllowed"}, {jwt.ErrSignatureInvalid, "jwt.ErrSignatureInvalid"},
		{jwt.ErrInvalidIssuer, "jwt.ErrInvalidIssuer"}, {jwt.ErrMissingClaim, "jwt.ErrMissingClaim"},
		{jwt.ErrInvalidKey, "jwt.ErrInvalidKey"}, {jwt.ErrInvalidOption, "jwt.ErrInvalidOption"},
	} {
		if errors.Is(err, s.err) {
			names = append(names, s.name)
		}
	}
	return strings.Join(names, " + ")
}

// TestFailureModes_Measured runs each failure mode of discovery and
// multi-issuer verification against fake identity providers on loopback
// and reports, for jwk/README.md's table, what it gives, the requests it
// made and how long it took. Each row is also asserted.
func TestFailureModes_Measured(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	ec384 := testKeys().ec384
	var rows []string
	row := func(mode string, err error, requests int64, took time.Duration, want ...error) {
		t.Helper()
		for _, w := range want {
			if !errors.Is(err, w) {
				t.Errorf("%s: %v, want %v", mode, err, w)
			}
		}
		if len(want) == 0 && err != nil {
			t.Errorf("%s: %v", mode, err)
		}
		rows = append(rows, fmt.Sprintf("| %s | %s | %d | %v |", mode, outcome(err), requests, took.Round(time.Microsecond)))
	}
	timed := func(f func() error) (time.Duration, error) {
		start := time.Now()
		err := f()
		return time.Since(start), err
	}
	jwksA := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))

	// Discovery.
	idp := newFakeIdP(t, idpOptions{}, jwksA)
	idp.setDoc(map[string]any{"issuer": "https://evil.example", "jwks_uri": idp.srv.URL + "/jwks"})
	took, err := timed(func() error { _, err := discover(t, idp.issuer); return err })
	row("document with another `issuer`", err, idp.docHits.Load()+idp.keyHits.Load(), took, jwk.ErrFetch)

	idp = newFakeIdP(t, idpOptions{}, jwksA)
	idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": "http://idp.example/jwks"})
	took, err = timed(func() error { _, err := discover(t, idp.issuer); return err })
	row("`jwks_uri` http, not loopback", err, idp.docHits.Load()+idp.keyHits.Load(), took, jwk.ErrFetch)

	plain := newFakeIdP(t, idpOptions{}, jwksA)
	tlsIdP := newFakeIdP(t, idpOptions{tls: true}, jwksA)
	tlsIdP.setDoc(map[string]any{"issuer": tlsIdP.issuer, "jwks_uri": plain.srv.URL + "/jwks"})
	took, err = timed(func() error {
		_, err := discover(t, tlsIdP.issuer, jwk.WithHTTPClient(tlsIdP.srv.Client()))
		return err
	})
	row("https document, `jwks_uri` http on loopback", err, tlsIdP.keyHits.Load()+plain.keyHits.Load()+tlsIdP.docHits.Load(), took, jwk.ErrFetch)

	redirect := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, plain.srv.URL+plain.docPath, http.StatusFound)
	}))
	defer redirect.Close()
	took, err = timed(func() error {
		_, err := discover(t, redirect.URL, jwk.WithHTTPClient(redirect.Client()))
		return err
	})
	row("document redirected to http, caller's client", err, 1+plain.docHits.Load(), took, jwk.ErrFetch)

	idp = newFakeIdP(t, idpOptions{}, jwksA)
	idp.down.Store(true)
	p, _ := jwk.NewProvider(idp.issuer, jwk.WithRateLimit(time.Hour))
	defer p.Close()
	tokA := signFor(t, jwt.ES256, k.a1, "a1", idp.issuer)
	took, err = timed(func() error { _, err := jwt.Parse(tokA, p); return err })
	row("discovery fails at the first verification (503)", err, idp.docHits.Load(), took, jwk.ErrFetch)
	took, err = timed(func() error { _, err := jwt.Parse(tokA, p); return err })
	row("next verification within the rate limit", err, idp.docHits.Load()-1, took, jwk.ErrFetch)

	// Multi-issuer verification.
	tt := newTwoTenants(t)
	ctx := context.Background()
	if err := tt.issuers.Ready(ctx); err != nil {
		t.Fatal(err)
	}
	n0 := tt.counter.n.Load()
	tok1 := signFor(t, jwt.ES256, k.a1, "a1", "https://unknown.example")
	took, err = timed(func() error { return tt.parse(tok1) })
	row("`iss` not configured", err, tt.counter.n.Load()-n0, took, jwt.ErrInvalidIssuer, jwt.ErrInvalidKey)
	tok, _ := jwt.Sign(jwt.ES256, map[string]any{"sub": "x"}, k.a1, jwt.WithKeyID("a1"))
	n0 = tt.counter.n.Load()
	took, err = timed(func() error { return tt.parse(tok) })
	row("no `iss`", err, tt.counter.n.Load()-n0, took, jwt.ErrInvalidIssuer, jwt.ErrMissingClaim)
	n0 = tt.counter.n.Load()
	tok2 := signFor(t, jwt.ES256, k.b1, "b1", tt.a.issuer)
	took, err = timed(func() error { return tt.parse(tok2) })
	row("`iss` A, `kid` and key of B", err, tt.counter.n.Load()-n0, took, jwt.ErrInvalidKey, jwk.ErrKeyNotFound)
	n0 = tt.counter.n.Load()
	tok3 := signFor(t, jwt.ES256, k.b1, "b1", tt.a.issuer)
	took, err = timed(func() error { return tt.parse(tok3) })
	row("the same, again within the rate limit", err, tt.counter.n.Load()-n0, took, jwt.ErrInvalidKey)
	n0 = tt.counter.n.Load()
	tok4 := signFor(t, jwt.ES256, k.b1, "", tt.a.issuer)
	took, err = timed(func() error { return tt.parse(tok4) })
	row("`iss` A, no `kid`, B's key", err, tt.counter.n.Load()-n0, took, jwt.ErrSignatureInvalid)
	n0 = tt.counter.n.Load()
	tok5 := signFor(t, jwt.ES384, ec384, "a1", tt.a.issuer)
	took, err = timed(func() error { return tt.parse(tok5) })
	row("`alg` the issuer's key does not fit (ES384, a P-256 key)", err, tt.counter.n.Load()-n0, took, jwk.ErrKeyNotFound)

	// One JWK Set for two issuers (RFC 8725 section 3.8).
	ct := newCrossTenant(t)
	forged := signFor(t, jwt.ES256, k.b1, "b1", ct.a.issuer)
	took, err = timed(func() error { return ct.parse(forged) })
	row("`iss` A, B's key; A's `WithFailoverURL` is B's `jwks_uri`, A's set down", err,
		ct.a.docHits.Load()+ct.a.keyHits.Load()+ct.b.docHits.Load()+ct.b.keyHits.Load(), took, jwk.ErrDiscoveryRefused)
	n0 = ct.b.docHits.Load() + ct.b.keyHits.Load()
	tokB := signFor(t, jwt.ES256, k.b1, "b1", ct.b.issuer)
	took, err = timed(func() error { return ct.parse(tokB) })
	row("then B's own token", err, ct.b.docHits.Load()+ct.b.keyHits.Load()-n0, took, jwk.ErrDiscoveryRefused)
	held := newTwoTenants(t)
	held.b.setDoc(map[string]any{"issuer": held.b.issuer, "jwks_uri": held.a.srv.URL + "/jwks"})
	if err := held.parse(signFor(t, jwt.ES256, k.a1, "a1", held.a.issuer)); err != nil {
		t.Fatal(err)
	}
	n0 = held.counter.n.Load()
	tokHeld := signFor(t, jwt.ES256, k.a1, "a1", held.b.issuer)
	took, err = timed(func() error { return held.parse(tokHeld) })
	row("B's document names A's `jwks_uri`, A discovered first: B's token", err, held.counter.n.Load()-n0, took, jwk.ErrDiscoveryRefused)
	n0 = held.counter.n.Load()
	tokHolder := signFor(t, jwt.ES256, k.a1, "a1", held.a.issuer)
	took, err = timed(func() error { return held.parse(tokHolder) })
	row("then A's token", err, held.counter.n.Load()-n0, took)
	took, err = timed(func() error { _, err := jwt.Parse(tokA, new(jwk.Provider)); return err })
	row("a zero `Provider` (`new(jwk.Provider)`)", err, 0, took, jwk.ErrKeyNotFound)

	// Rotation and outages.
	rot := newTwoTenants(t)
	if err := rot.parse(signFor(t, jwt.ES256, k.a1, "a1", rot.a.issuer)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	fresh := publish(t, mustKey(t, k.a2, jwk.Params{KeyID: "a2"}))
	rot.a.setJWKS([]byte(`{"keys":[{"kty":"EC","kid":7},` + string(fresh[len(`{"keys":[`):])))
	n0 = rot.counter.n.Load()
	tok6 := signFor(t, jwt.ES256, k.a2, "a2", rot.a.issuer)
	took, err = timed(func() error { return rot.parse(tok6) })
	row("rotation 1 s after start-up, beside an odd key", err, rot.counter.n.Load()-n0, took)

	down := newFixture(t, jwksA, jwk.WithRefreshInterval(300*time.Millisecond), jwk.WithMinRefreshInterval(100*time.Millisecond),
		jwk.WithRateLimit(100*time.Millisecond), jwk.WithMaxStale(300*time.Millisecond))
	tokD := signFor(t, jwt.ES256, k.a1, "a1", "x")
	if err := down.parse(tokD); err != nil {
		t.Fatal(err)
	}
	exp := down.remote.Stats().Expires
	down.srv.status.Store(http.StatusServiceUnavailable)
	time.Sleep(time.Until(exp.Add(150 * time.Millisecond)))
	h0 := down.srv.hits.Load()
	took, err = timed(func() error { return down.parse(tokD) })
	row("provider down, within `WithMaxStale`", err, down.srv.hits.Load()-h0, took)
	time.Sleep(time.Until(exp.Add(400 * time.Millisecond)))
	h0 = down.srv.hits.Load()
	took, err = timed(func() error { return down.parse(tokD) })
	row("provider down, past `WithMaxStale`", err, down.srv.hits.Load()-h0, took, jwk.ErrFetch)

	t.Logf("\n| Failure | Gives | Requests | Time |\n|---|---|---|---|\n%s", strings.Join(rows, "\n"))
}
