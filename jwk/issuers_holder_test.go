package jwk_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// refusedFor checks err is ErrDiscoveryRefused naming both issuers.
func refusedFor(t *testing.T, what string, err error, refused, holder string) {
	t.Helper()
	if !errors.Is(err, jwk.ErrDiscoveryRefused) || !errors.Is(err, jwt.ErrInvalidKey) ||
		!strings.Contains(err.Error(), refused) || !strings.Contains(err.Error(), holder) {
		t.Errorf("%s: %v, want ErrDiscoveryRefused naming %s and %s", what, err, refused, holder)
	}
}

// onlyRefusedEvents checks that every EventDiscoveryRefused so far is for
// issuer, naming holder, and that there is at least one.
func onlyRefusedEvents(t *testing.T, rec *recorder, issuer, holder string) {
	t.Helper()
	evs := rec.events(jwk.EventDiscoveryRefused)
	if len(evs) == 0 {
		t.Errorf("no EventDiscoveryRefused for %s", issuer)
	}
	for _, e := range evs {
		if e.Issuer != issuer || e.Err == nil || !strings.Contains(e.Err.Error(), holder) {
			t.Errorf("EventDiscoveryRefused for %q (%v), want only %s's, naming %s", e.Issuer, e.Err, issuer, holder)
		}
	}
}

// TestRFC8725_3_8_ADocumentNamingAHeldJWKSetRefusesOnlyItsIssuer: RFC 8725
// section 3.8 (each issuer's keys are its own) without letting one tenant
// take another offline: issuer A discovered and verifying holds its
// jwks_uri; issuer B's document naming it (spelled another way, RFC 3986
// section 6.2.2) refuses B only (ErrDiscoveryRefused naming both, one
// EventDiscoveryRefused, for B), on the first read and every re-read. When
// B's document names a set of its own, B verifies.
func TestRFC8725_3_8_ADocumentNamingAHeldJWKSetRefusesOnlyItsIssuer(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	a := newFakeIdP(t, idpOptions{path: "/a"}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	b := newFakeIdP(t, idpOptions{path: "/b"}, publish(t, mustKey(t, k.b1, jwk.Params{KeyID: "b1"})))
	b.setNext(publish(t, mustKey(t, k.b1, jwk.Params{KeyID: "b1"})))
	b.setDoc(map[string]any{"issuer": b.issuer, "jwks_uri": strings.Replace(a.srv.URL, "http://", "HTTP://", 1) + "/%6Awks"})
	rec := &recorder{}
	m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: a.issuer}, {Issuer: b.issuer}}, jwk.WithFetchObserver(rec),
		jwk.WithRefreshInterval(100*time.Millisecond), jwk.WithMinRefreshInterval(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	v, _ := jwt.NewVerifier(m)
	tokA := signFor(t, jwt.ES256, k.a1, "a1", a.issuer)
	if _, err := v.Parse(tokA); err != nil {
		t.Fatalf("A alone: %v", err)
	}
	_, err = v.Parse(signFor(t, jwt.ES256, k.a1, "a1", b.issuer)) // iss B, A's key
	refusedFor(t, "iss B with A's key", err, b.issuer, a.issuer)
	if _, err := v.Parse(tokA); err != nil {
		t.Fatalf("A refused because B's document names A's set: %v", err)
	}
	time.Sleep(350 * time.Millisecond) // both documents re-read several times
	if _, err := v.Parse(tokA); err != nil {
		t.Fatalf("A after re-reads: %v", err)
	}
	_, err = v.Parse(signFor(t, jwt.ES256, k.a1, "a1", b.issuer))
	refusedFor(t, "iss B after re-reads", err, b.issuer, a.issuer)
	onlyRefusedEvents(t, rec, b.issuer, a.issuer)
	if n := len(rec.events(jwk.EventDiscoveryRefused)); n != 1 {
		t.Errorf("%d EventDiscoveryRefused, want 1 (B's re-reads name the same set: no new event)", n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := m.Ready(ctx); err == nil || !strings.Contains(err.Error(), `issuer "`+b.issuer+`"`) || strings.Contains(err.Error(), `issuer "`+a.issuer+`": `) {
		t.Errorf("Ready: %v, want B refused only", err)
	}
	// B moves to a set of its own.
	b.setDoc(map[string]any{"issuer": b.issuer, "jwks_uri": b.srv.URL + "/jwks-next"})
	if !waitFor(3*time.Second, func() bool {
		_, err := v.Parse(signFor(t, jwt.ES256, k.b1, "b1", b.issuer))
		return err == nil
	}) {
		t.Fatal("B's re-read document names its own set, yet B is still refused")
	}
	if _, err := v.Parse(tokA); err != nil {
		t.Fatalf("A: %v", err)
	}
}

// TestRFC8725_3_8_AConfiguredJWKSetURLKeepsItsIssuer: a RemoteSet URL
// given in IssuerConfig.Keys is its issuer's, whatever a discovery
// document says: issuer B's document naming it refuses B only, also when
// B is verified first, and A's first verification does not wait for B's
// discovery.
func TestRFC8725_3_8_AConfiguredJWKSetURLKeepsItsIssuer(t *testing.T) {
	k := tenantKeys()
	a := newFakeIdP(t, idpOptions{path: "/a"}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	b := newFakeIdP(t, idpOptions{path: "/b"}, publish(t, mustKey(t, k.b1, jwk.Params{KeyID: "b1"})))
	b.setDoc(map[string]any{"issuer": b.issuer, "jwks_uri": a.srv.URL + "/jwks"})
	for _, first := range []string{"B", "A"} {
		t.Run(first+" verified first", func(t *testing.T) {
			remote, err := jwk.NewRemoteSet(a.srv.URL + "/jwks")
			if err != nil {
				t.Fatal(err)
			}
			defer remote.Close()
			rec := &recorder{}
			m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: a.issuer, Keys: remote}, {Issuer: b.issuer}}, jwk.WithFetchObserver(rec))
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			v, _ := jwt.NewVerifier(m)
			tokA := signFor(t, jwt.ES256, k.a1, "a1", a.issuer)
			tokB := signFor(t, jwt.ES256, k.a1, "a1", b.issuer) // iss B, the keys at A's URL
			docs := b.docHits.Load()
			if first == "A" {
				if _, err := v.Parse(tokA); err != nil {
					t.Fatalf("A: %v", err)
				}
				if b.docHits.Load() != docs {
					t.Error("A's first verification waited for B's discovery")
				}
			}
			_, err = v.Parse(tokB)
			refusedFor(t, "iss B", err, b.issuer, a.issuer)
			if _, err := v.Parse(tokA); err != nil {
				t.Fatalf("A after B's discovery: %v", err)
			}
			onlyRefusedEvents(t, rec, b.issuer, a.issuer)
		})
	}
}

