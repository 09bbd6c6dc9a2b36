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
// verified it and the time it stops being used. A token is hashed once per
// parse (cacheKey): the hash picks the shard and the slot, and the whole
// token string is compared before an entry is used; two tokens with one
// hash share a slot, the later replacing the earlier (a collision costs a
// miss, never a wrong entry).
type tokenCache struct {
	hash         func(token string) uint64 // maphash with a seed of the cache's own
	shards       []cacheShard
	mask         uint64
	maxTokenSize int
	maxAge       time.Duration
}

// cacheShard is one lock's worth of the cache: a map from token to its
// slot, the slots in a first-in first-out list (linked by index, oldest
// first), and a free list of empty slots; the slots grow up to
// maxEntries. Every operation is a constant number of steps.
type cacheShard struct {
	mu         sync.Mutex
	index      map[uint64]int32 // a token's hash -> its slot
	slots      []cacheSlot
	oldest     int32 // -1 when empty
	newest     int32 // -1 when empty
	free       int32 // an empty slot, chained by next; -1 when none
	live       int   // entries in index
	bytes      int   // their tokens' lengths plus CacheEntryOverhead each
	maxEntries int
	maxBytes   int
	_          [64]byte // keeps shards' locks off each other's cache lines
}

// cacheSlot is one entry, or an empty slot on the free list.
type cacheSlot struct {
	token      string
	hash       uint64 // token's
	key        *signing.VerifyingKey
	expires    time.Time
	prev, next int32 // the list's neighbours (older, newer); -1 at an end
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
	seed := maphash.MakeSeed()
	tc := &tokenCache{
		hash:         func(token string) uint64 { return maphash.String(seed, token) },
		shards:       make([]cacheShard, n),
		mask:         uint64(n - 1),
		maxTokenSize: c.MaxTokenSize,
		maxAge:       c.MaxAge,
	}
	for i := range tc.shards {
		sh := &tc.shards[i]
		sh.maxEntries, sh.maxBytes = c.MaxEntries/n, c.MaxBytes/n
		sh.oldest, sh.newest, sh.free = -1, -1, -1
	}
	return tc
}

// cacheKey is a token and its hash, computed once per parse for the
// cache's lookup, insertion or removal.
type cacheKey struct {
	token string
	hash  uint64
}

// key returns token's cacheKey.
func (c *tokenCache) key(token string) cacheKey {
	return cacheKey{token: token, hash: c.hash(token)}
}

func (c *tokenCache) shard(k cacheKey) *cacheShard {
	return &c.shards[k.hash&c.mask]
}

// find returns the slot holding k's token, when one does.
func (s *cacheShard) find(k cacheKey) (int32, bool) {
	i, ok := s.index[k.hash]
	return i, ok && s.slots[i].token == k.token
}

// get returns the key that verified k's token, when the token is held and
// its entry has not expired by now; an expired entry is removed (removed:
// 1).
func (c *tokenCache) get(k cacheKey, now time.Time) (key *signing.VerifyingKey, removed int) {
	if len(k.token) > c.maxTokenSize {
		return nil, 0
	}
	s := c.shard(k)
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.find(k)
	if !ok {
		return nil, 0
	}
	if !now.Before(s.slots[i].expires) {
		s.remove(i)
		return nil, 1
	}
	return s.slots[i].key, 0
}

// drop removes the entry of k's token, if any.
func (c *tokenCache) drop(k cacheKey) {
	s := c.shard(k)
	s.mu.Lock()
	defer s.mu.Unlock()
	if i, ok := s.find(k); ok {
		s.remove(i)
	}
}

// put holds k's token, verified by key, until exp (when hasExp) or MaxAge
// from now, whichever is first, and returns how many entries it removed:
// expired ones among the sweepPerPut oldest of the shard, another token
// with the same hash, then the oldest until the bounds hold. A token too
// long, or whose entry would already have expired, is not held (and
// removes nothing).
func (c *tokenCache) put(k cacheKey, key *signing.VerifyingKey, now time.Time, exp time.Time, hasExp bool) (evicted int) {
	token := k.token
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
	s := c.shard(k)
	s.mu.Lock()
	defer s.mu.Unlock()
	evicted = s.sweep(now)
	if i, ok := s.index[k.hash]; ok {
		if s.slots[i].token == token { // verified again (a new key, or expired meanwhile)
			s.slots[i].key, s.slots[i].expires = key, expires
			return evicted
		}
		s.remove(i) // another token with the same hash: the newer one is held
		evicted++
	}
	need := len(token) + CacheEntryOverhead
	for s.live > 0 && (s.live >= s.maxEntries || s.bytes+need > s.maxBytes) {
		s.remove(s.oldest)
		evicted++
	}
	var i int32
	if s.free >= 0 {
		i, s.free = s.free, s.slots[s.free].next
	} else {
		i = int32(len(s.slots))
		s.slots = append(s.slots, cacheSlot{})
	}
	if s.index == nil {
		s.index = make(map[uint64]int32)
	}
	token = strings.Clone(token) // never the caller's larger buffer
	s.slots[i] = cacheSlot{token: token, hash: k.hash, key: key, expires: expires, prev: s.newest, next: -1}
	if s.newest >= 0 {
		s.slots[s.newest].next = i
	} else {
		s.oldest = i
	}
	s.newest = i
	s.index[k.hash] = i
	s.live++
	s.bytes += need
	return evicted
}

// sweepPerPut is how many of a shard's oldest entries each insertion
// examines, removing those expired: a constant cost per insertion, so
// entries that are never seen again leave before first-in first-out
// eviction reaches them, as long as tokens are inserted.
const sweepPerPut = 2

// sweep removes the expired entries among the sweepPerPut oldest of s and
// returns how many it removed.
func (s *cacheShard) sweep(now time.Time) (removed int) {
	i := s.oldest
	for range sweepPerPut {
		if i < 0 {
			break
		}
		next := s.slots[i].next
		if !now.Before(s.slots[i].expires) {
			s.remove(i)
			removed++
		}
		i = next
	}
	return removed
}

// remove unlinks slot i, which holds an entry, and puts it on the free
// list.
func (s *cacheShard) remove(i int32) {
	e := &s.slots[i]
	delete(s.index, e.hash)
	s.bytes -= len(e.token) + CacheEntryOverhead
	s.live--
	if e.prev >= 0 {
		s.slots[e.prev].next = e.next
	} else {
		s.oldest = e.next
	}
	if e.next >= 0 {
		s.slots[e.next].prev = e.prev
	} else {
		s.newest = e.prev
	}
	*e = cacheSlot{next: s.free, prev: -1}
	s.free = i
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
