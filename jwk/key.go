package jwk

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"slices"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/mldsa"
	"github.com/jotlib/jwt/internal/signing"
)

// Key types ("kty", RFC 7518 section 6.1; RFC 8037 section 2; RFC 9964
// section 2).
const (
	KeyTypeRSA = "RSA"
	KeyTypeEC  = "EC"
	KeyTypeOKP = "OKP"
	KeyTypeOct = "oct"
	// KeyTypeAKP is the Algorithm Key Pair of RFC 9964, here for ML-DSA-44,
	// ML-DSA-65 and ML-DSA-87: "alg" (required), "pub" and, for a private
	// key, "priv" (the 32-byte seed). Its keys need Go 1.27 (crypto/mldsa).
	KeyTypeAKP = "AKP"
)

// Key is one JSON Web Key (RFC 7517 section 4). It is immutable once made
// and safe for concurrent use. Make one with ParseKey or NewKey.
type Key struct {
	kty, crv string
	meta     Params
	pub      crypto.PublicKey // nil for "oct"; *mldsa.PublicKey for "AKP"
	priv     any              // private key, []byte secret for "oct", or nil

	// vk is the key prepared once for verifying, from its public half when
	// it has one; nil when the material cannot verify (an "oct" key shorter
	// than any HMAC algorithm allows but made for another use).
	vk *signing.VerifyingKey
}

// Params are a key's optional parameters (RFC 7517 section 4).
type Params struct {
	// KeyID is "kid" (RFC 7517 section 4.5).
	KeyID string
	// Algorithm is "alg" (RFC 7517 section 4.4), the one algorithm the key
	// is meant for.
	Algorithm string
	// Use is "use" (RFC 7517 section 4.2): "sig" or "enc".
	Use string
	// KeyOps is "key_ops" (RFC 7517 section 4.3; e.g. "sign", "verify");
	// nil when absent.
	KeyOps []string
}

// ParseKey parses and checks one JWK. Keys of an unsupported type or curve
// are refused with ErrUnsupportedKeyType, malformed ones with ErrInvalidKey,
// and weak ones with ErrWeakKey.
//
// An "AKP" key (RFC 9964) needs Go 1.27 or later (crypto/mldsa): built
// with an older Go, a well-formed one is refused with ErrUnsupportedKeyType
// (which matches jwt.ErrInvalidKey, not ErrInvalidKey), its message saying
// that Go 1.27 is needed, and ParseSet skips and lists it; a malformed one
// (bad size or base64url, no "alg") is ErrInvalidKey with any Go.
func ParseKey(data []byte) (*Key, error) {
	m, err := readMembers(data)
	if err != nil {
		return nil, err
	}
	return fromMembers(m)
}

// fromMembers builds and checks a key from its members.
func fromMembers(m *members) (*Key, error) {
	k := &Key{kty: m.kty, crv: m.crv, meta: Params{KeyID: m.kid, Algorithm: m.alg, Use: m.use, KeyOps: m.keyOps}}
	var err error
	switch m.kty {
	case KeyTypeRSA:
		err = k.readRSA(m)
	case KeyTypeEC:
		err = k.readEC(m)
	case KeyTypeOKP:
		err = k.readOKP(m)
	case KeyTypeOct:
		err = k.readOct(m)
	case KeyTypeAKP:
		err = k.readAKP(m)
	default:
		return nil, unsupported("kty %q", m.kty)
	}
	if err != nil {
		return nil, err
	}
	if err := checkParams(k.meta); err != nil {
		return nil, err
	}
	if err := k.prepare(); err != nil {
		return nil, err
	}
	return k, nil
}

// NewKey makes a Key from a Go key: *rsa.PublicKey, *rsa.PrivateKey,
// *ecdsa.PublicKey, *ecdsa.PrivateKey, ed25519.PublicKey,
// ed25519.PrivateKey, a []byte HMAC secret (copied), or with Go 1.27 or
// later an *mldsa.PublicKey or *mldsa.PrivateKey (an "AKP" key, whose "alg"
// is set to its parameter set's when p has none), under the same rules as
// ParseKey.
func NewKey(key any, p Params) (*Key, error) {
	k := &Key{meta: p}
	if p.KeyOps != nil {
		k.meta.KeyOps = slices.Clone(p.KeyOps)
	}
	if err := k.setGoKey(key); err != nil {
		return nil, err
	}
	if err := checkParams(k.meta); err != nil {
		return nil, err
	}
	if err := k.prepare(); err != nil {
		return nil, err
	}
	return k, nil
}

