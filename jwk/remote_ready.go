package jwk

import "context"

// Ready waits until the set can serve keys: a JWK Set (RFC 7517 section
// 5) has been fetched and, with WithMaxStale, is not past the bound. Until
// then it fetches (joining any fetch in progress, ignoring the rate limit
// as Refresh does, but never before a server's Retry-After has passed,
// RFC 9110 section 10.2.3, at most the rate-limit period, whichever fetch
// got it) and, while fetches fail, fetches again after 250 ms, doubling up
// to WithMinRefreshInterval, or once the Retry-After has passed. It
// returns nil at once when the set is ready; ErrFetch (with the last
// fetch's error) when ctx ends first, without a fetch for a ctx already
// ended; ErrClosed after Close. A service can call it at start-up, bounded
// by a deadline, or from a readiness probe.
func (r *RemoteSet) Ready(ctx context.Context) error {
	if err := r.usable(); err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	return r.ready(ctx, r.serving, r.refreshJob)
}

// serving reports a set that may be served now.
func (r *RemoteSet) serving() bool { return r.live(r.cur.Load()) != nil }
