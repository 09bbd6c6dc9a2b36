package signing

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"fmt"
	"io"
)

// SigningKey is a key checked once for signing with one algorithm. It is
// safe for concurrent use.
type SigningKey struct {
	alg    Algorithm
	info   algInfo
	hmac   *hmacKey
	signer crypto.Signer // RSA, ECDSA and Ed25519 keys, including KMS/HSM signers
	size   int           // the signature size in bytes
	rand   io.Reader
}

// NewSigningKey checks that key fits alg and is strong enough. It accepts
// []byte (HS*), *rsa.PrivateKey (RS*, PS*), *ecdsa.PrivateKey (the ES* of
// its curve), ed25519.PrivateKey (EdDSA, Ed25519), with Go 1.27 and later
// *mldsa.PrivateKey (the ML-DSA-* of its parameter set), and any
// crypto.Signer whose Public key fits alg, such as a key held in a KMS or an
// HSM (for ML-DSA, one whose Public is an *mldsa.PublicKey). Public keys,
// and keys of another family, curve or too small, are refused with
// ErrInvalidKey; unknown algorithms with ErrAlgorithmNotAllowed. When the
// algorithm or the key is ML-DSA, a key of another family or parameter set
// matches both ErrInvalidKey and ErrAlgorithmNotAllowed (RFC 8725 section
// 3.1). Built with a Go older than 1.27, every ML-DSA algorithm is refused
// with ErrAlgorithmNotAllowed, whatever the key, saying Go 1.27 is needed.
func NewSigningKey(alg Algorithm, key any) (*SigningKey, error) {
	info, ok := lookup(alg)
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrAlgorithmNotAllowed, string(alg))
	}
	if info.fam == famMLDSA && !mldsaAvailable {
		return nil, errMLDSAUnavailable(alg)
	}
	sk := &SigningKey{alg: alg, info: info, rand: rand.Reader}
	if secret, isHMAC := key.([]byte); isHMAC {
		if info.fam == famMLDSA {
			return nil, fmt.Errorf("%w: an HMAC secret cannot sign %s: %w", ErrInvalidKey, alg, ErrAlgorithmNotAllowed)
		}
		if info.fam != famHMAC {
			return nil, fmt.Errorf("%w: an HMAC secret cannot sign %s", ErrInvalidKey, alg)
		}
		h, err := newHMACKey(secret)
		if err != nil {
			return nil, err
		}
		if err := h.fits(alg); err != nil {
			return nil, err
		}
		sk.hmac, sk.size = h, info.size
		return sk, nil
	}
	if info.fam == famHMAC {
		if isMLDSAKey(key) {
			return nil, fmt.Errorf("%w: %s needs a []byte secret, got %T: %w", ErrInvalidKey, alg, key, ErrAlgorithmNotAllowed)
		}
		return nil, fmt.Errorf("%w: %s needs a []byte secret, got %T", ErrInvalidKey, alg, key)
	}
	signer, err := asSigner(key)
	if err != nil {
		return nil, err
	}
	pub, err := publicOf(signer)
	if err != nil {
		return nil, err
	}
	vk, err := NewVerifyingKey(pub)
	if err != nil {
		return nil, err
	}
	if err := vk.Check(alg); err != nil {
		if info.fam == famMLDSA || vk.fam == famMLDSA {
			return nil, fmt.Errorf("%w: %s key cannot sign %s: %w", ErrInvalidKey, describe(vk), alg, err)
		}
		return nil, fmt.Errorf("%w: %s key cannot sign %s", ErrInvalidKey, describe(vk), alg)
	}
	sk.signer = signer
	switch vk.fam {
	case famRSA:
		sk.size = (vk.rsa.N.BitLen() + 7) / 8
	default:
		sk.size = info.size
	}
	return sk, nil
}

