package jwk_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestRemoteSet_ProviderDownPastTheStalenessBound_ErrFetchInsteadOfStaleKeys:
// with WithMaxStale, the last good keys are served while the provider is
// down up to the bound past their lifetime (EventStaleKeys), then
// verifications get ErrFetch, until the provider is back.
func TestRemoteSet_ProviderDownPastTheStalenessBound_ErrFetchInsteadOfStaleKeys(t *testing.T) {
	k := tenantKeys()
	rec := &recorder{}
	const life, bound = 600 * time.Millisecond, 600 * time.Millisecond
	f := newFixture(t, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})),
		jwk.WithRefreshInterval(life), jwk.WithMinRefreshInterval(150*time.Millisecond),
		jwk.WithRateLimit(100*time.Millisecond), jwk.WithMaxStale(bound), jwk.WithFetchObserver(rec))
	tok := signFor(t, jwt.ES256, k.a1, "a1", "https://a.example")
	if err := f.parse(tok); err != nil {
		t.Fatal(err)
	}
	expires := f.remote.Stats().Expires
	f.srv.status.Store(http.StatusServiceUnavailable)
	time.Sleep(time.Until(expires.Add(bound / 2)))
	if err := f.parse(tok); err != nil {
		t.Fatalf("within the bound: %v", err)
	}
	if !waitFor(2*time.Second, func() bool { return len(rec.events(jwk.EventStaleKeys)) > 0 }) {
		t.Fatalf("no stale-keys event: %v", rec.kinds())
	}
	time.Sleep(time.Until(expires.Add(bound + 50*time.Millisecond)))
	err := f.parse(tok)
	if !errors.Is(err, jwk.ErrFetch) || !errors.Is(err, jwt.ErrInvalidKey) || !strings.Contains(err.Error(), "WithMaxStale") {
		t.Fatalf("past the bound: %v, want ErrFetch", err)
	}
	t.Logf("past the bound: %v", err)
	f.srv.status.Store(http.StatusOK)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := f.remote.Ready(ctx); err != nil {
		t.Fatal(err)
	}
	if err := f.parse(tok); err != nil {
		t.Fatalf("provider back: %v", err)
	}
}

// TestRemoteSet_WithoutABoundStaleKeysAreServedForAsLongAsTheProviderIsDown:
// the default is unbounded, as before WithMaxStale existed.
func TestRemoteSet_WithoutABoundStaleKeysAreServedForAsLongAsTheProviderIsDown(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	rec := &recorder{}
	f := newFixture(t, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})),
		jwk.WithRefreshInterval(200*time.Millisecond), jwk.WithMinRefreshInterval(100*time.Millisecond), jwk.WithFetchObserver(rec))
	tok := signFor(t, jwt.ES256, k.a1, "a1", "https://a.example")
	if err := f.parse(tok); err != nil {
		t.Fatal(err)
	}
	f.srv.status.Store(http.StatusServiceUnavailable)
	time.Sleep(time.Second) // five lifetimes
	if err := f.parse(tok); err != nil {
		t.Fatalf("stale keys not served: %v", err)
	}
	// The event may come from the background refresh, after the parse on
	// a loaded machine: wait for it (bounded).
	waitFor(2*time.Second, func() bool { return len(rec.events(jwk.EventStaleKeys)) > 0 })
	if ev := rec.events(jwk.EventStaleKeys); len(ev) == 0 || ev[0].Age < 200*time.Millisecond || ev[0].Err == nil {
		t.Fatalf("stale-keys events %+v", ev)
	}
}

