package jwt

import (
	"encoding/base64"
)

// b64 decodes canonical unpadded base64url only: Strict refuses non-zero
// unused bits, and '=' is outside the alphabet we let through.
var b64 = base64.RawURLEncoding.Strict()

// b64url marks the bytes of the base64url alphabet (RFC 4648 section 5).
var b64url = func() (t [256]bool) {
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	t['-'], t['_'] = true, true
	return t
}()

// compact is a token split into its three segments, all substrings of the
// token (nothing is copied).
type compact struct {
	header, payload, signature string
	signingInput               string // header + "." + payload
}

// splitCompact checks the JWS Compact Serialization (RFC 7515 section 7.1):
// at most maxSize bytes, exactly two '.', and every other byte base64url.
// The charset is checked before any decoding because Go's base64 decoders
// silently skip '\r' and '\n'. It stops at the third '.' and never splits,
// so a token of a million dots costs nothing (CVE-2025-30204).
func splitCompact(token string, maxSize int) (compact, error) {
	if len(token) > maxSize {
		return compact{}, ErrTokenTooLarge
	}
	first, second := -1, -1
	for i := 0; i < len(token); i++ {
		c := token[i]
		if c == '.' {
			switch {
			case first < 0:
				first = i
			case second < 0:
				second = i
			default:
				return compact{}, malformed("more than two '.'")
			}
			continue
		}
		if !b64url[c] {
			return compact{}, malformed("byte 0x%02x at offset %d is not base64url", c, i)
		}
	}
	if second < 0 {
		return compact{}, malformed("a compact JWS has exactly two '.'")
	}
	return compact{
		header:       token[:first],
		payload:      token[first+1 : second],
		signature:    token[second+1:],
		signingInput: token[:second],
	}, nil
}

// decodeSegment appends the decoded canonical base64url segment to dst.
func decodeSegment(dst []byte, seg, what string) ([]byte, error) {
	n := len(dst)
	dst = append(dst, make([]byte, b64.DecodedLen(len(seg)))...)
	m, err := b64.Decode(dst[n:], bytesOf(seg))
	if err != nil {
		return dst[:n], malformed("%s is not canonical unpadded base64url", what)
	}
	return dst[:n+m], nil
}
