package pemkey

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"strings"
)

// EncodePublicKey writes pub, an *rsa.PublicKey, *ecdsa.PublicKey (P-256,
// P-384 or P-521), ed25519.PublicKey or, with Go 1.27 or later,
// *mldsa.PublicKey, as a "PUBLIC KEY" PEM block: the key's
// SubjectPublicKeyInfo (RFC 7468 section 13; RFC 5280 section 4.1.2.7,
// RFC 5480 section 2, RFC 8410 section 4, RFC 9881 section 4), the form
// openssl pkey -pubout writes. ParsePublicKey reads it back.
//
// A private key is refused with ErrWrongKeyType (pass its Public()); other
// types, other curves and incomplete keys with ErrUnsupportedKey.
func EncodePublicKey(pub crypto.PublicKey) ([]byte, error) {
	switch pub.(type) {
	case *rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey:
	case *rsa.PrivateKey, *ecdsa.PrivateKey, ed25519.PrivateKey:
		return nil, wrongTypef("EncodePublicKey was given %s; pass its Public()", describe(pub))
	default:
		switch mldsaKind(pub) {
		case mldsaPublicKey:
			return encodePublic(pub)
		case mldsaPrivateKey:
			return nil, wrongTypef("EncodePublicKey was given %s; pass its Public()", describe(pub))
		}
		if err := checkKey(pub); err != nil {
			return nil, err
		}
		return nil, unsupportedf("unsupported key type %T", pub)
	}
	return encodePublic(pub)
}

// encodePublic writes a public key of a supported type as SPKI.
func encodePublic(pub crypto.PublicKey) ([]byte, error) {
	if err := checkKey(pub); err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, unsupportedf("%s: %v", describe(pub), err)
	}
	return readsBack(pub, &pem.Block{Type: labelSPKI, Bytes: der})
}

// EncodePrivateKey writes priv, an *rsa.PrivateKey, *ecdsa.PrivateKey
// (P-256, P-384 or P-521), ed25519.PrivateKey or, with Go 1.27 or later,
// *mldsa.PrivateKey, as an unencrypted "PRIVATE KEY" PEM block: PKCS#8
// (RFC 7468 section 10; RFC 5208 section 5, RFC 5958 section 2; Ed25519 as
// RFC 8410 section 7 encodes it, ML-DSA as its seed, RFC 9881 section 6),
// the form openssl genpkey writes. ParsePrivateKey reads it back. The
// output is a secret: write it to a file only its owner can read.
//
// Other signers (a key in a hardware module), other curves and incomplete
// keys are refused with ErrUnsupportedKey.
func EncodePrivateKey(priv crypto.Signer) ([]byte, error) {
	switch priv.(type) {
	case *rsa.PrivateKey, *ecdsa.PrivateKey, ed25519.PrivateKey:
	case nil:
		return nil, unsupportedf("no key (nil)")
	default:
		if mldsaKind(priv) != mldsaPrivateKey {
			return nil, unsupportedf("a %T cannot be encoded (want *rsa.PrivateKey, *ecdsa.PrivateKey, ed25519.PrivateKey or, with Go 1.27, *mldsa.PrivateKey)", priv)
		}
	}
	if err := checkKey(priv); err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, unsupportedf("%s: %v", describe(priv), err)
	}
	return readsBack(priv, &pem.Block{Type: labelPKCS8, Bytes: der})
}

// readsBack encodes block, and checks that the Parse functions read key
// from it: crypto/x509 writes some values it refuses to read (an RSA
// exponent of 0), and what Encode writes must read back.
func readsBack(key any, block *pem.Block) ([]byte, error) {
	out := pem.EncodeToMemory(block)
	if _, err := ParseKey(out); err != nil {
		return nil, unsupportedf("%s does not read back: %s", describe(key), strings.TrimPrefix(err.Error(), "pemkey: "))
	}
	return out, nil
}