// asSigner accepts the private key types and other crypto.Signers, and
// refuses public keys with a message that says so.
func asSigner(key any) (crypto.Signer, error) {
	if s, ok, err := mldsaSigner(key); ok {
		return s, err
	}
	switch k := key.(type) {
	case nil:
		return nil, fmt.Errorf("%w: nil key", ErrInvalidKey)
	case *rsa.PrivateKey:
		if k == nil || k.D == nil {
			return nil, fmt.Errorf("%w: incomplete RSA private key", ErrInvalidKey)
		}
		return k, nil
	case *ecdsa.PrivateKey:
		// Only the scalar's presence is read; its value is crypto/ecdsa's.
		//lint:ignore SA1019 nil check of the scalar only, which Sign would dereference
		if k == nil || k.D == nil {
			return nil, fmt.Errorf("%w: incomplete ECDSA private key", ErrInvalidKey)
		}
		return k, nil
	case ed25519.PrivateKey:
		if err := checkEd25519Private(k); err != nil {
			return nil, err
		}
		return k, nil
	case *rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey:
		return nil, fmt.Errorf("%w: %T is a public key; signing needs the private key", ErrInvalidKey, key)
	case crypto.Signer:
		return k, nil
	}
	return nil, fmt.Errorf("%w: unsupported signing key type %T", ErrInvalidKey, key)
}

func describe(vk *VerifyingKey) string {
	switch vk.fam {
	case famRSA:
		return "an RSA"
	case famECDSA:
		return "an ECDSA"
	case famEd25519:
		return "an Ed25519"
	case famMLDSA:
		return "an " + string(vk.only)
	}
	return "this"
}

// Algorithm returns the algorithm this key signs with; "" for a nil or zero
// SigningKey (not made by NewSigningKey).
func (k *SigningKey) Algorithm() Algorithm {
	if k == nil {
		return ""
	}
	return k.alg
}

// Size returns the size in bytes of the signatures this key makes: the hash
// size for HMAC, the modulus size for RSA, twice the coordinate size for
// ECDSA (R || S, RFC 7518 section 3.4), 64 for Ed25519, and 2,420, 3,309 or
// 4,627 for ML-DSA-44, -65 or -87 (FIPS 204 Table 2). It is 0 for a nil or
// zero SigningKey.
func (k *SigningKey) Size() int {
	if k == nil {
		return 0
	}
	return k.size
}

// AppendSign appends the signature of signingInput to dst: the JWS
// Signature of RFC 7515 section 5.1 step 5 over the JWS Signing Input
// (ASCII(BASE64URL(header) || '.' || BASE64URL(payload))), in the form of
// RFC 7518 section 3 (ECDSA as R || S, not DER), RFC 8037 section 3.1 or
// RFC 9964 (ML-DSA over the signing input itself, with the empty context
// string, hedged). It signs raw bytes, so it serves any JWS, not only tokens
// made by jwt.Sign. A crypto.Signer for ML-DSA is called with the signing
// input and an *mldsa.Options whose Context is empty (HashFunc 0).
func (k *SigningKey) AppendSign(dst, signingInput []byte) ([]byte, error) {
	if k == nil || (k.hmac == nil && k.signer == nil) {
		return dst, fmt.Errorf("%w: nil or zero SigningKey; use NewSigningKey", ErrInvalidKey)
	}
	if k.hmac != nil {
		return k.hmac.appendMAC(dst, k.alg, signingInput), nil
	}
	var sig []byte
	var err error
	switch k.info.fam {
	case famEd25519:
		if priv, ok := k.signer.(ed25519.PrivateKey); ok {
			return append(dst, ed25519.Sign(priv, signingInput)...), nil
		}
		sig, err = k.signer.Sign(k.rand, signingInput, crypto.Hash(0))
	case famMLDSA:
		sig, err = signMLDSA(k.signer, k.rand, signingInput)
	default:
		var buf [64]byte
		d := digest(k.info.hash, signingInput, &buf)
		var opts crypto.SignerOpts = k.info.hash
		if k.info.pss {
			opts = &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash, Hash: k.info.hash}
		}
		sig, err = k.signer.Sign(k.rand, d, opts)
	}
	if err != nil {
		return dst, fmt.Errorf("%w: %s: %w", ErrSigningFailed, k.alg, err)
	}
	if k.info.fam == famECDSA {
		return appendP1363(dst, sig, k.size)
	}
	if len(sig) != k.size {
		return dst, fmt.Errorf("%w: %s signer returned %d bytes, want %d", ErrSigningFailed, k.alg, len(sig), k.size)
	}
	return append(dst, sig...), nil
}
