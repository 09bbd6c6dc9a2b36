package replay

import (
	"errors"
	"math"
	"sync"
)

// memoryShard is one independently locked part of a Memory: the keys that
// hash to it and their expiries (Unix nanoseconds).
type memoryShard struct {
	mu      sync.Mutex
	entries map[string]int64
	_       [64 - 16]byte // a cache line of its own: neighbouring shards' locks do not contend
}

// reclaimOnInsert is how many entries an insert looks at, to drop the
// expired ones among them: memory follows the live entries without a
// sweep.
const reclaimOnInsert = 2

// errNoRoom is claim's report of a Memory full of live entries: nothing
// recorded. Claim sweeps and tries once more, or answers ErrFull.
var errNoRoom = errors.New("replay: no room")

// claim records key until exp in s, or reports it live (ErrReplayed), or
// reports the Memory full (errNoRoom).
func (s *memoryShard) claim(m *Memory, key string, now, exp int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.entries[key]; ok {
		if e > now {
			return ErrReplayed
		}
		s.entries[key] = exp // an expired entry's place, reused
		m.noteExpiry(exp)
		return nil
	}
	looked := 0
	for k, e := range s.entries {
		if looked == reclaimOnInsert {
			break
		}
		looked++
		if e <= now {
			delete(s.entries, k)
			m.count.Add(-1)
		}
	}
	if !m.reserve() {
		s.dropExpired(m, now)
		if !m.reserve() {
			return errNoRoom
		}
	}
	s.entries[cloneKey(key)] = exp
	m.noteExpiry(exp)
	return nil
}

// dropExpired deletes s's expired entries (s.mu held) and returns the
// earliest expiry among those left (math.MaxInt64 when none).
func (s *memoryShard) dropExpired(m *Memory, now int64) (earliest int64) {
	earliest = math.MaxInt64
	dropped := 0
	for k, e := range s.entries {
		if e <= now {
			delete(s.entries, k)
			dropped++
		} else if e < earliest {
			earliest = e
		}
	}
	m.count.Add(-int64(dropped))
	return earliest
}

// sweep reclaims the expired entries of every shard, when some may have
// expired (sweepFrom passed), and reports whether it ran. Shards are
// locked one at a time, never two at once.
func (m *Memory) sweep(now int64) bool {
	if now < m.sweepFrom.Load() {
		return false // no entry has expired: sweeping would free nothing
	}
	// Raised first, lowered again by the entries found and by those
	// inserted meanwhile (noteExpiry), so it stays a lower bound.
	m.sweepFrom.Store(math.MaxInt64)
	m.sweepShards(now)
	return true
}

// sweepShards drops every shard's expired entries, lowers sweepFrom to the
// earliest expiry left, and returns how many entries are left.
func (m *Memory) sweepShards(now int64) int {
	left := 0
	for i := range m.shards {
		s := &m.shards[i]
		s.mu.Lock()
		earliest := s.dropExpired(m, now)
		left += len(s.entries)
		s.mu.Unlock()
		m.noteExpiry(earliest)
	}
	return left
}
