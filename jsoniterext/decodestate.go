package jsoniterext

import (
	"sync"

	jsoniter "github.com/json-iterator/go"
)

// decodeState rides along one Unmarshal in the iterator's Attachment.
type decodeState struct {
	// data is Unmarshal's input. When plain is set it holds no backslash
	// and is valid UTF-8, so every string in it is its raw bytes, and
	// strings are cut from arena, one copy of data made at the first
	// string: one allocation per Unmarshal instead of one per string.
	data  []byte
	plain bool
	// checked: the core's strict pass proved that no string in data holds
	// a control character (UnmarshalProven), so readString need not look.
	checked bool
	arena   string
	// num is the scratch buffer NumericDate literals are copied into.
	num [40]byte
}

var decodeStates = sync.Pool{New: func() any { return new(decodeState) }}

// stateOf returns the decodeState of iter, or nil outside Unmarshal
// (jsoniter's own API called directly on New's configuration).
func stateOf(iter *jsoniter.Iterator) *decodeState {
	st, _ := iter.Attachment.(*decodeState)
	return st
}

// readString reads a JSON string (not null) as jsoniter's ReadString does;
// from plain input, as a substring of the arena.
func readString(iter *jsoniter.Iterator) string {
	st := stateOf(iter)
	if st == nil || !st.plain {
		return iter.ReadString()
	}
	raw := iter.ReadStringAsSlice() // exact: no escape in the input
	if iter.Error != nil || len(raw) == 0 {
		return ""
	}
	if !st.checked {
		for _, c := range raw {
			if c < ' ' {
				iter.ReportError("ReadString", "invalid control character in string")
				return ""
			}
		}
	}
	// raw is data[off:off+len(raw)] when ReadStringAsSlice took its fast
	// path (always, for a terminated string in a byte input); the element
	// addresses confirm it, and a copy is taken otherwise.
	off := cap(st.data) - cap(raw)
	if off < 0 || off+len(raw) > len(st.data) || &st.data[off] != &raw[0] {
		return string(raw)
	}
	if st.arena == "" {
		st.arena = string(st.data)
	}
	return st.arena[off : off+len(raw)]
}
