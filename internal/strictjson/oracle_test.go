package strictjson

// This file is a frozen copy of the strict pass as it was before the
// oScanner was optimised (issue 26 item 3), identifiers renamed with an
// "o" prefix: the oracle the differential tests (differential_test.go)
// compare the optimised pass with. Do not optimise or edit it; it shares
// only Key, MemberFunc, SyntaxError, MaxDepth and the decoding helpers
// (unescape, decodeRune, foldRune) with the package.

import (
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/bytesview"
)

func oObject(data []byte, fn MemberFunc) error {
	s := oScanner{data: data}
	return s.topObject(fn)
}

// topObject is oObject on s.data.
func (s *oScanner) topObject(fn MemberFunc) error {
	data := s.data
	p := oSkipWS(data, 0)
	if p >= len(data) || data[p] != '{' {
		return s.fail(p, "not a JSON object")
	}
	p, err := s.object(p, 1, fn)
	if err != nil {
		return err
	}
	if p = oSkipWS(data, p); p != len(data) {
		return s.fail(p, "data after the top-level object")
	}
	return nil
}

// oValid checks that data is exactly one JSON value of any kind under the
// same rules as oObject.
func oValid(data []byte) error {
	s := oScanner{data: data}
	p, err := s.value(oSkipWS(data, 0), 1)
	if err != nil {
		return err
	}
	if p = oSkipWS(data, p); p != len(data) {
		return s.fail(p, "data after the top-level value")
	}
	return nil
}

func oObjectFacts(data []byte, fn MemberFunc) (Facts, error) {
	s := oScanner{data: data}
	if err := s.topObject(fn); err != nil {
		return Facts{}, err
	}
	return Facts{
		NonASCII:     s.found&oStrNonASCII != 0,
		Escaped:      s.found&oStrEscaped != 0,
		UnusualNames: s.foundInNames != 0,
	}, nil
}
func oTopLevel(data []byte, name string) ([]byte, error) {
	s := oScanner{data: data, anyNames: true}
	p := oSkipWS(data, 0)
	if p >= len(data) || data[p] != '{' {
		return nil, s.fail(p, "not a JSON object")
	}
	var found []byte
	var dup error
	end, err := s.object(p, 1, func(key Key, value []byte) error {
		if !key.Is(name) {
			return nil
		}
		if found != nil {
			// value is data[start:...]: its offset is what its capacity lacks.
			dup = s.fail(cap(data)-cap(value), "duplicate member name "+bounded.Quote(name))
			return dup
		}
		found = value
		return nil
	})
	switch {
	case dup != nil:
		return nil, dup
	case found != nil:
		return found, nil // what follows it is oObject's to refuse
	case err != nil:
		return nil, err
	}
	if end = oSkipWS(data, end); end != len(data) {
		return nil, s.fail(end, "data after the top-level object")
	}
	return nil, nil
}
func oEachArrayElement(value []byte, fn func(elem []byte) bool) bool {
	if len(value) == 0 || value[0] != '[' {
		return false
	}
	s := oScanner{data: value}
	p := oSkipWS(value, 1)
	if p < len(value) && value[p] == ']' {
		return true
	}
	for p < len(value) {
		start := p
		end, err := s.value(p, 2)
		if err != nil {
			return false
		}
		if !fn(value[start:end]) {
			return true
		}
		p = oSkipWS(value, end)
		if p >= len(value) || value[p] != ',' {
			return true
		}
		p = oSkipWS(value, p+1)
	}
	return true
}

// oStringArray reports whether value, checked by the pass, is an array
// whose elements are all strings, and how many. It only finds each
// element's end, so it is cheaper than oEachArrayElement; it must not be
// given unchecked input.
func oStringArray(value []byte) (n int, ok bool) {
	if len(value) == 0 || value[0] != '[' {
		return 0, false
	}
	p := oSkipWS(value, 1)
	if p < len(value) && value[p] == ']' {
		return 0, true
	}
	for p < len(value) && value[p] == '"' {
		n++
		p = oSkipWS(value, oCheckedStringEnd(value, p))
		if p >= len(value) || value[p] != ',' {
			return n, p < len(value) && value[p] == ']'
		}
		p = oSkipWS(value, p+1)
	}
	return n, false
}

