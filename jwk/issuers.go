package jwk

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
)

// IssuerConfig is one issuer of an Issuers set and where its keys come
// from.
type IssuerConfig struct {
	// Issuer is the "iss" value of the issuer's tokens, compared exactly
	// (RFC 7519 section 4.1.1: a case-sensitive string).
	Issuer string
	// Keys are the issuer's own keys: a *Set, a *RemoteSet, a *Provider
	// (whose Issuer must be Issuer), an *Issuers with Issuer (its entry's
	// URLs are compared with this set's), or any other jwt.KeySet of the
	// caller's. Whatever they are, they are asked only for tokens whose
	// "iss" is Issuer (RFC 8725 section 3.8); a jwt.IssuerKeySet is asked
	// through IssuerVerificationKeys, with Issuer. They stay the caller's:
	// Close leaves them open. Nil: the issuer is discovered (NewProvider
	// with NewIssuers' options, then Options) at its first verification,
	// and the Provider is closed by Close.
	Keys jwt.KeySet
	// Options are this issuer's discovery options, after NewIssuers' own;
	// only when Keys is nil.
	Options []RemoteOption
	// Algorithms, when not empty, are the only "alg" values accepted for
	// every token of this issuer, checked before any key is looked up:
	// the place to state the algorithms of its access tokens (RFC 9068),
	// for which no metadata gives a list (RFC 8414). A discovered issuer's
	// "id_token_signing_alg_values_supported" is not applied here: it is
	// for ID tokens (Issuers.IDTokenAlgorithms, enforced by idtoken and
	// logout). HS*
	// not for keys this package fetches from a URL (a RemoteSet, a
	// discovered issuer, a nested *Issuers' entry holding either): they are
	// public.
	Algorithms []jwt.Algorithm
}

// Issuers is a jwt.IssuerKeySet over configured issuers, each verified
// with its own keys only (RFC 8725 section 3.8): given as the key of a
// jwt.Verifier, a token's "iss", the one claim read before the signature,
// chooses the issuer, and only that issuer's keys are tried. An issuer
// that is not configured is refused (matching jwt.ErrInvalidIssuer)
// without any network traffic: issuers come from configuration, never from
// tokens. Discovered issuers are discovered at their first verification,
// once for all concurrent callers.
//
// One JWK Set URL (compared after RFC 3986 section 6.2.2 normalisation)
// never serves two issuers, and one tenant's discovery document cannot take
// another issuer offline: each URL has one holder, and only an issuer that
// newly names a held URL is refused. A URL configured explicitly (a
// RemoteSet's URL in Keys, a WithFailoverURL) is held by the issuer whose
// config names it (the same URL in two configs is refused by NewIssuers).
// A discovered "jwks_uri" held by no one is held by the issuer whose
// document names it first; issuers discovered at once (Ready, or the
// discovery of every issuer before a failover URL is first used) rank by
// the order of the configs given to NewIssuers, earlier first: list
// long-standing tenants first, and call Ready at start-up, for outside
// such a batch the first discovered holds. Every other issuer whose
// document (first read or re-read) names a held URL is refused
// (ErrDiscoveryRefused naming both issuers, and an EventDiscoveryRefused
// for it) until its document names a set of its own; a holder whose
// re-read document names another URL frees its old one. A failover URL
// that another issuer's document names is never used by the issuer whose
// config names it (its keys may be the other issuer's): that issuer fails
// over no more, and keys fetched from it before are not used for its
// tokens. When the configuration has a failover URL and discovers issuers,
// the first verification of an issuer with a failover URL waits for the
// discovery of the issuers not yet discovered (bounded by its context). A
// nested *Issuers in Keys is compared by its entry for the issuer (its
// URLs, its discovered "jwks_uri"), as if configured here.
//
// URL comparison guards against misconfiguration and confused tenants,
// not against a server that redirects to another issuer's set or serves
// a copy of its JWK Set, which no comparison of URLs can see. IP literals
// compare in their one form (RFC 5952 section 4); JWK Set URLs with a
// non-ASCII host or an IPv6 zone are refused where they are made (see
// NewRemoteSet). Issuers is safe for concurrent use.
type Issuers struct {
	byIssuer map[string]*issuerEntry // nil: not made by NewIssuers
	order    []*issuerEntry          // the configs' order
	owned    []*Provider
	observer FetchObserver // NewIssuers' WithFetchObserver
	urls     urlOwners
	sweep    sweep
	unwatch  []func()
	close    sync.Once

	ctx    context.Context
	cancel context.CancelFunc
}

