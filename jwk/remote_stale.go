package jwk

import (
	"time"
)

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

// live returns s unless WithMaxStale forbids serving it now.
func (r *RemoteSet) live(s *snapshot) *snapshot {
	if s == nil || r.cfg.maxStale == 0 {
		return s // unbounded: no clock read on the verification path
	}
	return r.liveAt(s, time.Now())
}

// liveAt returns s unless WithMaxStale forbids serving it at now.
func (r *RemoteSet) liveAt(s *snapshot, now time.Time) *snapshot {
	if s == nil || r.cfg.maxStale == 0 || now.Before(s.dropAt) {
		return s
	}
	return nil
}