// TestRemoteSet_RefreshesAheadOfExpiry: the background refresh starts
// WithRefreshAhead before the set's lifetime ends, so a fresh set is in
// place before the old one expires.
func TestRemoteSet_RefreshesAheadOfExpiry(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	f := newFixture(t, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})),
		jwk.WithRefreshInterval(time.Second), jwk.WithMinRefreshInterval(time.Second), jwk.WithRefreshAhead(400*time.Millisecond))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	first := f.remote.Stats()
	if d := first.Expires.Sub(first.NextRefresh); d != 400*time.Millisecond {
		t.Fatalf("refresh due %v before expiry, want 400ms", d)
	}
	if !waitFor(3*time.Second, func() bool { return f.remote.Stats().Fetches >= 2 && f.srv.hits.Load() >= 2 }) {
		t.Fatal("no background refresh")
	}
	if st := f.remote.Stats(); !st.FetchedAt.Before(first.Expires) {
		t.Fatalf("refreshed at %v, after the expiry %v", st.FetchedAt, first.Expires)
	}
	// At most half the lifetime ahead.
	g := newFixture(t, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})),
		jwk.WithRefreshInterval(time.Hour), jwk.WithRefreshAhead(24*time.Hour))
	g.remote.Refresh(context.Background())
	if st := g.remote.Stats(); st.Expires.Sub(st.NextRefresh) != 30*time.Minute {
		t.Fatalf("refresh ahead capped at %v, want 30m", st.Expires.Sub(st.NextRefresh))
	}
}

// TestRemoteSet_ReadyWaitsForTheFirstGoodSet: Ready returns once a set is
// fetched, retrying failed fetches on its own; ErrFetch when its context
// ends first; ErrClosed after Close with no set.
func TestRemoteSet_ReadyWaitsForTheFirstGoodSet(t *testing.T) {
	k := tenantKeys()
	f := newFixture(t, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})), jwk.WithRateLimit(time.Hour))
	f.srv.status.Store(http.StatusServiceUnavailable)
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	if err := f.remote.Ready(ctx); !errors.Is(err, jwk.ErrFetch) || !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "503") {
		t.Fatalf("down: %v", err)
	}
	if n := f.srv.hits.Load(); n < 2 || n > 3 {
		t.Fatalf("%d fetches in 400 ms, want 2 or 3 (250 ms, then doubling)", n)
	}
	go func() { time.Sleep(300 * time.Millisecond); f.srv.status.Store(http.StatusOK) }()
	ctx2, cancel2 := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel2()
	start := time.Now()
	if err := f.remote.Ready(ctx2); err != nil {
		t.Fatal(err)
	}
	t.Logf("ready %v after the provider came back", time.Since(start)-300*time.Millisecond)
	if err := f.remote.Ready(ctx2); err != nil {
		t.Fatal(err)
	}
	srv := newJWKSServer(t, nil)
	srv.status.Store(http.StatusServiceUnavailable)
	r, _ := jwk.NewRemoteSet(srv.URL)
	r.Close()
	if err := r.Ready(ctx2); !errors.Is(err, jwk.ErrClosed) {
		t.Fatalf("after Close: %v", err)
	}
}

