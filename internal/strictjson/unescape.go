package strictjson

import (
	"unicode/utf16"
	"unicode/utf8"
)

// decodeRune decodes the character at raw[i], the inside of a JSON string,
// and returns it with the index after it: a UTF-8 sequence or one of the
// escapes \" \\ \/ \b \f \n \r \t \uXXXX (a surrogate pair as one rune).
// It is meant for strings the pass has checked; on anything else it does
// not panic, and yields U+FFFD for what is not a character.
func decodeRune(raw []byte, i int) (rune, int) {
	c := raw[i]
	if c >= utf8.RuneSelf {
		r, size := utf8.DecodeRune(raw[i:])
		return r, i + size
	}
	if c != '\\' || i+1 >= len(raw) {
		return rune(c), i + 1
	}
	switch e := raw[i+1]; e {
	case 'b':
		return '\b', i + 2
	case 'f':
		return '\f', i + 2
	case 'n':
		return '\n', i + 2
	case 'r':
		return '\r', i + 2
	case 't':
		return '\t', i + 2
	case 'u':
		r, ok := hex4(raw, i+2)
		if !ok {
			return utf8.RuneError, i + 2
		}
		if !utf16.IsSurrogate(r) {
			return r, i + 6
		}
		if i+7 < len(raw) && raw[i+6] == '\\' && raw[i+7] == 'u' {
			if lo, ok := hex4(raw, i+8); ok {
				if pair := utf16.DecodeRune(r, lo); pair != utf8.RuneError {
					return pair, i + 12
				}
			}
		}
		return utf8.RuneError, i + 6
	default: // '"', '\\', '/'
		return rune(e), i + 2
	}
}

// appendUnescaped appends the decoded inside of a checked JSON string.
func appendUnescaped(dst, raw []byte) []byte {
	for i := 0; i < len(raw); {
		if c := raw[i]; c != '\\' && c < utf8.RuneSelf {
			dst = append(dst, c)
			i++
			continue
		}
		var r rune
		r, i = decodeRune(raw, i)
		dst = utf8.AppendRune(dst, r)
	}
	return dst
}

// unescape decodes the inside of a checked JSON string.
func unescape(raw []byte) string {
	var buf [64]byte
	return string(appendUnescaped(buf[:0], raw))
}

// equalUnescaped reports whether the decoded inside of a checked JSON string
// equals want, without allocating.
func equalUnescaped(raw []byte, want string) bool {
	j := 0
	for i := 0; i < len(raw); {
		if c := raw[i]; c != '\\' && c < utf8.RuneSelf {
			if j >= len(want) || want[j] != c {
				return false
			}
			i++
			j++
			continue
		}
		var r rune
		r, i = decodeRune(raw, i)
		var enc [utf8.UTFMax]byte
		n := utf8.EncodeRune(enc[:], r)
		if len(want)-j < n || want[j:j+n] != string(enc[:n]) {
			return false
		}
		j += n
	}
	return j == len(want)
}
