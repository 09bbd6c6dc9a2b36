package jwk_test

import (
	"context"
	"errors"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestIssuers_1000ConcurrentFirstVerifications_OneDiscoveryOneJWKSFetch:
// lazy discovery is shared by concurrent callers: 1,000 verifications
// started together against an issuer not yet discovered (the provider
// answering each request after 50 ms) make one discovery request and one
// JWK Set request, and all verify; the other tenant is not asked.
func TestIssuers_1000ConcurrentFirstVerifications_OneDiscoveryOneJWKSFetch(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	tt := newTwoTenants(t)
	tt.a.delay.Store(int64(50 * time.Millisecond))
	const n = 1000
	tok := signFor(t, jwt.ES256, k.a1, "a1", tt.a.issuer)
	var (
		wg    sync.WaitGroup
		start = make(chan struct{})
		lat   = make([]time.Duration, n)
		errs  = make([]error, n)
	)
	for i := range n {
		wg.Go(func() {
			<-start
			t0 := time.Now()
			errs[i] = tt.parse(tok)
			lat[i] = time.Since(t0)
		})
	}
	t0 := time.Now()
	close(start)
	wg.Wait()
	wall := time.Since(t0)
	for i, err := range errs {
		if err != nil {
			t.Fatalf("verification %d: %v", i, err)
		}
	}
	if d, j := tt.a.docHits.Load(), tt.a.keyHits.Load(); d != 1 || j != 1 {
		t.Fatalf("%d discovery and %d JWKS requests, want 1 and 1", d, j)
	}
	if tt.b.docHits.Load()+tt.b.keyHits.Load() != 0 {
		t.Fatal("the other tenant was asked")
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	t.Logf("%d concurrent first verifications: 1 discovery, 1 JWKS fetch; wall %v, p50 %v, p99 %v (race %v)",
		n, wall.Round(time.Millisecond), lat[n/2].Round(time.Millisecond), lat[n*99/100].Round(time.Millisecond), raceEnabled)
}

// TestIssuers_ReadyDiscoversEveryIssuerAtStartUp: Ready discovers and
// fetches every issuer's keys at once; afterwards a verification makes no
// request.
func TestIssuers_ReadyDiscoversEveryIssuerAtStartUp(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	tt := newTwoTenants(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := tt.issuers.Ready(ctx); err != nil {
		t.Fatal(err)
	}
	before := tt.counter.n.Load()
	if before != 4 {
		t.Fatalf("%d requests for Ready, want 4", before)
	}
	if err := tt.parse(signFor(t, jwt.ES256, k.b1, "b1", tt.b.issuer)); err != nil {
		t.Fatal(err)
	}
	if tt.counter.n.Load() != before {
		t.Fatal("a verification after Ready made a request")
	}
	// One provider down at start-up: Ready names it when its context ends.
	down := newTwoTenants(t)
	down.b.down.Store(true)
	// A's keys first, on a generous clock: under load A's own discovery and
	// fetch could outlast the short context below, and Ready would name A too.
	if err := down.parse(signFor(t, jwt.ES256, k.a1, "a1", down.a.issuer)); err != nil {
		t.Fatal(err)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel2()
	err := down.issuers.Ready(ctx2)
	if !errors.Is(err, jwk.ErrFetch) || !strings.Contains(err.Error(), down.b.issuer) || strings.Contains(err.Error(), `"`+down.a.issuer+`"`) {
		t.Fatalf("Ready with B down: %v", err)
	}
	t.Log(err)
}
