package jwt

import (
	"hash/maphash"
	"math/bits"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/jotlib/jwt/internal/signing"
)

// tokenCache is WithCache's verified-token cache: tokens whose signature
// verified, keyed by the whole token string, each with the key that
// verified it and the time it stops being used. A hash of the token picks
// the shard, and only the shard: the map inside compares whole strings.
type tokenCache struct {
	seed         maphash.Seed
	shards       []cacheShard
	mask         uint64
	maxTokenSize int
	maxAge       time.Duration
}

// cacheShard is one lock's worth of the cache: a map from token to its
// slot in a first-in first-out ring, which grows up to maxEntries slots.
type cacheShard struct {
	mu         sync.Mutex
	index      map[string]int32
	slots      []cacheSlot
	next       int // the slot the next insertion writes
	head       int // where the search for the oldest entry starts
	live       int // entries in index
	bytes      int // their tokens' lengths plus CacheEntryOverhead each
	maxEntries int
	maxBytes   int
	_          [64]byte // keeps shards' locks off each other's cache lines
}

// cacheSlot is one entry; token is "" for an empty slot.
type cacheSlot struct {
	token   string
	key     *signing.VerifyingKey
	expires time.Time
}

// Shards hold at least minShardEntries entries and room for
// minShardTokens of the longest tokens, so a small cache is one exact
// first-in first-out ring.
const (
	minShardEntries = 64
	minShardTokens  = 4
	maxShards       = 64
)

// newTokenCache makes the cache of a resolved CacheConfig.
func newTokenCache(c CacheConfig) *tokenCache {
	n := 1 << bits.Len(uint(runtime.GOMAXPROCS(0)*4-1)) // a power of two
	n = min(n, maxShards)
	for n > 1 && (c.MaxEntries/n < minShardEntries || c.MaxBytes/n < minShardTokens*(c.MaxTokenSize+CacheEntryOverhead)) {
		n /= 2
	}
	tc := &tokenCache{
		seed:         maphash.MakeSeed(),
		shards:       make([]cacheShard, n),
		mask:         uint64(n - 1),
		maxTokenSize: c.MaxTokenSize,
		maxAge:       c.MaxAge,
	}
	for i := range tc.shards {
		tc.shards[i].maxEntries = c.MaxEntries / n
		tc.shards[i].maxBytes = c.MaxBytes / n
	}
	return tc
}

func (c *tokenCache) shard(token string) *cacheShard {
	return &c.shards[maphash.String(c.seed, token)&c.mask]
}

// get returns the key that verified token, when token is held and its
// entry has not expired by now; an expired entry is removed.
func (c *tokenCache) get(token string, now time.Time) *signing.VerifyingKey {
	if len(token) > c.maxTokenSize {
		return nil
	}
	s := c.shard(token)
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.index[token]
	if !ok {
		return nil
	}
	if !now.Before(s.slots[i].expires) {
		s.remove(int(i))
		return nil
	}
	return s.slots[i].key
}

// drop removes token's entry, if any.
func (c *tokenCache) drop(token string) {
	s := c.shard(token)
	s.mu.Lock()
	defer s.mu.Unlock()
	if i, ok := s.index[token]; ok {
		s.remove(int(i))
	}
}

// put holds token, verified by key, until exp (when hasExp) or MaxAge
// from now, whichever is first, and returns how many entries it evicted.
// A token too long, or whose entry would already have expired, is not
// held.
func (c *tokenCache) put(token string, key *signing.VerifyingKey, now time.Time, exp time.Time, hasExp bool) (evicted int) {
	if len(token) > c.maxTokenSize || key == nil {
		return 0
	}
	expires := now.Add(c.maxAge)
	if hasExp && exp.Before(expires) {
		expires = exp
	}
	if !now.Before(expires) {
		return 0
	}
	s := c.shard(token)
	s.mu.Lock()
	defer s.mu.Unlock()
	if i, ok := s.index[token]; ok { // verified again (a new key, or expired meanwhile)
		s.slots[i].key, s.slots[i].expires = key, expires
		return 0
	}
	need := len(token) + CacheEntryOverhead
	for s.live > 0 && (s.live >= s.maxEntries || s.bytes+need > s.maxBytes) {
		s.evictOldest()
		evicted++
	}
	var i int
	if len(s.slots) < s.maxEntries {
		i = len(s.slots)
		s.slots = append(s.slots, cacheSlot{})
	} else {
		i = s.next
		if s.slots[i].token != "" {
			s.remove(i)
			evicted++
		}
	}
	if s.index == nil {
		s.index = make(map[string]int32)
	}
	token = strings.Clone(token) // never the caller's larger buffer
	s.slots[i] = cacheSlot{token: token, key: key, expires: expires}
	s.index[token] = int32(i)
	s.live++
	s.bytes += need
	s.next = (i + 1) % s.maxEntries
	if len(s.slots) == s.maxEntries {
		// Written in order round the ring: the oldest is after the newest.
		s.head = s.next
	}
	return evicted
}

// evictOldest removes the oldest entry; the shard holds one.
func (s *cacheShard) evictOldest() {
	for s.slots[s.head].token == "" {
		s.head = (s.head + 1) % len(s.slots)
	}
	s.remove(s.head)
	s.head = (s.head + 1) % len(s.slots)
}

// remove empties slot i, which holds an entry.
func (s *cacheShard) remove(i int) {
	delete(s.index, s.slots[i].token)
	s.bytes -= len(s.slots[i].token) + CacheEntryOverhead
	s.live--
	s.slots[i] = cacheSlot{}
}

// len returns how many entries the cache holds and their bytes, for tests.
func (c *tokenCache) len() (entries, bytes int) {
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		entries += s.live
		bytes += s.bytes
		s.mu.Unlock()
	}
	return entries, bytes
}
