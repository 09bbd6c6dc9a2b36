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

// refusedEvents checks the EventDiscoveryRefused events: for B only (the
// issuer whose document names A's failover URL), naming both.
func (ct *crossTenant) refusedEvents(t *testing.T) {
	t.Helper()
	onlyRefusedEvents(t, ct.rec, ct.b.issuer, ct.a.issuer)
}

// TestRFC8725_3_8_FailoverURLNamedByAnotherIssuersDocumentIsNotUsed: RFC
// 8725 section 3.8: the keys that verify an issuer's tokens must be that
// issuer's. Issuer A's failover URL is B's discovered jwks_uri: while A's
// set is down, a token with "iss" A signed with B's key would verify. The
// failover URL is A's by configuration, so B, whose document names it, is
// refused (ErrDiscoveryRefused naming both, an EventDiscoveryRefused for
// B); and since another issuer's document names it, A never fails over to
// it: the forged token is refused, naming both. A's own set still serves
// A.
func TestRFC8725_3_8_FailoverURLNamedByAnotherIssuersDocumentIsNotUsed(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	forged := func(ct *crossTenant) string { return signFor(t, jwt.ES256, k.b1, "b1", ct.a.issuer) }
	t.Run("B verified first", func(t *testing.T) {
		ct := newCrossTenant(t)
		err := ct.parse(signFor(t, jwt.ES256, k.b1, "b1", ct.b.issuer))
		refusedFor(t, "B's token", err, ct.b.issuer, ct.a.issuer)
		err = ct.parse(forged(ct))
		if err == nil {
			t.Fatal("iss A signed with B's key verified through A's failover URL")
		}
		ct.namesBoth(t, "forged", err)
		ct.refusedEvents(t)
	})
	t.Run("A verified first", func(t *testing.T) {
		// B has not been discovered: A's first verification discovers
		// the others before it may use its failover URL.
		ct := newCrossTenant(t)
		err := ct.parse(forged(ct))
		if err == nil {
			t.Fatal("iss A signed with B's key verified through A's failover URL, B not yet discovered")
		}
		if !errors.Is(err, jwk.ErrDiscoveryRefused) {
			t.Errorf("forged: %v, want ErrDiscoveryRefused (the failover URL not tried)", err)
		}
		ct.namesBoth(t, "forged", err)
		ct.refusedEvents(t)
	})
	t.Run("Ready", func(t *testing.T) {
		ct := newCrossTenant(t)
		// A's set is down and its failover URL refused: A is never ready.
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		ct.namesBoth(t, "Ready", ct.m.Ready(ctx))
		if err := ct.parse(forged(ct)); err == nil {
			t.Fatal("forged token verified after Ready")
		}
	})
	t.Run("A's own set serves A", func(t *testing.T) {
		ct := newCrossTenant(t)
		ct.a.setJWKS(publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
		if err := ct.parse(signFor(t, jwt.ES256, k.a1, "a1", ct.a.issuer)); err != nil {
			t.Fatalf("A's own token, A's set up: %v", err)
		}
		if err := ct.parse(forged(ct)); err == nil {
			t.Fatal("forged token verified")
		}
		ct.refusedEvents(t)
	})
}

// TestRFC8725_3_8_KeysFetchedFromAFailoverURLAreNotUsedOnceAnotherIssuerNamesIt:
// A failed over to its failover URL before any document named it (B's
// discovery failed); once B's document names it, A's tokens are no longer
// verified with the keys fetched from it (RFC 8725 section 3.8).
func TestRFC8725_3_8_KeysFetchedFromAFailoverURLAreNotUsedOnceAnotherIssuerNamesIt(t *testing.T) {
	k := tenantKeys()
	ct := &crossTenant{
		a:   newFakeIdP(t, idpOptions{path: "/a"}, []byte("not a JWK Set")),
		b:   newFakeIdP(t, idpOptions{path: "/b"}, publish(t, mustKey(t, k.b1, jwk.Params{KeyID: "b1"}))),
		rec: &recorder{},
	}
	good := ct.b.doc.Load()
	ct.b.setRawDoc([]byte("{")) // B's discovery fails at first
	var err error
	ct.m, err = jwk.NewIssuers([]jwk.IssuerConfig{
		{Issuer: ct.a.issuer, Options: []jwk.RemoteOption{jwk.WithFailoverURL(ct.b.srv.URL + "/jwks")}},
		{Issuer: ct.b.issuer},
	}, jwk.WithFetchObserver(ct.rec), jwk.WithStartupRetryForTest(20*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer ct.m.Close()
	ct.v, _ = jwt.NewVerifier(ct.m)
	forged := signFor(t, jwt.ES256, k.b1, "b1", ct.a.issuer)
	if err := ct.parse(forged); err != nil {
		// Nothing names the URL yet: A's configuration says it is A's.
		t.Fatalf("setup: the failover URL did not serve: %v", err)
	}
	ct.b.setRawDoc(*good)
	if !waitFor(3*time.Second, func() bool {
		err := ct.parse(signFor(t, jwt.ES256, k.b1, "b1", ct.b.issuer))
		return errors.Is(err, jwk.ErrDiscoveryRefused) && strings.Contains(err.Error(), ct.a.issuer)
	}) {
		t.Fatal("B's document naming A's failover URL: B not refused")
	}
	err = ct.parse(forged)
	if !errors.Is(err, jwk.ErrDiscoveryRefused) {
		t.Fatalf("iss A, B's key, A's keys fetched from the URL B's document names: %v, want ErrDiscoveryRefused", err)
	}
	ct.namesBoth(t, "forged", err)
}