// TestRFC8725_3_8_IssuersDiscoveredAtOnce_TheEarlierConfigHolds: when
// several issuers are discovered at once (Ready, or the discovery of every
// issuer before a failover URL is used), the URL their documents share is
// held by the issuer listed first in NewIssuers' configs, whichever
// document arrives first; the others are refused. Outside such a batch,
// the issuer discovered first holds it.
func TestRFC8725_3_8_IssuersDiscoveredAtOnce_TheEarlierConfigHolds(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	a := newFakeIdP(t, idpOptions{path: "/a"}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	b := newFakeIdP(t, idpOptions{path: "/b"}, publish(t, mustKey(t, k.b1, jwk.Params{KeyID: "b1"})))
	c := newFakeIdP(t, idpOptions{path: "/c"}, publish(t, mustKey(t, k.b2, jwk.Params{KeyID: "c1"})))
	c.setNext(publish(t, mustKey(t, k.b2, jwk.Params{KeyID: "c1"})))
	shared := a.srv.URL + "/jwks"
	b.setDoc(map[string]any{"issuer": b.issuer, "jwks_uri": shared})
	a.delay.Store(int64(150 * time.Millisecond)) // A's document arrives last
	defer a.delay.Store(0)
	tokA := signFor(t, jwt.ES256, k.a1, "a1", a.issuer)
	tokB := signFor(t, jwt.ES256, k.a1, "a1", b.issuer)
	build := func(t *testing.T, configs ...jwk.IssuerConfig) (*jwk.Issuers, *jwt.Verifier) {
		m, err := jwk.NewIssuers(configs)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { m.Close() })
		v, _ := jwt.NewVerifier(m)
		return m, v
	}
	ready := func(m *jwk.Issuers) error {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return m.Ready(ctx)
	}
	t.Run("Ready, A listed first", func(t *testing.T) {
		m, v := build(t, jwk.IssuerConfig{Issuer: a.issuer}, jwk.IssuerConfig{Issuer: b.issuer})
		err := ready(m)
		refusedFor(t, "Ready", err, b.issuer, a.issuer)
		if strings.Contains(err.Error(), `issuer "`+a.issuer+`": `) {
			t.Errorf("Ready: %v, want B refused only", err)
		}
		if _, err := v.Parse(tokA); err != nil {
			t.Errorf("A: %v", err)
		}
		_, err = v.Parse(tokB)
		refusedFor(t, "B", err, b.issuer, a.issuer)
	})
	t.Run("Ready, B listed first", func(t *testing.T) {
		m, v := build(t, jwk.IssuerConfig{Issuer: b.issuer}, jwk.IssuerConfig{Issuer: a.issuer})
		refusedFor(t, "Ready", ready(m), a.issuer, b.issuer)
		if _, err := v.Parse(tokB); err != nil {
			t.Errorf("B: %v", err)
		}
		_, err := v.Parse(tokA)
		refusedFor(t, "A", err, a.issuer, b.issuer)
	})
	t.Run("first verification of an issuer with a failover URL", func(t *testing.T) {
		remote, err := jwk.NewRemoteSet(c.srv.URL+"/jwks", jwk.WithFailoverURL(c.srv.URL+"/jwks-next"))
		if err != nil {
			t.Fatal(err)
		}
		defer remote.Close()
		_, v := build(t, jwk.IssuerConfig{Issuer: a.issuer}, jwk.IssuerConfig{Issuer: b.issuer}, jwk.IssuerConfig{Issuer: c.issuer, Keys: remote})
		// C's first verification discovers A and B at once, B answering first.
		if _, err := v.Parse(signFor(t, jwt.ES256, k.b2, "c1", c.issuer)); err != nil {
			t.Fatalf("C: %v", err)
		}
		if _, err := v.Parse(tokA); err != nil {
			t.Errorf("A: %v", err)
		}
		_, err = v.Parse(tokB)
		refusedFor(t, "B", err, b.issuer, a.issuer)
	})
	t.Run("lazily, the first discovered holds", func(t *testing.T) {
		_, v := build(t, jwk.IssuerConfig{Issuer: a.issuer}, jwk.IssuerConfig{Issuer: b.issuer})
		if _, err := v.Parse(tokB); err != nil {
			t.Fatalf("B discovered first: %v", err)
		}
		_, err := v.Parse(tokA)
		refusedFor(t, "A discovered second", err, a.issuer, b.issuer)
	})
}

