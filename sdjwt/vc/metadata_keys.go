package vc

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/jwk"
)

// Defaults of MetadataConfig: the bounds of each retrieval
// (draft-ietf-oauth-sd-jwt-vc section 3: "time-bound and size-bound") and
// of the freshness the HTTP caching model gives a document (RFC 9111
// section 4.2).
const (
	DefaultMetadataMaxBodySize     = 64 << 10
	DefaultMetadataFetchTimeout    = 10 * time.Second
	DefaultMetadataRefreshInterval = time.Hour
	DefaultMetadataMinRefresh      = time.Minute
	DefaultMetadataMaxStale        = 24 * time.Hour
	firstRetry                     = time.Second
)

// MetadataConfig configures IssuerMetadataKeys. Zero durations and sizes
// take the defaults above; negative ones are ErrInvalidOption.
type MetadataConfig struct {
	// Issuers are the "iss" values whose JWT VC Issuer Metadata may be
	// fetched, compared exactly (case-sensitive, RFC 7519 section 4.1.1).
	// Each must be an https URL that MetadataURL accepts. Required: a
	// credential's "iss" is untrusted input (draft-ietf-oauth-sd-jwt-vc
	// section 7.1), so an issuer not listed here is refused without any
	// request.
	Issuers []string
	// AllowInternalAddresses lets fetches connect to addresses that are not
	// globally reachable (loopback, private-use, link-local, ...; RFC 6890).
	// By default they are refused (section 7.1), for the metadata URL,
	// every redirect target, and "jwks_uri" and its redirects. Set it for
	// tests, for issuers inside your network, or when the client given
	// already guards its connections (e.g. through a filtering proxy).
	AllowInternalAddresses bool
	// MaxBodySize bounds a metadata document (section 3: size-bound
	// retrieval), and a JWK Set fetched from "jwks_uri".
	MaxBodySize int64
	// FetchTimeout bounds one retrieval (section 3: time-bound retrieval).
	FetchTimeout time.Duration
	// RefreshInterval is how long a document without Cache-Control
	// freshness is used, and the most any is (RFC 9111 section 4.2).
	RefreshInterval time.Duration
	// MinRefreshInterval is the least a document is used before it is
	// fetched again (also for "no-cache" and "max-age=0"), and the longest
	// wait between retries of a failed fetch.
	MinRefreshInterval time.Duration
	// MaxStale is how long past its freshness a document is still used
	// while every new fetch fails; after that verification fails with the
	// fetch's error.
	MaxStale time.Duration
}

// MetadataKeys is the Issuer key discovery of draft-ietf-oauth-sd-jwt-vc
// section 2.5 and 4, opt-in: a jwt.IssuerKeySet whose keys for an
// allowed "iss" are those of its JWT VC Issuer Metadata, "jwks" by value
// or "jwks_uri" through a jwk.RemoteSet. Given as the key of a
// jwt.Verifier (or of the VC Verifier), it is asked with the token's
// unverified "iss"; only issuers in MetadataConfig.Issuers are ever
// fetched for, and once the signature verifies the core requires the
// claims' "iss" to be that issuer. HS* tokens are refused
// (jwt.ErrAlgorithmNotAllowed): published keys never verify a MAC
// (RFC 7517 section 7). It is safe for concurrent use; concurrent
// verifications of one issuer share one fetch. Call Close when done.
type MetadataKeys struct {
	client  *http.Client
	cfg     MetadataConfig
	entries map[string]*metadataEntry
	order   []string

	mu     sync.Mutex
	closed bool
}

type metadataEntry struct {
	iss string

	mu       sync.Mutex
	meta     *Metadata
	keys     jwt.KeySet
	remote   *jwk.RemoteSet
	fresh    time.Time // used without fetching until then
	stale    time.Time // used while fetches fail until then
	nextTry  time.Time // no fetch before then after a failure
	backoff  time.Duration
	lastErr  error
	inflight chan struct{}
}

