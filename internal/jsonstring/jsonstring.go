// Package jsonstring writes Go strings as JSON strings exactly as
// encoding/json does, without its reflection for the common case.
package jsonstring

import (
	"encoding/json"
	"unicode/utf8"
)

// Append appends s as encoding/json writes it: plain text as is, and any
// string that needs escaping (quotes, backslashes, controls, <>&, U+2028,
// U+2029, invalid UTF-8) through encoding/json itself, so the escaping is
// always its own under every Go version.
func Append(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		if safe[s[i]] {
			i++
			continue
		}
		if s[i] >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError && r != '\u2028' && r != '\u2029' {
				i += n
				continue
			}
		}
		b, _ := json.Marshal(s) // a string always marshals
		return append(dst, b...)
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// safe marks the ASCII bytes encoding/json copies into a string as is.
var safe = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()
