package jwt

import (
	"fmt"
	"slices"
	"time"

	"github.com/jotlib/jwt/internal/signing"
)

// Defaults of CacheConfig's zero fields.
const (
	// DefaultCacheMaxEntries is CacheConfig.MaxEntries when zero.
	DefaultCacheMaxEntries = 10_000
	// DefaultCacheMaxBytes is CacheConfig.MaxBytes when zero: 16 MiB.
	DefaultCacheMaxBytes = 16 << 20
	// DefaultCacheMaxTokenSize is CacheConfig.MaxTokenSize when zero:
	// 16 KiB (an ML-DSA-87 token is about 6.5 KB), or MaxBytes less
	// CacheEntryOverhead when that is smaller.
	DefaultCacheMaxTokenSize = 16 << 10
	// DefaultCacheMaxAge is CacheConfig.MaxAge when zero.
	DefaultCacheMaxAge = 5 * time.Minute
	// CacheEntryOverhead is what each cached token counts towards
	// MaxBytes besides its own length.
	CacheEntryOverhead = 128
)

// CacheConfig bounds a Verifier's verified-token cache (WithCache). A zero
// field takes its default (DefaultCacheMaxEntries, DefaultCacheMaxBytes,
// DefaultCacheMaxTokenSize, DefaultCacheMaxAge).
//
// The bounds hold for the whole cache: it is split into shards, each with
// an equal share of MaxEntries and MaxBytes, so a shard may evict before
// the cache as a whole is full.
type CacheConfig struct {
	// MaxEntries is the most tokens held at once.
	MaxEntries int
	// MaxBytes is the most bytes held at once: each token's length plus
	// CacheEntryOverhead.
	MaxBytes int
	// MaxTokenSize is the longest token cached; longer tokens are verified
	// every time. At most MaxBytes less CacheEntryOverhead.
	MaxTokenSize int
	// MaxAge is the longest an entry lives, whatever the token's "exp".
	MaxAge time.Duration
}

// WithCache gives a Verifier a verified-token cache: a token presented
// again, byte for byte, skips its signature check (RFC 7515 section 5.2
// step 8: the base64url decoding of the signature and the cryptography)
// and nothing else. Verify side only, and for a Verifier that lives
// (NewVerifier, the accesstoken and idtoken profiles, and what is built on
// them, such as jwthttp): the one-shot Parse, ParseWithClaims and ParseAs
// refuse it with ErrInvalidOption, since a cache that lives for one token
// can never be hit. Negative fields, a MaxTokenSize over MaxBytes less
// CacheEntryOverhead and a MaxBytes that holds no token are
// ErrInvalidOption, and so, at NewVerifier, is every cache that could
// never hold a token: a MaxTokenSize (or MaxBytes less CacheEntryOverhead)
// below 111, the shortest compact JWS of a cached algorithm (RFC 7515
// section 7.1: '{"alg":"EdDSA"}', claims '{}' and a 64-byte signature), a
// static HMAC secret, or WithAlgorithms naming only HS* (any key source),
// since HS* tokens are never cached.
//
// What is cached: a token, keyed by the whole token string, whose
// signature verified and whose claims passed the strict pass, with the key
// that verified it, whatever the claim rules then say (they run again on
// every hit): a signed token that the rules refuse every time (another
// "iss" or "aud", a wrong "typ") is held like any other and takes a place
// that a token accepted could use. An entry is used until the token's
// "exp" or MaxAge from its insertion, whichever comes first (MaxAge
// without "exp"), on the Verifier's clock (WithTimeFunc), and only while
// the key source gives its key; a token already expired is not cached. An
// entry is never used past "exp", MaxAge or its key, and is removed when
// its token is next seen, when it is among the two oldest entries of its
// shard examined on an insertion (those expired are removed), or by
// eviction: an expired entry whose token is never seen again may stay in
// memory, within the bounds, until then.
// Not cached: a token whose signature did not verify or whose claims are
// malformed, a token longer than MaxTokenSize, and HS* tokens: they are
// verified every time, since an HMAC costs too little to pay for the cache
// (measured on a 350-byte token: the HMAC with its signature decoding
// 0.48 µs, a lookup 0.13 µs, so a hit would save about a tenth of an
// HS256 parse and a miss, paying the lookup and the insertion, would cost
// about as much, more than the 5% a miss may cost).
//
// On a hit the rest of the flow runs as on a miss, in the same order
// (RFC 8725 section 3.1's "alg" rule, the key lookup, the strict pass,
// every claim rule against the current clock, the "typ" rule, Validate
// and WithValidator, the decode into the caller's value), so a hit and a
// miss never differ in verdict, error or claims. In particular the key
// source is asked for the token's keys on every hit: when the key that
// verified the token is no longer among them (removed from its set,
// rotated out, a KeyFunc now returning another key), the entry is dropped
// and the signature checked again. A key made anew from the same material
// (a KeyFunc returning a fresh *rsa.PublicKey equal to the old) counts as
// the same key.
//
// The cache is safe for concurrent use: sharded by a hash of the token,
// each shard under its own lock; eviction is first-in first-out within a
// shard, at a constant cost per insertion. The token is hashed once per
// verification (a seeded hash/maphash), which picks its shard and its
// place there; an entry is used only when its whole token equals the one
// presented, and two tokens with one hash take turns in that place (a
// collision costs a miss and counts as an eviction, never a wrong hit). WithObserver's VerifyEvent
// reports each verification's Cache result and the entries it removed
// (CacheEvicted: evicted to keep the bounds, or found expired). The "alg"
// rule (RFC 8725 section 3.1) is decided before the lookup: a token whose
// algorithm is refused is never looked up (CacheNotUsed).
func WithCache(c CacheConfig) Option {
	return func(cfg *config) {
		if !cfg.use("WithCache", verifySide) {
			return
		}
		resolved, why := c.resolve()
		if why != "" {
			cfg.fail("WithCache: %s", why)
			return
		}
		cfg.cache = &resolved
	}
}