// setGoKey fills kty, crv and the key material from a Go key, checking it.
func (k *Key) setGoKey(key any) error {
	switch v := key.(type) {
	case *rsa.PublicKey:
		k.kty = KeyTypeRSA
		return k.setRSA(v, nil)
	case *rsa.PrivateKey:
		if v == nil {
			return invalid("nil RSA key")
		}
		k.kty = KeyTypeRSA
		return k.setRSA(&v.PublicKey, v)
	case *ecdsa.PublicKey:
		k.kty = KeyTypeEC
		return k.setEC(v, nil)
	case *ecdsa.PrivateKey:
		if v == nil {
			return invalid("nil ECDSA key")
		}
		k.kty = KeyTypeEC
		return k.setEC(&v.PublicKey, v)
	case ed25519.PublicKey:
		k.kty, k.crv = KeyTypeOKP, "Ed25519"
		return k.setEd25519(v, nil)
	case ed25519.PrivateKey:
		k.kty, k.crv = KeyTypeOKP, "Ed25519"
		if len(v) != ed25519.PrivateKeySize {
			return invalid("Ed25519 private key of %d bytes", len(v))
		}
		return k.setEd25519(v.Public().(ed25519.PublicKey), v)
	case []byte:
		k.kty = KeyTypeOct
		return k.setOct(slices.Clone(v))
	case nil:
		return invalid("nil key")
	}
	if alg, pub, seed, err := signing.MLDSAKeyBytes(key); err == nil {
		return k.setMLDSA(key, alg, pub, seed)
	} else if mldsa.KindOf(key) != mldsa.NotMLDSA { // a nil or zero crypto/mldsa key
		return invalid("ML-DSA key: %v", err)
	}
	return unsupported("Go key of type %T", key)
}

// prepare makes the verifying key once and checks "alg" against the key.
func (k *Key) prepare() error {
	var material any = k.pub
	if k.kty == KeyTypeOct {
		material = k.priv
	}
	vk, err := signing.NewVerifyingKey(material)
	if err != nil {
		if k.kty == KeyTypeOct && !k.maySign() {
			// An encryption key ("use":"enc" or a non-JWS "alg", e.g.
			// A128KW) is kept but never used to verify.
			return nil
		}
		return weak("%v", err)
	}
	if alg, ok := signing.Lookup(k.meta.Algorithm); ok {
		if err := vk.Check(alg); err != nil {
			if k.kty == KeyTypeOct {
				return weak("%v", err)
			}
			return invalid(`"alg" %q does not fit a %s key: %v`, alg, k.kty, err)
		}
	}
	k.vk = vk
	return nil
}

// maySign reports whether the key's parameters allow signatures at all.
func (k *Key) maySign() bool {
	if k.meta.Use != "" && k.meta.Use != "sig" {
		return false
	}
	if k.meta.Algorithm != "" {
		if _, ok := signing.Lookup(k.meta.Algorithm); !ok {
			return false
		}
	}
	return true
}

// checkParams checks "use" against "key_ops": RFC 7517 section 4.3, "If both
// are used, the information they convey MUST be consistent".
func checkParams(p Params) error {
	for i, op := range p.KeyOps {
		if slices.Contains(p.KeyOps[:i], op) {
			return invalid(`"key_ops" repeats %q (RFC 7517 section 4.3)`, op)
		}
	}
	if p.Use == "" || p.KeyOps == nil {
		return nil
	}
	sigOp := func(op string) bool { return op == "sign" || op == "verify" }
	encOp := func(op string) bool {
		switch op {
		case "encrypt", "decrypt", "wrapKey", "unwrapKey", "deriveKey", "deriveBits":
			return true
		}
		return false
	}
	for _, op := range p.KeyOps {
		if p.Use == "sig" && encOp(op) || p.Use == "enc" && sigOp(op) {
			return invalid(`"use" %q contradicts "key_ops" %q`, p.Use, op)
		}
	}
	return nil
}