// oScanner walks data. Its methods take the index to scan from and return
// the index after what they scanned, so the hot loops keep positions in
// registers; an error carries the offset of the failure.
type oScanner struct {
	data []byte
	// The stacks of the open objects' duplicate detection (see oNames):
	// keys of oNames that are not read in place (in inline[:nInline], then
	// arena), the oNames of objects past oInlineKeys oNames, and their hash
	// tables. An object truncates them back when it ends, so they grow only
	// with the nesting. inline is an array, not a slice, so that it stays
	// on the stack with the oScanner.
	inline  [oArenaInline]byte
	nInline int
	arena   []byte
	ents    []oTableEntry
	slots   []uint64
	// anyNames turns duplicate detection off: oTopLevel walks the grammar
	// only, keeping no oNames, so it allocates nothing.
	anyNames bool
	// found and foundInNames gather what str found (oStrEscaped,
	// oStrNonASCII) in every string, and in every member name, for Facts.
	found, foundInNames uint8
}

func (s *oScanner) fail(p int, msg string) error { return &SyntaxError{Offset: p, Msg: msg} }

// oSkipWS returns the index of the first byte at or after p that is not
// JSON white space (RFC 8259 section 2: space, tab, line feed, carriage
// return).
func oSkipWS(data []byte, p int) int {
	for p < len(data) && data[p] <= ' ' && (data[p] == ' ' || data[p] == '\t' || data[p] == '\n' || data[p] == '\r') {
		p++
	}
	return p
}

// value scans one value at p, nested at depth.
func (s *oScanner) value(p, depth int) (int, error) {
	if p >= len(s.data) {
		return p, s.fail(p, "unexpected end of input")
	}
	switch c := s.data[p]; {
	case c == '"':
		end, _, err := s.str(p)
		return end, err
	case c == '-' || (c >= '0' && c <= '9'):
		return s.number(p)
	case c == '{':
		return s.object(p, depth, nil)
	case c == '[':
		return s.array(p, depth)
	case c == 't':
		return s.literal(p, "true")
	case c == 'f':
		return s.literal(p, "false")
	case c == 'n':
		return s.literal(p, "null")
	}
	return p, s.fail(p, "unexpected character")
}

func (s *oScanner) literal(p int, lit string) (int, error) {
	if len(s.data)-p < len(lit) || string(s.data[p:p+len(lit)]) != lit {
		return p, s.fail(p, "invalid literal")
	}
	return p + len(lit), nil
}

// object scans an object at p (a '{'). fn, when not nil, receives each
// member; it is set only for the top level.
func (s *oScanner) object(p, depth int, fn MemberFunc) (int, error) {
	if depth > MaxDepth {
		return p, s.fail(p, "nesting too deep")
	}
	data := s.data
	var seen oNames
	p = oSkipWS(data, p+1)
	if p < len(data) && data[p] == '}' {
		return p + 1, nil
	}
	for {
		if p >= len(data) || data[p] != '"' {
			return p, s.fail(p, "expected a member name")
		}
		start := p
		end, kind, err := s.str(p)
		if err != nil {
			return end, err
		}
		key := Key{Raw: data[start+1 : end-1], Escaped: kind&oStrEscaped != 0}
		s.foundInNames |= kind
		// RFC 7515 section 5.2 and RFC 7519 section 4: "Header Parameter
		// oNames ... MUST be unique" / "Claim Names within a JWT Claims Set
		// MUST be unique"; we refuse duplicates rather than pick one. Names
		// equal under case folding or lower- or upper-casing are refused
		// too: codecs match struct fields that way, so {"role":"user",
		// "ROLE":"admin"} would read one way into a map, another into a
		// struct.
		if !s.anyNames {
			if other := seen.add(s, start, end, kind); other >= 0 {
				return end, s.duplicate(end, key, other)
			}
		}
		p = end
		if p < len(data) && data[p] != ':' {
			p = oSkipWS(data, p)
		}
		if p >= len(data) || data[p] != ':' {
			return p, s.fail(p, "expected ':'")
		}
		vstart := oSkipWS(data, p+1)
		if vstart < len(data) && data[vstart] == '"' { // the common case, without value's dispatch
			p, _, err = s.str(vstart)
		} else {
			p, err = s.value(vstart, depth+1)
		}
		if err != nil {
			return p, err
		}
		if fn != nil {
			if err := fn(key, data[vstart:p]); err != nil {
				return p, err
			}
		}
		if p < len(data) && data[p] != ',' && data[p] != '}' {
			p = oSkipWS(data, p)
		}
		if p >= len(data) {
			return p, s.fail(p, "unterminated object")
		}
		switch data[p] {
		case ',':
			p = oSkipWS(data, p+1)
		case '}':
			seen.release(s)
			return p + 1, nil
		default:
			return p, s.fail(p, "expected ',' or '}'")
		}
	}
}

