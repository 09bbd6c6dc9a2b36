package signing

import (
	"crypto"
	"crypto/sha256"
	"crypto/sha512"
)

// digest hashes input with h into out, without allocating.
func digest(h crypto.Hash, input []byte, out *[64]byte) []byte {
	switch h {
	case crypto.SHA256:
		s := sha256.Sum256(input)
		return out[:copy(out[:], s[:])]
	case crypto.SHA384:
		s := sha512.Sum384(input)
		return out[:copy(out[:], s[:])]
	default:
		s := sha512.Sum512(input)
		return out[:copy(out[:], s[:])]
	}
}
