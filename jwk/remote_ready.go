package jwk

import (
	"context"
	"fmt"
	"time"
)

// readyFirstRetry is Ready's first delay after a failed fetch; it doubles
// up to the minimum refresh interval.
const readyFirstRetry = 250 * time.Millisecond

// Ready waits until the set can serve keys: a JWK Set (RFC 7517 section
// 5) has been fetched and,
// with WithMaxStale, is not past the bound. Until then it fetches (joining
// any fetch in progress, ignoring the rate limit as Refresh does) and,
// while fetches fail, fetches again after 250 ms, doubling up to
// WithMinRefreshInterval, or later when the server's Retry-After asks (RFC
// 9110 section 10.2.3, at most the rate-limit period). It returns nil at
// once when the set is ready;
// ErrFetch (with the last fetch's error) when ctx ends first; ErrClosed
// after Close. A service can call it at start-up, bounded by a deadline, or
// from a readiness probe.
func (r *RemoteSet) Ready(ctx context.Context) error {
	if err := r.unusable(); err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	delay := readyFirstRetry
	for {
		if r.live(r.cur.Load()) != nil {
			return nil
		}
		c, err := r.joinOrStart()
		if err != nil {
			return err
		}
		select {
		case <-c.done:
		case <-ctx.Done():
			return r.notReady(ctx)
		}
		if c.err == nil {
			continue
		}
		r.mu.Lock()
		wait := r.gate.wait(time.Now(), delay) // a server's Retry-After
		r.mu.Unlock()
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return r.notReady(ctx)
		case <-r.ctx.Done():
			t.Stop()
			return ErrClosed
		}
		delay = min(2*delay, max(r.cfg.minRefresh, readyFirstRetry))
	}
}

// notReady is Ready's error when its context ends.
func (r *RemoteSet) notReady(ctx context.Context) error {
	r.mu.Lock()
	last := r.lastErr
	r.mu.Unlock()
	return fmt.Errorf("%w: not ready: %w (last fetch: %v)", ErrFetch, ctx.Err(), last)
}
