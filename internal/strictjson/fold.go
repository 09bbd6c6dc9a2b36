package strictjson

import (
	"sync"
	"unicode"
	"unicode/utf8"
)

// A fold key stands for a member name under every case mapping a JSON codec
// may use to match names: Unicode simple case folding (strings.EqualFold,
// as encoding/json matches struct fields), lower-casing (json-iterator)
// and upper-casing. Each rune of the name is replaced by its class's
// canonical rune, where a class is a connected component of the graph
// whose edges join r to unicode.SimpleFold(r), unicode.ToLower(r) and
// unicode.ToUpper(r), and its canonical rune is its smallest. Two names
// equal under any of those mappings have equal fold keys ('i', 'I', 'İ'
// U+0130 and 'ı' U+0131 are one class; 'k', 'K' and the Kelvin sign
// U+212A another; 's', 'S' and 'ſ' U+017F another). For ASCII the canonical
// rune is the upper-case letter, so the fold key of an ASCII name is the
// name upper-cased, byte for byte.

// upperASCII upper-cases an ASCII letter and returns any other byte as is;
// it leaves the bytes of a fold key unchanged.
func upperASCII(c byte) byte {
	if c-'a' < 26 {
		return c - ('a' - 'A')
	}
	return c
}

// foldRune returns r's canonical rune.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		return rune(upperASCII(byte(r)))
	}
	t := foldTables()
	if r <= 0xFFFF {
		if page := t.bmp[r>>8]; page != nil {
			return rune(page[r&0xFF])
		}
		return r
	}
	if c, ok := t.beyond[r]; ok {
		return c
	}
	return r
}

// foldTable maps each rune to its class's canonical rune: through pages of
// 256 runes for the Basic Multilingual Plane (nil: every rune of the page
// is canonical; a canonical rune is never above its class's other runes,
// so it fits in 16 bits), through a map beyond it.
type foldTable struct {
	bmp    [256]*[256]uint16
	beyond map[rune]rune
}

// foldTables is built on first use: only names with non-ASCII characters
// need it.
var foldTables = sync.OnceValue(func() *foldTable {
	t := &foldTable{beyond: map[rune]rune{}}
	for r, c := range foldClasses() {
		if r > 0xFFFF {
			t.beyond[r] = c
			continue
		}
		page := t.bmp[r>>8]
		if page == nil {
			page = new([256]uint16)
			for i := range page {
				page[i] = uint16(r&^0xFF) + uint16(i)
			}
			t.bmp[r>>8] = page
		}
		page[r&0xFF] = uint16(c)
	}
	return t
})

// foldClasses returns, for each rune that is not its class's canonical
// rune, that rune.
func foldClasses() map[rune]rune {
	// Only runes in unicode.CaseRanges have a case mapping, and only
	// cased runes (upper-case, lower-case and title-case letters and those
	// Unicode calls Other_Lowercase or Other_Uppercase) fold to another rune
	// (U+0390 and U+1FD3 fold to each other without a case mapping); every
	// other rune maps to itself under ToLower, ToUpper and SimpleFold. The
	// test walks every rune to check this.
	parent := map[rune]rune{}
	var find func(r rune) rune
	find = func(r rune) rune {
		p, ok := parent[r]
		if !ok || p == r {
			return r
		}
		root := find(p)
		parent[r] = root
		return root
	}
	union := func(a, b rune) {
		ra, rb := find(a), find(b)
		if ra == rb {
			return
		}
		if rb < ra { // the smallest rune is the root
			ra, rb = rb, ra
		}
		parent[rb] = ra
		if _, ok := parent[ra]; !ok {
			parent[ra] = ra
		}
	}
	edges := func(r rune) {
		union(r, unicode.ToLower(r))
		union(r, unicode.ToUpper(r))
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			union(r, f)
		}
	}
	for _, cr := range unicode.CaseRanges {
		for r := rune(cr.Lo); r <= rune(cr.Hi); r++ {
			edges(r)
		}
	}
	for _, t := range []*unicode.RangeTable{unicode.Upper, unicode.Lower, unicode.Title, unicode.Other_Lowercase, unicode.Other_Uppercase} {
		for _, r16 := range t.R16 {
			for r := rune(r16.Lo); r <= rune(r16.Hi); r += rune(r16.Stride) {
				edges(r)
			}
		}
		for _, r32 := range t.R32 {
			for r := rune(r32.Lo); r <= rune(r32.Hi); r += rune(r32.Stride) {
				edges(r)
			}
		}
	}
	classes := make(map[rune]rune, len(parent))
	for r := range parent {
		if c := find(r); c != r && r >= utf8.RuneSelf {
			classes[r] = c
		}
	}
	return classes
}

// appendFoldKey appends the fold key of the inside of a checked JSON string
// (escapes decoded).
func appendFoldKey(dst, raw []byte) []byte {
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

// FoldKey returns the fold key of name, given as a Go string (escapes
// already decoded). Two member names have equal fold keys exactly when the
// strict pass refuses them in one object as a duplicate or a case-folded
// look-alike: jwt.WithRequiredClaims uses it to refuse requiring two names
// no token may carry together.
func FoldKey(name string) string {
	b := make([]byte, 0, len(name))
	for _, r := range name {
		b = utf8.AppendRune(b, foldRune(r))
	}
	return string(b)
}
