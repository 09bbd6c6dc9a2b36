package jwk

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// Ready waits until every issuer can verify (Provider.Ready: Discovery
// section 4; RemoteSet.Ready: its JWK Set, RFC 7517 section 5; a nested
// *Issuers, its entry's; a *Set and the caller's own key sets always can), all at once, until ctx ends, and
// reports the issuers refused because their discovery document names a
// JWK Set URL another issuer holds (RFC 8725 section 3.8), without waiting
// for their keys. It first discovers every issuer not yet discovered at
// once: a URL several of their documents name is held by the one listed
// first in NewIssuers' configs (see Issuers). The error joins each
// issuer's, naming it.
func (m *Issuers) Ready(ctx context.Context) error {
	if err := m.usable(); err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	m.discoverAtOnce(ctx, true) // claims ranked by the configs' order
	var (
		mu   sync.Mutex
		errs []error
		wg   sync.WaitGroup
	)
	for _, iss := range m.Issuers() {
		e := m.byIssuer[iss]
		var ready func(context.Context) error
		switch src := e.source; {
		case src.provider != nil:
			ready = src.provider.Ready
		case src.keys != nil:
			if r, ok := src.keys.(*RemoteSet); ok {
				ready = r.Ready
			}
		}
		if ready == nil || e.refused.Load() != nil {
			continue // a refused issuer is reported below, without waiting for its keys
		}
		wg.Go(func() {
			if err := ready(ctx); err != nil {
				mu.Lock()
				errs = append(errs, fmt.Errorf("issuer %q: %w", iss, err))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	for _, iss := range m.Issuers() {
		if err := m.byIssuer[iss].refused.Load(); err != nil {
			errs = append(errs, fmt.Errorf("issuer %q: %w", iss, *err))
		}
	}
	return errors.Join(errs...)
}
