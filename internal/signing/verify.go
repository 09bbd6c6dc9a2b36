package signing

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"fmt"
)

// VerifyingKey is a key checked once for verifying signatures. It is safe
// for concurrent use.
type VerifyingKey struct {
	fam  family
	hmac *hmacKey
	rsa  *rsa.PublicKey
	ec   *ecdsa.PublicKey
	ed   ed25519.PublicKey
	ml   mldsaPublic // ML-DSA (Go 1.27 and later)
	// only is the one algorithm an ECDSA key (its curve) or an ML-DSA key
	// (its parameter set) may be used with.
	only Algorithm
}

// NewVerifyingKey checks key and prepares it for verifying. It accepts
// []byte (HMAC secret), *rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey,
// with Go 1.27 and later *mldsa.PublicKey (crypto/mldsa), their private
// counterparts, and any crypto.Signer whose Public key is one of those.
// Anything else, and keys too weak for every algorithm of their family, are
// refused with ErrInvalidKey.
func NewVerifyingKey(key any) (*VerifyingKey, error) {
	if vk, ok, err := newMLDSAVerifyingKey(key); ok {
		return vk, err
	}
	switch k := key.(type) {
	case []byte:
		h, err := newHMACKey(k)
		if err != nil {
			return nil, err
		}
		return &VerifyingKey{fam: famHMAC, hmac: h}, nil
	case *rsa.PublicKey:
		if err := checkRSAPublic(k); err != nil {
			return nil, err
		}
		return &VerifyingKey{fam: famRSA, rsa: k}, nil
	case *rsa.PrivateKey:
		if k == nil {
			return nil, fmt.Errorf("%w: nil RSA key", ErrInvalidKey)
		}
		return NewVerifyingKey(&k.PublicKey)
	case *ecdsa.PublicKey:
		alg, err := checkECDSAPublic(k)
		if err != nil {
			return nil, err
		}
		return &VerifyingKey{fam: famECDSA, ec: k, only: alg}, nil
	case *ecdsa.PrivateKey:
		if k == nil {
			return nil, fmt.Errorf("%w: nil ECDSA key", ErrInvalidKey)
		}
		return NewVerifyingKey(&k.PublicKey)
	case ed25519.PublicKey:
		if err := checkEd25519Public(k); err != nil {
			return nil, err
		}
		return &VerifyingKey{fam: famEd25519, ed: k}, nil
	case ed25519.PrivateKey:
		if err := checkEd25519Private(k); err != nil {
			return nil, err
		}
		return NewVerifyingKey(k.Public())
	case string:
		return nil, fmt.Errorf("%w: string key; pass an HMAC secret as []byte", ErrInvalidKey)
	case nil:
		return nil, fmt.Errorf("%w: nil key", ErrInvalidKey)
	case crypto.Signer:
		pub, err := publicOf(k)
		if err != nil {
			return nil, err
		}
		return NewVerifyingKey(pub)
	}
	return nil, fmt.Errorf("%w: unsupported key type %T", ErrInvalidKey, key)
}

// publicOf calls s.Public and returns its key only when it is an
// asymmetric public key (RSA, ECDSA, Ed25519 or ML-DSA): a signer whose Public
// returns a []byte must not become an HMAC key, nor one that returns a
// private key or another signer. A panic from a broken implementation is
// turned into ErrInvalidKey.
func publicOf(s crypto.Signer) (pub crypto.PublicKey, err error) {
	defer func() {
		if recover() != nil {
			pub, err = nil, fmt.Errorf("%w: crypto.Signer's Public method panicked", ErrInvalidKey)
		}
	}()
	switch p := s.Public().(type) {
	case *rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey:
		return p, nil
	default:
		if isMLDSAPublic(p) {
			return p, nil
		}
		return nil, fmt.Errorf("%w: crypto.Signer with an unsupported public key %T", ErrInvalidKey, p)
	}
}

// Check reports whether alg may be verified with this key, before any
// cryptography runs: ErrAlgorithmNotAllowed when alg is unknown, of another
// family, curve or ML-DSA parameter set (RFC 8725 section 3.1), or an
// ML-DSA algorithm in a build without crypto/mldsa (Go before 1.27);
// ErrInvalidKey when the key is too weak for alg.
func (k *VerifyingKey) Check(alg Algorithm) error {
	if k == nil || k.fam == famNone {
		return fmt.Errorf("%w: nil or zero VerifyingKey; use NewVerifyingKey", ErrInvalidKey)
	}
	info, ok := lookup(alg)
	if !ok {
		return fmt.Errorf("%w: %q", ErrAlgorithmNotAllowed, string(alg))
	}
	if info.fam == famMLDSA && !mldsaAvailable {
		return errMLDSAUnavailable(alg)
	}
	if info.fam != k.fam || ((k.fam == famECDSA || k.fam == famMLDSA) && alg != k.only) {
		return fmt.Errorf("%w: %s does not fit the key", ErrAlgorithmNotAllowed, alg)
	}
	if k.fam == famHMAC {
		return k.hmac.fits(alg)
	}
	return nil
}

// Algorithms returns the algorithms this key can verify.
func (k *VerifyingKey) Algorithms() []Algorithm {
	var out []Algorithm
	for _, a := range All() {
		if k.Check(a) == nil {
			out = append(out, a)
		}
	}
	return out
}

// Verify checks sig, a JWS Signature in the form of RFC 7518 section 3 (ECDSA
// as R || S), RFC 8037 section 3.1 or RFC 9964 (the ML-DSA signature with
// the empty context string), over signingInput with alg (RFC 7515 section
// 5.2 step 8). It runs Check first, so a caller need not; the only error
// for a checked key is ErrSignatureInvalid.
func (k *VerifyingKey) Verify(alg Algorithm, signingInput, sig []byte) error {
	if err := k.Check(alg); err != nil {
		return err
	}
	switch k.fam {
	case famHMAC:
		return k.hmac.verify(alg, signingInput, sig)
	case famRSA:
		return verifyRSA(k.rsa, alg, signingInput, sig)
	case famECDSA:
		return verifyECDSA(k.ec, alg, signingInput, sig)
	case famMLDSA:
		return verifyMLDSA(k.ml, alg, signingInput, sig)
	default:
		return verifyEd25519(k.ed, signingInput, sig)
	}
}
