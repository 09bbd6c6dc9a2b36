package jwk

import (
	"crypto"
	"crypto/subtle"
	"runtime"

	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/signing"
)

// Algorithm Key Pair keys (RFC 9964 section 2): "The "alg" JSON Web Key
// Parameter ... is REQUIRED for all AKP keys. The "pub" parameter contains
// public information and is REQUIRED. The "priv" parameter contains private
// information and MUST NOT be present in public keys." The "alg" fixes what
// "pub" and "priv" hold; the AKP algorithms here are ML-DSA-44, ML-DSA-65
// and ML-DSA-87 (RFC 9964 section 4), whose "pub" is the FIPS 204 public key
// encoding (section 7.2, pkEncode) and whose "priv" is the 32-byte seed ξ
// (RFC 9964 section 3: "the priv parameter MUST be the seed, and MUST have
// a length of 32 bytes").
//
// The ML-DSA keys are crypto/mldsa's, which needs Go 1.27: this package
// builds with any Go and reaches them only through internal/signing's
// helpers (NewMLDSAPublicKey, NewMLDSAPrivateKey, MLDSAKeyBytes) and
// internal/mldsa, the one place that differs between Go versions. Built with an
// older Go, a well-formed AKP key is refused with ErrUnsupportedKeyType
// saying so (ParseSet skips and lists it); a malformed one is ErrInvalidKey
// whatever the Go version.

// akpSeedSize is the size of an ML-DSA "priv": the seed ξ (RFC 9964
// section 3; FIPS 204 Algorithm 1).
const akpSeedSize = 32

// akpPublicSize is the size in bytes of the "pub" of an AKP algorithm (FIPS
// 204 Table 2, repeated in RFC 9964 section 4), or 0 for an algorithm that
// is not an AKP one here.
func akpPublicSize(alg signing.Algorithm) int {
	switch alg {
	case signing.MLDSA44:
		return 1312
	case signing.MLDSA65:
		return 1952
	case signing.MLDSA87:
		return 2592
	}
	return 0
}

// readAKP reads an AKP key (RFC 9964 section 2): "alg" one of the ML-DSA
// algorithms, "pub" the public key of exactly its size and, for a private
// key, "priv" the 32-byte seed, which must generate "pub". Sizes and
// base64url are checked before the Go version is: a malformed key is
// ErrInvalidKey with any Go.
func (k *Key) readAKP(m *members) error {
	alg, err := akpAlgorithm(m.alg)
	if err != nil {
		return err
	}
	pub, err := akpMember(m, alg, "pub", akpPublicSize(alg))
	if err != nil {
		return err
	}
	var seed []byte
	if _, has := m.b64["priv"]; has {
		if seed, err = akpMember(m, alg, "priv", akpSeedSize); err != nil {
			return err
		}
	}
	k.crv = ""
	return k.setAKP(alg, pub, seed)
}

// akpAlgorithm checks an AKP key's "alg": present (RFC 9964 section 2), and
// one of the AKP algorithms here. Another JWS algorithm (ES256, an RSA or
// HMAC one) has keys of another type: ErrInvalidKey. An unknown name may be
// an AKP algorithm this package does not implement (SLH-DSA, a future
// registration): ErrUnsupportedKeyType, so ParseSet skips it as it skips an
// unknown "kty".
func akpAlgorithm(name string) (signing.Algorithm, error) {
	if name == "" {
		return "", invalid(`AKP key without "alg" (RFC 9964 section 2: REQUIRED for all AKP keys)`)
	}
	alg, known := signing.Lookup(name)
	if akpPublicSize(alg) == 0 {
		if known {
			return "", invalid(`AKP key with "alg" %q, whose keys are not AKP keys (the AKP algorithms are ML-DSA-44, ML-DSA-65 and ML-DSA-87)`, name)
		}
		return "", unsupported(`AKP key for "alg" %q (the AKP algorithms supported are ML-DSA-44, ML-DSA-65 and ML-DSA-87)`, name)
	}
	return alg, nil
}

