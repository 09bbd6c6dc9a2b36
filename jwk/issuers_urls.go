package jwk

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"
)

// urlOwners knows which issuers of an Issuers set get keys from which JWK
// Set URL (RFC 8725 section 3.8: each issuer's keys are its own), URLs
// compared after RFC 3986 section 6.2.2 normalisation: the URLs configured
// (RemoteSet URLs, WithFailoverURL), fixed by NewIssuers, and the
// "jwks_uri" of each discovered issuer's current document.
type urlOwners struct {
	mu         sync.Mutex
	byURL      map[string][]string // normalised URL → issuers, sorted
	configured map[string][]string // issuer → its configured URLs, normalised
	discovered map[string]string   // issuer → its document's jwks_uri, normalised
}

func (o *urlOwners) init() {
	o.byURL = map[string][]string{}
	o.configured = map[string][]string{}
	o.discovered = map[string]string{}
}

// configure records issuer's configured URLs, refusing one already
// another issuer's (ErrInvalidOption): NewIssuers knows them all.
func (o *urlOwners) configure(issuer string, urls []string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, raw := range urls {
		u := normalizeURL(raw)
		for _, other := range o.byURL[u] {
			if other != issuer {
				return fmt.Errorf("%w: the JWK Set URL %s is also issuer %q's: each issuer's keys are its own", ErrInvalidOption, redactURL(raw), other)
			}
		}
		if !slices.Contains(o.configured[issuer], u) {
			o.configured[issuer] = append(o.configured[issuer], u)
			o.add(u, issuer)
		}
	}
	return nil
}

// add and drop keep byURL; o.mu is held.
func (o *urlOwners) add(u, issuer string) {
	if !slices.Contains(o.byURL[u], issuer) {
		o.byURL[u] = append(o.byURL[u], issuer)
		sort.Strings(o.byURL[u])
	}
}

func (o *urlOwners) drop(u, issuer string) {
	if slices.Contains(o.configured[issuer], u) {
		return
	}
	o.byURL[u] = slices.DeleteFunc(o.byURL[u], func(s string) bool { return s == issuer })
	if len(o.byURL[u]) == 0 {
		delete(o.byURL, u)
	}
}

// conflict is why issuer may not use its keys: the first of its URLs that
// another issuer uses too, or nil. o.mu is held.
func (o *urlOwners) conflict(issuer string) (url string, err error) {
	urls := slices.Clone(o.configured[issuer])
	if u, ok := o.discovered[issuer]; ok {
		urls = append(urls, u)
	}
	sort.Strings(urls)
	for _, u := range urls {
		for _, other := range o.byURL[u] {
			if other != issuer {
				return u, fmt.Errorf("%w: issuer %q and issuer %q both get their keys from the JWK Set at %s: "+
					"each issuer's keys must be its own (RFC 8725 section 3.8), so both are refused until a discovery document "+
					"or the configuration changes", ErrDiscoveryRefused, issuer, other, u)
			}
		}
	}
	return "", nil
}

// watchProviders has every discovered issuer's Provider (made here or
// given) tell m of each document before it is used.
func (m *Issuers) watchProviders() {
	needSweep := false
	providers := 0
	for _, e := range m.byIssuer {
		if e.provider != nil {
			providers++
		}
		needSweep = needSweep || len(m.urls.configured[e.issuer]) > 0
	}
	if needSweep && providers > 0 {
		m.sweep.start = func() { m.discoverAll(m.ctx) }
	}
	for _, e := range m.byIssuer {
		if e.provider != nil {
			e := e
			m.unwatch = append(m.unwatch, e.provider.watch(&watcher{told: func(d *discovered) func() { return m.discovered(e, d) }}))
		}
	}
}

// discovered records the "jwks_uri" of e's document d and sets or clears
// the conflict of every issuer it concerns. It runs with e's Provider
// locked; the events it returns run after.
func (m *Issuers) discovered(e *issuerEntry, d *discovered) (after func()) {
	u := normalizeURL(d.meta.JWKSURI)
	o := &m.urls
	o.mu.Lock()
	concerned := map[string]bool{e.issuer: true}
	if old, ok := o.discovered[e.issuer]; ok && old != u {
		for _, iss := range o.byURL[old] {
			concerned[iss] = true
		}
		o.drop(old, e.issuer)
	}
	o.discovered[e.issuer] = u
	o.add(u, e.issuer)
	for _, iss := range o.byURL[u] {
		concerned[iss] = true
	}
	var events []FetchEvent
	var observers []FetchObserver
	for iss := range concerned {
		ce := m.byIssuer[iss]
		url, err := o.conflict(iss)
		was := ce.conflict.Load() != nil
		if err == nil {
			ce.conflict.Store(nil)
			continue
		}
		ce.conflict.Store(&err)
		if obs := m.observerOf(ce); obs != nil && !was {
			events = append(events, FetchEvent{Kind: EventDiscoveryRefused, Discovery: true, Issuer: iss, URL: url, Err: err})
			observers = append(observers, obs)
		}
	}
	o.mu.Unlock()
	if len(events) == 0 {
		return nil
	}
	return func() {
		for i, ev := range events {
			observers[i].ObserveFetch(m.ctx, ev)
		}
	}
}

// observerOf is who hears of e's events: its Provider's or RemoteSet's
// observer, else NewIssuers'.
func (m *Issuers) observerOf(e *issuerEntry) FetchObserver {
	switch {
	case e.provider != nil && e.provider.cfg.observer != nil:
		return e.provider.cfg.observer
	case e.keys != nil:
		if r, ok := e.keys.(*RemoteSet); ok && r.cfg.observer != nil {
			return r.cfg.observer
		}
	}
	return m.observer
}

// discoverAll discovers every issuer not yet discovered, at once, until
// they are done or ctx ends; failures are left to each issuer's own
// retries.
func (m *Issuers) discoverAll(ctx context.Context) {
	var wg sync.WaitGroup
	for _, e := range m.byIssuer {
		if p := e.provider; p != nil && p.cur.Load() == nil {
			wg.Go(func() { p.discover(ctx, false) })
		}
	}
	wg.Wait()
}

// sweep is the one discovery of every issuer that a configuration naming
// URLs needs before its first verification: until an issuer's document
// is read, its "jwks_uri" cannot be compared with them.
type sweep struct {
	start func() // nil: not needed
	once  sync.Once
	done  chan struct{}
}

// wait starts the sweep (once, bounded by the Issuers' life) and waits
// for it until ctx ends.
func (s *sweep) wait(ctx context.Context) error {
	if s.start == nil {
		return nil
	}
	s.once.Do(func() {
		s.done = make(chan struct{})
		go func() {
			defer close(s.done)
			s.start()
		}()
	})
	if ctx == nil {
		ctx = context.Background()
	}
	select {
	case <-s.done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%w: waiting for the discovery of every issuer (their jwks_uri are compared with the configured JWK Set URLs): %w", ErrFetch, ctx.Err())
	}
}
