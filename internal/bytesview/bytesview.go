// Package bytesview gives read-only byte views of strings without copying.
//
// The parse path hashes and decodes substrings of the token; copying them
// into fresh []byte values would cost an allocation per segment. Callers must
// never write through the returned slice.
package bytesview

import "unsafe"

// Of returns the bytes of s without copying. The result must not be modified.
func Of(s string) []byte {
	if s == "" {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// String returns b as a string without copying. b must not be modified afterwards.
func String(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