// akpMember decodes a base64url member of an AKP key, of exactly size
// octets.
func akpMember(m *members, alg signing.Algorithm, name string, size int) ([]byte, error) {
	s, err := m.need(name)
	if err != nil {
		return nil, err
	}
	b, err := decodeB64(name, s)
	if err != nil {
		return nil, err
	}
	if len(b) != size {
		return nil, invalid("AKP %s member %q of %d octets, want %d", alg, name, len(b), size)
	}
	return b, nil
}

// setAKP makes the ML-DSA keys of pub and, when not nil, seed, checking
// that the seed generates pub (RFC 9964's security considerations,
// "Mismatched AKP parameters").
func (k *Key) setAKP(alg signing.Algorithm, pub, seed []byte) error {
	if !alg.Available() {
		return errAKPUnavailable(alg)
	}
	pk, err := signing.NewMLDSAPublicKey(alg, pub)
	if err != nil {
		return invalid(`AKP %s "pub": %v`, alg, err)
	}
	if seed != nil {
		sk, err := signing.NewMLDSAPrivateKey(alg, seed)
		if err != nil {
			return invalid(`AKP %s "priv": %v`, alg, err)
		}
		_, derived, _, err := signing.MLDSAKeyBytes(sk)
		if err != nil {
			return invalid(`AKP %s "priv": %v`, alg, err)
		}
		if subtle.ConstantTimeCompare(derived, pub) != 1 {
			return invalid(`AKP %s "priv" does not generate "pub"`, alg)
		}
		k.priv = sk
	}
	k.kty, k.pub = KeyTypeAKP, pk
	return nil
}

// errAKPUnavailable refuses an AKP key in a build without crypto/mldsa.
func errAKPUnavailable(alg signing.Algorithm) error {
	return unsupported("AKP key for %s: ML-DSA needs Go 1.27 or later (crypto/mldsa); this program was built with %s",
		alg, runtime.Version())
}

// setMLDSA fills the key from a Go ML-DSA key (an *mldsa.PublicKey or
// *mldsa.PrivateKey), whose algorithm, public key encoding and seed (nil
// for a public key) MLDSAKeyBytes gave. The key's "alg" is that of its
// parameter set: filled in when p has none, refused when p names another.
// A crypto.Signer other than *mldsa.PrivateKey (a KMS or HSM key) has no
// seed to hold and is refused, as the other types' signers are.
func (k *Key) setMLDSA(key any, alg signing.Algorithm, pub, seed []byte) error {
	if _, isSigner := key.(crypto.Signer); isSigner && seed == nil {
		return unsupported("Go key of type %T: an ML-DSA crypto.Signer other than *mldsa.PrivateKey has no seed for an AKP key; use its Public key", key)
	}
	switch k.meta.Algorithm {
	case "":
		k.meta.Algorithm = string(alg)
	case string(alg):
	default:
		return invalid(`"alg" %q does not fit an %s key (an AKP key's "alg" is its parameter set's, RFC 9964 section 2)`, k.meta.Algorithm, alg)
	}
	return k.setAKP(alg, pub, seed)
}

// akpMembers returns an AKP key's "pub" and, when withPrivate and the key
// has one, "priv" (RFC 9964 section 2).
func (k *Key) akpMembers(withPrivate bool) ([]member, error) {
	var source any = k.pub
	if withPrivate && k.priv != nil {
		source = k.priv
	}
	_, pub, seed, err := signing.MLDSAKeyBytes(source)
	if err != nil {
		return nil, invalid("AKP key no longer valid: %v", err)
	}
	out := []member{{"pub", b64url.EncodeToString(pub)}}
	if withPrivate && seed != nil {
		out = append(out, member{"priv", b64url.EncodeToString(seed)})
	}
	return out, nil
}
