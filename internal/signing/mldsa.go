//go:build go1.27

package signing

import (
	"crypto"
	"crypto/mldsa"
	"fmt"
	"io"
)

// ML-DSA (FIPS 204) for JWS, RFC 9964 section 4: "These algorithms are used
// to produce signatures as described in Algorithm 2 of FIPS-204. The ctx
// parameter MUST be the empty string". The JWS Signature is the raw
// ML-DSA signature (FIPS 204 section 7.2) over the JWS Signing Input itself:
// no pre-hash (HashML-DSA is not used, RFC 9964 section 7.2) and no
// external μ. This file is the one built with Go 1.27 and later, whose
// standard library has crypto/mldsa; mldsa_unavailable.go stands in for it
// with older Go.

// mldsaAvailable reports whether this build has ML-DSA.
const mldsaAvailable = true

// mldsaPublic is the ML-DSA public key held by a VerifyingKey.
type mldsaPublic = *mldsa.PublicKey

// mldsaParameters returns the crypto/mldsa parameter set of an ML-DSA
// algorithm.
func mldsaParameters(alg Algorithm) (mldsa.Parameters, bool) {
	switch alg {
	case MLDSA44:
		return mldsa.MLDSA44(), true
	case MLDSA65:
		return mldsa.MLDSA65(), true
	case MLDSA87:
		return mldsa.MLDSA87(), true
	}
	return mldsa.Parameters{}, false
}

// mldsaAlgorithm returns the one algorithm pub may be used with: the
// ML-DSA-* of its parameter set. A nil or zero key (whose Parameters method
// panics) is ErrInvalidKey.
func mldsaAlgorithm(pub *mldsa.PublicKey) (alg Algorithm, err error) {
	if pub == nil {
		return "", fmt.Errorf("%w: nil ML-DSA public key", ErrInvalidKey)
	}
	defer func() {
		if recover() != nil {
			alg, err = "", fmt.Errorf("%w: zero or incomplete ML-DSA public key; use mldsa.NewPublicKey", ErrInvalidKey)
		}
	}()
	switch pub.Parameters() {
	case mldsa.MLDSA44():
		return MLDSA44, nil
	case mldsa.MLDSA65():
		return MLDSA65, nil
	case mldsa.MLDSA87():
		return MLDSA87, nil
	}
	return "", fmt.Errorf("%w: unsupported ML-DSA parameter set %s", ErrInvalidKey, pub.Parameters())
}

// mldsaPublicOfPrivate returns the public half of priv and its algorithm; a
// nil or zero private key is ErrInvalidKey.
func mldsaPublicOfPrivate(priv *mldsa.PrivateKey) (pub *mldsa.PublicKey, alg Algorithm, err error) {
	if priv == nil {
		return nil, "", fmt.Errorf("%w: nil ML-DSA private key", ErrInvalidKey)
	}
	func() {
		defer func() {
			if recover() != nil {
				pub = nil
			}
		}()
		pub = priv.PublicKey()
	}()
	if pub == nil {
		return nil, "", fmt.Errorf("%w: zero or incomplete ML-DSA private key; use mldsa.NewPrivateKey or mldsa.GenerateKey", ErrInvalidKey)
	}
	alg, err = mldsaAlgorithm(pub)
	if err != nil {
		return nil, "", fmt.Errorf("%w: zero or incomplete ML-DSA private key; use mldsa.NewPrivateKey or mldsa.GenerateKey", ErrInvalidKey)
	}
	return pub, alg, nil
}

// newMLDSAVerifyingKey makes the VerifyingKey of an *mldsa.PublicKey or
// *mldsa.PrivateKey; ok is false for every other key.
func newMLDSAVerifyingKey(key any) (vk *VerifyingKey, ok bool, err error) {
	switch k := key.(type) {
	case *mldsa.PublicKey:
		alg, err := mldsaAlgorithm(k)
		if err != nil {
			return nil, true, err
		}
		return &VerifyingKey{fam: famMLDSA, ml: k, only: alg}, true, nil
	case *mldsa.PrivateKey:
		pub, alg, err := mldsaPublicOfPrivate(k)
		if err != nil {
			return nil, true, err
		}
		return &VerifyingKey{fam: famMLDSA, ml: pub, only: alg}, true, nil
	}
	return nil, false, nil
}

// mldsaSigner accepts an *mldsa.PrivateKey for signing and refuses an
// *mldsa.PublicKey; ok is false for every other key.
func mldsaSigner(key any) (s crypto.Signer, ok bool, err error) {
	switch k := key.(type) {
	case *mldsa.PrivateKey:
		if _, _, err := mldsaPublicOfPrivate(k); err != nil {
			return nil, true, err
		}
		return k, true, nil
	case *mldsa.PublicKey:
		return nil, true, fmt.Errorf("%w: %T is a public key; signing needs the private key", ErrInvalidKey, key)
	}
	return nil, false, nil
}

// isMLDSAPublic reports whether p, a crypto.Signer's Public key, is an
// ML-DSA public key (NewVerifyingKey then checks it).
func isMLDSAPublic(p crypto.PublicKey) bool {
	_, ok := p.(*mldsa.PublicKey)
	return ok
}

