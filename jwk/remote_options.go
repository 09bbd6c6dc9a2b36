package jwk

import (
	"fmt"
	"net/http"
	"time"
)

// Defaults of a RemoteSet.
const (
	DefaultFetchTimeout       = 10 * time.Second
	DefaultMaxBodySize        = 1 << 20
	DefaultRefreshInterval    = time.Hour
	DefaultMinRefreshInterval = time.Minute
	DefaultRateLimit          = time.Minute
)

// RemoteOption configures a RemoteSet, and a Provider: for a Provider the
// options that fetch (client, timeout, body size, http) apply to the
// discovery document too, and all of them to the key set it opens.
type RemoteOption func(*remoteConfig)

type remoteConfig struct {
	client        *http.Client
	timeout       time.Duration
	maxBody       int64
	refresh       time.Duration
	minRefresh    time.Duration
	rateLimit     time.Duration
	allowInsecure bool

	maxStale  time.Duration // how long past its lifetime a set is served; 0: unbounded
	ahead     time.Duration // with aheadSet: how long before expiry to refresh
	aheadSet  bool
	failover  string
	observer  FetchObserver
	wellKnown WellKnown
	wkSet     bool   // WithWellKnown was given: NewProvider and Discover only
	issuer    string // set by a Provider: its key set's events name the issuer

	err error
}

// newRemoteConfig applies opts over the defaults and checks what needs
// them all (the failover URL, whose check depends on WithInsecureHTTP).
func newRemoteConfig(opts []RemoteOption) (remoteConfig, error) {
	cfg := remoteConfig{
		timeout:    DefaultFetchTimeout,
		maxBody:    DefaultMaxBodySize,
		refresh:    DefaultRefreshInterval,
		minRefresh: DefaultMinRefreshInterval,
		rateLimit:  DefaultRateLimit,
	}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	if cfg.err != nil {
		return cfg, cfg.err
	}
	if cfg.minRefresh > cfg.refresh {
		cfg.minRefresh = cfg.refresh
	}
	if cfg.failover != "" {
		if err := checkURL(cfg.failover, cfg.allowInsecure); err != nil {
			return cfg, fmt.Errorf("WithFailoverURL: %w", err)
		}
	}
	return cfg, nil
}

// httpClient is the client fetches use: the caller's (WithHTTPClient) or a
// private one (own), with the redirect rule either way.
func (c *remoteConfig) httpClient() (client *http.Client, own bool) {
	client = c.client
	if client == nil {
		client = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
		own = true
	}
	return withRedirectPolicy(client, c.allowInsecure), own
}

func (c *remoteConfig) fail(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%w: "+format, append([]any{ErrInvalidOption}, args...)...)
	}
}

func positive(c *remoteConfig, name string, d time.Duration) bool {
	if d <= 0 {
		c.fail("%s must be positive, got %v", name, d)
		return false
	}
	return true
}

// WithHTTPClient fetches with client instead of a private client. Its
// Timeout, if any, applies on top of WithFetchTimeout; Close leaves it open.
// The redirect rule holds for it too: a redirect must go to a URL
// NewRemoteSet would accept and never from https to http, before client's
// own CheckRedirect is asked. The set fetches with a shallow copy of client
// that checks both; client itself is not changed.
func WithHTTPClient(client *http.Client) RemoteOption {
	return func(c *remoteConfig) {
		if client == nil {
			c.fail("nil http.Client")
			return
		}
		c.client = client
	}
}

// WithFetchTimeout bounds one whole fetch, from connecting to reading the
// last byte (default DefaultFetchTimeout).
func WithFetchTimeout(d time.Duration) RemoteOption {
	return func(c *remoteConfig) {
		if positive(c, "fetch timeout", d) {
			c.timeout = d
		}
	}
}

// WithMaxBodySize caps the JWK Set document in bytes (default
// DefaultMaxBodySize); a larger body fails the fetch with ErrBodyTooLarge.
func WithMaxBodySize(n int64) RemoteOption {
	return func(c *remoteConfig) {
		if n <= 0 {
			c.fail("max body size must be positive, got %d", n)
			return
		}
		c.maxBody = n
	}
}

// WithRefreshInterval sets how long a fetched set is used before it is
// fetched again in the background (default DefaultRefreshInterval). It is
// also the upper bound on a server's Cache-Control max-age.
func WithRefreshInterval(d time.Duration) RemoteOption {
	return func(c *remoteConfig) {
		if positive(c, "refresh interval", d) {
			c.refresh = d
		}
	}
}

// WithMinRefreshInterval sets the lower bound on a server's Cache-Control
// max-age (no-cache and no-store count as zero) and the first retry delay
// after a failed fetch, which doubles on each further failure up to the
// refresh interval (default DefaultMinRefreshInterval).
func WithMinRefreshInterval(d time.Duration) RemoteOption {
	return func(c *remoteConfig) {
		if positive(c, "minimum refresh interval", d) {
			c.minRefresh = d
		}
	}
}

// WithRateLimit sets the shortest time between the starts of two fetches
// caused by tokens whose "kid" is not in the set (default
// DefaultRateLimit). It spaces those fetches from each other only: the
// first fetch, scheduled refreshes and Refresh do not count, so a key
// rotated in right after one of them is fetched for its first token.
// Within the period after an unknown-kid fetch, tokens with a "kid" still
// unknown fail at once with ErrKeyNotFound; concurrent misses always share
// one fetch. Before the first successful fetch, verifications start a
// fetch at most once per period after the latest fetch of any kind.
func WithRateLimit(d time.Duration) RemoteOption {
	return func(c *remoteConfig) {
		if positive(c, "rate limit", d) {
			c.rateLimit = d
		}
	}
}

// WithInsecureHTTP allows a plain http:// URL for a host other than the
// loopback interface. Keys fetched without TLS can be forged on the way;
// use it only on a trusted network.
func WithInsecureHTTP() RemoteOption {
	return func(c *remoteConfig) { c.allowInsecure = true }
}
