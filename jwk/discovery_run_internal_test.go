package jwk

import (
	"context"
	"runtime"
	"testing"
)

// readyProvider makes a Provider on srv and, before the test's
// interleaving, counts the goroutines that run (the test's and the
// server's).
func readyProvider(t *testing.T, srv *hitServer) (p *Provider, base int) {
	t.Helper()
	base = runtime.NumGoroutine()
	p, err := NewProvider(srv.URL, WithHTTPClient(srv.Client()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p, base
}

// closedAndSettled closes p and checks that none of its goroutines (its key
// sets' refreshers, their fetches) outlives Close.
func closedAndSettled(t *testing.T, p *Provider, srv *hitServer, base int) {
	t.Helper()
	p.Close()
	srv.Client().CloseIdleConnections()
	if n := settled(base); n > base {
		t.Errorf("%d goroutines after Close, %d before the Provider: its background outlives Close", n, base)
	}
}

// TestDiscovery4_ReadyDiscoversOnceWhenAnotherPublishesFirst: a Provider
// discovers once (OpenID Connect Discovery 1.0 section 4). When another
// caller's discovery publishes the document after Ready found none and
// before Ready starts one (the hook runs it there), Ready uses that
// document: no second discovery, whose key set would replace the first
// one's without closing it, and no second re-read chain.
func TestDiscovery4_ReadyDiscoversOnceWhenAnotherPublishesFirst(t *testing.T) {
	srv := newHitServer(t)
	p, base := readyProvider(t, srv)
	ctx := context.Background()
	var first *discovered
	var chain any
	p.readyHook = func() {
		if first != nil {
			return
		}
		if _, err := p.discover(ctx, false); err != nil { // another caller's
			t.Fatalf("discovery: %v", err)
		}
		first = p.cur.Load()
		p.mu.Lock()
		chain = p.reread
		p.mu.Unlock()
	}
	if err := p.Ready(ctx); err != nil {
		t.Fatalf("Ready: %v", err)
	}
	if _, docs := srv.hits(); len(docs) != 1 {
		t.Errorf("%d discoveries, want 1", len(docs))
	}
	if first == nil || p.cur.Load() != first {
		t.Errorf("the document published first was replaced")
	}
	p.mu.Lock()
	same := chain != nil && p.reread == chain
	p.mu.Unlock()
	if !same {
		t.Errorf("a second re-read timer was armed: two re-read chains")
	}
	closedAndSettled(t, p, srv, base)
}

// TestDiscovery4_LateFirstDiscoveryIsDroppedAndItsKeySetClosed: a first
// discovery that ends after another published a document (it cannot
// start then; this one is started by hand) is not used: the document in
// use stays, with its re-read timer, the late one's key set is closed, and
// nothing of it outlives Close.
func TestDiscovery4_LateFirstDiscoveryIsDroppedAndItsKeySetClosed(t *testing.T) {
	srv := newHitServer(t)
	p, base := readyProvider(t, srv)
	ctx := context.Background()
	if err := p.Ready(ctx); err != nil {
		t.Fatalf("Ready: %v", err)
	}
	cur := p.cur.Load()
	p.mu.Lock()
	chain := p.reread
	job := p.newJob().(*docFetch)
	c := p.startLocked(job)
	p.mu.Unlock()
	if err := p.wait(ctx, c); err != nil || c.err != nil {
		t.Fatalf("late discovery: %v, %v", err, c.err)
	}
	if p.cur.Load() != cur {
		t.Errorf("the late discovery replaced the document in use")
	}
	if job.d == nil || !job.d.keys.isClosed() {
		t.Errorf("the late discovery's key set is not closed")
	}
	p.mu.Lock()
	same := p.reread == chain
	p.mu.Unlock()
	if !same {
		t.Errorf("the late discovery armed a re-read timer of its own")
	}
	closedAndSettled(t, p, srv, base)
}

// TestDiscovery4_PublishClosesTheReplacedKeySetAndRearmsOneTimer: a
// published document whose key set is not the current one's closes the
// current one (a re-read's moved "jwks_uri"); one with the same key set (a
// re-read's same "jwks_uri") keeps it; arming the next re-read stops the
// previous timer, so that one re-read chain runs.
func TestDiscovery4_PublishClosesTheReplacedKeySetAndRearmsOneTimer(t *testing.T) {
	srv := newHitServer(t)
	p, base := readyProvider(t, srv)
	if err := p.Ready(context.Background()); err != nil {
		t.Fatalf("Ready: %v", err)
	}
	cur := p.cur.Load()
	moved := p.open(cur.meta)
	p.mu.Lock()
	first := p.reread
	after := p.publishLocked(moved)
	p.scheduleLocked(0)
	p.mu.Unlock()
	for _, f := range after {
		f()
	}
	if !cur.keys.isClosed() {
		t.Errorf("the replaced key set is not closed")
	}
	if first.Stop() {
		t.Errorf("the previous re-read timer was still armed: two re-read chains")
	}
	p.mu.Lock()
	after = p.publishLocked(&discovered{meta: moved.meta, keys: moved.keys, algs: moved.algs})
	p.mu.Unlock()
	for _, f := range after {
		f()
	}
	if moved.keys.isClosed() {
		t.Errorf("a document with the same key set closed it")
	}
	closedAndSettled(t, p, srv, base)
}
