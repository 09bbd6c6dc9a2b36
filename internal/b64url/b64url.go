// Package b64url is the library's one base64url codec: unpadded base64url
// (RFC 4648 section 5), as RFC 7515 section 2 requires for every JWS
// segment and RFC 7517/7518 for every JWK member. It is the standard
// library's base64.RawURLEncoding in strict mode, behind a check of the
// alphabet, because Go's decoders silently skip '\r' and '\n'.
//
// Decoding refuses every byte outside the alphabet ('=' padding, '\r' and
// '\n' included), a lone trailing character, and non-zero unused trailing
// bits (RFC 4648 section 3.5), so each byte string has exactly one accepted
// encoding.
package b64url

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/jotlib/jwt/internal/bytesview"
)

// ErrNotCanonical is wrapped by every decoding error.
var ErrNotCanonical = errors.New("not canonical unpadded base64url")

var strict = base64.RawURLEncoding.Strict()

// AppendDecode appends the bytes s encodes to dst. On error dst is returned
// unchanged. The strict decoder refuses every byte outside the alphabet
// ('=' too, as this encoding has no padding) but skips '\r' and '\n'. No
// encoding has a length of 4k+1 (a lone trailing character, which the
// decoder refuses), so such an s it accepts had a byte skipped; for any
// other length, decoded lengths strictly grow with the characters decoded,
// so a skipped byte gives fewer bytes than DecodedLen(len(s)). Either is a
// line break, found without a scan of its own.
func AppendDecode(dst []byte, s string) ([]byte, error) {
	out, err := strict.AppendDecode(dst, bytesview.Of(s))
	if err != nil {
		if strings.ContainsAny(s, "\r\n") {
			return dst, fmt.Errorf("%w: line break", ErrNotCanonical)
		}
		return dst, fmt.Errorf("%w: %v", ErrNotCanonical, err)
	}
	if len(s)%4 == 1 || len(out)-len(dst) != strict.DecodedLen(len(s)) {
		return dst, fmt.Errorf("%w: line break", ErrNotCanonical)
	}
	return out, nil
}

// DecodeString returns the bytes s encodes.
func DecodeString(s string) ([]byte, error) {
	return AppendDecode(make([]byte, 0, strict.DecodedLen(len(s))), s)
}

// AppendEncode appends the unpadded base64url encoding of src to dst.
func AppendEncode(dst, src []byte) []byte { return strict.AppendEncode(dst, src) }

// EncodeToString returns the unpadded base64url encoding of src.
func EncodeToString(src []byte) string { return strict.EncodeToString(src) }

// EncodedLen is the length of the encoding of n bytes.
func EncodedLen(n int) int { return strict.EncodedLen(n) }
