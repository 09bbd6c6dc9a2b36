package jwk

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync/atomic"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
)

// Provider is an identity provider found by discovery: OpenID Connect
// Discovery 1.0 section 4 (the default) or RFC 8414 section 3
// (WithWellKnown). It reads the issuer's metadata document, refuses one
// whose "issuer" is not exactly the issuer asked for (Discovery section
// 4.3: "The issuer value returned MUST be identical to the Issuer URL that
// was used as the prefix to /.well-known/openid-configuration"; RFC 8414
// section 3.3) or whose "jwks_uri" is not https (http only when the
// issuer itself is http on the loopback interface, or with
// WithInsecureHTTP: never from https to http), and opens a RemoteSet on
// "jwks_uri" with the same options.
//
// A Provider is a jwt.IssuerKeySet, safe for concurrent use: given as the
// key of a jwt.Verifier, it accepts only tokens whose "iss" is its issuer
// (RFC 8725 section 3.8), any other without a request, with every
// algorithm the key's type fits (RFC 8725 section 3.1) but HS* (its keys
// are published, RFC 7517 section 7). It applies no algorithm list of its
// own: "id_token_signing_alg_values_supported" is for ID tokens only
// (IDTokenAlgorithms, which idtoken enforces, and logout for logout
// tokens, whose "alg" is validated as for ID tokens); state the algorithms of
// other tokens with jwt.WithAlgorithms.
//
// The document is read at the first verification (shared by concurrent
// callers) or by Discover or Ready; a failed discovery is retried by a
// verification 1 s after the latest attempt started, doubling per failure
// up to the WithRateLimit period (a 429 or 503 Retry-After holds it back,
// for at most that period). It is then re-read
// every WithRefreshInterval (the longest its key set goes without a
// refetch), with every rule of the first read: a document that moved
// "jwks_uri" is followed once the new set has been fetched; a re-read that
// fails or is refused keeps the current document and keys, and is retried
// after WithMinRefreshInterval, doubling up to WithRefreshInterval.
//
// A discovery document's "jwks_uri" may name any https host: a service
// that lets its tenants register issuers lets them make it fetch from
// inside its network. Give such a service a WithHTTPClient whose dialer
// refuses private and loopback addresses
// (ExampleWithHTTPClient_refusePrivateAddresses).
//
// Call Close to stop its background work (see NewProvider).
type Provider struct {
	issuer    string
	docURL    string
	cfg       remoteConfig
	client    *http.Client
	ownClient bool

	cur atomic.Pointer[discovered]

	fetcher // the first discovery: one at a time, the gate, Ready, Close (fetcher.go); its mu guards:

	reread   *time.Timer // the next re-read of the document, once discovered
	failures int         // consecutive failed re-reads
	watchers []*watcher  // told of each document before it is used (Issuers)
}

// discovered is what a successful discovery gives.
type discovered struct {
	meta ProviderMetadata
	keys *RemoteSet
	algs []jwt.Algorithm
}

// ProviderMetadata is the part of a discovery document a Provider uses
// (Discovery section 3, RFC 8414 section 2), and the document itself.
type ProviderMetadata struct {
	// Issuer is "issuer", identical to the issuer asked for.
	Issuer string
	// JWKSURI is "jwks_uri", the JWK Set's URL.
	JWKSURI string
	// IDTokenSigningAlgValuesSupported is
	// "id_token_signing_alg_values_supported" as listed (nil when absent).
	IDTokenSigningAlgValuesSupported []string

	// The endpoints, as the document gives them (empty when absent, null
	// or "": each is OPTIONAL, Discovery section 3). Each non-empty one
	// was checked as "jwks_uri" is (Discovery section 3: "This
	// URL MUST use the https scheme"; http only on the loopback interface
	// or with WithInsecureHTTP, never after an https document) and has no
	// fragment (RFC 6749 sections 3.1 and 3.2); a document with a bad one
	// is refused whole (ErrDiscoveryRefused). None is required: a
	// component that needs one and finds it empty says so itself.

	// AuthorizationEndpoint is "authorization_endpoint" (Discovery section
	// 3; RFC 8414 section 2; RFC 6749 section 3.1).
	AuthorizationEndpoint string
	// TokenEndpoint is "token_endpoint" (Discovery section 3; RFC 8414
	// section 2; RFC 6749 section 3.2).
	TokenEndpoint string
	// UserInfoEndpoint is "userinfo_endpoint" (Discovery section 3; OpenID
	// Connect Core 1.0 section 5.3), which package userinfo uses.
	UserInfoEndpoint string
	// EndSessionEndpoint is "end_session_endpoint" (OpenID Connect
	// RP-Initiated Logout 1.0 section 2.1).
	EndSessionEndpoint string
	// RevocationEndpoint is "revocation_endpoint" (RFC 8414 section 2; RFC
	// 7009).
	RevocationEndpoint string
	// IntrospectionEndpoint is "introspection_endpoint" (RFC 8414 section
	// 2; RFC 7662).
	IntrospectionEndpoint string

	// Raw is the whole document, a strict JSON object, for other members.
	Raw []byte

	hasAlgs bool // id_token_signing_alg_values_supported is present
}

