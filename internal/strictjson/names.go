package strictjson

// inlineKeys is how many member names an object tracks in a flat list
// before it switches to a map for duplicate detection.
const inlineKeys = 16

// names is the set of member names of one object, to refuse duplicates.
// Unescaped names are first sifted by a 64-bit filter on their length and
// end bytes, so an object of distinct names costs one bit test per name;
// only a filter hit, or an escaped name (whose raw bytes may differ from an
// equal name's), compares names.
type names struct {
	flat    [inlineKeys]Key
	n       int
	filter  uint64 // bit nameBit(k.Raw) set for every unescaped name in flat
	escaped bool   // some name in flat has an escape
	many    map[string]struct{}
}

// add records key and reports false when the object already has a member
// of that name (compared after unescaping).
func (ns *names) add(key Key) bool {
	bit := nameBit(key.Raw)
	if ns.n < inlineKeys && ns.filter&bit == 0 && !key.Escaped && !ns.escaped {
		ns.filter |= bit
		ns.flat[ns.n] = key
		ns.n++
		return true
	}
	return ns.addSlow(key, bit)
}

func (ns *names) addSlow(key Key, bit uint64) bool {
	if ns.many != nil {
		name := key.Name()
		if _, dup := ns.many[name]; dup {
			return false
		}
		ns.many[name] = struct{}{}
		return true
	}
	for i := range ns.flat[:ns.n] {
		if sameName(ns.flat[i], key) {
			return false
		}
	}
	if ns.n < inlineKeys {
		ns.flat[ns.n] = key
		ns.n++
		ns.filter |= bit
		ns.escaped = ns.escaped || key.Escaped
		return true
	}
	ns.many = make(map[string]struct{}, 2*inlineKeys)
	for _, k := range ns.flat {
		ns.many[k.Name()] = struct{}{}
	}
	ns.many[key.Name()] = struct{}{}
	return true
}

// nameBit picks one of 64 bits from a raw name's length and first and last
// bytes: equal raw names always pick the same bit.
func nameBit(raw []byte) uint64 {
	h := uint64(len(raw))
	if len(raw) > 0 {
		h |= uint64(raw[0])<<16 | uint64(raw[len(raw)-1])<<8
	}
	return 1 << ((h * 0x9E3779B97F4A7C15) >> 58)
}

func sameName(a, b Key) bool {
	if !a.Escaped && !b.Escaped {
		return string(a.Raw) == string(b.Raw)
	}
	return a.Name() == b.Name()
}
