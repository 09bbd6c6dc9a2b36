package jwt

import (
	"encoding/base64"
	"strings"
)

// b64 decodes canonical unpadded base64url only: Strict refuses non-zero
// unused bits, and '=' is outside the alphabet we let through.
var b64 = base64.RawURLEncoding.Strict()

// compact is a token split into its three segments, all substrings of the
// token (nothing is copied).
type compact struct {
	header, payload, signature string
	signingInput               string // header + "." + payload
}

// splitCompact checks the JWS Compact Serialization (RFC 7515 section 7.1):
// at most maxSize bytes, exactly two '.', and no line break. It finds the
// dots with strings.IndexByte, stops at a third and never splits, so a token
// of a million dots costs nothing (CVE-2025-30204). The rest of the
// alphabet is checked by decodeSegment, which refuses every byte outside
// base64url except '\r' and '\n': Go's base64 decoders skip those
// silently, so they are refused here, before any decoding.
func splitCompact(token string, maxSize int) (compact, error) {
	if len(token) > maxSize {
		return compact{}, ErrTokenTooLarge
	}
	first := strings.IndexByte(token, '.')
	if first < 0 {
		return compact{}, malformed("a compact JWS has exactly two '.'")
	}
	second := strings.IndexByte(token[first+1:], '.')
	if second < 0 {
		return compact{}, malformed("a compact JWS has exactly two '.'")
	}
	second += first + 1
	if strings.IndexByte(token[second+1:], '.') >= 0 {
		return compact{}, malformed("more than two '.'")
	}
	if strings.IndexByte(token, '\n') >= 0 || strings.IndexByte(token, '\r') >= 0 {
		return compact{}, malformed("line break inside the token")
	}
	return compact{
		header:       token[:first],
		payload:      token[first+1 : second],
		signature:    token[second+1:],
		signingInput: token[:second],
	}, nil
}

// decodeSegment appends the decoded canonical base64url segment to dst. It
// refuses any byte outside the base64url alphabet (but '\r' and '\n', which
// splitCompact refuses), '=' padding, and non-zero unused trailing bits.
func decodeSegment(dst []byte, seg, what string) ([]byte, error) {
	n := len(dst)
	dst = append(dst, make([]byte, b64.DecodedLen(len(seg)))...)
	m, err := b64.Decode(dst[n:], bytesOf(seg))
	if err != nil {
		return dst[:n], malformed("%s is not canonical unpadded base64url", what)
	}
	return dst[:n+m], nil
}