// NewProvider prepares discovery of issuer (an https URL without query or
// fragment; http on the loopback interface, or with WithInsecureHTTP). It
// fetches nothing and starts no goroutine: the first verification,
// Discover or Ready does. The options are RemoteSet's, plus WithWellKnown;
// those that fetch apply to the document too. A bad issuer or option is
// ErrInvalidOption.
//
// Lifetime: once discovered, a Provider keeps background work until Close
// (its key set's refresher goroutine, and a timer re-reading the document,
// Discovery section 4): a Provider that is never closed keeps them for the
// life of the program. No context given to a verification, Discover or
// Ready ends it; each bounds only its own wait. Close it when done, e.g.
// with context.AfterFunc(ctx, func() { p.Close() }) to tie it to a ctx.
func NewProvider(issuer string, opts ...RemoteOption) (*Provider, error) {
	cfg, err := newRemoteConfig(opts)
	if err != nil {
		return nil, err
	}
	u, err := checkIssuer(issuer, cfg.allowInsecure)
	if err != nil {
		return nil, err
	}
	cfg.issuer = issuer
	p := &Provider{issuer: issuer, docURL: metadataURL(u, issuer, cfg.wellKnown), cfg: cfg}
	p.client, p.ownClient = cfg.httpClient()
	p.init(&p.cfg, fmt.Sprintf("the discovery of %q", issuer))
	return p, nil
}

