package strictjson

import (
	"hash/maphash"
	"slices"
)

// inlineKeys is how many member names an object tracks in a flat list
// before it switches to a hash table for duplicate detection.
const inlineKeys = 16

// A name's key is what duplicate detection compares: the name decoded.
// A plain name (no escape) is its own key, read in place; any other name's
// key is decoded once, into the scanner's arena. Keys are compared only
// after a 64-bit filter on their length and end bytes matches, so an object
// of distinct names costs one bit test per name.

// entry is one member name of an object being scanned.
type entry struct {
	raw int // index in data of the name's first byte after its quote
	key int // where its key is (see keyOf), or -1: the raw name is the key
	n   int // the key's length
}

// names is the set of member names of one object, to refuse duplicates. Up
// to inlineKeys names live in flat; past that, all of them are in a hash
// table the scanner owns, in s.ents[ents:] and s.slots[slots:]. The marks
// are where the scanner's arena, ents and slots end when the object starts:
// release truncates them back.
type names struct {
	flat                       [inlineKeys]entry
	n                          int
	filter                     uint64 // bit nameBit(key) set for every name in flat
	big                        bool   // the names are in the hash table
	inline, arena, ents, slots int
	tableSize, tableLen        int
}

// start takes the scanner's marks for a new object.
func (ns *names) start(s *scanner) {
	ns.inline, ns.arena, ns.ents, ns.slots = s.nInline, len(s.arena), len(s.ents), len(s.slots)
}

// release gives back what the object took from the scanner.
func (ns *names) release(s *scanner) {
	s.nInline = ns.inline
	s.arena, s.ents, s.slots = s.arena[:ns.arena], s.ents[:ns.ents], s.slots[:ns.slots]
}

// add records the name whose quotes are at data[start] and data[end-1],
// with the str kind flags, and reports false and the earlier name when the
// object already has a member of that name (compared after unescaping).
func (ns *names) add(s *scanner, start, end int, kind uint8) (entry, bool) {
	raw := s.data[start+1 : end-1]
	e := entry{raw: start + 1, key: -1, n: len(raw)}
	key := raw
	if kind&strEscaped != 0 {
		e.key, e.n = s.putKey(raw)
		key = s.keyOf(e)
	}
	bit := nameBit(key)
	if ns.filter&bit == 0 && ns.n < inlineKeys && !ns.big {
		ns.filter |= bit
		ns.flat[ns.n] = e
		ns.n++
		return entry{}, true
	}
	return ns.addSlow(s, e, bit)
}

func (ns *names) addSlow(s *scanner, e entry, bit uint64) (entry, bool) {
	if ns.big {
		return ns.insert(s, e)
	}
	for _, f := range ns.flat[:ns.n] {
		if s.sameKey(f, e) {
			return f, false
		}
	}
	if ns.n < inlineKeys {
		ns.flat[ns.n] = e
		ns.n++
		ns.filter |= bit
		return entry{}, true
	}
	// The 17th name: every key goes into the arena, every name into the
	// hash table.
	ns.big = true
	s.ents = room2x(s.ents, 4*inlineKeys)
	for _, f := range ns.flat {
		s.ents = append(s.ents, s.own(f))
	}
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
func appendKey(dst, raw []byte) []byte { return appendUnescaped(dst, raw) }

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
	return a.n == b.n && string(s.keyOf(a)) == string(s.keyOf(b))
}

// hashSeed seeds the hash table: its layout cannot be predicted, so no
// input can make many names share a slot.
var hashSeed = maphash.MakeSeed()

// slotIndexBits is how many low bits of a hash table slot hold 1 + the
// index of its name in s.ents[ns.ents:] (0: the slot is empty); the other
// bits hold the top bits of the name's key's hash, compared before keys.
const slotIndexBits = 40

// insert adds e to the hash table, or reports the name it already holds.
func (ns *names) insert(s *scanner, e entry) (entry, bool) {
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
			if f := s.ents[ns.ents+int(slot&(1<<slotIndexBits-1))-1]; s.sameKey(f, e) {
				return f, false
			}
		}
	}
	s.ents = append(room2x(s.ents, 1), e)
	ns.tableLen++
	if 2*ns.tableLen > ns.tableSize {
		ns.grow(s)
	} else {
		ns.put(s, h, ns.tableLen)
	}
	return entry{}, true
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
		ns.put(s, maphash.Bytes(hashSeed, s.keyOf(f)), i+1)
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
// bytes: equal keys always pick the same bit.
func nameBit(key []byte) uint64 {
	h := uint64(len(key))
	if len(key) > 0 {
		h |= uint64(key[0])<<16 | uint64(key[len(key)-1])<<8
	}
	return 1 << ((h * 0x9E3779B97F4A7C15) >> 58)
}