// duplicate reports, at p, that key oNames a member again or a case-folded
// look-alike of one; the earlier name starts at data[other]. Both oNames
// come from unverified input: they are cut to bounded.Max bytes, marked
// (RFC 8725 section 3.10), so a forged name never makes a long error.
func (s *oScanner) duplicate(p int, key Key, other int) error {
	name := key.Name()
	prev := unescape(s.data[other : oCheckedStringEnd(s.data, other-1)-1])
	if name == prev {
		return s.fail(p, "duplicate member name "+bounded.Quote(name))
	}
	return s.fail(p, "member name "+bounded.Quote(name)+" is a case-folded look-alike of the member name "+bounded.Quote(prev))
}

func (s *oScanner) array(p, depth int) (int, error) {
	if depth > MaxDepth {
		return p, s.fail(p, "nesting too deep")
	}
	data := s.data
	p = oSkipWS(data, p+1)
	if p < len(data) && data[p] == ']' {
		return p + 1, nil
	}
	for {
		var err error
		if p < len(data) && data[p] == '"' {
			p, _, err = s.str(p)
		} else {
			p, err = s.value(p, depth+1)
		}
		if err != nil {
			return p, err
		}
		if p < len(data) && data[p] != ',' && data[p] != ']' {
			p = oSkipWS(data, p)
		}
		if p >= len(data) {
			return p, s.fail(p, "unterminated array")
		}
		switch data[p] {
		case ',':
			p = oSkipWS(data, p+1)
		case ']':
			return p + 1, nil
		default:
			return p, s.fail(p, "expected ',' or ']'")
		}
	}
}

// number scans an RFC 8259 number at p:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *oScanner) number(p int) (int, error) {
	d := s.data
	start := p
	if p < len(d) && d[p] == '-' {
		p++
	}
	switch {
	case p < len(d) && d[p] == '0':
		p++
	case p < len(d) && d[p] >= '1' && d[p] <= '9':
		p = oDigits(d, p+1)
	default:
		return p, s.fail(p, "invalid number")
	}
	if p < len(d) && d[p] == '.' {
		q := oDigits(d, p+1)
		if q == p+1 {
			return q, s.fail(q, "invalid number fraction")
		}
		p = q
	}
	if p < len(d) && (d[p] == 'e' || d[p] == 'E') {
		p++
		if p < len(d) && (d[p] == '+' || d[p] == '-') {
			p++
		}
		q := oDigits(d, p)
		if q == p {
			return q, s.fail(q, "invalid number exponent")
		}
		return q, s.inRange(start, d[start:q])
	}
	if p-start > 300 {
		return p, s.inRange(start, d[start:p])
	}
	return p, nil
}

// inRange refuses a number beyond IEEE 754 binary64's range (RFC 8259
// section 6): codecs disagree on it (encoding/json fails to decode it into
// any or float64 but skips it for a struct without that field; others yield
// ±Inf), so it could make a verdict depend on the codec or the claims type.
// Only literals with an exponent or over 300 characters can overflow. lit
// is read in place: a copy would cost an allocation per long number.
func (s *oScanner) inRange(start int, lit []byte) error {
	if _, err := strconv.ParseFloat(bytesview.String(lit), 64); err != nil { // ParseFloat keeps no view of lit
		return s.fail(start, "number beyond the range of a 64-bit float")
	}
	return nil
}

