package jwk

import "sort"

// watchProviders has every discovered issuer's Provider (made here or
// given) tell m of each document before it is used, in the order of the
// configs (a given Provider already discovered claims its "jwks_uri" now),
// and every remote key set with a failover URL ask m before using it.
func (m *Issuers) watchProviders() {
	providers, failovers := 0, false
	for _, e := range m.order {
		if e.source.provider != nil {
			providers++
		}
		failovers = failovers || len(m.urls.failovers[e.issuer]) > 0
	}
	if failovers && providers > 0 {
		m.sweep.start = func() { m.discoverAtOnce(m.ctx, false) }
	}
	for _, e := range m.order {
		if len(m.urls.failovers[e.issuer]) > 0 {
			var refusals *failoverRefusals
			if p := e.source.provider; p != nil {
				refusals = p.refusals()
			} else if r, ok := e.source.keys.(*RemoteSet); ok {
				refusals = r.refusals()
			}
			m.unwatch = append(m.unwatch, refusals.add(e, e.failoverRefusal))
		}
		if p := e.source.provider; p != nil {
			m.unwatch = append(m.unwatch, p.watch(&watcher{told: func(d *discovered) func() { return m.discovered(e, d) }}))
		}
	}
}

// failoverRefusal is why e may not use its failover URL now, or nil.
func (e *issuerEntry) failoverRefusal() error {
	if err := e.failoverRefused.Load(); err != nil {
		return *err
	}
	return nil
}

// discovered records the "jwks_uri" of e's document d and sets or clears
// the refusal of every issuer it concerns. It runs with e's Provider
// locked; what it returns (events, a refetch) runs after.
func (m *Issuers) discovered(e *issuerEntry, d *discovered) (after func()) {
	o := &m.urls
	o.mu.Lock()
	concerned := map[string]bool{e.issuer: true}
	for _, u := range o.setClaim(e.issuer, normalizeURL(d.jwksURI())) {
		o.concerned(u, concerned)
	}
	issuers := make([]string, 0, len(concerned))
	for iss := range concerned {
		issuers = append(issuers, iss)
	}
	sort.Strings(issuers)
	var (
		events    []FetchEvent
		observers []FetchObserver
		refetch   []*RemoteSet
	)
	for _, iss := range issuers {
		ce := m.byIssuer[iss]
		url, err := o.refusal(iss)
		was := ce.refused.Load() != nil
		if err == nil {
			ce.refused.Store(nil)
		} else {
			ce.refused.Store(&err)
			if obs := m.observerOf(ce); obs != nil && !was {
				events = append(events, FetchEvent{Kind: EventDiscoveryRefused, Discovery: true, Issuer: iss, URL: url, Err: err})
				observers = append(observers, obs)
			}
		}
		ferr := o.failoverRefusal(iss)
		fwas := ce.failoverRefused.Load() != nil
		if ferr == nil {
			ce.failoverRefused.Store(nil)
			continue
		}
		ce.failoverRefused.Store(&ferr)
		var cur *discovered
		if ce == e {
			cur = d
		} else if p := ce.source.provider; p != nil {
			cur = p.current()
		}
		if r := ce.source.failoverRemote(cur); !fwas && r != nil && r.servedByFailover(r.current()) {
			refetch = append(refetch, r) // its keys came from the failover URL: fetch its own
		}
	}
	o.mu.Unlock()
	if len(events) == 0 && len(refetch) == 0 {
		return nil
	}
	return func() {
		for i, ev := range events {
			observers[i].ObserveFetch(m.ctx, ev)
		}
		for _, r := range refetch {
			r.refetch() // a fetch of its own URL, in r's background (as Refresh, without waiting)
		}
	}
}

// observerOf is who hears of e's events: its Provider's or RemoteSet's
// observer, else NewIssuers'.
func (m *Issuers) observerOf(e *issuerEntry) FetchObserver {
	e = e.source
	switch {
	case e.provider != nil && e.provider.observer() != nil:
		return e.provider.observer()
	case e.keys != nil:
		if r, ok := e.keys.(*RemoteSet); ok && r.observer() != nil {
			return r.observer()
		}
	}
	return m.observer
}
