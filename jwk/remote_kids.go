package jwk

import (
	"hash/maphash"
	"time"
)

// Unknown "kid"s (RFC 7515 section 4.1.4) and key rotation under noise
// (issue 21 item 3). A "kid" that several verifications asked for since
// the latest fetch may be a key rotated in, and may fetch a tenth of the
// rate-limit period after the latest unknown-kid fetch rather than a whole
// period. An attacker chooses every unverified "kid" (RFC 8725 section
// 3.10), so the rules hold whatever tokens arrive:
//
//   - the count never undercounts: a kid asked for three times since the
//     latest fetch counts at least three, however many other kids came
//     (a Space-Saving table, Metwally, Agrawal and El Abbadi, ICDT 2005:
//     a new kid takes the place of the least counted one, with that count
//     plus one), so forged kids cannot crowd a rotated one out; past
//     2*repeatedKidSlots verifications between two fetches a kid seen once
//     may count three (the table cannot tell noise from a rotation then,
//     and errs on fetching);
//   - a kid whose own fetch did not bring it is held back (not counted) for
//     a fifth of the period: a repeated forged kid costs a fetch per fifth
//     of the period, and holds back no other kid; no longer, or an
//     attacker who sends the next kid before it is published would hold
//     that rotation back as long;
//   - nothing else spaces the repeated-kid fetches (no back-off that other
//     kids could push): a tenth of the period after the latest unknown-kid
//     fetch, one may start, and any fetch after the provider published a
//     key brings it, whoever's token started it.
//
// Kids are kept as 64-bit hashes under a per-set random seed, never as
// strings (an unverified value of any size), in fixed memory.
const (
	repeatedKidHits  = 3   // verifications of one kid since the latest fetch
	repeatedKidSlots = 128 // kids counted at once
	repeatedKidPart  = 10  // repeated-kid fetches: the period over this apart
	heldKidPart      = 5   // a kid its fetch did not bring: held the period over this
	// heldKidSlots: fetches a tenth of the period apart, each holding one
	// kid for a fifth of it, hold at most three kids at once.
	heldKidSlots = 4
	// maxRepeatedKid: a longer kid is neither counted nor held (no real
	// kid is that long; hashing it would cost a request its size).
	maxRepeatedKid = 1024
)

// kidTable counts the unknown kids asked for since the latest fetch
// started and holds back the kids that fetches did not bring. Its owner's
// mutex guards it.
type kidTable struct {
	seed  maphash.Seed
	n     int // slots in use
	hash  [repeatedKidSlots]uint64
	count [repeatedKidSlots]uint32
	held  [heldKidSlots]struct {
		hash  uint64
		until time.Time
	}
}

// sum is kid's hash.
func (c *kidTable) sum(kid string) uint64 {
	if c.seed == (maphash.Seed{}) {
		c.seed = maphash.MakeSeed()
	}
	return maphash.String(c.seed, kid)
}

// hit counts one more verification of the kid hashed h at now and returns
// its count: at least the verifications of it since the latest reset, or 0
// while it is held back.
func (c *kidTable) hit(h uint64, now time.Time) uint32 {
	if c.isHeld(h, now) {
		return 0
	}
	least := 0
	for i := 0; i < c.n; i++ {
		if c.hash[i] == h {
			c.count[i]++
			return c.count[i]
		}
		if c.count[i] < c.count[least] {
			least = i
		}
	}
	if c.n < len(c.hash) {
		c.hash[c.n], c.count[c.n] = h, 1
		c.n++
		return 1
	}
	// Full: the least counted kid gives its place, and the newcomer takes
	// its count plus one (it may have been counted there before).
	c.hash[least] = h
	c.count[least]++
	return c.count[least]
}

// reset forgets the counts: a fetch started. Held kids stay held.
func (c *kidTable) reset() { c.n = 0 }

// isHeld reports whether the kid hashed h is held back at now.
func (c *kidTable) isHeld(h uint64, now time.Time) bool {
	for _, e := range c.held {
		if e.hash == h && now.Before(e.until) {
			return true
		}
	}
	return false
}

// hold holds back the kid hashed h until until: its fetch did not bring
// it. Its own entry, or the one that ends first, is used.
func (c *kidTable) hold(h uint64, until time.Time) {
	j := 0
	for i, e := range c.held {
		if e.hash == h {
			j = i
			break
		}
		if e.until.Before(c.held[j].until) {
			j = i
		}
	}
	c.held[j].hash, c.held[j].until = h, until
}

// inSet reports whether s has a key whose kid hashes to h.
func (c *kidTable) inSet(s *Set, h uint64) bool {
	if s == nil {
		return false
	}
	for kid, keys := range s.byKID {
		if len(keys) > 0 && len(kid) <= maxRepeatedKid && c.sum(kid) == h {
			return true
		}
	}
	return false
}
