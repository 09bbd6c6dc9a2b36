package jwk

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
)

// RemoteSet is a JWK Set fetched over HTTP(S) from an identity provider
// and kept fresh. It is a jwt.KeySet, safe for concurrent use:
//
//   - the first verification (or Refresh) fetches the set; a background
//     goroutine fetches it again when it expires: after Cache-Control
//     max-age, bounded by the minimum and the refresh interval;
//   - a token whose "kid" is not in the set triggers a fetch (key
//     rotation), also right after the first fetch or a scheduled refresh:
//     the rate limit spaces these unknown-kid fetches from each other only,
//     at most one per rate-limit period, or one per tenth of it for a "kid"
//     three tokens carry (a rotation, whatever forged "kid"s come with it:
//     see WithRateLimit for what is guaranteed); concurrent misses share
//     one fetch, which sends Cache-Control: no-cache (RFC 9111 section
//     5.2.1.4);
//   - a failed fetch (network error, timeout, non-200 status, an oversized or
//     invalid body, a set with no usable key) keeps the last good set in
//     use, and is retried with backoff; with no set to serve yet, after one
//     second, doubling up to the rate-limit period; a Retry-After on a 429
//     or 503 (RFC 9110 section 10.2.3) is honoured, for at most the period;
//   - the caller's context (jwt.Verifier.ParseContext) bounds how long a
//     verification waits for a fetch; the fetch itself is bounded by the
//     fetch timeout and by Close;
//   - an HS* token is refused (jwt.ErrAlgorithmNotAllowed) before any
//     fetch: a secret served by a URL is published (RFC 7517 section 7),
//     so the set's "oct" keys never verify. Use a *Set for HMAC keys.
//
// Call Close to stop the background goroutine. Make one with NewRemoteSet
// (or a Provider): a zero or nil RemoteSet fetches nothing and starts no
// goroutine; its methods return an error matching ErrFetch and
// jwt.ErrInvalidKey, or an empty result, and Close returns nil.
type RemoteSet struct {
	url       string
	cfg       remoteConfig
	client    *http.Client
	ownClient bool

	cur atomic.Pointer[snapshot]

	fetcher // one fetch at a time, the gate, Ready, Close (fetcher.go); its mu guards:

	lastMiss time.Time // start of the latest fetch caused by an unknown "kid"
	nextAt   time.Time // when the background refresh is due: never before a server's Retry-After (publish)
	kids     kidTable  // unknown kids asked for since the latest fetch started; kids held back

	fetches atomic.Int64
	failed  atomic.Int64
	limited atomic.Int64  // unix nanoseconds of the latest rate-limited event
	kick    chan struct{} // a fetch finished: the refresher re-plans
}

// snapshot is one fetched set.
type snapshot struct {
	set       *Set
	fetchedAt time.Time
	expires   time.Time // fetchedAt plus the lifetime: stale afterwards
	dropAt    time.Time // with WithMaxStale: no longer served afterwards
	url       string    // the URL that served it (the failover's, maybe)
	etag      string    // that URL's ETag
}

// NewRemoteSet starts keeping the JWK Set at rawURL (https, or http on the
// loopback interface) fresh. It returns at once and fetches nothing yet: the
// first verification starts the first fetch and waits for it (call Refresh
// or Ready to fetch at startup instead); from then on refreshes run in the
// background. WithWellKnown is refused (ErrInvalidOption): it is for
// NewProvider and Discover. A URL with a non-ASCII host (write its
// A-label, RFC 5891 section 4.4) or an IPv6 zone identifier (RFC 6874) is
// ErrInvalidOption too, though peers accept it: JWK Set URLs are compared
// (Issuers), and such a host has more than one spelling.
func NewRemoteSet(rawURL string, opts ...RemoteOption) (*RemoteSet, error) {
	cfg, err := newRemoteConfig(opts)
	if err != nil {
		return nil, err
	}
	if cfg.wkSet {
		return nil, fmt.Errorf("%w: WithWellKnown is for NewProvider and Discover, not NewRemoteSet", ErrInvalidOption)
	}
	if err := checkKeySetURL(rawURL, cfg.allowInsecure); err != nil {
		return nil, err
	}
	if sameURL(cfg.failover, rawURL) {
		return nil, fmt.Errorf("%w: the failover URL is the URL itself", ErrInvalidOption)
	}
	client, own := cfg.httpClient()
	return newRemoteSet(rawURL, cfg, client, own), nil
}

