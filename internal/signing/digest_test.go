package signing_test

import (
	"crypto/sha256"
	"crypto/sha512"

	"github.com/jotlib/jwt/internal/signing"
)

// digestOf appends the hash of msg under alg's hash function to dst.
func digestOf(alg signing.Algorithm, msg, dst []byte) []byte {
	switch alg.Hash().Size() {
	case sha256.Size:
		s := sha256.Sum256(msg)
		return append(dst, s[:]...)
	case sha512.Size384:
		s := sha512.Sum384(msg)
		return append(dst, s[:]...)
	default:
		s := sha512.Sum512(msg)
		return append(dst, s[:]...)
	}
}
