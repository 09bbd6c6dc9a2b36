package replay

import (
	"context"
	"fmt"
	"hash/maphash"
	"math"
	"strings"
	"sync/atomic"
	"time"
)

// DefaultMaxEntries is the bound NewMemory uses when given none.
const DefaultMaxEntries = 100_000

// memoryShards is how many independently locked parts a Memory has: two
// claims of different keys seldom wait for each other.
const memoryShards = 64

// Memory is a Store for one process (RFC 9449 section 11.1): it records
// each identifier until its until, in memory, and refuses a second claim
// of it before then. It is bounded: once it holds its maximum of live
// identifiers, Claim refuses new ones with ErrFull (matching
// ErrUnavailable, so callers refuse the message) rather than forget a live
// one, which would let it be replayed. Expired identifiers are reclaimed
// as claims pass by, and all at once when the store is full. It is safe
// for concurrent use; its lock is split into shards by key.
//
// Memory does not protect several instances of a service against each
// other: a replay sent to another instance is not seen. Use a Store shared
// by every instance for that (the side module
// github.com/jotlib/jwt/replayredis).
//
// Make one with NewMemory; a zero Memory or a nil *Memory refuses every
// claim with an error matching ErrUnavailable.
type Memory struct {
	shards []memoryShard // nil in a zero Memory
	seed   maphash.Seed
	max    int64
	// count is how many entries the shards hold, expired ones not yet
	// reclaimed included; never more than max.
	count atomic.Int64
	// sweepFrom is a lower bound on every held entry's expiry (Unix
	// nanoseconds): before it, sweeping every shard would free nothing.
	sweepFrom atomic.Int64
	now       func() time.Time // nil: time.Now
}

// errNotMade reports a zero Memory: it has no shards to record in.
var errNotMade = fmt.Errorf("%w: replay: a zero or nil Memory (make one with NewMemory)", ErrUnavailable)

// errNilContext reports a nil ctx: Claim cannot honour its deadline.
var errNilContext = fmt.Errorf("%w: replay: nil context", ErrUnavailable)

// NewMemory returns an empty Memory holding at most maxEntries live
// identifiers (RFC 9449 section 11.1); maxEntries <= 0 means
// DefaultMaxEntries. Size it for the identifiers expected within their
// lifetime: a DPoP Verifier keeps each proof's for MaxAge plus Leeway, so
// requests per second times that many seconds.
func NewMemory(maxEntries int) *Memory { return NewMemoryClock(maxEntries, nil) }

// NewMemoryClock is NewMemory with the clock that tells which identifiers
// have expired (RFC 9449 section 11.1); nil is time.Now. Give it the clock
// that computes the until values, as a DPoP Verifier gives its
// Config.Now: a claim's until is compared with this clock, and an until
// not after it is refused (ErrExpired).
func NewMemoryClock(maxEntries int, now func() time.Time) *Memory {
	if maxEntries <= 0 {
		maxEntries = DefaultMaxEntries
	}
	m := &Memory{
		shards: make([]memoryShard, memoryShards),
		seed:   maphash.MakeSeed(),
		max:    int64(maxEntries),
		now:    now,
	}
	for i := range m.shards {
		m.shards[i].entries = make(map[string]int64)
	}
	m.sweepFrom.Store(math.MaxInt64)
	return m
}

// Claim records key until until and returns nil if key is not live
// already; it returns an error matching ErrReplayed while key is live (RFC
// 9449 section 11.1). Every other error means the claim was not recorded
// and the message is to be refused: ErrFull (matching ErrUnavailable) when
// the Memory holds its maximum of live identifiers; ctx's error wrapped
// with ErrUnavailable when ctx is done already; ErrExpired when until is
// not after now (an expired identifier, which Claim does not record);
// ErrInvalidKey or ErrKeyTooLong for a key that is empty or longer than
// MaxKeyLen bytes.
func (m *Memory) Claim(ctx context.Context, key string, until time.Time) error {
	if m == nil || m.shards == nil {
		return errNotMade
	}
	if ctx == nil {
		return errNilContext
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	now := m.clock()
	if err := checkClaim(key, until, now); err != nil {
		return err
	}
	s := &m.shards[maphash.String(m.seed, key)%memoryShards]
	nowNs, exp := unixNano(now), unixNano(until)
	for swept := false; ; swept = true {
		err := s.claim(m, key, nowNs, exp)
		if err != errNoRoom {
			return err
		}
		if swept || !m.sweep(nowNs) {
			return fmt.Errorf("%w (%d live identifiers)", ErrFull, m.max)
		}
	}
}

// Len returns how many live identifiers m holds; it reclaims the expired
// ones as it counts, visiting every shard (for tests and metrics, not for
// every request). A zero or nil Memory holds none.
func (m *Memory) Len() int {
	if m == nil || m.shards == nil {
		return 0
	}
	m.sweepFrom.Store(math.MaxInt64)
	return m.sweepShards(unixNano(m.clock()))
}

// checkClaim refuses what no Store records: a key that is empty or longer
// than MaxKeyLen, an until not after now.
func checkClaim(key string, until, now time.Time) error {
	switch {
	case key == "":
		return fmt.Errorf("%w: empty key", ErrInvalidKey)
	case len(key) > MaxKeyLen:
		return fmt.Errorf("%w: %d bytes", ErrKeyTooLong, len(key))
	case !until.After(now):
		return fmt.Errorf("%w: until %s is not after now %s", ErrExpired,
			until.UTC().Format(time.RFC3339Nano), now.UTC().Format(time.RFC3339Nano))
	}
	return nil
}

func (m *Memory) clock() time.Time {
	if m.now != nil {
		return m.now()
	}
	return time.Now()
}

// reserve takes one of the max places for a new entry, or reports none
// left.
func (m *Memory) reserve() bool {
	for {
		n := m.count.Load()
		if n >= m.max {
			return false
		}
		if m.count.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// noteExpiry keeps sweepFrom at or below exp, a new entry's expiry.
func (m *Memory) noteExpiry(exp int64) {
	for {
		from := m.sweepFrom.Load()
		if from <= exp || m.sweepFrom.CompareAndSwap(from, exp) {
			return
		}
	}
}

// unixNano is t in Unix nanoseconds, clamped to int64 (years before 1678
// or after 2262 compare as the extremes).
func unixNano(t time.Time) int64 {
	switch {
	case t.Before(minTime):
		return math.MinInt64
	case t.After(maxTime):
		return math.MaxInt64
	}
	return t.UnixNano()
}

var (
	minTime = time.Unix(0, math.MinInt64)
	maxTime = time.Unix(0, math.MaxInt64)
)

// cloneKey copies key so that the Memory does not keep a caller's larger
// buffer alive through it.
func cloneKey(key string) string { return strings.Clone(key) }
