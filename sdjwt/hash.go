package sdjwt

import (
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"fmt"

	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/bytesview"
)

// HashAlg names the hash algorithm of an SD-JWT's digests, the value of
// "_sd_alg" (RFC 9901 section 4.1.1): a name of the IANA "Named
// Information Hash Algorithm" registry. Names are case-sensitive.
type HashAlg string

// The hash algorithms this package implements (RFC 9901 section 4.1.1;
// IANA Named Information Hash Algorithm registry). SHA256 is the default
// and the one assumed when "_sd_alg" is absent.
const (
	SHA256   HashAlg = "sha-256"
	SHA384   HashAlg = "sha-384"
	SHA512   HashAlg = "sha-512"
	SHA3_256 HashAlg = "sha3-256"
	SHA3_384 HashAlg = "sha3-384"
	SHA3_512 HashAlg = "sha3-512"
)

// Check returns nil when a is an algorithm this package implements, and
// an error matching ErrUnsupportedHashAlg otherwise (RFC 9901 section
// 7.1 step 3.1: an unsupported _sd_alg makes the SD-JWT unusable). The
// truncated registry entries (sha-256-128 and the like) are refused: RFC
// 9901 section 4.1.1 requires a collision-resistant hash.
func (a HashAlg) Check() error {
	switch a {
	case SHA256, SHA384, SHA512, SHA3_256, SHA3_384, SHA3_512:
		return nil
	}
	return fmt.Errorf("%w: %q", ErrUnsupportedHashAlg, string(a))
}

// Digest returns base64url (unpadded) of the hash of the ASCII bytes
// given, as RFC 9901 section 4.2.3 computes a Disclosure's digest and
// section 4.3.1 the KB-JWT's sd_hash. It returns "" when a is not
// supported (see Check); "" never equals a digest.
func (a HashAlg) Digest(ascii string) string {
	in := bytesview.Of(ascii)
	var sum []byte
	switch a {
	case SHA256:
		s := sha256.Sum256(in)
		sum = s[:]
	case SHA384:
		s := sha512.Sum384(in)
		sum = s[:]
	case SHA512:
		s := sha512.Sum512(in)
		sum = s[:]
	case SHA3_256:
		s := sha3.Sum256(in)
		sum = s[:]
	case SHA3_384:
		s := sha3.Sum384(in)
		sum = s[:]
	case SHA3_512:
		s := sha3.Sum512(in)
		sum = s[:]
	default:
		return ""
	}
	return b64url.EncodeToString(sum)
}
