package jwt

import (
	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/compact"
)

// splitCompact checks the JWS Compact Serialization (RFC 7515 section 7.1):
// at most maxSize bytes and exactly two '.', found by the repository's one
// splitter (internal/compact), which stops at a third and never splits, so
// a token of a million dots costs nothing (CVE-2025-30204). The segments
// are substrings of the token (nothing is copied). The rest of the
// alphabet, line breaks included, is checked by decodeSegment, which
// every segment goes through (a cached header's segment went through it
// when it was first seen).
func splitCompact(token string, maxSize int) (compact.Parts, error) {
	if len(token) > maxSize {
		return compact.Parts{}, ErrTokenTooLarge
	}
	c, err := compact.Split(token)
	if err != nil {
		return compact.Parts{}, malformed("%w", err)
	}
	return c, nil
}

// decodeSegment appends the decoded canonical base64url segment to dst. It
// refuses any byte outside the base64url alphabet ('\r', '\n' and '='
// padding included), a lone trailing character and non-zero unused trailing
// bits (RFC 7515 section 2; see internal/b64url). A header that fails and
// still starts with "Bearer " is also compact.ErrBearerScheme.
func decodeSegment(dst []byte, seg, what string) ([]byte, error) {
	out, err := b64url.AppendDecode(dst, seg)
	if err != nil {
		// The header segment starts the token: a token still carrying the
		// scheme fails here, and is told so (RFC 6750 section 2.1).
		if what == "header" && compact.HasBearerScheme(seg) {
			return dst, malformed("%w (the header is not canonical unpadded base64url)", compact.ErrBearerScheme)
		}
		return dst, malformed("%s is not canonical unpadded base64url", what)
	}
	return out, nil
}
