package strictjson

import (
	"encoding/binary"
	"hash/maphash"
	"slices"
)

// inlineKeys is how many member names an object tracks in a flat list
// before it switches to a hash table for duplicate detection.
const inlineKeys = 16

// maxFilterHits is how many names of an object may hit the flat list's
// filter, each compared with every name before it, before the object
// switches to the hash table: names made to share filter bits cost no more
// than a few comparisons each.
const maxFilterHits = 4

// A name's key is what duplicate detection compares: its fold key (see
// fold.go), so that one set refuses both exact duplicates and case-folded
// look-alikes. The fold key of a plain ASCII name (no escape) is the name
// upper-cased: it is read in place, upper-casing as it is compared. Any
// other name's fold key is computed once, into the scanner's arena. Keys
// are compared only after a 64-bit filter on their length and end bytes
// matches, so an object of distinct names costs one bit test per name.

// entry is one member name of an object being scanned.
type entry struct {
	raw int // index in data of the name's first byte after its quote
	key int // where its key is (see keyOf), or -1: the raw name is the key
	n   int // the key's length
}

// tableEntry is a name in a hash table, with its key's hash.
type tableEntry struct {
	entry
	hash uint64
}

// names is the set of member names of one object, to refuse duplicates. Up
// to inlineKeys names live in flat; past that, all of them are in a hash
// table the scanner owns, in s.ents[ents:] and s.slots[slots:]. The marks
// are where the scanner's arenas, ents and slots end when the object starts:
// release truncates them back.
type names struct {
	flat                       [inlineKeys]entry
	n                          int
	filter                     uint64 // bit nameBit(key) set for every name in flat
	hits                       int    // names that hit the filter
	big                        bool   // the names are in the hash table
	marked                     bool   // the marks are taken
	inline, arena, ents, slots int
	tableSize, tableLen        int
}

// mark takes the scanner's marks, on the object's first use of its stacks:
// every object nested in it so far has ended and released what it took, so
// they are where they were when the object started.
func (ns *names) mark(s *scanner) {
	if !ns.marked {
		ns.marked = true
		ns.inline, ns.arena, ns.ents, ns.slots = s.nInline, len(s.arena), len(s.ents), len(s.slots)
	}
}

// release gives back what the object took from the scanner's stacks.
func (ns *names) release(s *scanner) {
	if ns.marked {
		s.nInline = ns.inline
		s.arena, s.ents, s.slots = s.arena[:ns.arena], s.ents[:ns.ents], s.slots[:ns.slots]
	}
}

// addSlow records the name whose quotes are at data[start] and data[end-1],
// with the str kind flags. When the object already has a member of that
// name or of a case-folded look-alike of it, addSlow returns the index in
// data of that earlier name's first byte, else -1. The fast path, a plain
// ASCII name that misses the filter while the inline list has room, is
// inlined in the scanner's object loop, which calls addSlow for the rest.
func (ns *names) addSlow(s *scanner, start, end int, kind uint8) int {
	ns.mark(s)
	raw := s.data[start+1 : end-1]
	e := entry{raw: start + 1, key: -1, n: len(raw)}
	if kind != 0 {
		e.key, e.n = s.putKey(raw)
	}
	if ns.big {
		return ns.insert(s, e)
	}
	bit := nameBit(s.keyOf(e))
	if ns.filter&bit != 0 {
		ns.hits++
		for _, f := range ns.flat[:ns.n] {
			if s.sameKey(f, e) {
				return f.raw
			}
		}
	}
	if ns.n < inlineKeys && ns.hits < maxFilterHits {
		ns.flat[ns.n] = e
		ns.n++
		ns.filter |= bit
		return -1
	}
	// The 17th name, or too many filter hits: every key goes into the
	// arena, every name into the hash table. n is set to inlineKeys so
	// that later names skip add's fast path.
	ns.big = true
	s.ents = room2x(s.ents, 4*inlineKeys)
	for _, f := range ns.flat[:ns.n] {
		f = s.own(f)
		s.ents = append(s.ents, tableEntry{f, maphash.Bytes(hashSeed, s.keyOf(f))})
	}
	ns.n = inlineKeys
	ns.grow(s)
	return ns.insert(s, e)
}

// putKey stores the key of the raw name and returns where: in the
// scanner's inline arena when it fits (a key is never longer than its raw
// name), else in its heap arena.
func (s *scanner) putKey(raw []byte) (off, n int) {
	if room := s.inline[s.nInline:]; len(raw) <= len(room) {
		n = len(appendKey(room[:0], raw)) // within room: no reallocation
		off = s.nInline
		s.nInline += n
		return off, n
	}
	start := len(s.arena)
	s.arena = appendKey(room2x(s.arena, len(raw)), raw)
	return len(s.inline) + start, len(s.arena) - start
}

// appendKey appends the key of the raw name.
func appendKey(dst, raw []byte) []byte { return appendFoldKey(dst, raw) }

// own returns e with its key in the arena.
func (s *scanner) own(e entry) entry {
	if e.key < 0 {
		e.key, e.n = s.putKey(s.data[e.raw : e.raw+e.n])
	}
	return e
}

