package jwk

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/jotlib/jwt"
)

// IssuerConfig is one issuer of an Issuers set and where its keys come
// from.
type IssuerConfig struct {
	// Issuer is the "iss" value of the issuer's tokens, compared exactly
	// (RFC 7519 section 4.1.1: a case-sensitive string).
	Issuer string
	// Keys are the issuer's own keys: a *Set, a *RemoteSet or a *Provider
	// (whose Issuer must be Issuer). They stay the caller's: Close leaves
	// them open. Nil: the issuer is discovered (NewProvider with NewIssuers'
	// options, then Options) at its first verification, and the Provider is
	// closed by Close.
	Keys jwt.KeySet
	// Options are this issuer's discovery options, after NewIssuers' own;
	// only when Keys is nil.
	Options []RemoteOption
	// Algorithms, when not empty, are the only "alg" values accepted for
	// this issuer's tokens, checked before any key is looked up. A Provider
	// also accepts only its own Algorithms. HS* only for a *Set: keys
	// fetched from a URL are public.
	Algorithms []jwt.Algorithm
}

// Issuers is a jwt.IssuerKeySet over configured issuers, each verified
// with its own keys only (RFC 8725 section 3.8): given as the key of a
// jwt.Verifier, a token's "iss", the one claim read before the signature,
// chooses the issuer, and only that issuer's keys are tried. An issuer
// that is not configured is refused (matching jwt.ErrInvalidIssuer)
// without any network traffic: issuers come from configuration, never from
// tokens. Discovered issuers are discovered at their first verification,
// once for all concurrent callers. Issuers is safe for concurrent use.
type Issuers struct {
	byIssuer map[string]*issuerEntry
	owned    []*Provider
	close    sync.Once
}

// issuerEntry is one configured issuer: its key set, or its Provider.
type issuerEntry struct {
	keys     jwt.KeySet // *Set or *RemoteSet; nil with provider
	provider *Provider
	algs     []jwt.Algorithm
}

// fetched reports keys fetched from a URL (a RemoteSet's, a Provider's):
// public, so never HS*.
func (e *issuerEntry) fetched() bool {
	_, local := e.keys.(*Set)
	return !local
}

// NewIssuers makes the set of configs (RFC 8725 section 3.8: each issuer
// verified with its own keys); opts are the discovery options
// shared by every issuer whose Keys is nil. It makes no request. An empty
// or repeated Issuer, a Keys of another type, the same Keys for two
// issuers, a JWK Set URL or WithFailoverURL of two issuers (such as a
// failover URL in opts with two issuers discovered), a Provider of another issuer, Options beside Keys, an unknown
// algorithm, HS* for keys fetched from a URL, or opts with no issuer to
// discover is ErrInvalidOption.
func NewIssuers(configs []IssuerConfig, opts ...RemoteOption) (*Issuers, error) {
	if len(configs) == 0 {
		return nil, fmt.Errorf("%w: no issuer configured", ErrInvalidOption)
	}
	if _, err := newRemoteConfig(opts); err != nil {
		return nil, err
	}
	m := &Issuers{byIssuer: make(map[string]*issuerEntry, len(configs))}
	discovering := false
	shared := make(map[jwt.KeySet]string, len(configs))
	urls := make(map[string]string, len(configs)) // JWK Set URLs known now, by issuer
	for i, c := range configs {
		e, err := m.entry(c, opts)
		if err == nil && c.Keys != nil {
			if other, dup := shared[c.Keys]; dup {
				err = fmt.Errorf("%w: the same keys as issuer %q: each issuer's keys are its own", ErrInvalidOption, other)
			}
			shared[c.Keys] = c.Issuer
		}
		if err == nil {
			// A failover URL (shared by every discovered issuer, or naming
			// another issuer's set) would serve one issuer's keys for another.
			for _, u := range e.setURLs() {
				if other, dup := urls[u]; dup && other != c.Issuer {
					err = fmt.Errorf("%w: the JWK Set URL %s is also issuer %q's: each issuer's keys are its own", ErrInvalidOption, redactURL(u), other)
					break
				}
				urls[u] = c.Issuer
			}
		}
		if err != nil {
			m.Close()
			return nil, fmt.Errorf("issuer %d (%q): %w", i, c.Issuer, err)
		}
		discovering = discovering || c.Keys == nil
		m.byIssuer[c.Issuer] = e
	}
	if len(opts) > 0 && !discovering {
		m.Close()
		return nil, fmt.Errorf("%w: discovery options, but no issuer is discovered", ErrInvalidOption)
	}
	return m, nil
}

