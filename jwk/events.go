package jwk

import (
	"context"
	"net/url"
	"time"

	"github.com/jotlib/jwt/internal/bounded"
)

// FetchObserver is told what the remote key sets (JWK Sets, RFC 7517
// section 5) and discoveries (OpenID Connect Discovery 1.0 section 4, RFC
// 8414 section 3) do (WithFetchObserver): for metrics and logs. It must be safe for
// concurrent use and return quickly; it runs on the fetching goroutine, or
// on the verifying one for EventRateLimited. NewSlogObserver gives one
// that logs.
type FetchObserver interface {
	ObserveFetch(ctx context.Context, e FetchEvent)
}

// FetchKind is what a FetchEvent reports: an outcome of fetching a JWK
// Set (RFC 7517 section 5) or a discovery document (Discovery section 4).
type FetchKind int

// The kinds of FetchEvent.
const (
	// EventFetched: a JWK Set (RFC 7517 section 5) or a discovery document
	// (OpenID Connect Discovery 1.0 section 4, RFC 8414 section 3) was
	// fetched and accepted.
	EventFetched FetchKind = iota + 1
	// EventNotModified: the JWK Set's URL answered 304 to If-None-Match
	// (RFC 9110 section 13.1.2); the set is kept, fresh again.
	EventNotModified
	// EventFetchFailed: one fetch attempt failed (network, timeout, a status
	// other than 200 (RFC 9110 section 15), body too large, invalid set);
	// Err says why. With WithFailoverURL each URL's failure is one event.
	EventFetchFailed
	// EventRateLimited: a token's "kid" (RFC 7515 section 4.1.4) is not in
	// the set and the rate limit (WithRateLimit) forbade a fetch. At most
	// one per rate-limit period.
	EventRateLimited
	// EventStaleKeys: a fetch failed after the set's lifetime (its freshness
	// lifetime, RFC 9111 section 4.2) ended, and the last good keys, Age
	// old, are still served (within WithMaxStale, if set).
	EventStaleKeys
	// EventDiscoveryRefused: a discovery document was read and refused: its
	// "issuer" is not exactly the one asked for (Discovery section 4.3,
	// RFC 8414 section 3.3), its "jwks_uri" is missing or not https, or it
	// is not a strict JSON object; or, in an Issuers set, an issuer is
	// refused because its document names a JWK Set URL another issuer
	// holds (RFC 8725 section 3.8: one event, for the issuer refused; Err
	// names both). Err says which.
	EventDiscoveryRefused
	// EventNoUsableKey: a fetched JWK Set holds no key a remote set
	// verifies with (`{"keys":[]}`, only unsupported types or curves, only
	// "oct" or encryption keys; RFC 7517 section 5). With Err set it was
	// refused and the last good keys are kept (the default); with Err nil
	// it is served (a first fetch, or WithEmptySetReplaces) and tokens get
	// ErrKeyNotFound. Keys and Skipped count the fetched set's keys.
	EventNoUsableKey
)

// String names the kind, for logs.
func (k FetchKind) String() string {
	switch k {
	case EventFetched:
		return "fetched"
	case EventNotModified:
		return "not modified"
	case EventFetchFailed:
		return "fetch failed"
	case EventRateLimited:
		return "rate limited"
	case EventStaleKeys:
		return "stale keys served"
	case EventDiscoveryRefused:
		return "discovery refused"
	case EventNoUsableKey:
		return "no usable key"
	}
	return "unknown"
}

// FetchEvent is one thing a remote key set or a discovery did. It never
// holds key material (RFC 7517 section 4's key members): counts, URLs, statuses and errors only (errors name
// keys by index and "kid", never by value).
type FetchEvent struct {
	Kind FetchKind
	// Discovery is true for the discovery document, false for a JWK Set.
	Discovery bool
	// Issuer is the issuer whose document or keys these are, when known (a
	// Provider's; empty for a RemoteSet made by NewRemoteSet).
	Issuer string
	// URL is the document's URL, with any user:password redacted.
	URL string
	// Status is the HTTP status received, or 0.
	Status int
	// Keys and Skipped count the keys of a fetched JWK Set, and those
	// ParseSet skipped (Set.Skipped).
	Keys, Skipped int
	// KeyID is the unknown "kid" of an EventRateLimited (from a token's
	// header, not authenticated), cut to 100 bytes (marked) as every
	// unverified value in an event or error is.
	KeyID string
	// Age is how old the served keys are, for EventStaleKeys.
	Age time.Duration
	// Duration is how long the fetch took.
	Duration time.Duration
	// Err is why a fetch failed or a document was refused.
	Err error
}

// observe hands e to the observer, naming the issuer; callers check that
// there is an observer before they build e.
func (r *RemoteSet) observe(ctx context.Context, e FetchEvent) {
	e.Issuer = r.cfg.issuer
	r.cfg.observer.ObserveFetch(ctx, e)
}

// observeOutcome reports a published fetch: fetched or not modified, or a
// failure that leaves stale keys served. old is the set held before it.
func (r *RemoteSet) observeOutcome(res fetchResult, err error, old *snapshot, now time.Time, took time.Duration) {
	switch {
	case err == nil && res.notModified:
		r.observe(r.ctx, FetchEvent{Kind: EventNotModified, URL: redactURL(res.url), Status: res.status,
			Keys: res.set.Len(), Duration: took})
	case err == nil:
		r.observe(r.ctx, FetchEvent{Kind: EventFetched, URL: redactURL(res.url), Status: res.status,
			Keys: res.set.Len(), Skipped: len(res.set.skipped), Duration: took})
		if res.set.remoteUsable() == 0 { // served all the same: say so
			r.observe(r.ctx, FetchEvent{Kind: EventNoUsableKey, URL: redactURL(res.url), Status: res.status,
				Keys: res.set.Len(), Skipped: len(res.set.skipped)})
		}
	case old != nil && now.After(old.expires) && r.liveAt(old, now) != nil:
		r.observe(r.ctx, FetchEvent{Kind: EventStaleKeys, URL: redactURL(old.url), Keys: old.set.Len(),
			Age: now.Sub(old.fetchedAt), Err: err})
	}
}

// noteRateLimited reports a rate-limited unknown kid, at most once per
// rate-limit period.
func (r *RemoteSet) noteRateLimited(ctx context.Context, kid string) {
	if r.cfg.observer == nil {
		return
	}
	now := time.Now().UnixNano()
	last := r.limited.Load()
	if last != 0 && time.Duration(now-last) < r.cfg.rateLimit || !r.limited.CompareAndSwap(last, now) {
		return
	}
	r.observe(ctx, FetchEvent{Kind: EventRateLimited, URL: redactURL(r.url), KeyID: bounded.String(kid)})
}

// redactURL hides a URL's password for events and errors.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Redacted()
}
