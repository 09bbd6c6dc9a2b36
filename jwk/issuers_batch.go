package jwk

import (
	"context"
	"fmt"
	"sync"
)

// discoverAtOnce discovers every issuer not yet discovered, at once (one
// attempt each, force as Provider.discover's), as one batch: the claims
// their documents make rank together, by the order of NewIssuers' configs
// (urlOwners), and their verifications wait until the batch has ended, so
// that an issuer listed later never serves keys of a URL an issuer listed
// earlier turns out to name too. Failures are left to each issuer's own
// retries; a discovery still running when ctx ends claims as if made
// alone.
func (m *Issuers) discoverAtOnce(ctx context.Context, force bool) {
	members := map[string]*Provider{}
	for _, e := range m.order {
		if p := e.source.provider; p != nil && !p.hasDocument() {
			members[e.issuer] = p
		}
	}
	if len(members) == 0 {
		return
	}
	b := m.urls.startBatch(members)
	defer m.urls.endBatch(b)
	var wg sync.WaitGroup
	for _, p := range members {
		wg.Go(func() { p.discover(ctx, force) })
	}
	wg.Wait()
}

// startBatch waits for the batch in progress, if any, then starts one of
// members.
func (o *urlOwners) startBatch(members map[string]*Provider) *batch {
	for {
		o.mu.Lock()
		if cur := o.batch; cur != nil {
			o.mu.Unlock()
			<-cur.done
			continue
		}
		o.seq++
		b := &batch{seq: o.seq, members: make(map[string]bool, len(members)), done: make(chan struct{})}
		for iss := range members {
			b.members[iss] = true
		}
		o.batch = b
		o.mu.Unlock()
		return b
	}
}

// endBatch ends b: later claims rank after its.
func (o *urlOwners) endBatch(b *batch) {
	o.mu.Lock()
	o.batch = nil
	o.mu.Unlock()
	close(b.done)
}

// waitBatch waits, until ctx ends, for the batch issuer is being
// discovered in, if any.
func (o *urlOwners) waitBatch(ctx context.Context, issuer string) error {
	o.mu.Lock()
	b := o.batch
	o.mu.Unlock()
	if b == nil || !b.members[issuer] {
		return nil
	}
	if ctx == nil {
		ctx = context.Background()
	}
	select {
	case <-b.done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%w: waiting for the discovery of the issuers discovered at once with %q (their jwks_uri rank by configuration order): %w",
			ErrFetch, issuer, ctx.Err())
	}
}

// sweep is the one discovery of every issuer (a batch) that a
// configuration with a failover URL needs before a failover URL is first
// used: until an issuer's document is read, its "jwks_uri" cannot be
// compared with it.
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
		return fmt.Errorf("%w: waiting for the discovery of every issuer (their jwks_uri are compared with the failover URLs): %w", ErrFetch, ctx.Err())
	}
}
