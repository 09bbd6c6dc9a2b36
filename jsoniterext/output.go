package jsoniterext

import (
	"bytes"
	"unicode/utf8"
)

// stdWritesOtherwise reports whether encoding/json would write the value
// jsoniter wrote as out differently, judging from out alone:
//
//   - \u0008 and \u000c: encoding/json writes U+0008 and U+000C with the
//     short escapes \b and \f of RFC 8259 section 7, jsoniter in the long
//     form;
//   - \ufffd: jsoniter's replacement for a byte that is not UTF-8, which
//     encoding/json writes escaped (Go 1.26) or raw (Go 1.27);
//   - bytes that are not valid UTF-8.
//
// Escapes are read in pairs from each backslash, so a literal backslash
// before "u0008" (written \\u0008) is not mistaken for one. out is what
// jsoniter wrote: valid JSON, where a backslash appears only in strings.
func stdWritesOtherwise(out []byte) bool {
	for rest := out; ; {
		i := bytes.IndexByte(rest, '\\')
		if i < 0 || i+1 >= len(rest) {
			break
		}
		if rest[i+1] == 'u' && i+6 <= len(rest) {
			switch string(rest[i+2 : i+6]) {
			case "0008", "000c", "fffd":
				return true
			}
		}
		rest = rest[i+2:]
	}
	return !utf8.Valid(out)
}