// newRemoteSet starts a RemoteSet on a checked URL and configuration.
func newRemoteSet(rawURL string, cfg remoteConfig, client *http.Client, ownClient bool) *RemoteSet {
	r := &RemoteSet{url: rawURL, cfg: cfg, client: client, ownClient: ownClient, kick: make(chan struct{}, 1)}
	r.init(&r.cfg, "the JWK Set")
	r.nextAt = time.Now().Add(100 * 365 * 24 * time.Hour) // no background fetch before the first one
	r.wg.Add(1)
	go r.refresher()
	return r
}

// checkURL accepts https URLs, and http ones for loopback hosts or with
// WithInsecureHTTP; otherwise ErrInvalidOption.
func checkURL(rawURL string, allowInsecure bool) error {
	if problem := urlProblem(rawURL, allowInsecure); problem != "" {
		return fmt.Errorf("%w: %s", ErrInvalidOption, problem)
	}
	return nil
}

// urlProblem says why checkURL refuses rawURL, or "".
func urlProblem(rawURL string, allowInsecure bool) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return fmt.Sprintf("URL: %v", err)
	}
	if u.Host == "" {
		return fmt.Sprintf("URL %q has no host", rawURL)
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return ""
	case "http":
		if allowInsecure || isLoopback(u.Hostname()) {
			return ""
		}
		return fmt.Sprintf("URL %q is not https (see WithInsecureHTTP)", rawURL)
	}
	return fmt.Sprintf("URL scheme %q", u.Scheme)
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// VerificationKeys implements jwt.KeySet: it selects from the current set
// as Set.VerificationKeys does. When there is no set yet, or the token's
// "kid" is not in it, it fetches the set (or joins the fetch in progress)
// unless the rate limit forbids, waiting at most until ctx ends.
//
// The rate limit (WithRateLimit) spaces the fetches caused by unknown
// "kid"s from each other only: the first fetch, scheduled refreshes and
// Refresh do not count, so a key rotated in just after any of them is
// fetched at once; a "kid" that three tokens carry may fetch again a
// tenth of the period after the latest unknown-kid fetch, whatever other
// tokens do (WithRateLimit states the bounds). While no set can
// be served, a verification fetches again after a short backoff (one
// second, doubling up to the period). A server's Retry-After holds all of
// these back, for at most the period.
//
// An unknown "kid" whose fetch failed (or, rate-limited, after a failed
// fetch) is refused with an error matching both ErrKeyNotFound and
// ErrFetch, naming the failure. An HS* token is refused before any fetch
// (a secret served by a URL is published), and so is an ML-DSA token in a
// program built with Go 1.26 (no key could verify it; the error says Go
// 1.27 is needed).
func (r *RemoteSet) VerificationKeys(ctx context.Context, h *jwt.Header) ([]any, error) {
	if err := r.usable(); err != nil {
		return nil, err
	}
	if h == nil {
		return nil, fmt.Errorf("%w: nil header", ErrKeyNotFound)
	}
	if err := refuseBeforeFetch(h.Algorithm); err != nil {
		return nil, err
	}
	return r.keys(ctx, h)
}