// isMLDSAKey reports whether key is an ML-DSA public or private key, or a
// crypto.Signer whose Public key is one.
func isMLDSAKey(key any) bool {
	switch k := key.(type) {
	case *mldsa.PublicKey, *mldsa.PrivateKey:
		return true
	case crypto.Signer:
		p, err := publicOf(k)
		return err == nil && isMLDSAPublic(p)
	}
	return false
}

// signMLDSA signs input, the JWS Signing Input itself, with the empty
// context string. An *mldsa.PrivateKey signs hedged (FIPS 204 Algorithm 2
// with fresh randomness); any other crypto.Signer (a KMS or an HSM) gets
// an *mldsa.Options of its own with an empty Context, whose HashFunc is 0:
// the message is signed directly, not pre-hashed.
func signMLDSA(signer crypto.Signer, r io.Reader, input []byte) ([]byte, error) {
	if priv, ok := signer.(*mldsa.PrivateKey); ok {
		return priv.Sign(r, input, nil)
	}
	return signer.Sign(r, input, &mldsa.Options{})
}

// verifyMLDSA checks an ML-DSA signature over input with the empty context
// string. The size is checked first: FIPS 204 Algorithm 3 (ML-DSA.Verify)
// refuses any other length.
func verifyMLDSA(pub *mldsa.PublicKey, alg Algorithm, input, sig []byte) error {
	if len(sig) != infoOf(alg).size || mldsa.Verify(pub, input, sig, nil) != nil {
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
	params, ok := mldsaParameters(alg)
	if !ok {
		return nil, fmt.Errorf("%w: %q is not an ML-DSA algorithm", ErrAlgorithmNotAllowed, string(alg))
	}
	if len(pub) != params.PublicKeySize() {
		return nil, fmt.Errorf("%w: %s public key of %d bytes, want %d", ErrInvalidKey, alg, len(pub), params.PublicKeySize())
	}
	k, err := mldsa.NewPublicKey(params, pub)
	if err != nil {
		return nil, fmt.Errorf("%w: %s public key: %v", ErrInvalidKey, alg, err)
	}
	return k, nil
}

// NewMLDSAPrivateKey expands the private key of an ML-DSA algorithm from its
// 32-byte seed ξ (FIPS 204 Algorithm 6, ML-DSA.KeyGen_internal), which is
// what the "priv" member of an RFC 9964 AKP JWK holds (RFC 9964 section 3:
// "the priv parameter MUST be the seed, and MUST have a length of 32
// bytes"). The key is an *mldsa.PrivateKey. A name that is not ML-DSA is
// ErrAlgorithmNotAllowed; a seed of another length ErrInvalidKey. Built with
// a Go older than 1.27 it always fails with ErrAlgorithmNotAllowed.
func NewMLDSAPrivateKey(alg Algorithm, seed []byte) (crypto.Signer, error) {
	params, ok := mldsaParameters(alg)
	if !ok {
		return nil, fmt.Errorf("%w: %q is not an ML-DSA algorithm", ErrAlgorithmNotAllowed, string(alg))
	}
	if len(seed) != mldsa.PrivateKeySize {
		return nil, fmt.Errorf("%w: %s seed of %d bytes, want %d", ErrInvalidKey, alg, len(seed), mldsa.PrivateKeySize)
	}
	k, err := mldsa.NewPrivateKey(params, seed)
	if err != nil {
		return nil, fmt.Errorf("%w: %s seed: %v", ErrInvalidKey, alg, err)
	}
	return k, nil
}

// MLDSAKeyBytes returns what an RFC 9964 AKP JWK holds for an ML-DSA key:
// the algorithm of its parameter set, the public key encoding ("pub"), and
// for an *mldsa.PrivateKey its 32-byte seed ("priv"; nil otherwise). key is
// an *mldsa.PublicKey, an *mldsa.PrivateKey, or a crypto.Signer whose Public
// key is an *mldsa.PublicKey. Any other key is ErrInvalidKey (always, when
// built with a Go older than 1.27).
func MLDSAKeyBytes(key any) (alg Algorithm, pub, seed []byte, err error) {
	var pk *mldsa.PublicKey
	switch k := key.(type) {
	case *mldsa.PublicKey:
		pk = k
	case *mldsa.PrivateKey:
		if pk, _, err = mldsaPublicOfPrivate(k); err != nil {
			return "", nil, nil, err
		}
		seed = k.Bytes()
	case crypto.Signer:
		p, perr := publicOf(k)
		if perr != nil {
			return "", nil, nil, perr
		}
		var isML bool
		if pk, isML = p.(*mldsa.PublicKey); !isML {
			return "", nil, nil, fmt.Errorf("%w: %T is not an ML-DSA key", ErrInvalidKey, p)
		}
	default:
		return "", nil, nil, fmt.Errorf("%w: %T is not an ML-DSA key", ErrInvalidKey, key)
	}
	if alg, err = mldsaAlgorithm(pk); err != nil {
		return "", nil, nil, err
	}
	return alg, pk.Bytes(), seed, nil
}
