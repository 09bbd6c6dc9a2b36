// Package compact splits the JWS Compact Serialization (RFC 7515 section
// 7.1) into its three segments: the one splitter of the repository, used
// by package jwt's parser, the conformance corpus and the jwt command (the
// token profiles read the parser's pass instead: internal/verified).
package compact

import (
	"errors"
	"fmt"
	"strings"
)

// The reasons Split refuses a token; package jwt wraps them in
// jwt.ErrTokenMalformed.
var (
	// ErrTooFewDots is a token with fewer than two '.'.
	ErrTooFewDots = errors.New("a compact JWS has exactly two '.'")
	// ErrTooManyDots is a token with more than two '.' (a JWE has four).
	ErrTooManyDots = errors.New("more than two '.'")
	// ErrBearerScheme is a token still carrying the HTTP authentication
	// scheme ("Bearer ", any case; RFC 6750 section 2.1): the caller handed
	// over the Authorization header's value, not its token68. Split joins it
	// to its own reason, and package jwt to a header that fails to decode.
	ErrBearerScheme = errors.New(`remove the "Bearer " scheme: pass the token68 only`)
)

// HasBearerScheme reports whether s starts, after any SP or HTAB, with the
// scheme "Bearer" (case-insensitive, RFC 9110 section 11.1) followed by
// SP or HTAB: an Authorization header value rather than a token. Callers
// ask only once a token has failed (to split, or its header to decode), so
// a good token never pays for it.
func HasBearerScheme(s string) bool {
	s = strings.TrimLeft(s, " \t")
	return len(s) > 6 && strings.EqualFold(s[:6], "bearer") && (s[6] == ' ' || s[6] == '\t')
}

// refused is reason, joined to ErrBearerScheme when token still carries
// the scheme.
func refused(token string, reason error) error {
	if HasBearerScheme(token) {
		return fmt.Errorf("%w (%w)", ErrBearerScheme, reason)
	}
	return reason
}

// Parts are a compact JWS's segments, all substrings of the token (nothing
// is copied), still base64url-encoded.
type Parts struct {
	Header, Payload, Signature string
	// SigningInput is the header and the payload with the '.' between
	// them: what the signature covers (RFC 7515 section 5.1).
	SigningInput string
}

// Split splits token at its two '.' (RFC 7515 section 7.1). It finds them
// with strings.IndexByte and stops at a third, never splitting further,
// so a token of a million dots costs nothing (CVE-2025-30204). It checks
// nothing else (but a failed token still carrying "Bearer " is also
// ErrBearerScheme): the segments' alphabet (line breaks included) is the
// decoder's to check, and a size cap the caller's, before Split.
func Split(token string) (Parts, error) {
	first := strings.IndexByte(token, '.')
	if first < 0 {
		return Parts{}, refused(token, ErrTooFewDots)
	}
	second := strings.IndexByte(token[first+1:], '.')
	if second < 0 {
		return Parts{}, refused(token, ErrTooFewDots)
	}
	second += first + 1
	if strings.IndexByte(token[second+1:], '.') >= 0 {
		return Parts{}, refused(token, ErrTooManyDots)
	}
	return Parts{
		Header:       token[:first],
		Payload:      token[first+1 : second],
		Signature:    token[second+1:],
		SigningInput: token[:second],
	}, nil
}