// Discover is NewProvider followed by the discovery (OpenID Connect
// Discovery 1.0 section 4, or RFC 8414 section 3) and the first fetch of
// the JWK Set (RFC 7517 section 5), each tried once and bounded by ctx and the fetch timeout.
// Any failure closes the Provider and is returned: ErrFetch for a document
// or set that could not be fetched, ErrDiscoveryRefused (which also matches
// ErrFetch) for a document that was refused. ctx bounds this first
// discovery and fetch only: the Provider returned keeps its background
// work until Close (see NewProvider).
func Discover(ctx context.Context, issuer string, opts ...RemoteOption) (*Provider, error) {
	p, err := NewProvider(issuer, opts...)
	if err != nil {
		return nil, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	d, err := p.discover(ctx, true)
	if err == nil {
		err = d.keys.Refresh(ctx)
	}
	if err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// Issuer returns the issuer identifier (Discovery section 3 "issuer", RFC
// 8414 section 2), as given.
func (p *Provider) Issuer() string {
	if p == nil {
		return ""
	}
	return p.issuer
}

// Metadata returns the discovered metadata (Discovery section 3, RFC 8414
// section 2); ok is false before discovery.
func (p *Provider) Metadata() (m ProviderMetadata, ok bool) {
	if p == nil {
		return ProviderMetadata{}, false
	}
	d := p.cur.Load()
	if d == nil {
		return ProviderMetadata{}, false
	}
	m = d.meta
	m.IDTokenSigningAlgValuesSupported = slices.Clone(m.IDTokenSigningAlgValuesSupported)
	m.Raw = slices.Clone(m.Raw)
	return m, true
}

// IDTokenAlgorithms returns the algorithms the issuer's ID tokens may use:
// those of "id_token_signing_alg_values_supported" (Discovery section 3:
// "the JWS signing algorithms (alg values) supported by the OP for the ID
// Token") this package verifies with published keys, in this package's
// order; never "none" or HS*. It is empty before discovery (NewProvider
// discovers at the first verification: call it after one, or after Discover
// or Ready) and when the document has no such member (RFC 8414 metadata):
// nil then. A member that names none of these gives an empty, non-nil list
// (the document is kept for every other token): no ID token of this issuer
// can be verified with its published keys, and idtoken refuses them all.
//
// The list is for ID tokens only: idtoken enforces it (and logout, as
// Back-Channel Logout 1.0 section 2.6 step 3 validates a logout token's
// "alg" "in the same way it is validated for ID Tokens"). The Provider does
// not apply it to other tokens, and RFC 8414 defines no list for access
// tokens (RFC 9068): give a resource server the algorithms its access
// tokens use with jwt.WithAlgorithms, not this list.
func (p *Provider) IDTokenAlgorithms() []jwt.Algorithm {
	if p == nil {
		return nil
	}
	if d := p.cur.Load(); d != nil {
		return slices.Clone(d.algs)
	}
	return nil
}

// KeySet returns the RemoteSet opened on "jwks_uri" (Discovery section 3,
// RFC 8414 section 2), or nil before discovery. It belongs to the Provider,
// which closes it: when a re-read document moves "jwks_uri", a new one
// replaces it and the old one is closed.
func (p *Provider) KeySet() *RemoteSet {
	if p == nil {
		return nil
	}
	if d := p.cur.Load(); d != nil {
		return d.keys
	}
	return nil
}

// VerificationKeys implements jwt.KeySet: the keys of the JWK Set for the
// header's "kid" and "alg" (RFC 7515 sections 4.1.4 and 4.1.1;
// RemoteSet.VerificationKeys), after discovery if it has not run yet. HS*
// is refused before any discovery (jwt.ErrAlgorithmNotAllowed: a fetched
// secret is published, RFC 7517 section 7), as is ML-DSA in a program
// built with Go 1.26 (no key could verify it); any other "alg" the key's
// type fits is accepted (no list applies, see IDTokenAlgorithms). It does
// not check "iss": a jwt.Verifier given the Provider calls
// IssuerVerificationKeys, which does.
func (p *Provider) VerificationKeys(ctx context.Context, h *jwt.Header) ([]any, error) {
	if err := p.usable(); err != nil {
		return nil, err
	}
	return p.keys(ctx, h)
}

// keys is VerificationKeys for a usable Provider: the header is checked
// before any discovery (refuseBeforeFetch), not again by the key set.
func (p *Provider) keys(ctx context.Context, h *jwt.Header) ([]any, error) {
	if h == nil {
		return nil, fmt.Errorf("%w: nil header", ErrKeyNotFound)
	}
	if err := refuseBeforeFetch(h.Algorithm); err != nil {
		return nil, err
	}
	d, err := p.discover(ctx, false)
	if err != nil {
		return nil, err
	}
	return d.keys.keys(ctx, h)
}

// IssuerVerificationKeys implements jwt.IssuerKeySet: for the Provider's
// own issuer (compared exactly, RFC 7519 section 4.1.1), VerificationKeys;
// any other issuer is refused, matching jwt.ErrInvalidIssuer and
// ErrKeyNotFound, without a request.
func (p *Provider) IssuerVerificationKeys(ctx context.Context, issuer string, h *jwt.Header) ([]any, error) {
	if err := p.usable(); err != nil {
		return nil, err
	}
	if issuer != p.issuer {
		return nil, errIssuerNotConfigured(issuer)
	}
	return p.keys(ctx, h)
}

// Close stops the key set (RemoteSet.Close), the document's re-reads and
// any discovery in progress (Discovery section 4), and waits for them.
// Close is idempotent; on a zero or nil Provider it does nothing.
func (p *Provider) Close() error {
	if p == nil || !p.close(p.stopReread) {
		return nil
	}
	if d := p.cur.Load(); d != nil {
		d.keys.Close()
	}
	if p.ownClient {
		p.client.CloseIdleConnections()
	}
	return nil
}

// usable refuses a nil Provider or one not made by NewProvider or
// Discover (issue 20 item 6: never a panic, no goroutine).
func (p *Provider) usable() error {
	switch {
	case p == nil:
		return fmt.Errorf("%w: nil *Provider: make one with jwk.NewProvider or jwk.Discover", ErrKeyNotFound)
	case !p.made():
		return fmt.Errorf("%w: Provider not made by NewProvider or Discover (a zero Provider has no issuer)", ErrKeyNotFound)
	}
	return nil
}

// errIssuerNotConfigured refuses an issuer no key set is configured for.
func errIssuerNotConfigured(issuer string) error {
	return fmt.Errorf("%w: %w: issuer %s is not configured", ErrKeyNotFound, jwt.ErrInvalidIssuer, bounded.Quote(issuer))
}
