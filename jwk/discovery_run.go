package jwk

import (
	"context"
	"fmt"
	"time"
)

// discover returns the discovered state, discovering now (or joining the
// discovery in progress) when there is none, and waiting at most until ctx
// ends. After a failure, a new discovery starts at most once per rate-limit
// period, unless force (Discover, Ready).
func (p *Provider) discover(ctx context.Context, force bool) (*discovered, error) {
	if d := p.cur.Load(); d != nil {
		return d, nil
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFetch, err)
	}
	p.mu.Lock()
	if d := p.cur.Load(); d != nil {
		p.mu.Unlock()
		return d, nil
	}
	if p.closed {
		p.mu.Unlock()
		return nil, ErrClosed
	}
	c := p.flight
	if c == nil {
		if !force && !p.gate.due(time.Now(), p.lastStart, &p.cfg) { // start-up backoff, Retry-After
			last, next := p.lastErr, p.gate.nextAllowed(p.lastStart, &p.cfg)
			p.mu.Unlock()
			return nil, fmt.Errorf("%w: discovery of %q is rate-limited after a failure (next %s; last: %v)", ErrFetch, p.issuer, retryIn(next, time.Now()), last)
		}
		c = p.startLocked()
	}
	p.mu.Unlock()
	select {
	case <-c.done:
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: waiting for discovery of %q: %w", ErrFetch, p.issuer, ctx.Err())
	}
	if d := p.cur.Load(); d != nil {
		return d, nil
	}
	return nil, c.err
}

// startLocked starts a discovery; p.mu is held and p is not closed.
func (p *Provider) startLocked() *fetchCall {
	c := &fetchCall{done: make(chan struct{})}
	p.flight = c
	p.lastStart = time.Now()
	p.wg.Add(1)
	go p.run(c)
	return c
}

// run reads and checks the document, opens the key set and publishes the
// outcome.
func (p *Provider) run(c *fetchCall) {
	defer p.wg.Done()
	start := time.Now()
	meta, status, refused, err := p.fetchDocument()
	var d *discovered
	if err == nil {
		d, err = p.open(meta)
		refused = err != nil
	}
	p.mu.Lock()
	if err == nil && p.closed {
		err = ErrClosed
	}
	var told []func()
	if err == nil {
		told = p.publishLocked(d)
		p.scheduleLocked()
	}
	p.lastErr = err
	if err == nil {
		p.gate.succeeded()
	} else {
		p.gate.failed(err, time.Now(), &p.cfg)
	}
	c.err = err
	p.flight = nil
	p.mu.Unlock()
	if err != nil && d != nil {
		d.keys.Close() // closed meanwhile
	}
	for _, f := range told {
		f()
	}
	p.observeDocument(status, time.Since(start), refused, err) // before the waiters return: events in order
	close(c.done)
}

// observeDocument reports a read of the document, if there is an observer.
func (p *Provider) observeDocument(status int, took time.Duration, refused bool, err error) {
	o := p.cfg.observer
	if o == nil {
		return
	}
	e := FetchEvent{Discovery: true, Issuer: p.issuer, URL: redactURL(p.docURL), Status: status, Duration: took, Err: err}
	switch {
	case err == nil:
		e.Kind = EventFetched
	case refused:
		e.Kind = EventDiscoveryRefused
	default:
		e.Kind = EventFetchFailed
	}
	o.ObserveFetch(p.ctx, e)
}

// open seeds the ID-token algorithms and opens the key set on "jwks_uri".
func (p *Provider) open(meta ProviderMetadata) (*discovered, error) {
	algs := providerAlgorithms(meta.IDTokenSigningAlgValuesSupported, meta.hasAlgs)
	cfg := p.cfg
	if sameURL(cfg.failover, meta.JWKSURI) {
		cfg.failover = ""
	}
	keys := newRemoteSet(meta.JWKSURI, cfg, p.client, false)
	return &discovered{meta: meta, keys: keys, algs: algs}, nil
}

// sameURL reports two URLs equal after RFC 3986 section 6.2.2
// normalisation (normalizeURL); "" equals nothing.
func sameURL(a, b string) bool {
	return a != "" && b != "" && normalizeURL(a) == normalizeURL(b)
}

// Ready waits until the Provider can verify: discovered (Discovery section
// 4), and its key set Ready. While discovery fails it retries after 250 ms, doubling up to
// WithMinRefreshInterval, ignoring the rate limit. It returns nil once
// ready; ErrFetch with the last error when ctx ends first; ErrClosed after
// Close.
func (p *Provider) Ready(ctx context.Context) error {
	if err := p.usable(); err != nil {
		return err
	}
	p.mu.Lock()
	closed := p.closed
	p.mu.Unlock()
	if closed {
		return ErrClosed
	}
	if ctx == nil {
		ctx = context.Background()
	}
	delay := readyFirstRetry
	for {
		d, err := p.discover(ctx, true)
		if err == nil {
			return d.keys.Ready(ctx)
		}
		if err == ErrClosed || ctx.Err() != nil {
			return err
		}
		p.mu.Lock()
		wait := p.gate.wait(time.Now(), delay) // a server's Retry-After
		p.mu.Unlock()
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("%w: not ready: %w (last discovery: %v)", ErrFetch, ctx.Err(), err)
		case <-p.ctx.Done():
			t.Stop()
			return ErrClosed
		}
		delay = min(2*delay, max(p.cfg.minRefresh, readyFirstRetry))
	}
}