// issuerEntry is one configured issuer: its key set, or its Provider.
type issuerEntry struct {
	issuer   string
	keys     jwt.KeySet // nil with provider
	provider *Provider
	algs     []jwt.Algorithm
	// source is the entry whose URLs and discovery are this issuer's: e
	// itself, or a nested *Issuers' entry for the issuer (followed to the
	// end).
	source *issuerEntry

	refused         atomic.Pointer[error] // its document names a JWK Set URL another issuer holds
	failoverRefused atomic.Pointer[error] // another issuer's document names its failover URL
}

// fetched reports keys this package fetches from a URL (a RemoteSet's, a
// Provider's, a nested *Issuers' entry holding either): public, so never
// HS*.
func (e *issuerEntry) fetched() bool {
	_, remote := e.source.keys.(*RemoteSet)
	return remote || e.source.provider != nil
}

// NewIssuers makes the set of configs (RFC 8725 section 3.8: each issuer
// verified with its own keys); opts are the discovery options
// shared by every issuer whose Keys is nil. It makes no request and starts
// no goroutine; the Providers it makes for discovered issuers start theirs
// when discovered and keep them until Close (see NewProvider): an Issuers
// that is never closed keeps them for the life of the program.
//
// An empty or repeated Issuer, a nil Keys pointer or one not made by its
// constructor, the same Keys for two issuers, a JWK Set URL or
// WithFailoverURL of two issuers (such as a failover URL in opts with two
// issuers discovered; RFC 3986 section 6.2.2 spellings of one URL are one
// URL), a Provider of another issuer, an *Issuers without Issuer, Options
// beside Keys, an unknown algorithm, HS* for keys fetched from a URL, or
// opts with no issuer to discover is ErrInvalidOption.
func NewIssuers(configs []IssuerConfig, opts ...RemoteOption) (*Issuers, error) {
	if len(configs) == 0 {
		return nil, fmt.Errorf("%w: no issuer configured", ErrInvalidOption)
	}
	cfg, err := newRemoteConfig(opts)
	if err != nil {
		return nil, err
	}
	m := &Issuers{byIssuer: make(map[string]*issuerEntry, len(configs)), observer: cfg.observer}
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.urls.init()
	discovering := false
	shared := make(map[jwt.KeySet]string, len(configs))
	for i, c := range configs {
		e, err := m.entry(c, opts)
		if err == nil && c.Keys != nil && reflect.ValueOf(c.Keys).Comparable() {
			if other, dup := shared[c.Keys]; dup {
				err = fmt.Errorf("%w: the same keys as issuer %q: each issuer's keys are its own", ErrInvalidOption, other)
			}
			shared[c.Keys] = c.Issuer
		}
		if err == nil {
			// A failover URL (shared by every discovered issuer, or naming
			// another issuer's set) would serve one issuer's keys for another.
			err = m.urls.configure(c.Issuer, i, e.setURLs())
		}
		if err != nil {
			m.Close()
			return nil, fmt.Errorf("issuer %d (%q): %w", i, c.Issuer, err)
		}
		discovering = discovering || c.Keys == nil
		m.byIssuer[c.Issuer] = e
		m.order = append(m.order, e)
	}
	if len(opts) > 0 && !discovering {
		m.Close()
		return nil, fmt.Errorf("%w: discovery options, but no issuer is discovered", ErrInvalidOption)
	}
	m.watchProviders()
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
	e := &issuerEntry{issuer: c.Issuer, algs: slices.Clone(c.Algorithms)}
	e.source = e
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
		switch {
		case k == nil:
			return nil, fmt.Errorf("%w: nil *RemoteSet", ErrInvalidOption)
		case !k.made():
			return nil, fmt.Errorf("%w: a RemoteSet not made by NewRemoteSet", ErrInvalidOption)
		}
		e.keys = k
	case *Provider:
		switch {
		case k == nil:
			return nil, fmt.Errorf("%w: nil *Provider", ErrInvalidOption)
		case !k.made():
			return nil, fmt.Errorf("%w: a Provider not made by NewProvider or Discover", ErrInvalidOption)
		case k.Issuer() != c.Issuer:
			return nil, fmt.Errorf("%w: a *Provider of another issuer (%q)", ErrInvalidOption, k.Issuer())
		}
		e.provider = k
	case *Issuers:
		switch {
		case k == nil:
			return nil, fmt.Errorf("%w: nil *Issuers", ErrInvalidOption)
		case k.byIssuer == nil:
			return nil, fmt.Errorf("%w: an Issuers not made by NewIssuers", ErrInvalidOption)
		case k.byIssuer[c.Issuer] == nil:
			return nil, fmt.Errorf("%w: an *Issuers without this issuer: it would refuse every token", ErrInvalidOption)
		}
		e.keys = k
		e.source = k.byIssuer[c.Issuer].source // its URLs are compared here too
	default:
		if v := reflect.ValueOf(k); nilable(v.Kind()) && v.IsNil() {
			return nil, fmt.Errorf("%w: Keys is a nil %T", ErrInvalidOption, k)
		}
		e.keys = k
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

// nilable reports a kind whose zero value is nil.
func nilable(k reflect.Kind) bool {
	switch k {
	case reflect.Pointer, reflect.Func, reflect.Map, reflect.Slice, reflect.Chan, reflect.Interface, reflect.UnsafePointer:
		return true
	}
	return false
}

// setURLs are the JWK Set URLs the entry is configured with: a RemoteSet's
// URL and failover URL, a Provider's failover URL (its "jwks_uri" is known
// only once discovered); for a nested *Issuers, its entry's.
func (e *issuerEntry) setURLs() []configuredURL {
	var out []configuredURL
	e = e.source
	failover := ""
	if r, ok := e.keys.(*RemoteSet); ok {
		out = append(out, configuredURL{url: r.setURL()})
		failover = r.failoverURL()
	}
	if e.provider != nil {
		failover = e.provider.failoverURL()
	}
	if failover != "" {
		out = append(out, configuredURL{url: failover, failover: true})
	}
	return out
}

// IssuerVerificationKeys implements jwt.IssuerKeySet: the keys of issuer
// for the header, from that issuer's key set only. An issuer not
// configured is refused at once, matching jwt.ErrInvalidIssuer and
// ErrKeyNotFound; an "alg" outside the issuer's IssuerConfig.Algorithms,
// or HS* for keys fetched from a URL, matching jwt.ErrAlgorithmNotAllowed
// and ErrKeyNotFound; an issuer whose discovery document names a JWK Set
// URL another issuer holds, ErrDiscoveryRefused naming both (RFC 8725
// section 3.8), as are an issuer's keys fetched from a failover URL that
// another issuer's document names.
func (m *Issuers) IssuerVerificationKeys(ctx context.Context, issuer string, h *jwt.Header) ([]any, error) {
	if err := m.usable(); err != nil {
		return nil, err
	}
	if h == nil {
		return nil, fmt.Errorf("%w: nil header", ErrKeyNotFound)
	}
	e := m.byIssuer[issuer]
	if e == nil {
		return nil, errIssuerNotConfigured(issuer)
	}
	if err := e.algorithmAllowed(h.Algorithm); err != nil {
		return nil, err
	}
	if e.fetched() { // the fetched keys' rule, here before any discovery; not checked again below
		if err := refuseBeforeFetch(h.Algorithm); err != nil {
			return nil, err
		}
	}
	if len(m.urls.failovers[issuer]) > 0 {
		// Its failover URL is compared with every discovered jwks_uri.
		if err := m.sweep.wait(ctx); err != nil {
			return nil, err
		}
	}
	var d *discovered
	if p := e.source.provider; p != nil {
		// Its document's jwks_uri is compared before any key is used (a
		// nested Issuers' discovered issuer too).
		var err error
		if d, err = p.discover(ctx, false); err != nil {
			return nil, err
		}
		if err := m.urls.waitBatch(ctx, issuer); err != nil {
			return nil, err
		}
	}
	if err := e.refused.Load(); err != nil {
		return nil, *err
	}
	lookup := func() ([]any, error) {
		switch k := e.keys.(type) {
		case nil:
			return d.keySet().keys(ctx, h)
		case *RemoteSet:
			return k.keys(ctx, h)
		case jwt.IssuerKeySet:
			return k.IssuerVerificationKeys(ctx, issuer, h)
		default:
			return k.VerificationKeys(ctx, h)
		}
	}
	if refusal := e.failoverRefusal(); refusal != nil {
		if r := e.source.failoverRemote(d); r != nil {
			return keysNotFromRefusedFailover(r, lookup, refusal)
		}
	}
	return lookup()
}

// algorithmAllowed checks a header's "alg" against the issuer's
// IssuerConfig.Algorithms, when given (RFC 8725 section 3.1).
func (e *issuerEntry) algorithmAllowed(alg string) error {
	if len(e.algs) == 0 || slices.Contains(e.algs, jwt.Algorithm(alg)) {
		return nil
	}
	return fmt.Errorf("%w: %w: %s is not in IssuerConfig.Algorithms %v of issuer %q: add it there to accept it",
		ErrKeyNotFound, jwt.ErrAlgorithmNotAllowed, bounded.Quote(alg), e.algs, e.issuer)
}

// IDTokenAlgorithms returns the ID-token algorithms of issuer (OpenID
// Connect Discovery 1.0 section 3 "id_token_signing_alg_values_supported",
// Provider.IDTokenAlgorithms) when its keys are discovered: empty before
// its discovery (at its first verification, or Ready), for an issuer not
// configured, and for keys given in IssuerConfig.Keys other than a
// *Provider. idtoken enforces it for ID tokens, and logout for logout
// tokens (Back-Channel Logout 1.0 section 2.6 step 3: as for ID tokens);
// no other token is held to it.
func (m *Issuers) IDTokenAlgorithms(issuer string) []jwt.Algorithm {
	if m == nil {
		return nil
	}
	if e := m.byIssuer[issuer]; e != nil && e.provider != nil {
		return e.provider.IDTokenAlgorithms()
	}
	return nil
}

// errNoIssuer refuses a lookup without an issuer.
var errNoIssuer = fmt.Errorf("%w: %w: an Issuers set chooses keys by the token's issuer: use it as the key of a jwt.Verifier or jwt.Parse",
	ErrKeyNotFound, jwt.ErrInvalidIssuer)

// VerificationKeys implements jwt.KeySet by refusing: without the token's
// issuer (RFC 7519 section 4.1.1) no key may be chosen (RFC 8725 section
// 3.8) (keys of all issuers are never pooled). A
// jwt.Verifier given an Issuers calls IssuerVerificationKeys instead.
func (m *Issuers) VerificationKeys(context.Context, *jwt.Header) ([]any, error) {
	if err := m.usable(); err != nil {
		return nil, err
	}
	return nil, errNoIssuer
}

// Issuers returns the configured issuers ("iss" values, RFC 7519 section
// 4.1.1), sorted; none for a zero or nil Issuers.
func (m *Issuers) Issuers() []string {
	if m == nil || len(m.byIssuer) == 0 {
		return nil
	}
	out := make([]string, 0, len(m.byIssuer))
	for iss := range m.byIssuer {
		out = append(out, iss)
	}
	sort.Strings(out)
	return out
}

// usable refuses a nil Issuers or one not made by NewIssuers (issue 20
// item 6: never a panic).
func (m *Issuers) usable() error {
	switch {
	case m == nil:
		return fmt.Errorf("%w: nil *Issuers: make one with jwk.NewIssuers", ErrKeyNotFound)
	case m.byIssuer == nil:
		return fmt.Errorf("%w: Issuers not made by NewIssuers (a zero Issuers has no issuer)", ErrKeyNotFound)
	}
	return nil
}

// Close closes the Providers NewIssuers made for discovered issuers
// (Discovery section 4); key sets and Providers given in Keys stay open.
// Close is idempotent; on a zero or nil Issuers it does nothing.
func (m *Issuers) Close() error {
	if m == nil {
		return nil
	}
	m.close.Do(func() {
		if m.cancel != nil {
			m.cancel()
		}
		for _, remove := range m.unwatch {
			remove()
		}
		for _, p := range m.owned {
			p.Close()
		}
	})
	return nil
}