// TestRFC8725_3_8_AHolderMovingToAnotherSetFreesItsURL: an issuer whose
// re-read document names another JWK Set no longer holds its old one: the
// issuer refused for naming it holds it from then on.
func TestRFC8725_3_8_AHolderMovingToAnotherSetFreesItsURL(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	a := newFakeIdP(t, idpOptions{path: "/a"}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	b := newFakeIdP(t, idpOptions{path: "/b"}, publish(t, mustKey(t, k.b1, jwk.Params{KeyID: "b1"})))
	a.setNext(publish(t, mustKey(t, k.a2, jwk.Params{KeyID: "a2"})))
	b.setDoc(map[string]any{"issuer": b.issuer, "jwks_uri": a.srv.URL + "/jwks"})
	m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: a.issuer}, {Issuer: b.issuer}},
		jwk.WithRefreshInterval(100*time.Millisecond), jwk.WithMinRefreshInterval(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	v, _ := jwt.NewVerifier(m)
	if _, err := v.Parse(signFor(t, jwt.ES256, k.a1, "a1", a.issuer)); err != nil {
		t.Fatalf("A: %v", err)
	}
	_, err = v.Parse(signFor(t, jwt.ES256, k.a1, "a1", b.issuer))
	refusedFor(t, "B", err, b.issuer, a.issuer)
	a.setDoc(map[string]any{"issuer": a.issuer, "jwks_uri": a.srv.URL + "/jwks-next"})
	if !waitFor(3*time.Second, func() bool {
		_, err := v.Parse(signFor(t, jwt.ES256, k.a2, "a2", a.issuer))
		return err == nil
	}) {
		t.Fatal("A's moved document not followed")
	}
	if !waitFor(3*time.Second, func() bool {
		_, err := v.Parse(signFor(t, jwt.ES256, k.a1, "a1", b.issuer))
		return err == nil
	}) {
		t.Fatal("A left its old set, yet B, whose document names it, is still refused")
	}
	if _, err := v.Parse(signFor(t, jwt.ES256, k.a1, "a1", a.issuer)); err == nil {
		t.Error("A's token verified with the keys of the set A left")
	}
}