// entry checks one config and makes its entry.
func (m *Issuers) entry(c IssuerConfig, opts []RemoteOption) (*issuerEntry, error) {
	if c.Issuer == "" {
		return nil, fmt.Errorf("%w: empty Issuer", ErrInvalidOption)
	}
	if _, dup := m.byIssuer[c.Issuer]; dup {
		return nil, fmt.Errorf("%w: Issuer configured twice", ErrInvalidOption)
	}
	e := &issuerEntry{algs: slices.Clone(c.Algorithms)}
	switch k := c.Keys.(type) {
	case nil:
		p, err := NewProvider(c.Issuer, append(slices.Clone(opts), c.Options...)...)
		if err != nil {
			return nil, err
		}
		m.owned = append(m.owned, p)
		e.provider = p
	case *Set:
		if k == nil {
			return nil, fmt.Errorf("%w: nil *Set", ErrInvalidOption)
		}
		e.keys = k
	case *RemoteSet:
		if k == nil {
			return nil, fmt.Errorf("%w: nil *RemoteSet", ErrInvalidOption)
		}
		e.keys = k
	case *Provider:
		if k == nil || k.issuer != c.Issuer {
			return nil, fmt.Errorf("%w: a *Provider of another issuer", ErrInvalidOption)
		}
		e.provider = k
	default:
		return nil, fmt.Errorf("%w: Keys of type %T; want *jwk.Set, *jwk.RemoteSet or *jwk.Provider", ErrInvalidOption, c.Keys)
	}
	if c.Keys != nil && len(c.Options) > 0 {
		return nil, fmt.Errorf("%w: Options are for a discovered issuer (Keys nil)", ErrInvalidOption)
	}
	for _, a := range c.Algorithms {
		if !a.Known() {
			return nil, fmt.Errorf("%w: unknown algorithm %q", ErrInvalidOption, string(a))
		}
		if e.fetched() && isHMAC(a) {
			return nil, fmt.Errorf("%w: %s with keys fetched from a URL (a published secret)", ErrInvalidOption, a)
		}
	}
	return e, nil
}

// setURLs are the JWK Set URLs the entry is configured with: a RemoteSet's
// URL and failover URL, a Provider's failover URL (its "jwks_uri" is known
// only once discovered).
func (e *issuerEntry) setURLs() []string {
	var out []string
	if r, ok := e.keys.(*RemoteSet); ok {
		out = append(out, r.url)
		if r.cfg.failover != "" {
			out = append(out, r.cfg.failover)
		}
	}
	if e.provider != nil && e.provider.cfg.failover != "" {
		out = append(out, e.provider.cfg.failover)
	}
	return out
}

// IssuerVerificationKeys implements jwt.IssuerKeySet: the keys of issuer
// for the header, from that issuer's key set only. An issuer not
// configured is refused at once, matching jwt.ErrInvalidIssuer and
// ErrKeyNotFound; an "alg" outside the issuer's Algorithms, or HS* for
// keys fetched from a URL, matching jwt.ErrAlgorithmNotAllowed and
// ErrKeyNotFound.
func (m *Issuers) IssuerVerificationKeys(ctx context.Context, issuer string, h *jwt.Header) ([]any, error) {
	if m == nil || h == nil {
		return nil, fmt.Errorf("%w: nil issuers or header", ErrKeyNotFound)
	}
	e := m.byIssuer[issuer]
	if e == nil {
		return nil, errIssuerNotConfigured(issuer)
	}
	if len(e.algs) > 0 {
		if err := algorithmAllowed(h.Algorithm, e.algs); err != nil {
			return nil, err
		}
	}
	if e.provider != nil {
		return e.provider.VerificationKeys(ctx, h)
	}
	return e.keys.VerificationKeys(ctx, h)
}

// errNoIssuer refuses a lookup without an issuer.
var errNoIssuer = fmt.Errorf("%w: %w: an Issuers set chooses keys by the token's issuer: use it as the key of a jwt.Verifier or jwt.Parse",
	ErrKeyNotFound, jwt.ErrInvalidIssuer)

// VerificationKeys implements jwt.KeySet by refusing: without the token's
// issuer (RFC 7519 section 4.1.1) no key may be chosen (RFC 8725 section
// 3.8) (keys of all issuers are never pooled). A
// jwt.Verifier given an Issuers calls IssuerVerificationKeys instead.
func (m *Issuers) VerificationKeys(context.Context, *jwt.Header) ([]any, error) {
	return nil, errNoIssuer
}

// Issuers returns the configured issuers ("iss" values, RFC 7519 section
// 4.1.1), sorted.
func (m *Issuers) Issuers() []string {
	out := make([]string, 0, len(m.byIssuer))
	for iss := range m.byIssuer {
		out = append(out, iss)
	}
	sort.Strings(out)
	return out
}

// Ready waits until every issuer can verify (Provider.Ready: Discovery
// section 4; RemoteSet.Ready: its JWK Set, RFC 7517 section 5; a *Set
// always can), all at once, until ctx ends. The
// error joins each issuer's, naming it.
func (m *Issuers) Ready(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	var (
		mu   sync.Mutex
		errs []error
		wg   sync.WaitGroup
	)
	for _, iss := range m.Issuers() {
		e := m.byIssuer[iss]
		var ready func(context.Context) error
		switch {
		case e.provider != nil:
			ready = e.provider.Ready
		case e.keys != nil:
			if r, ok := e.keys.(*RemoteSet); ok {
				ready = r.Ready
			}
		}
		if ready == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := ready(ctx); err != nil {
				mu.Lock()
				errs = append(errs, fmt.Errorf("issuer %q: %w", iss, err))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Close closes the Providers NewIssuers made for discovered issuers
// (Discovery section 4); key
// sets and Providers given in Keys stay open. Close is idempotent.
func (m *Issuers) Close() error {
	m.close.Do(func() {
		for _, p := range m.owned {
			p.Close()
		}
	})
	return nil
}
