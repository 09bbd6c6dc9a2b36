package jwk

import (
	"errors"
	"net/http"
	"time"
)

// startupRetry is the first delay before a verification fetches again
// while no JWK Set can be served (none fetched yet, or the last one past
// WithMaxStale); it doubles on each failure up to the rate-limit period.
// keyfunc users expect the first token after an outage to fetch again:
// one second keeps that true without a storm.
const startupRetry = time.Second

// retryGate holds what spaces the fetches no caller forces after failures,
// for a RemoteSet (its JWK Set) and a Provider (its discovery document):
// the count of failures in a row and a server's Retry-After. It is part of
// their fetch machine (fetcher), whose mutex guards it.
type retryGate struct {
	failures  int       // consecutive failed fetches; 0 after a success
	notBefore time.Time // Retry-After (RFC 9110 section 10.2.3), bounded by the rate limit
}

// succeeded records a successful fetch.
func (g *retryGate) succeeded() { *g = retryGate{} }

// failed records a failed fetch that ended at now: a 429 or 503 with
// Retry-After holds back the next fetch until then, for at most the
// rate-limit period.
func (g *retryGate) failed(err error, now time.Time, cfg *remoteConfig) {
	g.failures++
	g.notBefore = time.Time{}
	var se *statusError
	if errors.As(err, &se) && se.hasRetryAfter {
		g.notBefore = now.Add(min(se.retryAfter, cfg.rateLimit))
	}
}

// startupDelay is how long after the latest fetch started a verification
// waits before it fetches again while nothing can be served: the start-up
// retry, doubled per failure beyond the first, up to the rate-limit period.
func (g *retryGate) startupDelay(cfg *remoteConfig) time.Duration {
	return doubled(cfg.startupRetry, g.failures, cfg.rateLimit)
}

// backgroundDelay is the background's delay after a failure while nothing
// can be served: the start-up retry doubling, never more than the usual
// backoff (backoff).
func (g *retryGate) backgroundDelay(cfg *remoteConfig, backoff time.Duration) time.Duration {
	return doubled(cfg.startupRetry, g.failures, backoff)
}

// due reports whether a verification may start a fetch at now while
// nothing can be served, the latest fetch having started at last.
func (g *retryGate) due(now, last time.Time, cfg *remoteConfig) bool {
	if now.Before(g.notBefore) {
		return false
	}
	return last.IsZero() || g.failures == 0 || now.Sub(last) >= g.startupDelay(cfg)
}

// heldBack reports whether a Retry-After forbids a fetch at now.
func (g *retryGate) heldBack(now time.Time) bool { return now.Before(g.notBefore) }

// wait is how long a Ready loop waits before its next attempt: delay, or
// until Retry-After allows.
func (g *retryGate) wait(now time.Time, delay time.Duration) time.Duration {
	return max(delay, g.notBefore.Sub(now))
}

// nextAllowed is when a verification may fetch again while nothing can be
// served, for messages.
func (g *retryGate) nextAllowed(last time.Time, cfg *remoteConfig) time.Time {
	next := last.Add(g.startupDelay(cfg))
	if g.notBefore.After(next) {
		next = g.notBefore
	}
	return next
}

// doubled is first doubled for each failure beyond the first, capped.
func doubled(first time.Duration, failures int, limit time.Duration) time.Duration {
	d := first
	for i := 1; i < failures && d < limit; i++ {
		d *= 2
	}
	return min(d, limit)
}

// statusError is an answer other than 200 (or 304 to If-None-Match) to a
// request for a JWK Set or a discovery document. It matches ErrFetch and
// keeps a 429's or 503's Retry-After (RFC 9110 section 10.2.3; RFC 6585
// section 4).
type statusError struct {
	what          string // "" for a JWK Set, "discovery: " for the document
	status        string
	retryAfter    time.Duration
	hasRetryAfter bool
}

// newStatusError reads resp's status and, for 429 and 503, Retry-After.
func newStatusError(what string, resp *http.Response) *statusError {
	e := &statusError{what: what, status: resp.Status}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
		e.retryAfter, e.hasRetryAfter = retryAfter(resp.Header, time.Now())
	}
	return e
}

func (e *statusError) Error() string {
	msg := ErrFetch.Error() + ": " + e.what + "HTTP status " + e.status
	if e.hasRetryAfter {
		msg += " (Retry-After " + e.retryAfter.String() + ")"
	}
	return msg
}

func (e *statusError) Unwrap() error { return ErrFetch }

// retryIn formats how long until t, for messages.
func retryIn(t, now time.Time) string {
	d := t.Sub(now).Round(time.Millisecond)
	if d <= 0 {
		return "now"
	}
	return "in " + d.String()
}
