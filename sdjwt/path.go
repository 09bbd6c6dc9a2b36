package sdjwt

import (
	"strconv"
	"strings"
)

// Path names a claim of a processed SD-JWT payload (RFC 9901 section 7.1):
// object member names (string) and array indexes (int) from the top level
// down, e.g. Path{"address", "street"} or Path{"nationalities", 1}. An
// index counts the elements of the processed array, the one its reader sees
// (the holder's Issued.Payload, the verifier's Result.Payload).
type Path []any

// String renders p for messages: address.street, nationalities[1]; names
// that are not plain are quoted.
func (p Path) String() string {
	var b strings.Builder
	for i, e := range p {
		switch v := e.(type) {
		case int:
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(v))
			b.WriteByte(']')
		case string:
			if i > 0 {
				b.WriteByte('.')
			}
			if plainName(v) {
				b.WriteString(v)
			} else {
				b.WriteString(strconv.Quote(v))
			}
		default:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString("<invalid>")
		}
	}
	return b.String()
}

// plainName reports whether s renders unquoted in a Path.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// child returns p extended by e, never sharing p's backing array.
func (p Path) child(e any) Path {
	c := make(Path, len(p)+1)
	copy(c, p)
	c[len(p)] = e
	return c
}

// hasPrefix reports whether q starts with p.
func (p Path) hasPrefix(q Path) bool {
	if len(q) > len(p) {
		return false
	}
	for i := range q {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}