// oDigits returns the index of the first byte at or after p that is not an
// ASCII digit.
func oDigits(d []byte, p int) int {
	for p < len(d) && d[p] >= '0' && d[p] <= '9' {
		p++
	}
	return p
}

// What str found in a string, besides oPlain ASCII.
const (
	oStrEscaped  uint8 = 1 << iota // a backslash escape
	oStrNonASCII                   // a UTF-8 sequence of two bytes or more
)

// str scans a string whose opening quote is at p, returning the index
// after the closing quote and what it found (oStrEscaped, oStrNonASCII).
// Runs of oPlain bytes go eight at a time; a string of oPlain ASCII ends
// here, anything else goes to strRest, and what it finds is gathered in
// s.found.
func (s *oScanner) str(p int) (end int, kind uint8, err error) {
	data := s.data
	p++ // the opening quote
	for p+8 <= len(data) {
		if m := oNotPlain8(binary.LittleEndian.Uint64(data[p:])); m != 0 {
			p += bits.TrailingZeros64(m) >> 3
			if data[p] == '"' {
				return p + 1, 0, nil
			}
			break
		}
		p += 8
	}
	end, kind, err = s.strRest(p)
	s.found |= kind
	return end, kind, err
}

// strRest scans the rest of a string from p, one byte at a time but for
// runs of oPlain bytes: escapes, UTF-8 sequences and the closing quote.
func (s *oScanner) strRest(p int) (end int, kind uint8, err error) {
	data := s.data
	for {
		p = oSkipPlain(data, p)
		if p >= len(data) {
			return p, kind, s.fail(p, "unterminated string")
		}
		switch c := data[p]; {
		case c == '"':
			return p + 1, kind, nil
		case c == '\\':
			kind |= oStrEscaped
			if p, err = s.escape(p); err != nil {
				return p, kind, err
			}
		case c < 0x20:
			return p, kind, s.fail(p, "control character in string")
		default: // c >= utf8.RuneSelf
			kind |= oStrNonASCII
			r, size := utf8.DecodeRune(data[p:])
			if r == utf8.RuneError && size == 1 {
				return p, kind, s.fail(p, "invalid UTF-8 in string")
			}
			p += size
		}
	}
}

// oSkipPlain returns the index of the first byte at or after p that is not
// oPlain (see the oPlain table), or len(data).
func oSkipPlain(data []byte, p int) int {
	for p+8 <= len(data) {
		if m := oNotPlain8(binary.LittleEndian.Uint64(data[p:])); m != 0 {
			return p + bits.TrailingZeros64(m)>>3
		}
		p += 8
	}
	for p < len(data) && oPlain[data[p]] {
		p++
	}
	return p
}

const (
	oOnes8 = 0x0101010101010101
	oHigh8 = 0x8080808080808080
)

// oNotPlain8 looks at eight bytes at once (byte i of the input in bits
// 8i..8i+7) and sets the high bit of the lowest byte that is not oPlain:
// below 0x20, '"', '\\', or 0x80 and above. A subtraction's borrow only
// travels upwards from a byte that is itself flagged, so bytes above the
// lowest flagged one may be flagged wrongly, but never the lowest: callers
// use only the lowest.
func oNotPlain8(x uint64) uint64 {
	ctl := x - 0x20*oOnes8               // bytes below 0x20 borrow
	quote := (x ^ '"'*oOnes8) - oOnes8   // zero after the XOR: the quote
	bslash := (x ^ '\\'*oOnes8) - oOnes8 // likewise the backslash
	return (ctl | quote | bslash | x) & oHigh8
}

// escape scans one escape sequence at p (a '\\').
func (s *oScanner) escape(p int) (int, error) {
	d := s.data
	if p+1 >= len(d) {
		return p, s.fail(p, "unterminated escape")
	}
	switch d[p+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return p + 2, nil
	case 'u':
		r, ok := oHex4(d, p+2)
		if !ok {
			return p, s.fail(p, "invalid \\u escape")
		}
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return p, s.fail(p, "lone low surrogate escape")
		case r >= 0xD800 && r <= 0xDBFF:
			q := p + 6
			if q+1 >= len(d) || d[q] != '\\' || d[q+1] != 'u' {
				return p, s.fail(p, "lone high surrogate escape")
			}
			lo, ok := oHex4(d, q+2)
			if !ok || lo < 0xDC00 || lo > 0xDFFF {
				return p, s.fail(p, "lone high surrogate escape")
			}
			return p + 12, nil
		}
		return p + 6, nil
	}
	return p, s.fail(p, "invalid escape")
}