// keys is VerificationKeys for a header its caller checked
// (refuseBeforeFetch): a Provider's, an Issuers set's.
func (r *RemoteSet) keys(ctx context.Context, h *jwt.Header) ([]any, error) {
	snap := r.live(r.cur.Load())
	if snap != nil && (h.KeyID == "" || snap.set.hasKeyID(h.KeyID)) {
		return snap.set.matchAvailable(h)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil { // no fetch for a caller that has gone
		return nil, fmt.Errorf("%w: %w", ErrFetch, err)
	}
	c, err := r.missFetch(h.KeyID)
	if err != nil {
		return nil, err
	}
	if c == nil { // rate-limited
		if snap = r.live(r.cur.Load()); snap != nil {
			r.noteRateLimited(ctx, h.KeyID)
			return nil, r.rateLimitedError(h.KeyID)
		}
		return nil, r.noSetError()
	}
	if err := r.wait(ctx, c); err != nil {
		return nil, err
	}
	if snap = r.live(r.cur.Load()); snap == nil {
		if old := r.cur.Load(); c.err != nil && old != nil {
			return nil, fmt.Errorf("%w: the JWK Set expired at %s and is past WithMaxStale (%v): %w",
				ErrFetch, old.expires.Format(time.RFC3339), r.cfg.maxStale, c.err)
		} else if c.err != nil {
			return nil, c.err
		}
		return nil, r.noSetError()
	}
	keys, err := snap.set.matchAvailable(h)
	if err != nil && c.err != nil {
		// The fetch for this kid failed: say so (issue 21 item 5), not
		// only that no key matched.
		return nil, fmt.Errorf("%w; fetching the JWK Set for it failed: %w", err, c.err)
	}
	return keys, err
}

// usable refuses a nil *RemoteSet or a zero value (its fetcher not made):
// every method that can fail says so, none panics, and none starts a
// goroutine.
func (r *RemoteSet) usable() error {
	if r == nil {
		return fmt.Errorf("%w: nil *RemoteSet: make one with NewRemoteSet", ErrFetch)
	}
	if !r.made() {
		return fmt.Errorf("%w: RemoteSet not made by NewRemoteSet (a zero value)", ErrFetch)
	}
	return nil
}

// rateLimitedError refuses an unknown kid the rate limit keeps from
// fetching; after a failed fetch it matches ErrFetch too.
func (r *RemoteSet) rateLimitedError(kid string) error {
	r.mu.Lock()
	last := r.lastErr
	r.mu.Unlock()
	err := fmt.Errorf("%w: kid %s is not in the JWK Set (refresh rate-limited)", ErrKeyNotFound, bounded.Quote(kid))
	if last != nil {
		return fmt.Errorf("%w; the latest fetch failed: %w", err, last)
	}
	return err
}

// noSetError is the error for a verification with no set to serve: none
// fetched yet, or the last one past WithMaxStale.
func (r *RemoteSet) noSetError() error {
	r.mu.Lock()
	last, snap := r.lastErr, r.cur.Load()
	next := r.gate.nextAllowed(r.lastStart, &r.cfg)
	r.mu.Unlock()
	if last == nil {
		last = errors.New("none failed")
	}
	if snap != nil {
		return fmt.Errorf("%w: the JWK Set fetched at %s expired at %s and is past WithMaxStale (%v); fetches fail (next %s; last: %w)",
			ErrFetch, snap.fetchedAt.Format(time.RFC3339), snap.expires.Format(time.RFC3339), r.cfg.maxStale,
			retryIn(next, time.Now()), last)
	}
	return fmt.Errorf("%w: no JWK Set yet (next fetch %s; last: %w)", ErrFetch, retryIn(next, time.Now()), last)
}

// missFetch is called when there is no set or kid is not in it. It returns
// finished when a fetch that ended meanwhile brought kid, the fetch in
// progress, or a new fetch when the rate limit allows; otherwise nil.
func (r *RemoteSet) missFetch(kid string) (*fetchCall, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	snap := r.live(r.cur.Load())
	if snap != nil && (kid == "" || snap.set.hasKeyID(kid)) {
		return finished, nil
	}
	if c, err := r.joinLocked(); c != nil || err != nil {
		return c, err
	}
	now := time.Now()
	if snap == nil {
		// No set yet (or none that may be served): the first fetch, or a
		// retry after failed ones, after the start-up backoff.
		if !r.gate.due(now, r.lastStart, &r.cfg) {
			return nil, nil
		}
		return r.startLocked(r.newJob(fetchWhy{})), nil
	}
	if r.gate.heldBack(now) { // Retry-After
		return nil, nil
	}
	// An unknown kid: rate-limited against earlier unknown-kid fetches
	// only; a kid several tokens carry (a rotation, not noise) sooner, a
	// tenth of the period apart whatever other kids did (remote_kids.go).
	why := fetchWhy{miss: true}
	if len(kid) <= maxRepeatedKid {
		why.kid, why.counted = r.kids.sum(kid), true
	}
	sinceMiss := now.Sub(r.lastMiss)
	switch {
	case r.lastMiss.IsZero() || sinceMiss >= r.cfg.rateLimit:
	case why.counted && r.kids.hit(why.kid, now) >= repeatedKidHits && sinceMiss >= r.cfg.rateLimit/repeatedKidPart:
	default:
		return nil, nil
	}
	c := r.startLocked(r.newJob(why))
	r.lastMiss = r.lastStart
	return c, nil
}

// Refresh fetches the set now (or joins the fetch in progress), ignoring
// the rate limit and any Retry-After (the caller asks), and waits for it
// until ctx ends. After a failure the last good set stays in use; a
// fetched set with no usable key is such a failure unless
// WithEmptySetReplaces.
func (r *RemoteSet) Refresh(ctx context.Context) error {
	if err := r.usable(); err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	c, err := r.refetch()
	if err != nil {
		return err
	}
	if err := r.wait(ctx, c); err != nil {
		return err
	}
	return c.err
}

// refetch returns the fetch in progress, or starts one, ignoring the rate
// limit; ErrClosed after Close.
func (r *RemoteSet) refetch() (*fetchCall, error) {
	return r.joinOrStart(r.refreshJob)
}

// refreshJob is a fetch no unknown kid asked for; r.mu is held.
func (r *RemoteSet) refreshJob() fetchJob { return r.newJob(fetchWhy{}) }

// Set returns the current set, or nil before the first successful fetch.
func (r *RemoteSet) Set() *Set {
	if r == nil {
		return nil
	}
	if s := r.cur.Load(); s != nil {
		return s.set
	}
	return nil
}

// RemoteStats describes a RemoteSet's fetching so far.
type RemoteStats struct {
	Fetches     int64     // fetches started
	Failures    int64     // fetches that failed (a failed primary URL and its failover count once)
	LastError   error     // error of the latest fetch, nil after a success
	FetchedAt   time.Time // when the current set was fetched (zero: none yet)
	Expires     time.Time // FetchedAt plus the set's lifetime; the set is stale afterwards
	NextRefresh time.Time // when the background refresh is due (ahead of Expires, see WithRefreshAhead)
	URL         string    // the URL that served the current set: the primary, or WithFailoverURL's
}

// Stats reports fetch counts and state, for monitoring.
func (r *RemoteSet) Stats() RemoteStats {
	if r == nil {
		return RemoteStats{}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	st := RemoteStats{Fetches: r.fetches.Load(), Failures: r.failed.Load(), LastError: r.lastErr, NextRefresh: r.nextAt}
	if s := r.cur.Load(); s != nil {
		st.FetchedAt, st.Expires, st.URL = s.fetchedAt, s.expires, s.url
	}
	return st
}

// Close stops the background goroutine and any fetch in progress, and
// waits for them. Afterwards the last set still answers for the "kid"s it
// holds, but nothing is fetched (ErrClosed). Close is idempotent; on a nil
// or zero RemoteSet it does nothing.
func (r *RemoteSet) Close() error {
	if r != nil && r.close(nil) && r.ownClient {
		r.client.CloseIdleConnections()
	}
	return nil
}

// fetchWhy is what started a fetch.
type fetchWhy struct {
	miss    bool   // an unknown kid: ask caches to revalidate
	kid     uint64 // that kid's hash (kidTable.sum): did the fetch bring it?
	counted bool   // kid is set
}

// setFetch is one fetch of the JWK Set: prev is the set held when it
// started (for If-None-Match, and kept if the new one has no usable key);
// why says what started it.
type setFetch struct {
	r     *RemoteSet
	prev  *snapshot
	why   fetchWhy
	start time.Time
	res   fetchResult
}

// newJob is a fetch for why; r.mu is held.
func (r *RemoteSet) newJob(why fetchWhy) fetchJob {
	r.kids.reset()
	r.fetches.Add(1)
	return &setFetch{r: r, prev: r.cur.Load(), why: why}
}

// fetch GETs the set. A 304 needs the set held: the one this fetch
// started with, as no other fetch runs meanwhile.
func (j *setFetch) fetch() error {
	j.start = time.Now()
	res, err := j.r.fetch(j.prev, j.why.miss)
	if err == nil && res.notModified {
		if j.prev != nil {
			res.set = j.prev.set
		} else {
			err = fmt.Errorf("%w: 304 Not Modified without a cached set", ErrFetch)
		}
	}
	j.res = res
	return err
}

// publish serves the fetched set, or plans the retry after a failure.
func (j *setFetch) publish(err error, now time.Time) (after func(), waiters error) {
	r, res, old := j.r, j.res, j.prev
	if err == nil {
		life := r.lifetime(res)
		snap := &snapshot{set: res.set, fetchedAt: now, expires: now.Add(life), url: res.url, etag: res.etag}
		if r.cfg.maxStale > 0 {
			snap.dropAt = snap.expires.Add(r.cfg.maxStale)
		}
		r.cur.Store(snap)
		r.nextAt = now.Add(life - r.refreshAhead(life))
	} else {
		r.failed.Add(1)
		delay := r.backoff()
		if r.liveAt(old, now) == nil { // nothing to serve: retry soon
			delay = r.gate.backgroundDelay(&r.cfg, delay)
		}
		r.nextAt = now.Add(delay)
		if r.gate.notBefore.After(r.nextAt) { // a server's Retry-After (RFC 9110 section 10.2.3): only run sets it, just before publish
			r.nextAt = r.gate.notBefore
		}
	}
	if j.why.counted && (err != nil || !r.kids.inSet(res.set, j.why.kid)) {
		// The kid's own fetch did not bring it: not counted for a while,
		// and no other kid's fetches wait for it.
		r.kids.hold(j.why.kid, now.Add(r.cfg.rateLimit/heldKidPart))
	}
	return func() {
		if r.cfg.observer != nil {
			r.observeOutcome(res, err, old, now, now.Sub(j.start))
		}
		select {
		case r.kick <- struct{}{}: // the refresher re-plans
		default:
		}
	}, err
}

// refreshAhead is how long before a set's expiry its background refresh
// starts: WithRefreshAhead, at most half the lifetime; by default a tenth
// of it.
func (r *RemoteSet) refreshAhead(life time.Duration) time.Duration {
	if r.cfg.aheadSet {
		return min(r.cfg.ahead, life/2)
	}
	return life / 10
}

// lifetime is how long a fetched set is used: max-age clamped to
// [minRefresh, refresh], or refresh when the server gave none.
func (r *RemoteSet) lifetime(res fetchResult) time.Duration {
	if !res.hasMaxAge {
		return r.cfg.refresh
	}
	return min(max(res.maxAge, r.cfg.minRefresh), r.cfg.refresh)
}

// backoff is the delay before retrying after r.gate.failures failures.
func (r *RemoteSet) backoff() time.Duration {
	return doubled(r.cfg.minRefresh, r.gate.failures, r.cfg.refresh)
}

// refresher fetches when the set is due, until Close.
func (r *RemoteSet) refresher() {
	defer r.wg.Done()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	r.plan(timer)
	for {
		select {
		case <-r.ctx.Done():
			return
		case <-r.kick:
		case <-timer.C:
			r.mu.Lock()
			if c, err := r.joinLocked(); c == nil && err == nil && !time.Now().Before(r.nextAt) {
				r.startLocked(r.newJob(fetchWhy{}))
			}
			r.mu.Unlock()
		}
		r.plan(timer)
	}
}

// plan arms timer for the next due refresh; while a fetch is in progress it
// waits for that fetch's kick instead.
func (r *RemoteSet) plan(timer *time.Timer) {
	r.mu.Lock()
	busy, due := r.flight != nil, r.nextAt
	r.mu.Unlock()
	if busy {
		timer.Stop()
		return
	}
	timer.Reset(max(time.Until(due), 0))
}

// refuseBeforeFetch refuses, before any fetch or discovery, a token no
// fetched key may verify: HS* (a secret served by a URL in the clear is
// published, so whoever can read the JWK Set could sign: RFC 7517 section
// 7, access to non-public key material "MUST be prevented"; this library
// reads no encrypted JWK Set), and ML-DSA in a program built with Go 1.26
// (algorithmUnavailable). It is checked once per lookup, where the lookup
// enters the fetched keys: RemoteSet.VerificationKeys, the Provider's
// lookups, and Issuers' for an issuer whose keys are fetched; what they
// call inside (RemoteSet.keys) does not check again.
func refuseBeforeFetch(alg string) error {
	if isHMAC(jwt.Algorithm(alg)) {
		return fmt.Errorf("%w: %w: %s: a remote JWK Set is public, its \"oct\" keys are never used", ErrKeyNotFound, jwt.ErrAlgorithmNotAllowed, bounded.Quote(alg))
	}
	return algorithmUnavailable(alg)
}
