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

	startupRetry  time.Duration // first retry delay while no set can be served (tests shorten it)
	emptyReplaces bool          // WithEmptySetReplaces

	refusals *failoverRefusals // an Issuers set's reasons not to use the failover URL now (issuers_failover.go)

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

		startupRetry: startupRetry,
		refusals:     new(failoverRefusals),
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
		if err := checkKeySetURL(cfg.failover, cfg.allowInsecure); err != nil {
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
// caused by tokens whose "kid" (RFC 7515 section 4.1.4) is not in the set
// (default DefaultRateLimit). It spaces those fetches from each other
// only: the first fetch, scheduled refreshes and Refresh do not count, so
// a key rotated in right after one of them is fetched for its first token.
// Within the period after an unknown-kid fetch, a "kid" still unknown
// fails at once with ErrKeyNotFound, unless three verifications asked for
// it since the latest fetch (a key rotated in, or a forged "kid" sent
// three times: before the fetch nothing tells them apart); such a "kid"
// may fetch once a tenth of the period has passed since the latest
// unknown-kid fetch. Whatever tokens arrive (every unverified "kid" is the
// sender's choice, RFC 8725 section 3.10), and unless a Retry-After holds
// fetches back:
//
//   - fetches caused by unknown "kid"s start at least a tenth of the
//     period apart: at most ten per period (one per 6 s by default), and
//     concurrent misses share one;
//   - tokens of a key the provider has published are accepted from the
//     first of them that arrives a tenth of the period after three of
//     them (plus that one fetch): a "kid"'s count never falls below its
//     verifications, however many forged "kid"s come, and a forged "kid"
//     whose fetch did not bring it spaces no other "kid"'s fetches (any
//     fetch after the publication brings the key, whoever's token made it);
//   - a "kid" whose own fetch did not bring it (forged, or sent before its
//     key was published) is not counted for a fifth of the period: a
//     rotated key whose "kid" was sent early is accepted within a fifth of
//     the period of its publication, plus three of its tokens and a fetch;
//     a forged "kid" repeated alone costs about a fetch per fifth of the
//     period, fresh forged "kid"s three times each one per tenth;
//   - a "kid" asked for once only never fetches within the period while at
//     most 256 unknown-kid verifications come between two fetches; past
//     that the count (128 "kid"s at once, as hashes) errs on fetching.
//
// While no set can be served (before the first successful fetch, or past
// WithMaxStale), verifications fetch again after a short backoff: one
// second after the latest fetch started, doubling on each failure up to
// the period. A Retry-After on a 429 or 503 answer (RFC 9110 section
// 10.2.3) holds back every fetch but Refresh until then, for at most the
// period.
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

// WithEmptySetReplaces serves a fetched JWK Set (RFC 7517 section 5) with
// no usable key (`{"keys":[]}`, or only keys of types or uses this package
// does not verify with) in place of the keys held: a provider that
// withdraws every key refuses every token at once. By default such a set
// is refused (ErrFetch, EventNoUsableKey) and the last good keys stay in
// use, as for a set whose every key is invalid: an empty set is how a
// broken deploy of the provider looks. A first fetch with no usable key is
// served either way (there are no good keys to keep): tokens get
// ErrKeyNotFound.
func WithEmptySetReplaces() RemoteOption {
	return func(c *remoteConfig) { c.emptyReplaces = true }
}

// WithMaxStale bounds how long the last good keys are served while fetches
// fail: past the set's lifetime (Cache-Control max-age clamped to the
// refresh bounds, or the refresh interval; RFC 9111 section 4.2) plus d, a
// verification gets ErrFetch instead of stale keys, until a fetch
// succeeds. d must be positive. Without it the last good keys are served
// for as long as the identity provider is down (the default, as before).
// EventStaleKeys reports each failed fetch while stale keys are served.
func WithMaxStale(d time.Duration) RemoteOption {
	return func(c *remoteConfig) {
		if positive(c, "max stale", d) {
			c.maxStale = d
		}
	}
}

// WithRefreshAhead starts the background refresh d before a set's lifetime
// (its freshness lifetime, RFC 9111 section 4.2.1, clamped) ends (at most half the lifetime before), so that a failed refresh is
// retried (WithMinRefreshInterval) while the keys are still fresh. The
// default is a tenth of the lifetime; 0 refreshes at expiry. d must not be
// negative.
func WithRefreshAhead(d time.Duration) RemoteOption {
	return func(c *remoteConfig) {
		if d < 0 {
			c.fail("refresh ahead must not be negative, got %v", d)
			return
		}
		c.ahead, c.aheadSet = d, true
	}
}

// WithFailoverURL fetches the JWK Set (RFC 7517 section 5) from rawURL
// when a fetch from the primary URL fails (network error, timeout, status, invalid set); the
// primary is tried first on every fetch. rawURL must pass the primary's
// rules (https, or http on the loopback interface or with
// WithInsecureHTTP; an ASCII host, no IPv6 zone) and differ from it. Each attempt has the whole fetch
// timeout.
func WithFailoverURL(rawURL string) RemoteOption {
	return func(c *remoteConfig) {
		if rawURL == "" {
			c.fail("empty failover URL")
			return
		}
		c.failover = rawURL
	}
}

// WithFetchObserver reports fetch events (FetchEvent: JWK Sets, RFC 7517
// section 5; discovery documents, Discovery section 4) to o. Without it no
// event is made: nothing is spent on observing.
func WithFetchObserver(o FetchObserver) RemoteOption {
	return func(c *remoteConfig) {
		if o == nil {
			c.fail("nil FetchObserver")
			return
		}
		c.observer = o
	}
}

// WithWellKnown chooses where NewProvider and Discover read the metadata
// (RFC 8615 well-known URIs):
// OpenIDConfiguration (the default) or OAuthAuthorizationServer. Any other
// value is ErrInvalidOption. NewRemoteSet refuses it.
func WithWellKnown(w WellKnown) RemoteOption {
	return func(c *remoteConfig) {
		if w != OpenIDConfiguration && w != OAuthAuthorizationServer {
			c.fail("unknown WellKnown %d", int(w))
			return
		}
		c.wellKnown, c.wkSet = w, true
	}
}