// IssuerMetadataKeys makes the key source of draft-ietf-oauth-sd-jwt-vc
// section 4 for the issuers of cfg, fetching with client (nil: a private
// client). It fetches nothing yet: the first verification of each issuer
// does. Unless cfg.AllowInternalAddresses, every connection must reach a
// globally reachable address (section 7.1). A nil client, or a client
// with a nil Transport (http.DefaultTransport's settings without its
// environment proxy), checks each address before connecting, so an open
// and a closed internal port are refused alike. A client's
// *http.Transport is copied with its dialling wrapped, the deprecated
// Dial and DialTLS included (kept, never replaced): a literal IP address
// is checked before its dialer runs, any other connection once made,
// before a byte is sent. A Transport of another type, one that uses a
// proxy, and a nil Transport when the application replaced
// http.DefaultTransport by another type, are ErrInvalidOption. Redirects: at
// most 3, https only, before client's own CheckRedirect, for the metadata
// document and for "jwks_uri" alike.
func IssuerMetadataKeys(client *http.Client, cfg MetadataConfig) (*MetadataKeys, error) {
	if len(cfg.Issuers) == 0 {
		return nil, fmt.Errorf("%w: MetadataConfig.Issuers is empty: list the issuers whose metadata may be fetched (draft-ietf-oauth-sd-jwt-vc section 7.1)", ErrInvalidOption)
	}
	if cfg.MaxBodySize < 0 || cfg.FetchTimeout < 0 || cfg.RefreshInterval < 0 || cfg.MinRefreshInterval < 0 || cfg.MaxStale < 0 {
		return nil, fmt.Errorf("%w: a negative MetadataConfig size or duration", ErrInvalidOption)
	}
	cfg.MaxBodySize = orDefault(cfg.MaxBodySize, DefaultMetadataMaxBodySize)
	cfg.FetchTimeout = orDefault(cfg.FetchTimeout, DefaultMetadataFetchTimeout)
	cfg.RefreshInterval = orDefault(cfg.RefreshInterval, DefaultMetadataRefreshInterval)
	cfg.MinRefreshInterval = orDefault(cfg.MinRefreshInterval, DefaultMetadataMinRefresh)
	cfg.MaxStale = orDefault(cfg.MaxStale, DefaultMetadataMaxStale)
	if cfg.MinRefreshInterval > cfg.RefreshInterval {
		return nil, fmt.Errorf("%w: MinRefreshInterval %v is over RefreshInterval %v", ErrInvalidOption, cfg.MinRefreshInterval, cfg.RefreshInterval)
	}
	guarded, err := guardedClient(client, cfg.AllowInternalAddresses)
	if err != nil {
		return nil, err
	}
	m := &MetadataKeys{client: guarded, cfg: cfg, entries: make(map[string]*metadataEntry, len(cfg.Issuers))}
	for _, iss := range cfg.Issuers {
		if err := checkIssuerURL(iss); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrInvalidOption, err)
		}
		if _, dup := m.entries[iss]; dup {
			return nil, fmt.Errorf("%w: issuer %s listed twice", ErrInvalidOption, bounded.Quote(iss))
		}
		m.entries[iss] = &metadataEntry{iss: iss}
		m.order = append(m.order, iss)
	}
	m.cfg.Issuers = append([]string(nil), m.order...)
	return m, nil
}

func orDefault[T int64 | time.Duration](v, def T) T {
	if v == 0 {
		return def
	}
	return v
}

// Issuers lists the allowed issuers, in the order configured.
func (m *MetadataKeys) Issuers() []string {
	if m == nil {
		return nil
	}
	return append([]string(nil), m.order...)
}

// VerificationKeys refuses: the keys depend on the issuer, so the
// Verifier must ask IssuerVerificationKeys (it does, for a
// jwt.IssuerKeySet). ErrIssuerNotAllowed.
func (m *MetadataKeys) VerificationKeys(context.Context, *jwt.Header) ([]any, error) {
	return nil, fmt.Errorf("%w: MetadataKeys serves keys per issuer only (jwt.IssuerKeySet)", ErrIssuerNotAllowed)
}

// IssuerVerificationKeys gives the keys of iss's JWT VC Issuer Metadata
// (section 4) for header h, fetching or refreshing the document first when
// needed. An iss not configured is ErrIssuerNotAllowed, without a request;
// an HS* "alg" is jwt.ErrAlgorithmNotAllowed; a document that cannot be
// fetched is ErrMetadata, one that is refused ErrMetadataRefused.
func (m *MetadataKeys) IssuerVerificationKeys(ctx context.Context, iss string, h *jwt.Header) ([]any, error) {
	if m == nil || m.entries == nil {
		return nil, fmt.Errorf("%w: nil or zero MetadataKeys (use IssuerMetadataKeys)", ErrIssuerNotAllowed)
	}
	e, ok := m.entries[iss]
	if !ok {
		return nil, fmt.Errorf("%w: %s is not one of the configured issuers", ErrIssuerNotAllowed, bounded.Quote(iss))
	}
	if h == nil {
		return nil, fmt.Errorf("%w: nil header", jwt.ErrTokenMalformed)
	}
	if strings.HasPrefix(h.Algorithm, "HS") {
		return nil, fmt.Errorf("%w: %s with keys published in JWT VC Issuer Metadata (RFC 7517 section 7)", jwt.ErrAlgorithmNotAllowed, bounded.Quote(h.Algorithm))
	}
	ks, err := m.keySet(ctx, e)
	if err != nil {
		return nil, err
	}
	return ks.VerificationKeys(ctx, h)
}