// oPlain marks the string bytes that need no further look: printable ASCII
// other than the quote and the backslash.
var oPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func oHex4(b []byte, i int) (rune, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

// oCheckedStringEnd returns the index after the closing quote of the string
// whose opening quote is at p, in input the pass has checked: an escape is
// a backslash and the byte after it, so the first quote not so escaped
// closes the string. Bytes other than quotes and backslashes are skipped
// eight at a time.
func oCheckedStringEnd(data []byte, p int) int {
	for p++; p < len(data); p++ {
		for p+8 <= len(data) {
			x := binary.LittleEndian.Uint64(data[p:])
			quote := (x ^ '"'*oOnes8) - oOnes8
			bslash := (x ^ '\\'*oOnes8) - oOnes8
			m := (quote | bslash) &^ x & oHigh8
			if m != 0 {
				p += bits.TrailingZeros64(m) >> 3
				break
			}
			p += 8
		}
		if p >= len(data) {
			break
		}
		switch data[p] {
		case '\\':
			p++
		case '"':
			return p + 1
		}
	}
	return len(data)
}

// oInlineKeys is how many member oNames an object tracks in a flat list
// before it switches to a hash table for duplicate detection.
const oInlineKeys = 16

// oMaxFilterHits is how many oNames of an object may hit the flat list's
// filter, each compared with every name before it, before the object
// switches to the hash table: oNames made to share filter bits cost no more
// than a few comparisons each.
const oMaxFilterHits = 4

// A name's key is what duplicate detection compares: its fold key (see
// fold.go), so that one set refuses both exact duplicates and case-folded
// look-alikes. The fold key of a oPlain ASCII name (no escape) is the name
// upper-cased: it is read in place, upper-casing as it is compared. Any
// other name's fold key is computed once, into the oScanner's arena. Keys
// are compared only after a 64-bit filter on their length and end bytes
// matches, so an object of distinct oNames costs one bit test per name.

// oEntry is one member name of an object being scanned.
type oEntry struct {
	raw int // index in data of the name's first byte after its quote
	key int // where its key is (see keyOf), or -1: the raw name is the key
	n   int // the key's length
}

// oTableEntry is a name in a hash table, with its key's hash.
type oTableEntry struct {
	oEntry
	hash uint64
}

// oNames is the set of member oNames of one object, to refuse duplicates. Up
// to oInlineKeys oNames live in flat; past that, all of them are in a hash
// table the oScanner owns, in s.ents[ents:] and s.slots[slots:]. The marks
// are where the oScanner's arenas, ents and slots end when the object starts:
// release truncates them back.
type oNames struct {
	flat                       [oInlineKeys]oEntry
	n                          int
	filter                     uint64 // bit oNameBit(key) set for every name in flat
	hits                       int    // oNames that hit the filter
	big                        bool   // the oNames are in the hash table
	marked                     bool   // the marks are taken
	inline, arena, ents, slots int
	tableSize, tableLen        int
}

// mark takes the oScanner's marks, on the object's first use of its stacks:
// every object nested in it so far has ended and released what it took, so
// they are where they were when the object started.
func (ns *oNames) mark(s *oScanner) {
	if !ns.marked {
		ns.marked = true
		ns.inline, ns.arena, ns.ents, ns.slots = s.nInline, len(s.arena), len(s.ents), len(s.slots)
	}
}

// release gives back what the object took from the oScanner's stacks.
func (ns *oNames) release(s *oScanner) {
	if ns.marked {
		s.nInline = ns.inline
		s.arena, s.ents, s.slots = s.arena[:ns.arena], s.ents[:ns.ents], s.slots[:ns.slots]
	}
}

// add records the name whose quotes are at data[start] and data[end-1],
// with the str kind flags. When the object already has a member of that
// name or of a case-folded look-alike of it, add returns the index in data
// of that earlier name's first byte, else -1. A oPlain ASCII name that
// misses the filter is the fast path.
func (ns *oNames) add(s *oScanner, start, end int, kind uint8) int {
	if kind == 0 {
		raw := s.data[start+1 : end-1]
		if bit := oNameBit(raw); ns.filter&bit == 0 && ns.n < oInlineKeys {
			ns.filter |= bit
			ns.flat[ns.n] = oEntry{raw: start + 1, key: -1, n: len(raw)}
			ns.n++
			return -1
		}
	}
	return ns.addSlow(s, start, end, kind)
}

func (ns *oNames) addSlow(s *oScanner, start, end int, kind uint8) int {
	ns.mark(s)
	raw := s.data[start+1 : end-1]
	e := oEntry{raw: start + 1, key: -1, n: len(raw)}
	if kind != 0 {
		e.key, e.n = s.putKey(raw)
	}
	if ns.big {
		return ns.insert(s, e)
	}
	bit := oNameBit(s.keyOf(e))
	if ns.filter&bit != 0 {
		ns.hits++
		for _, f := range ns.flat[:ns.n] {
			if s.sameKey(f, e) {
				return f.raw
			}
		}
	}
	if ns.n < oInlineKeys && ns.hits < oMaxFilterHits {
		ns.flat[ns.n] = e
		ns.n++
		ns.filter |= bit
		return -1
	}
	// The 17th name, or too many filter hits: every key goes into the
	// arena, every name into the hash table. n is set to oInlineKeys so
	// that later oNames skip add's fast path.
	ns.big = true
	s.ents = oRoom2x(s.ents, 4*oInlineKeys)
	for _, f := range ns.flat[:ns.n] {
		f = s.own(f)
		s.ents = append(s.ents, oTableEntry{f, maphash.Bytes(oHashSeed, s.keyOf(f))})
	}
	ns.n = oInlineKeys
	ns.grow(s)
	return ns.insert(s, e)
}

// putKey stores the key of the raw name and returns where: in the
// oScanner's inline arena when it fits (a key is never longer than its raw
// name), else in its heap arena.
func (s *oScanner) putKey(raw []byte) (off, n int) {
	if room := s.inline[s.nInline:]; len(raw) <= len(room) {
		n = len(oAppendKey(room[:0], raw)) // within room: no reallocation
		off = s.nInline
		s.nInline += n
		return off, n
	}
	start := len(s.arena)
	s.arena = oAppendKey(oRoom2x(s.arena, len(raw)), raw)
	return len(s.inline) + start, len(s.arena) - start
}

// oAppendKey appends the key of the raw name.
func oAppendKey(dst, raw []byte) []byte { return oAppendFoldKey(dst, raw) }

// own returns e with its key in the arena.
func (s *oScanner) own(e oEntry) oEntry {
	if e.key < 0 {
		e.key, e.n = s.putKey(s.data[e.raw : e.raw+e.n])
	}
	return e
}

// keyOf returns e's key.
func (s *oScanner) keyOf(e oEntry) []byte {
	switch {
	case e.key < 0:
		return s.data[e.raw : e.raw+e.n]
	case e.key < len(s.inline):
		return s.inline[e.key : e.key+e.n]
	}
	return s.arena[e.key-len(s.inline) : e.key-len(s.inline)+e.n]
}

// sameKey reports whether a and b have equal keys.
func (s *oScanner) sameKey(a, b oEntry) bool {
	if a.n != b.n {
		return false
	}
	ka, kb := s.keyOf(a), s.keyOf(b)
	if a.key >= 0 && b.key >= 0 {
		return string(ka) == string(kb)
	}
	return oEqualUpperASCII(ka, kb)
}

// oEqualUpperASCII reports whether a and b, of one length, are equal once
// their ASCII letters are upper-cased (as a key read in place must be),
// eight bytes at a time.
func oEqualUpperASCII(a, b []byte) bool {
	i := 0
	for ; i+8 <= len(a); i += 8 {
		x, y := binary.LittleEndian.Uint64(a[i:]), binary.LittleEndian.Uint64(b[i:])
		if x != y && oUpper8(x) != oUpper8(y) {
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

// oUpper8 is upperASCII on each of the eight bytes of x. For each byte b,
// with t its low seven bits, t+0x1f has its high bit set from 'a' up and
// t+0x05 from '{' up; neither sum carries into the next byte. Where b is
// a lower-case letter (and below 0x80) 0x20 is taken away, which borrows
// from no other byte.
func oUpper8(x uint64) uint64 {
	t := x &^ oHigh8
	lower := (t + 0x1f*oOnes8) &^ (t + 0x05*oOnes8) &^ x & oHigh8
	return x - lower>>2
}

// oHashSeed seeds the hash table: its layout cannot be predicted, so no
// input can make many oNames share a slot.
var oHashSeed = maphash.MakeSeed()

// oSlotIndexBits is how many low bits of a hash table slot hold 1 + the
// index of its name in s.ents[ns.ents:] (0: the slot is empty); the other
// bits hold the top bits of the name's key's hash, compared before keys.
const oSlotIndexBits = 40

// insert adds e to the hash table, or returns where in data the fold-equal
// name it already holds starts.
func (ns *oNames) insert(s *oScanner, e oEntry) int {
	e = s.own(e)
	h := maphash.Bytes(oHashSeed, s.keyOf(e))
	table := s.slots[ns.slots : ns.slots+ns.tableSize]
	mask := uint64(ns.tableSize - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		slot := table[i]
		if slot == 0 {
			break
		}
		if slot>>oSlotIndexBits == h>>oSlotIndexBits {
			if f := s.ents[ns.ents+int(slot&(1<<oSlotIndexBits-1))-1]; s.sameKey(f.oEntry, e) {
				return f.raw
			}
		}
	}
	s.ents = append(oRoom2x(s.ents, 1), oTableEntry{e, h})
	ns.tableLen++
	if 2*ns.tableLen > ns.tableSize {
		ns.grow(s)
	} else {
		ns.put(s, h, ns.tableLen)
	}
	return -1
}

// grow rebuilds the hash table at twice the size needed for the oNames in
// s.ents[ns.ents:].
func (ns *oNames) grow(s *oScanner) {
	all := s.ents[ns.ents:]
	ns.tableLen = len(all)
	ns.tableSize = 4 * oInlineKeys
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
func (ns *oNames) put(s *oScanner, h uint64, n int) {
	table := s.slots[ns.slots : ns.slots+ns.tableSize]
	mask := uint64(ns.tableSize - 1)
	i := h & mask
	for table[i] != 0 {
		i = (i + 1) & mask
	}
	table[i] = h>>oSlotIndexBits<<oSlotIndexBits | uint64(n)
}

// oRoom2x returns s with room for n more elements, at least doubling its
// capacity when it must grow: the stacks grow in a few steps.
func oRoom2x[T any](s []T, n int) []T {
	if cap(s)-len(s) < n {
		s = slices.Grow(s, max(n, cap(s)))
	}
	return s
}

// oNameBit picks one of 64 bits from a key's length and first and last
// bytes, with bit 0x20 of those bytes set: a key read in place is not yet
// upper-cased, and bytes equal under upperASCII differ at most in that bit.
// So equal keys always pick the same bit.
func oNameBit(key []byte) uint64 {
	h := uint64(len(key))
	if len(key) > 0 {
		h |= (uint64(key[0])<<16 | uint64(key[len(key)-1])<<8) | 0x20<<16 | 0x20<<8
	}
	return 1 << ((h * 0x9E3779B97F4A7C15) >> 58)
}

// oAppendFoldKey appends the fold key of the inside of a checked JSON string
// (escapes decoded).
func oAppendFoldKey(dst, raw []byte) []byte {
	for i := 0; i < len(raw); {
		if c := raw[i]; c != '\\' && c < utf8.RuneSelf {
			dst = append(dst, upperASCII(c))
			i++
			continue
		}
		var r rune
		r, i = decodeRune(raw, i)
		dst = utf8.AppendRune(dst, foldRune(r))
	}
	return dst
}

const oArenaInline = 128
