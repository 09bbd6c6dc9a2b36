package jwk

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// watcher is told of each document a Provider is about to use (an Issuers
// set comparing "jwks_uri"s, RFC 8725 section 3.8). Its function runs
// with the Provider's lock held, before the document is used, and must not
// call the Provider; what it returns runs once the lock is released.
type watcher struct {
	told func(d *discovered) (after func())
}

// watch adds w, telling it of the current document at once, and returns
// the function that removes it.
func (p *Provider) watch(w *watcher) (remove func()) {
	p.mu.Lock()
	p.watchers = append(p.watchers, w)
	var after func()
	if d := p.cur.Load(); d != nil {
		after = w.told(d)
	}
	p.mu.Unlock()
	if after != nil {
		after()
	}
	return func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.watchers = slices.DeleteFunc(p.watchers, func(x *watcher) bool { return x == w })
	}
}

// publishLocked tells the watchers of d, then makes it the document in
// use; p.mu is held. It returns what the watchers left to do and, when d
// replaces a document whose key set is not d's (a re-read that moved
// "jwks_uri"), the closing of that key set, first: verifications holding
// it still answer for its kids, and nothing of it outlives Close.
func (p *Provider) publishLocked(d *discovered) (after []func()) {
	if old := p.cur.Load(); old != nil && old.keys != d.keys {
		after = append(after, func() { old.keys.Close() })
	}
	for _, w := range p.watchers {
		if f := w.told(d); f != nil {
			after = append(after, f)
		}
	}
	p.cur.Store(d)
	return after
}

// scheduleLocked arms the next re-read of the document: WithRefreshInterval
// after a success, and after p.failures failed re-reads
// WithMinRefreshInterval doubled per failure, up to WithRefreshInterval,
// and never before hold (a 429 or 503's Retry-After, RFC 9110 section
// 10.2.3). The timer armed before is stopped: one chain of re-reads runs.
// p.mu is held and p is not closed.
func (p *Provider) scheduleLocked(hold time.Duration) {
	delay := p.cfg.refresh
	if p.failures > 0 {
		delay = doubled(p.cfg.minRefresh, p.failures, p.cfg.refresh)
	}
	delay = max(delay, hold)
	p.stopReread()
	p.reread = time.AfterFunc(delay, p.reRead)
}

// stopReread stops the next re-read; p.mu is held (Close, scheduleLocked).
func (p *Provider) stopReread() {
	if p.reread != nil {
		p.reread.Stop()
	}
}

// reRead reads the document again (Discovery section 4), with the rules of
// the first read (parseMetadata: the same "issuer", a "jwks_uri" that may
// be fetched; providerAlgorithms). The same "jwks_uri" keeps the key set;
// a new one is opened and fetched before it replaces the current set,
// which is then closed. Any failure keeps the current document and keys.
func (p *Provider) reRead() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.wg.Add(1)
	p.mu.Unlock()
	defer p.wg.Done()
	start := time.Now()
	cur := p.cur.Load()
	meta, status, refused, err := p.fetchDocument()
	var next *discovered
	if err == nil {
		next, refused, err = p.reopen(cur, meta)
	}
	p.mu.Lock()
	if err == nil && p.closed {
		err = ErrClosed
	}
	var told []func()
	var hold time.Duration // a server's Retry-After, within the rate limit
	if err == nil {
		told = p.publishLocked(next)
		p.failures = 0
	} else {
		p.failures++
		var g retryGate
		g.failed(err, start, &p.cfg)
		hold = time.Until(g.notBefore)
	}
	if !p.closed {
		p.scheduleLocked(hold)
	}
	p.mu.Unlock()
	if err != nil && next != nil && next.keys != cur.keys {
		next.keys.Close() // opened for a moved "jwks_uri", not used; a used one closed cur's (publishLocked)
	}
	for _, f := range told {
		f()
	}
	p.observeDocument(status, time.Since(start), refused, err)
}

// reopen is the discovered state for a re-read document: the current key
// set when "jwks_uri" is the same URL (RFC 3986 section 6.2.2), or a new
// one, fetched once (bounded by the fetch timeout and Close), when it
// moved. refused reports a document refused, not one that failed.
func (p *Provider) reopen(cur *discovered, meta ProviderMetadata) (next *discovered, refused bool, err error) {
	algs := providerAlgorithms(meta.IDTokenSigningAlgValuesSupported, meta.hasAlgs)
	if sameURL(meta.JWKSURI, cur.meta.JWKSURI) {
		return &discovered{meta: meta, keys: cur.keys, algs: algs}, false, nil
	}
	next = p.open(meta)
	ctx, cancel := context.WithTimeout(p.ctx, p.cfg.timeout)
	defer cancel()
	if err := next.keys.Refresh(ctx); err != nil {
		return next, false, fmt.Errorf("%w: the re-read document of %q moved jwks_uri to %s, whose JWK Set could not be fetched: %w",
			ErrFetch, p.issuer, redactURL(meta.JWKSURI), err)
	}
	return next, false, nil
}
