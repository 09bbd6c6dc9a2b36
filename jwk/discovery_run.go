package jwk

import (
	"context"
	"fmt"
	"time"
)

// discover returns the discovered state, discovering now (or joining the
// discovery in progress) when there is none, and waiting at most until ctx
// ends. After a failure, a new discovery starts only when the gate allows
// (the start-up backoff, a Retry-After: retryGate); force (Discover,
// Issuers.Ready) skips the start-up backoff, never a Retry-After.
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
	c, err := p.discovery(force)
	switch {
	case err != nil: // closed, or held back
		return nil, err
	case c == nil: // discovered meanwhile
		return p.cur.Load(), nil
	}
	if err := p.wait(ctx, c); err != nil {
		return nil, err
	}
	if d := p.cur.Load(); d != nil {
		return d, nil
	}
	return nil, c.err
}

// discovery is the discovery to wait for: the one in progress, or a new
// one when the gate allows (force: when no Retry-After holds it back); nil
// when p was discovered meanwhile (no error) or is closed (ErrClosed), or
// the gate holds it back.
func (p *Provider) discovery(force bool) (*fetchCall, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur.Load() != nil {
		return nil, nil
	}
	if c, err := p.joinLocked(); c != nil || err != nil {
		return c, err
	}
	if now := time.Now(); p.gate.heldBack(now) || !force && !p.gate.due(now, p.lastStart, &p.cfg) { // Retry-After, start-up backoff
		next := p.gate.nextAllowed(p.lastStart, &p.cfg)
		return nil, fmt.Errorf("%w: discovery of %q is rate-limited after a failure (next %s; last: %v)", ErrFetch, p.issuer, retryIn(next, time.Now()), p.lastErr)
	}
	return p.startLocked(p.newJob()), nil
}

// docFetch is one read of the document at discovery.
type docFetch struct {
	p       *Provider
	start   time.Time
	d       *discovered // the document and the key set opened on it
	status  int
	refused bool // read and refused
}

// newJob is a first discovery; p.mu is held.
func (p *Provider) newJob() fetchJob { return &docFetch{p: p} }

// fetch reads and checks the document and opens the key set.
func (j *docFetch) fetch() error {
	j.start = time.Now()
	meta, status, refused, err := j.p.fetchDocument()
	j.status, j.refused = status, refused
	if err == nil {
		j.d = j.p.open(meta)
	}
	return err
}

// publish makes the document the one in use, telling the watchers, and
// schedules its re-read. A document read after Close is not used, nor one
// read after another discovery published (no first discovery starts then:
// this is the defence if one did); either's key set is closed.
func (j *docFetch) publish(err error, _ time.Time) (after func(), waiters error) {
	p := j.p
	if err == nil && p.closed {
		err = ErrClosed
	}
	late := err == nil && p.cur.Load() != nil
	var told []func()
	if err == nil && !late {
		told = p.publishLocked(j.d)
		p.scheduleLocked(0)
	}
	return func() {
		if (err != nil || late) && j.d != nil {
			j.d.keys.Close() // closed meanwhile, or not used
		}
		for _, f := range told {
			f()
		}
		p.observeDocument(j.status, time.Since(j.start), j.refused, err) // before the waiters return: events in order
	}, err
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
func (p *Provider) open(meta ProviderMetadata) *discovered {
	algs := providerAlgorithms(meta.IDTokenSigningAlgValuesSupported, meta.hasAlgs)
	cfg := p.cfg
	if sameURL(cfg.failover, meta.JWKSURI) {
		cfg.failover = ""
	}
	keys := newRemoteSet(meta.JWKSURI, cfg, p.client, false)
	return &discovered{meta: meta, keys: keys, algs: algs}
}

// sameURL reports two URLs equal after RFC 3986 section 6.2.2
// normalisation (normalizeURL); "" equals nothing.
func sameURL(a, b string) bool {
	return a != "" && b != "" && normalizeURL(a) == normalizeURL(b)
}

// Ready waits until the Provider can verify: discovered (Discovery section
// 4), and its key set Ready. While discovery fails it retries after 250 ms,
// doubling up to WithMinRefreshInterval, ignoring the rate limit but not a
// server's Retry-After (RFC 9110 section 10.2.3): no discovery starts
// before it has passed, whichever discovery got it. It returns nil once
// ready; ErrFetch with the last error when ctx ends first; ErrClosed after
// Close.
func (p *Provider) Ready(ctx context.Context) error {
	if err := p.usable(); err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := p.ready(ctx, p.hasDocument, p.newJob); err != nil {
		return err
	}
	return p.cur.Load().keys.Ready(ctx)
}

// hasDocument reports a discovery document in use.
func (p *Provider) hasDocument() bool { return p.cur.Load() != nil }
