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

	"github.com/jotlib/jwt/internal/bytesview"
)

// ErrNotCanonical is wrapped by every decoding error.
var ErrNotCanonical = errors.New("not canonical unpadded base64url")

var strict = base64.RawURLEncoding.Strict()

// inAlphabet marks the 64 bytes of the base64url alphabet.
var inAlphabet = func() (t [256]bool) {
	for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") {
		t[c] = true
	}
	return t
}()

// AppendDecode appends the bytes s encodes to dst. On error dst is returned
// unchanged.
func AppendDecode(dst []byte, s string) ([]byte, error) {
	for i := 0; i < len(s); i++ {
		if !inAlphabet[s[i]] {
			return dst, fmt.Errorf("%w: byte %q at offset %d", ErrNotCanonical, s[i], i)
		}
	}
	out, err := strict.AppendDecode(dst, bytesview.Of(s))
	if err != nil {
		return dst, fmt.Errorf("%w: %v", ErrNotCanonical, err)
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