// keyOf returns e's key.
func (s *scanner) keyOf(e entry) []byte {
	switch {
	case e.key < 0:
		return s.data[e.raw : e.raw+e.n]
	case e.key < len(s.inline):
		return s.inline[e.key : e.key+e.n]
	}
	return s.arena[e.key-len(s.inline) : e.key-len(s.inline)+e.n]
}

// sameKey reports whether a and b have equal keys.
func (s *scanner) sameKey(a, b entry) bool {
	if a.n != b.n {
		return false
	}
	ka, kb := s.keyOf(a), s.keyOf(b)
	if a.key >= 0 && b.key >= 0 {
		return string(ka) == string(kb)
	}
	return equalUpperASCII(ka, kb)
}

// equalUpperASCII reports whether a and b, of one length, are equal once
// their ASCII letters are upper-cased (as a key read in place must be),
// eight bytes at a time.
func equalUpperASCII(a, b []byte) bool {
	i := 0
	for ; i+8 <= len(a); i += 8 {
		x, y := binary.LittleEndian.Uint64(a[i:]), binary.LittleEndian.Uint64(b[i:])
		if x != y && upper8(x) != upper8(y) {
			return false
		}
	}
	for ; i < len(a); i++ {
		if upperASCII(a[i]) != upperASCII(b[i]) {
			return false
		}
	}
	return true
}

// upper8 is upperASCII on each of the eight bytes of x. For each byte b,
// with t its low seven bits, t+0x1f has its high bit set from 'a' up and
// t+0x05 from '{' up; neither sum carries into the next byte. Where b is
// a lower-case letter (and below 0x80) 0x20 is taken away, which borrows
// from no other byte.
func upper8(x uint64) uint64 {
	t := x &^ high8
	lower := (t + 0x1f*ones8) &^ (t + 0x05*ones8) &^ x & high8
	return x - lower>>2
}

// hashSeed seeds the hash table: its layout cannot be predicted, so no
// input can make many names share a slot.
var hashSeed = maphash.MakeSeed()

// slotIndexBits is how many low bits of a hash table slot hold 1 + the
// index of its name in s.ents[ns.ents:] (0: the slot is empty); the other
// bits hold the top bits of the name's key's hash, compared before keys.
const slotIndexBits = 40

// insert adds e to the hash table, or returns where in data the fold-equal
// name it already holds starts.
func (ns *names) insert(s *scanner, e entry) int {
	e = s.own(e)
	h := maphash.Bytes(hashSeed, s.keyOf(e))
	table := s.slots[ns.slots : ns.slots+ns.tableSize]
	mask := uint64(ns.tableSize - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		slot := table[i]
		if slot == 0 {
			break
		}
		if slot>>slotIndexBits == h>>slotIndexBits {
			if f := s.ents[ns.ents+int(slot&(1<<slotIndexBits-1))-1]; s.sameKey(f.entry, e) {
				return f.raw
			}
		}
	}
	s.ents = append(room2x(s.ents, 1), tableEntry{e, h})
	ns.tableLen++
	if 2*ns.tableLen > ns.tableSize {
		ns.grow(s)
	} else {
		ns.put(s, h, ns.tableLen)
	}
	return -1
}

// grow rebuilds the hash table at twice the size needed for the names in
// s.ents[ns.ents:].
func (ns *names) grow(s *scanner) {
	all := s.ents[ns.ents:]
	ns.tableLen = len(all)
	ns.tableSize = 4 * inlineKeys
	for ns.tableSize <= 2*len(all) {
		ns.tableSize *= 2
	}
	s.slots = slices.Grow(s.slots[:ns.slots], ns.tableSize)[:ns.slots+ns.tableSize]
	clear(s.slots[ns.slots:])
	for i, f := range all {
		ns.put(s, f.hash, i+1)
	}
}

// put stores the name numbered n (from 1) with hash h in a free slot.
func (ns *names) put(s *scanner, h uint64, n int) {
	table := s.slots[ns.slots : ns.slots+ns.tableSize]
	mask := uint64(ns.tableSize - 1)
	i := h & mask
	for table[i] != 0 {
		i = (i + 1) & mask
	}
	table[i] = h>>slotIndexBits<<slotIndexBits | uint64(n)
}

// room2x returns s with room for n more elements, at least doubling its
// capacity when it must grow: the stacks grow in a few steps.
func room2x[T any](s []T, n int) []T {
	if cap(s)-len(s) < n {
		s = slices.Grow(s, max(n, cap(s)))
	}
	return s
}

// nameBit picks one of 64 bits from a key's length and first and last
// bytes, with bit 0x20 of those bytes set: a key read in place is not yet
// upper-cased, and bytes equal under upperASCII differ at most in that bit.
// So equal keys always pick the same bit.
func nameBit(key []byte) uint64 {
	h := uint64(len(key))
	if len(key) > 0 {
		h |= (uint64(key[0])<<16 | uint64(key[len(key)-1])<<8) | 0x20<<16 | 0x20<<8
	}
	return 1 << ((h * 0x9E3779B97F4A7C15) >> 58)
}
