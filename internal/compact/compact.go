// Package compact splits the JWS Compact Serialization (RFC 7515 section
// 7.1) into its three segments: the one splitter of the repository, used
// by package jwt's parser, the conformance corpus and the jwt command (the
// token profiles read the parser's pass instead: internal/verified).
package compact

import (
	"errors"
	"strings"
)

// The reasons Split refuses a token; package jwt wraps them in
// jwt.ErrTokenMalformed.
var (
	// ErrTooFewDots is a token with fewer than two '.'.
	ErrTooFewDots = errors.New("a compact JWS has exactly two '.'")
	// ErrTooManyDots is a token with more than two '.' (a JWE has four).
	ErrTooManyDots = errors.New("more than two '.'")
)

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
// nothing else: the segments' alphabet (line breaks included) is the
// decoder's to check, and a size cap the caller's, before Split.
func Split(token string) (Parts, error) {
	first := strings.IndexByte(token, '.')
	if first < 0 {
		return Parts{}, ErrTooFewDots
	}
	second := strings.IndexByte(token[first+1:], '.')
	if second < 0 {
		return Parts{}, ErrTooFewDots
	}
	second += first + 1
	if strings.IndexByte(token[second+1:], '.') >= 0 {
		return Parts{}, ErrTooManyDots
	}
	return Parts{
		Header:       token[:first],
		Payload:      token[first+1 : second],
		Signature:    token[second+1:],
		SigningInput: token[:second],
	}, nil
}
