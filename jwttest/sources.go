package jwttest

import (
	"context"

	"github.com/jotlib/jwt/jwk"
)

// clientOpts puts the provider's trusting client first, so that opts can
// still replace it.
func (p *Provider) clientOpts(opts []jwk.RemoteOption) []jwk.RemoteOption {
	return append([]jwk.RemoteOption{jwk.WithHTTPClient(p.Client())}, opts...)
}

// NewRemoteSet opens a jwk.RemoteSet on the provider's JWK Set (RFC 7517
// section 5) with Client, so that TLS verifies, then opts. It is closed at
// t.Cleanup. It fetches nothing yet (jwk.NewRemoteSet).
func (p *Provider) NewRemoteSet(opts ...jwk.RemoteOption) (*jwk.RemoteSet, error) {
	if !p.ok() {
		return nil, ErrNoProvider
	}
	rs, err := jwk.NewRemoteSet(p.JWKSURI(), p.clientOpts(opts)...)
	if err != nil {
		return nil, err
	}
	p.t.Cleanup(func() { rs.Close() })
	return rs, nil
}

// RemoteSet is NewRemoteSet that fails the test (t.Fatal) on an error. Nil
// for a nil Provider.
func (p *Provider) RemoteSet(opts ...jwk.RemoteOption) *jwk.RemoteSet {
	if !p.ok() {
		return nil
	}
	p.t.Helper()
	rs, err := p.NewRemoteSet(opts...)
	if err != nil {
		p.t.Fatalf("jwttest: RemoteSet: %v", err)
	}
	return rs
}

// NewDiscovery prepares a jwk.Provider discovering this provider (OpenID
// Connect Discovery 1.0 section 4 by default; RFC 8414 section 3 with
// jwk.WithWellKnown) with Client, then opts. It is closed at t.Cleanup,
// and discovers nothing yet (jwk.NewProvider): pass it to
// accesstoken.NewVerifier or idtoken.NewVerifier as the key.
func (p *Provider) NewDiscovery(opts ...jwk.RemoteOption) (*jwk.Provider, error) {
	if !p.ok() {
		return nil, ErrNoProvider
	}
	d, err := jwk.NewProvider(p.Issuer(), p.clientOpts(opts)...)
	if err != nil {
		return nil, err
	}
	p.t.Cleanup(func() { d.Close() })
	return d, nil
}

// Discover runs jwk.Discover against this provider with Client, then opts:
// the discovery (OpenID Connect Discovery 1.0 section 4, or RFC 8414
// section 3 with jwk.WithWellKnown) and the first JWK Set fetch, each tried
// once, bounded by ctx. Use it to observe a fault switch on the metadata
// path: the error is jwk's (jwk.ErrFetch, jwk.ErrDiscoveryRefused). The
// Provider returned is closed at t.Cleanup.
func (p *Provider) Discover(ctx context.Context, opts ...jwk.RemoteOption) (*jwk.Provider, error) {
	if !p.ok() {
		return nil, ErrNoProvider
	}
	d, err := jwk.Discover(ctx, p.Issuer(), p.clientOpts(opts)...)
	if err != nil {
		return nil, err
	}
	p.t.Cleanup(func() { d.Close() })
	return d, nil
}

// Discovery is NewDiscovery that fails the test (t.Fatal) on an error. Nil
// for a nil Provider.
func (p *Provider) Discovery(opts ...jwk.RemoteOption) *jwk.Provider {
	if !p.ok() {
		return nil
	}
	p.t.Helper()
	d, err := p.NewDiscovery(opts...)
	if err != nil {
		p.t.Fatalf("jwttest: Discovery: %v", err)
	}
	return d
}

// Set is the provider's published JWK Set (RFC 7517 section 5) as a local
// jwk.Set, without the odd key: a key source that needs no HTTP. Nil for a
// nil Provider.
func (p *Provider) Set() *jwk.Set {
	if !p.ok() {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	keys := make([]*jwk.Key, len(p.keys))
	for i, k := range p.keys {
		keys[i] = k.public
	}
	return jwk.NewSet(keys...)
}