// resolve fills c's zero fields with the defaults and checks it: why is
// non-empty when no cache could be made of it.
func (c CacheConfig) resolve() (CacheConfig, string) {
	switch {
	case c.MaxEntries < 0:
		return c, "negative MaxEntries"
	case c.MaxBytes < 0:
		return c, "negative MaxBytes"
	case c.MaxTokenSize < 0:
		return c, "negative MaxTokenSize"
	case c.MaxAge < 0:
		return c, "negative MaxAge"
	}
	if c.MaxEntries == 0 {
		c.MaxEntries = DefaultCacheMaxEntries
	}
	if c.MaxBytes == 0 {
		c.MaxBytes = DefaultCacheMaxBytes
	}
	if c.MaxAge == 0 {
		c.MaxAge = DefaultCacheMaxAge
	}
	room := c.MaxBytes - CacheEntryOverhead
	if room <= 0 {
		return c, fmt.Sprintf("MaxBytes %d holds no token (each entry counts %d bytes besides the token)", c.MaxBytes, CacheEntryOverhead)
	}
	if c.MaxTokenSize == 0 {
		c.MaxTokenSize = min(DefaultCacheMaxTokenSize, room)
	}
	if c.MaxTokenSize > room {
		return c, fmt.Sprintf("MaxTokenSize %d over MaxBytes %d less the entry overhead %d: no token that long could be held", c.MaxTokenSize, c.MaxBytes, CacheEntryOverhead)
	}
	return c, ""
}

// shortestCacheableToken is a lower bound on the length of a compact JWS
// (RFC 7515 section 7.1) of an algorithm WithCache holds: the shortest
// header naming one ('{"alg":"EdDSA"}', as short as '{"alg":"ES256"}': 20
// characters), the shortest claims ('{}': "e30") and the shortest
// asymmetric signature (EdDSA's and ES256's 64 bytes: 86 characters), with
// their two dots.
const shortestCacheableToken = 20 + 1 + 3 + 1 + 86

// checkCacheUsable refuses, with ErrInvalidOption, a WithCache that could
// never hold a token: one whose MaxTokenSize is below the shortest token
// it could hold, one whose key source is a static HMAC secret, or one
// whose WithAlgorithms names only HS* (HS* tokens are never cached).
func checkCacheUsable(cfg *config, keys keySource) error {
	c := cfg.cache
	if c == nil {
		return nil
	}
	if c.MaxTokenSize < shortestCacheableToken {
		return fmt.Errorf("%w: WithCache: MaxTokenSize %d (at most MaxBytes less %d) is below %d, the shortest signed token it could hold", ErrInvalidOption, c.MaxTokenSize, CacheEntryOverhead, shortestCacheableToken)
	}
	if keys.static != nil && !slices.ContainsFunc(keys.static.Algorithms(), func(a signing.Algorithm) bool { return !isHMAC(Algorithm(a)) }) {
		return fmt.Errorf("%w: WithCache with an HMAC secret: HS* tokens are never cached", ErrInvalidOption)
	}
	if cfg.algorithms != nil && !slices.ContainsFunc(cfg.algorithms, func(a Algorithm) bool { return !isHMAC(a) }) {
		return fmt.Errorf("%w: WithCache with WithAlgorithms naming only HS*: HS* tokens are never cached", ErrInvalidOption)
	}
	return nil
}

// refuseOneShotCache refuses WithCache given to a one-shot function
// (Parse, ParseWithClaims, ParseAs), whose Verifier lives for one token:
// its cache could never be hit.
func (v *Verifier) refuseOneShotCache(fn string) error {
	if v.cache == nil {
		return nil
	}
	return fmt.Errorf("%w: WithCache given to %s, which verify one token: the cache could never be hit; give it to NewVerifier and reuse the Verifier", ErrInvalidOption, fn)
}
