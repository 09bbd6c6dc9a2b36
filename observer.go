package jwt

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/sentinel"
)

// VerifyObserver is told the outcome of every verification a Verifier
// makes (WithObserver): for metrics and logs. It must be safe for
// concurrent use and return quickly; it runs on the verifying goroutine.
type VerifyObserver interface {
	ObserveVerify(ctx context.Context, e VerifyEvent)
}

// VerifyEvent is one verification's outcome. It never holds the token, its
// signature or any claim value but "iss": errors are reduced to their
// sentinel, since an error's text may quote claims.
type VerifyEvent struct {
	// Outcome is nil when the token was accepted, or the sentinel that names
	// why it was refused (ErrSignatureInvalid, ErrTokenExpired, ...; the
	// first it matches, the most specific first).
	Outcome error
	// Algorithm and KeyID are the header's "alg" and "kid" (RFC 7515
	// sections 4.1.1 and 4.1.4), when the header could be read; not
	// authenticated unless the signature verified.
	Algorithm, KeyID string
	// Issuer is "iss" (RFC 7519 section 4.1.1), only when the signature
	// verified.
	Issuer string
	// SignatureVerified reports whether the signature verified: on a
	// cache hit (Cache), when the token was first seen, with a key the key
	// source still gives.
	SignatureVerified bool
	// Duration is how long the verification took.
	Duration time.Duration
	// Cache is what WithCache's verified-token cache did for this
	// verification: CacheNotUsed without WithCache, for HS* tokens and for
	// a token refused before the lookup (its form, its header, its "alg"
	// refused by RFC 8725 section 3.1's rule); CacheHit
	// when the token was held and the key source still gives the key that
	// verified it, so the signature check was skipped; CacheMiss
	// otherwise, including a held token whose key the key source no longer
	// gives (or whose key lookup failed).
	Cache CacheResult
	// CacheEvicted is how many entries this verification removed from the
	// cache: its own token's entry found expired on lookup, the expired
	// entries among the oldest examined on its insertion, and those its
	// insertion evicted to stay within CacheConfig's bounds. An entry
	// dropped because the key source no longer gives its key is not
	// counted.
	CacheEvicted int
}

// CacheResult is what a verified-token cache (WithCache) did for one
// verification (VerifyEvent.Cache).
type CacheResult uint8

const (
	// CacheNotUsed: no lookup was made.
	CacheNotUsed CacheResult = iota
	// CacheMiss: the token was looked up and its signature checked.
	CacheMiss
	// CacheHit: the token was held, with a key the key source still
	// gives; its signature check was skipped (RFC 7515 section 5.2 step 8).
	CacheHit
)

// String returns "not used", "miss" or "hit".
func (r CacheResult) String() string {
	switch r {
	case CacheNotUsed:
		return "not used"
	case CacheMiss:
		return "miss"
	case CacheHit:
		return "hit"
	}
	return "CacheResult(" + strconv.Itoa(int(r)) + ")"
}

// progress is how far one verification got: what its VerifyEvent is
// built from, in one place (event).
type progress struct {
	header   *Header // the header, once read (not authenticated)
	verified bool    // the signature verified
	issuer   string  // the claims' "iss", copied once the strict pass passed them, before any decode
	cache    CacheResult
	evicted  int // entries the token's insertion into the cache evicted
}

// event is the VerifyEvent of a verification that got as far as p and
// returned err after d. Unverified header members are cut (bounded);
// "iss" is told only once the signature verified.
func (p *progress) event(err error, d time.Duration) VerifyEvent {
	e := VerifyEvent{Outcome: outcome(err), SignatureVerified: p.verified, Duration: d, Cache: p.cache, CacheEvicted: p.evicted}
	if p.header != nil {
		e.Algorithm, e.KeyID = bounded.String(p.header.Algorithm), bounded.String(p.header.KeyID)
	}
	if p.verified {
		e.Issuer = p.issuer
	}
	return e
}

// outcome is a VerifyEvent's Outcome for a verification's error.
func outcome(err error) error {
	if err == nil {
		return nil
	}
	for _, c := range sentinel.Ordered { // the most specific first
		if errors.Is(err, c.Err) {
			return c.Err
		}
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return ErrInvalidKey // a key fetch that did not finish
	}
	return ErrTokenInvalidClaims // a custom rule's own error
}