// KeyType returns "kty" (RFC 7517 section 4.1): "RSA", "EC", "OKP", "oct"
// or "AKP".
func (k *Key) KeyType() string {
	if k == nil {
		return ""
	}
	return k.kty
}

// Curve returns "crv" for EC keys (RFC 7518 section 6.2.1.1) and OKP keys
// (RFC 8037 section 2), else "".
func (k *Key) Curve() string {
	if k == nil {
		return ""
	}
	return k.crv
}

// KeyID returns "kid" (RFC 7517 section 4.5).
func (k *Key) KeyID() string {
	if k == nil {
		return ""
	}
	return k.meta.KeyID
}

// Algorithm returns "alg" (RFC 7517 section 4.4), or "" when absent.
func (k *Key) Algorithm() string {
	if k == nil {
		return ""
	}
	return k.meta.Algorithm
}

// Use returns "use" (RFC 7517 section 4.2), or "" when absent.
func (k *Key) Use() string {
	if k == nil {
		return ""
	}
	return k.meta.Use
}

// KeyOps returns a copy of "key_ops" (RFC 7517 section 4.3), or nil when
// absent.
func (k *Key) KeyOps() []string {
	if k == nil {
		return nil
	}
	return slices.Clone(k.meta.KeyOps)
}

// Params returns a copy of the key's parameters.
func (k *Key) Params() Params {
	if k == nil {
		return Params{}
	}
	p := k.meta
	p.KeyOps = slices.Clone(p.KeyOps)
	return p
}

// IsPrivate reports whether the key holds private members ("d", the
// secret "k" of an "oct" key, or the "priv" of an "AKP" key).
func (k *Key) IsPrivate() bool { return k != nil && k.priv != nil }

// Key returns the Go key: *rsa.PrivateKey, *ecdsa.PrivateKey,
// ed25519.PrivateKey or *mldsa.PrivateKey when the JWK has private members,
// else the public key (*rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey,
// *mldsa.PublicKey); a copy of the secret ([]byte) for "oct". The value is
// shared: do not modify it.
func (k *Key) Key() any {
	if k == nil {
		return nil
	}
	if b, ok := k.priv.([]byte); ok {
		return slices.Clone(b)
	}
	if k.priv != nil {
		return k.priv
	}
	return k.pub
}

// PublicKey returns the public key, or nil for an "oct" key.
func (k *Key) PublicKey() crypto.PublicKey {
	if k == nil {
		return nil
	}
	return k.pub
}

// Public returns the key without its private members, for publishing. An
// "oct" key has no public half: ErrInvalidKey.
func (k *Key) Public() (*Key, error) {
	if k == nil || k.kty == "" {
		return nil, emptyKeyError(k)
	}
	if k.kty == KeyTypeOct {
		return nil, invalid(`an "oct" key has no public half`)
	}
	c := *k
	c.priv = nil
	c.meta.KeyOps = slices.Clone(k.meta.KeyOps)
	return &c, nil
}

// CanVerify reports whether the key may verify a token signed with alg: its
// material fits alg (family, curve, size), its "alg" is absent or alg, its
// "use" is absent or "sig" (RFC 7517 section 4.2), and its "key_ops" is
// absent or includes "verify" (section 4.3).
func (k *Key) CanVerify(alg jwt.Algorithm) bool {
	if k == nil || k.vk == nil {
		return false
	}
	if k.meta.Algorithm != "" && k.meta.Algorithm != string(alg) {
		return false
	}
	if k.meta.Use != "" && k.meta.Use != "sig" {
		return false
	}
	if k.meta.KeyOps != nil && !slices.Contains(k.meta.KeyOps, "verify") {
		return false
	}
	return k.vk.Check(signing.Algorithm(alg)) == nil
}

// emptyKeyError is the error of a method that needs key material, called on
// a nil *Key or a zero Key (one not made by ParseKey or NewKey).
func emptyKeyError(k *Key) error {
	if k == nil {
		return invalid("nil *Key: make one with ParseKey or NewKey")
	}
	return invalid("empty Key: make one with ParseKey or NewKey")
}
