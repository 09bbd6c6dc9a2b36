package jwk

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jotlib/jwt"
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
// (RFC 8725 section 3.8), any other without a request, and only with the
// algorithms of Algorithms. The document is read once, at the first
// verification (shared by concurrent callers) or by Discover or Ready; a
// failed discovery is retried by a verification at most once per
// WithRateLimit period. Call Close to stop its key set.
type Provider struct {
	issuer    string
	docURL    string
	cfg       remoteConfig
	client    *http.Client
	ownClient bool

	cur atomic.Pointer[discovered]

	mu        sync.Mutex
	flight    *fetchCall
	lastStart time.Time
	lastErr   error
	closed    bool

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
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
	// Raw is the whole document, a strict JSON object, for other members.
	Raw []byte

	hasAlgs bool // id_token_signing_alg_values_supported is present
}

// NewProvider prepares discovery of issuer (an https URL without query or
// fragment; http on the loopback interface, or with WithInsecureHTTP). It
// fetches nothing: the first verification, Discover or Ready does. The
// options are RemoteSet's, plus WithWellKnown; those that fetch apply to
// the document too. A bad issuer or option is ErrInvalidOption.
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
	p.ctx, p.cancel = context.WithCancel(context.Background())
	return p, nil
}

// Discover is NewProvider followed by the discovery (OpenID Connect
// Discovery 1.0 section 4, or RFC 8414 section 3) and the first fetch of
// the JWK Set (RFC 7517 section 5), each tried once and bounded by ctx and the fetch timeout.
// Any failure closes the Provider and is returned: ErrFetch for a document
// or set that could not be fetched, ErrDiscoveryRefused (which also matches
// ErrFetch) for a document that was refused.
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
func (p *Provider) Issuer() string { return p.issuer }

// Metadata returns the discovered metadata (Discovery section 3, RFC 8414
// section 2); ok is false before discovery.
func (p *Provider) Metadata() (m ProviderMetadata, ok bool) {
	d := p.cur.Load()
	if d == nil {
		return ProviderMetadata{}, false
	}
	m = d.meta
	m.IDTokenSigningAlgValuesSupported = slices.Clone(m.IDTokenSigningAlgValuesSupported)
	m.Raw = slices.Clone(m.Raw)
	return m, true
}

// Algorithms returns the algorithms the Provider's tokens may use: those
// of "id_token_signing_alg_values_supported" this package verifies with
// published keys, never "none" or HS* (Discovery section 3); without that
// member (RFC 8414 metadata), every asymmetric algorithm this build
// supports. Nil before discovery (Discover, Ready). Pass them to
// jwt.WithAlgorithms to refuse other algorithms before any key lookup; the
// Provider refuses them anyway (jwt.ErrAlgorithmNotAllowed).
func (p *Provider) Algorithms() []jwt.Algorithm {
	if d := p.cur.Load(); d != nil {
		return slices.Clone(d.algs)
	}
	return nil
}

// KeySet returns the RemoteSet opened on "jwks_uri" (Discovery section 3,
// RFC 8414 section 2), or nil before discovery. It belongs to the Provider, which closes it.
func (p *Provider) KeySet() *RemoteSet {
	if d := p.cur.Load(); d != nil {
		return d.keys
	}
	return nil
}

// VerificationKeys implements jwt.KeySet: the keys of the JWK Set for the
// header's "kid" and "alg" (RFC 7515 sections 4.1.4 and 4.1.1;
// RemoteSet.VerificationKeys), after discovery if it has not run
// yet, for an "alg" among Algorithms only. It does not check "iss": a
// jwt.Verifier given the Provider calls IssuerVerificationKeys, which does.
func (p *Provider) VerificationKeys(ctx context.Context, h *jwt.Header) ([]any, error) {
	if p == nil || h == nil {
		return nil, fmt.Errorf("%w: nil provider or header", ErrKeyNotFound)
	}
	if err := refuseFetchedSecret(h.Algorithm); err != nil {
		return nil, err // before any discovery: Algorithms() never holds HS*
	}
	d, err := p.discover(ctx, false)
	if err != nil {
		return nil, err
	}
	if err := algorithmAllowed(h.Algorithm, d.algs); err != nil {
		return nil, err
	}
	return d.keys.VerificationKeys(ctx, h)
}

// IssuerVerificationKeys implements jwt.IssuerKeySet: for the Provider's
// own issuer (compared exactly, RFC 7519 section 4.1.1), VerificationKeys;
// any other issuer is refused, matching jwt.ErrInvalidIssuer and
// ErrKeyNotFound, without a request.
func (p *Provider) IssuerVerificationKeys(ctx context.Context, issuer string, h *jwt.Header) ([]any, error) {
	if p == nil || issuer != p.issuer {
		return nil, errIssuerNotConfigured(issuer)
	}
	return p.VerificationKeys(ctx, h)
}

// Close stops the key set (RemoteSet.Close) and any discovery in progress
// (Discovery section 4), and waits for them. Close is idempotent.
func (p *Provider) Close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	p.mu.Unlock()
	p.cancel()
	p.wg.Wait()
	if d := p.cur.Load(); d != nil {
		d.keys.Close()
	}
	if p.ownClient {
		p.client.CloseIdleConnections()
	}
	return nil
}

// errIssuerNotConfigured refuses an issuer no key set is configured for.
func errIssuerNotConfigured(issuer string) error {
	if len(issuer) > 100 {
		issuer = issuer[:100] + "..."
	}
	return fmt.Errorf("%w: %w: issuer %q is not configured", ErrKeyNotFound, jwt.ErrInvalidIssuer, issuer)
}