// Metadata gives iss's current JWT VC Issuer Metadata, fetching it when
// needed, with the errors of IssuerVerificationKeys.
func (m *MetadataKeys) Metadata(ctx context.Context, iss string) (Metadata, error) {
	if m == nil || m.entries == nil {
		return Metadata{}, fmt.Errorf("%w: nil or zero MetadataKeys (use IssuerMetadataKeys)", ErrIssuerNotAllowed)
	}
	e, ok := m.entries[iss]
	if !ok {
		return Metadata{}, fmt.Errorf("%w: %s is not one of the configured issuers", ErrIssuerNotAllowed, bounded.Quote(iss))
	}
	if _, err := m.keySet(ctx, e); err != nil {
		return Metadata{}, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return *e.meta, nil
}

// Close stops the JWK Sets opened for "jwks_uri"; later verifications fail
// with ErrMetadata. A nil MetadataKeys' Close returns nil.
func (m *MetadataKeys) Close() error {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
	for _, e := range m.entries {
		e.mu.Lock()
		if e.remote != nil {
			e.remote.Close()
		}
		e.mu.Unlock()
	}
	return nil
}

func (m *MetadataKeys) isClosed() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.closed
}

// keySet returns e's key set, fetching the document when it is not fresh.
// One fetch runs at a time per issuer, detached from any caller's context
// (bounded by FetchTimeout); each caller waits for it at most as long as
// its ctx allows.
func (m *MetadataKeys) keySet(ctx context.Context, e *metadataEntry) (jwt.KeySet, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	for {
		if m.isClosed() {
			return nil, fmt.Errorf("%w: MetadataKeys closed", ErrMetadata)
		}
		e.mu.Lock()
		now := time.Now()
		switch {
		case e.keys != nil && now.Before(e.fresh):
			ks := e.keys
			e.mu.Unlock()
			return ks, nil
		case e.inflight == nil && now.Before(e.nextTry):
			ks, err := e.keys, e.lastErr
			usable := ks != nil && now.Before(e.stale)
			e.mu.Unlock()
			if usable {
				return ks, nil
			}
			return nil, err
		}
		ch := e.inflight
		if ch == nil {
			ch = make(chan struct{})
			e.inflight = ch
			go m.refresh(context.WithoutCancel(ctx), e, ch)
		}
		e.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, fmt.Errorf("%w: waiting for the metadata of %s: %v", ErrMetadata, bounded.Quote(e.iss), ctx.Err())
		}
		e.mu.Lock()
		now = time.Now()
		if e.keys != nil && (now.Before(e.fresh) || now.Before(e.stale)) {
			ks := e.keys
			e.mu.Unlock()
			return ks, nil
		}
		err := e.lastErr
		e.mu.Unlock()
		if err != nil {
			return nil, err
		}
	}
}

// refresh fetches e's document and installs it, or records the failure.
func (m *MetadataKeys) refresh(ctx context.Context, e *metadataEntry, done chan struct{}) {
	defer close(done)
	f, err := fetchMetadata(ctx, m.client, e.iss, m.cfg.MaxBodySize, m.cfg.FetchTimeout)
	var ks jwt.KeySet
	var remote *jwk.RemoteSet
	if err == nil {
		e.mu.Lock()
		same := e.remote != nil && e.meta != nil && e.meta.JWKSURI == f.meta.JWKSURI
		e.mu.Unlock()
		switch {
		case f.meta.JWKS != nil:
			ks = f.meta.JWKS
		case same:
			remote = nil // keep the current one
		default:
			remote, err = jwk.NewRemoteSet(f.meta.JWKSURI, jwk.WithHTTPClient(limitRedirects(m.client)),
				jwk.WithFetchTimeout(m.cfg.FetchTimeout), jwk.WithMaxBodySize(m.cfg.MaxBodySize))
			if err != nil {
				err = fmt.Errorf("%w: \"jwks_uri\": %v", ErrMetadataRefused, err)
			}
			ks = remote
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	now := time.Now()
	e.inflight = nil
	if err != nil {
		e.lastErr = err
		e.backoff = min(max(e.backoff*2, firstRetry), m.cfg.MinRefreshInterval)
		e.nextTry = now.Add(e.backoff)
		return
	}
	if ks == nil { // same jwks_uri as before
		ks = e.remote
	} else {
		if e.remote != nil && e.remote != remote {
			e.remote.Close()
		}
		e.remote = remote
	}
	if m.isClosed() && e.remote != nil {
		e.remote.Close()
	}
	life := m.cfg.RefreshInterval
	if f.hasLifetime {
		life = min(max(f.maxAge, m.cfg.MinRefreshInterval), m.cfg.RefreshInterval)
	}
	meta := f.meta
	e.meta, e.keys, e.lastErr, e.backoff = &meta, ks, nil, 0
	e.fresh = now.Add(life)
	e.stale = e.fresh.Add(m.cfg.MaxStale)
	e.nextTry = e.fresh
}
