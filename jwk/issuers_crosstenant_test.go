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

// crossTenant is issuer A, discovered, whose own WithFailoverURL names
// discovered issuer B's jwks_uri, while A's JWK Set is down (its URL serves
// no JWK Set): the configuration of issue 20 item 3.
type crossTenant struct {
	a, b *fakeIdP
	m    *jwk.Issuers
	v    *jwt.Verifier
	rec  *recorder
}

func newCrossTenant(t *testing.T, opts ...jwk.RemoteOption) *crossTenant {
	t.Helper()
	k := tenantKeys()
	ct := &crossTenant{
		a:   newFakeIdP(t, idpOptions{path: "/a"}, []byte("not a JWK Set")),
		b:   newFakeIdP(t, idpOptions{path: "/b"}, publish(t, mustKey(t, k.b1, jwk.Params{KeyID: "b1"}))),
		rec: &recorder{},
	}
	var err error
	ct.m, err = jwk.NewIssuers([]jwk.IssuerConfig{
		{Issuer: ct.a.issuer, Options: []jwk.RemoteOption{jwk.WithFailoverURL(ct.b.srv.URL + "/jwks")}},
		{Issuer: ct.b.issuer},
	}, append([]jwk.RemoteOption{jwk.WithFetchObserver(ct.rec)}, opts...)...)
	if err != nil {
		t.Fatalf("NewIssuers: %v", err) // the URLs of a discovered issuer are not known yet
	}
	t.Cleanup(func() { ct.m.Close() })
	ct.v, _ = jwt.NewVerifier(ct.m)
	return ct
}

func (ct *crossTenant) parse(tok string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := ct.v.ParseContext(ctx, tok)
	return err
}

// namesBoth checks that err (or an event's) names both issuers.
func (ct *crossTenant) namesBoth(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), ct.a.issuer) || !strings.Contains(err.Error(), ct.b.issuer) {
		t.Errorf("%s: %v, want an error naming %s and %s", what, err, ct.a.issuer, ct.b.issuer)
	}
}

// refusedEvents checks one EventDiscoveryRefused per issuer, naming both.
func (ct *crossTenant) refusedEvents(t *testing.T) {
	t.Helper()
	seen := map[string]bool{}
	for _, e := range ct.rec.events(jwk.EventDiscoveryRefused) {
		seen[e.Issuer] = true
		ct.namesBoth(t, "event for "+e.Issuer, e.Err)
	}
	if !seen[ct.a.issuer] || !seen[ct.b.issuer] {
		t.Errorf("EventDiscoveryRefused for %v, want both issuers", seen)
	}
}

// TestRFC8725_3_8_FailoverURLNamingAnotherIssuersDiscoveredSetRefused: RFC
// 8725 section 3.8: the keys that verify an issuer's tokens must be that
// issuer's. Issuer A's failover URL is B's discovered jwks_uri: while A's
// set is down, a token with "iss" A signed with B's key would verify. When
// B's discovery completes the URL is compared; both issuers' keys are
// refused (neither can be told to be the rightful one), with an error and
// an event naming both.
func TestRFC8725_3_8_FailoverURLNamingAnotherIssuersDiscoveredSetRefused(t *testing.T) {
	k := tenantKeys()
	forged := func(ct *crossTenant) string { return signFor(t, jwt.ES256, k.b1, "b1", ct.a.issuer) }
	t.Run("B verified first", func(t *testing.T) {
		ct := newCrossTenant(t)
		err := ct.parse(signFor(t, jwt.ES256, k.b1, "b1", ct.b.issuer))
		if !errors.Is(err, jwk.ErrDiscoveryRefused) || !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("B's own token: %v, want ErrDiscoveryRefused (both refused)", err)
		}
		ct.namesBoth(t, "B's token", err)
		err = ct.parse(forged(ct))
		if err == nil {
			t.Fatal("iss A signed with B's key verified through A's failover URL")
		}
		ct.namesBoth(t, "forged", err)
		ct.refusedEvents(t)
	})
	t.Run("A verified first", func(t *testing.T) {
		// B has not been discovered: A's first verification discovers
		// the others before it uses a configured URL.
		ct := newCrossTenant(t)
		err := ct.parse(forged(ct))
		if err == nil {
			t.Fatal("iss A signed with B's key verified through A's failover URL, B not yet discovered")
		}
		ct.namesBoth(t, "forged", err)
		ct.refusedEvents(t)
	})
	t.Run("Ready", func(t *testing.T) {
		ct := newCrossTenant(t)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		ct.namesBoth(t, "Ready", ct.m.Ready(ctx))
		if err := ct.parse(forged(ct)); err == nil {
			t.Fatal("forged token verified after Ready")
		}
	})
}

// TestRFC8725_3_8_TwoDiscoveredIssuersWithOneJWKSURIRefused: two discovery
// documents naming one JWK Set (spelled two ways, RFC 3986 section 6.2.2)
// would verify each issuer's tokens with the other's keys: both are
// refused once both are discovered. When a re-read document names a set of
// its own (on the set's refresh schedule), both verify again.
func TestRFC8725_3_8_TwoDiscoveredIssuersWithOneJWKSURIRefused(t *testing.T) {
	k := tenantKeys()
	a := newFakeIdP(t, idpOptions{path: "/a"}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	b := newFakeIdP(t, idpOptions{path: "/b"}, publish(t, mustKey(t, k.b1, jwk.Params{KeyID: "b1"})))
	b.setNext(publish(t, mustKey(t, k.b1, jwk.Params{KeyID: "b1"})))
	shared := strings.Replace(a.srv.URL, "http://", "HTTP://", 1) + "/./jwks"
	b.setDoc(map[string]any{"issuer": b.issuer, "jwks_uri": shared})
	rec := &recorder{}
	m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: a.issuer}, {Issuer: b.issuer}}, jwk.WithFetchObserver(rec),
		jwk.WithRefreshInterval(150*time.Millisecond), jwk.WithMinRefreshInterval(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	v, _ := jwt.NewVerifier(m)
	if _, err := v.Parse(signFor(t, jwt.ES256, k.a1, "a1", a.issuer)); err != nil {
		t.Fatalf("A alone: %v", err)
	}
	_, err = v.Parse(signFor(t, jwt.ES256, k.a1, "a1", b.issuer)) // iss B, A's key
	if err == nil || !strings.Contains(err.Error(), a.issuer) || !strings.Contains(err.Error(), b.issuer) {
		t.Fatalf("iss B with A's key through B's document naming A's set: %v", err)
	}
	if _, err := v.Parse(signFor(t, jwt.ES256, k.a1, "a1", a.issuer)); err == nil {
		t.Fatal("A still verifies while its set is also B's")
	}
	if len(rec.events(jwk.EventDiscoveryRefused)) < 2 {
		t.Errorf("events %v, want EventDiscoveryRefused for both", rec.kinds())
	}
	// B moves to a set of its own.
	b.setDoc(map[string]any{"issuer": b.issuer, "jwks_uri": b.srv.URL + "/jwks-next"})
	if !waitFor(3*time.Second, func() bool {
		_, err := v.Parse(signFor(t, jwt.ES256, k.b1, "b1", b.issuer))
		return err == nil
	}) {
		t.Fatal("B's re-read document names its own set, yet B is still refused")
	}
	if _, err := v.Parse(signFor(t, jwt.ES256, k.a1, "a1", a.issuer)); err != nil {
		t.Fatalf("A after the conflict ended: %v", err)
	}
}