// TestRemoteSet_FailsOverToTheSecondURL: a failed fetch from the primary
// URL is retried at WithFailoverURL; the primary is tried first on every
// fetch; both down is ErrFetch naming both; an ETag goes only to the URL
// that gave it (RFC 9110 section 8.8.3: an entity tag is the resource's).
func TestRemoteSet_FailsOverToTheSecondURL(t *testing.T) {
	k := tenantKeys()
	body := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	primary := newJWKSServer(t, body)
	var (
		mu          sync.Mutex
		ifNoneMatch []string
		mirrorDown  atomic.Bool
	)
	mirror := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		ifNoneMatch = append(ifNoneMatch, r.Header.Get("If-None-Match"))
		mu.Unlock()
		if mirrorDown.Load() {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("ETag", `"m1"`)
		if r.Header.Get("If-None-Match") == `"m1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Write(body)
	}))
	defer mirror.Close()
	rec := &recorder{}
	r, err := jwk.NewRemoteSet(primary.URL, jwk.WithFailoverURL(mirror.URL+"/mirror"), jwk.WithFetchObserver(rec))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx := context.Background()
	seen := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(ifNoneMatch)
	}
	if err := r.Refresh(ctx); err != nil || r.Stats().URL != primary.URL || len(seen()) != 0 {
		t.Fatalf("primary up: %v, %+v", err, r.Stats())
	}
	primary.status.Store(http.StatusBadGateway)
	for i := range 2 {
		if err := r.Refresh(ctx); err != nil || r.Stats().URL != mirror.URL+"/mirror" {
			t.Fatalf("primary down, fetch %d: %v, %+v", i, err, r.Stats())
		}
	}
	if got := rec.kinds(); !slices.Equal(got, []jwk.FetchKind{jwk.EventFetched, jwk.EventFetchFailed, jwk.EventFetched, jwk.EventFetchFailed, jwk.EventNotModified}) {
		t.Fatalf("events %v", got)
	}
	if !slices.Equal(seen(), []string{"", `"m1"`}) || primary.hits.Load() != 3 {
		t.Fatalf("mirror's If-None-Match %q; primary asked %d times, want 3", seen(), primary.hits.Load())
	}
	mirrorDown.Store(true)
	err = r.Refresh(ctx)
	if !errors.Is(err, jwk.ErrFetch) || !strings.Contains(err.Error(), "502") || !strings.Contains(err.Error(), "failover") || !strings.Contains(err.Error(), "503") {
		t.Fatalf("both down: %v", err)
	}
	if _, err := jwt.Parse(signFor(t, jwt.ES256, k.a1, "a1", "x"), r); err != nil {
		t.Fatalf("last good set: %v", err)
	}
	primary.status.Store(http.StatusOK)
	if err := r.Refresh(ctx); err != nil || r.Stats().URL != primary.URL {
		t.Fatalf("primary back: %v, %+v", err, r.Stats())
	}
	for _, bad := range []string{"", "ftp://x/jwks", "http://mirror.example/jwks", primary.URL} {
		if _, err := jwk.NewRemoteSet(primary.URL, jwk.WithFailoverURL(bad)); !errors.Is(err, jwk.ErrInvalidOption) {
			t.Errorf("failover %q: %v", bad, err)
		}
	}
}

// TestRemoteOptions_ResilienceOptionsValidated: a bad value is
// ErrInvalidOption, matching jwt.ErrInvalidOption.
func TestRemoteOptions_ResilienceOptionsValidated(t *testing.T) {
	for name, o := range map[string]jwk.RemoteOption{
		"max stale 0":         jwk.WithMaxStale(0),
		"max stale negative":  jwk.WithMaxStale(-time.Second),
		"refresh ahead < 0":   jwk.WithRefreshAhead(-1),
		"empty failover":      jwk.WithFailoverURL(""),
		"failover not a URL":  jwk.WithFailoverURL("::"),
		"nil fetch observer":  jwk.WithFetchObserver(nil),
		"unknown well-known":  jwk.WithWellKnown(-1),
		"well-known for sets": jwk.WithWellKnown(jwk.OAuthAuthorizationServer),
	} {
		if _, err := jwk.NewRemoteSet("https://idp.example/jwks", o); !errors.Is(err, jwk.ErrInvalidOption) || !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v", name, err)
		}
	}
	r, err := jwk.NewRemoteSet("https://idp.example/jwks", jwk.WithRefreshAhead(0), jwk.WithMaxStale(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
}

// TestNilContextsNeverPanic: a nil context is context.Background, never a
// panic.
func TestNilContextsNeverPanic(t *testing.T) {
	k := tenantKeys()
	var nilCtx context.Context
	idp := newFakeIdP(t, idpOptions{}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	p, err := jwk.Discover(nilCtx, idp.issuer)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.Ready(nilCtx); err != nil {
		t.Fatal(err)
	}
	if err := p.KeySet().Refresh(nilCtx); err != nil {
		t.Fatal(err)
	}
	if err := p.KeySet().Ready(nilCtx); err != nil {
		t.Fatal(err)
	}
	m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: idp.issuer, Keys: p}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Ready(nilCtx); err != nil {
		t.Fatal(err)
	}
	if _, err := m.IssuerVerificationKeys(nilCtx, idp.issuer, &jwt.Header{Algorithm: "ES256", KeyID: "a1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.IssuerVerificationKeys(nilCtx, idp.issuer, nil); !errors.Is(err, jwk.ErrKeyNotFound) {
		t.Fatal(err)
	}
}
