package jwt

import (
	"strings"

	"github.com/jotlib/jwt/internal/b64url"
)

// compact is a token split into its three segments, all substrings of the
// token (nothing is copied).
type compact struct {
	header, payload, signature string
	signingInput               string // header + "." + payload
}

// splitCompact checks the JWS Compact Serialization (RFC 7515 section 7.1):
// at most maxSize bytes and exactly two '.'. It finds the dots with
// strings.IndexByte, stops at a third and never splits, so a token of a
// million dots costs nothing (CVE-2025-30204). The rest of the alphabet,
// line breaks included, is checked by decodeSegment, which every segment
// goes through (a cached header's segment went through it when it was
// first seen).
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
	return compact{
		header:       token[:first],
		payload:      token[first+1 : second],
		signature:    token[second+1:],
		signingInput: token[:second],
	}, nil
}

// decodeSegment appends the decoded canonical base64url segment to dst. It
// refuses any byte outside the base64url alphabet ('\r', '\n' and '='
// padding included), a lone trailing character and non-zero unused trailing
// bits (RFC 7515 section 2; see internal/b64url).
func decodeSegment(dst []byte, seg, what string) ([]byte, error) {
	out, err := b64url.AppendDecode(dst, seg)
	if err != nil {
		return dst, malformed("%s is not canonical unpadded base64url", what)
	}
	return out, nil
}
