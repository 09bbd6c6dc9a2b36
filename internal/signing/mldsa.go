package signing

import (
	"crypto"
	"fmt"
	"io"

	"github.com/jotlib/jwt/internal/mldsa"
)

// ML-DSA (FIPS 204) for JWS, RFC 9964 section 4: "These algorithms are used
// to produce signatures as described in Algorithm 2 of FIPS-204. The ctx
// parameter MUST be the empty string". The JWS Signature is the raw
// ML-DSA signature (FIPS 204 section 7.2) over the JWS Signing Input itself:
// no pre-hash (HashML-DSA is not used, RFC 9964 section 7.2) and no
// external μ. crypto/mldsa exists from Go 1.27 on: internal/mldsa holds
// what differs between Go versions, so this file builds the same with
// either. With an older Go the algorithms are known (Lookup, Known, All)
// but not Available, NewSigningKey, VerifyingKey.Check and the functions
// below refuse them with ErrAlgorithmNotAllowed saying that Go 1.27 is
// needed, and no key is an ML-DSA key.

// mldsaAvailable reports whether this build has ML-DSA.
const mldsaAvailable = mldsa.Available

// mldsaPublic is the ML-DSA public key held by a VerifyingKey.
type mldsaPublic = mldsa.PublicKey

// newMLDSAVerifyingKey makes the VerifyingKey of an *mldsa.PublicKey or
// *mldsa.PrivateKey; ok is false for every other key.
func newMLDSAVerifyingKey(key any) (vk *VerifyingKey, ok bool, err error) {
	pub, alg, ok, err := mldsa.PublicOf(key)
	if !ok || err != nil {
		return nil, ok, err
	}
	return &VerifyingKey{fam: famMLDSA, ml: pub, only: Algorithm(alg)}, true, nil
}

// mldsaSigner accepts an *mldsa.PrivateKey for signing and refuses an
// *mldsa.PublicKey; ok is false for every other key.
func mldsaSigner(key any) (s crypto.Signer, ok bool, err error) { return mldsa.Signer(key) }

// isMLDSAPublic reports whether p, a crypto.Signer's Public key, is an
// ML-DSA public key (NewVerifyingKey then checks it).
func isMLDSAPublic(p crypto.PublicKey) bool { return mldsa.KindOf(p) == mldsa.Public }

// isMLDSAKey reports whether key is an ML-DSA public or private key, or a
// crypto.Signer whose Public key is one.
func isMLDSAKey(key any) bool {
	if mldsa.KindOf(key) != mldsa.NotMLDSA {
		return true
	}
	if s, ok := key.(crypto.Signer); ok {
		p, err := publicOf(s)
		return err == nil && isMLDSAPublic(p)
	}
	return false
}

// signMLDSA signs input, the JWS Signing Input itself, with the empty
// context string (mldsa.Sign).
func signMLDSA(signer crypto.Signer, r io.Reader, input []byte) ([]byte, error) {
	return mldsa.Sign(signer, r, input)
}

// verifyMLDSA checks an ML-DSA signature over input with the empty context
// string. The size is checked first: FIPS 204 Algorithm 3 (ML-DSA.Verify)
// refuses any other length.
func verifyMLDSA(pub mldsaPublic, alg Algorithm, input, sig []byte) error {
	if !mldsaAvailable {
		return errMLDSAUnavailable(alg)
	}
	if len(sig) != infoOf(alg).size || !mldsa.Verify(pub, input, sig) {
		return ErrSignatureInvalid
	}
	return nil
}

// NewMLDSAPublicKey decodes the public key of an ML-DSA algorithm: pub is
// its FIPS 204 encoding (pkEncode, section 7.2), as the "pub" member of an
// RFC 9964 AKP JWK holds it, of exactly 1,312, 1,952 or 2,592 bytes for
// ML-DSA-44, -65 or -87. The key is an *mldsa.PublicKey. A name that is not
// ML-DSA is ErrAlgorithmNotAllowed; a wrong size or a bad encoding
// ErrInvalidKey. Built with a Go older than 1.27 it always fails with
// ErrAlgorithmNotAllowed.
func NewMLDSAPublicKey(alg Algorithm, pub []byte) (crypto.PublicKey, error) {
	return mldsa.NewPublicKey(string(alg), pub)
}

// NewMLDSAPrivateKey expands the private key of an ML-DSA algorithm from its
// 32-byte seed ξ (FIPS 204 Algorithm 6, ML-DSA.KeyGen_internal), which is
// what the "priv" member of an RFC 9964 AKP JWK holds (RFC 9964 section 3:
// "the priv parameter MUST be the seed, and MUST have a length of 32
// bytes"). The key is an *mldsa.PrivateKey. A name that is not ML-DSA is
// ErrAlgorithmNotAllowed; a seed of another length ErrInvalidKey. Built with
// a Go older than 1.27 it always fails with ErrAlgorithmNotAllowed.
func NewMLDSAPrivateKey(alg Algorithm, seed []byte) (crypto.Signer, error) {
	return mldsa.NewPrivateKey(string(alg), seed)
}

// MLDSAKeyBytes returns what an RFC 9964 AKP JWK holds for an ML-DSA key:
// the algorithm of its parameter set, the public key encoding ("pub"), and
// for an *mldsa.PrivateKey its 32-byte seed ("priv"; nil otherwise). key is
// an *mldsa.PublicKey, an *mldsa.PrivateKey, or a crypto.Signer whose Public
// key is an *mldsa.PublicKey. Any other key is ErrInvalidKey (always, when
// built with a Go older than 1.27).
func MLDSAKeyBytes(key any) (alg Algorithm, pub, seed []byte, err error) {
	if !mldsaAvailable {
		return "", nil, nil, fmt.Errorf("%w: %T is not an ML-DSA key (ML-DSA needs Go 1.27 or later)", ErrInvalidKey, key)
	}
	if a, p, s, ok, err := mldsa.KeyBytes(key); ok {
		return Algorithm(a), p, s, err
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return "", nil, nil, fmt.Errorf("%w: %T is not an ML-DSA key", ErrInvalidKey, key)
	}
	p, err := publicOf(signer)
	if err != nil {
		return "", nil, nil, err
	}
	a, pb, _, ok, err := mldsa.KeyBytes(p)
	if !ok {
		return "", nil, nil, fmt.Errorf("%w: %T is not an ML-DSA key", ErrInvalidKey, p)
	}
	return Algorithm(a), pb, nil, err
}
