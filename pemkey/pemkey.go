// Package pemkey reads and writes PEM-encoded keys (RFC 7468) of the types
// JWS signs and verifies with: RSA (RFC 7518 sections 3.3 and 3.5), ECDSA
// on P-256, P-384 and P-521 (RFC 7518 section 3.4), Ed25519 (RFC 8037
// section 3.1) and, built with Go 1.27 or later, ML-DSA-44, ML-DSA-65 and
// ML-DSA-87 (RFC 9964; their PKCS#8 and SPKI forms are RFC 9881's).
//
// ML-DSA keys are crypto/x509's, which reads them from Go 1.27 on: an
// *mldsa.PrivateKey from a PKCS#8 "PRIVATE KEY" in the seed-only form (RFC
// 9881 section 6), an *mldsa.PublicKey from a "PUBLIC KEY" or a
// certificate. A private key that holds its expanded key (alone, or beside
// the seed as OpenSSL 3.5 writes it by default) is refused with
// ErrUnsupportedKey and advice. Built with an older Go, every ML-DSA key is
// refused with ErrUnsupportedKey saying that Go 1.27 is needed.
//
// It reads every common form, whatever tool wrote it:
//
//   - "PRIVATE KEY": PKCS#8 (RFC 7468 section 10; RFC 5208 section 5,
//     RFC 5958 section 2), of any of the key types; Ed25519 as RFC 8410
//     section 7 encodes it, ML-DSA as RFC 9881 section 6 does (seed only);
//   - "RSA PRIVATE KEY": PKCS#1 (RFC 8017 appendix A.1.2);
//   - "EC PRIVATE KEY": SEC 1 (RFC 5915 section 3), also after the
//     "EC PARAMETERS" block that openssl ecparam -genkey writes first;
//   - "PUBLIC KEY": SubjectPublicKeyInfo (RFC 7468 section 13; RFC 5280
//     section 4.1.2.7, RFC 5480 section 2, RFC 8410 section 4);
//   - "RSA PUBLIC KEY": PKCS#1 (RFC 8017 appendix A.1.1);
//   - "CERTIFICATE": an X.509 certificate's public key (RFC 7468
//     section 5; RFC 5280 section 4.1).
//
// The first PEM block is read. Text before it, such as the "Bag
// Attributes" openssl writes, is skipped (RFC 7468 section 5.2); so is an
// "EC PARAMETERS" block; whatever follows the key's block (a certificate
// chain's other certificates, a second key) is ignored. A block whose
// label does not match its bytes is still read when they are another
// private form under a private label ("PRIVATE KEY" holding PKCS#1 is
// common), or another public form under a public label; a private key is
// never read from a public label, nor a public key from a private one.
//
// Every refusal is an error, never a panic, that matches ErrInvalidPEM,
// ErrUnsupportedKey or ErrWrongKeyType, and so jwt.ErrInvalidKey, with
// errors.Is. Encrypted keys are refused with advice to decrypt them with
// openssl, and OpenSSH keys with advice to convert them: there is no
// password option. Go deprecated legacy PEM encryption (RFC 1423,
// x509.DecryptPEMBlock) as insecure, and its standard library does not
// decrypt encrypted PKCS#8 (RFC 5958 section 3); the errors say so.
//
// A certificate gives only its public key: the certificate itself is not
// verified (not its signature, dates, chain or key usage). Verify it with
// crypto/x509 first when that matters.
//
// Whether a key is strong enough for JWS (RSA of at least 2048 bits,
// RFC 7518 section 3.3) is not this package's job: jwt.Sign, jwt.Parse,
// jwt.NewSigner and jwt.NewVerifier check it when the key is used.
//
// Porting from github.com/golang-jwt/jwt: ParseRSAPrivateKeyFromPEM is
// ParseRSAPrivateKey, ParseRSAPublicKeyFromPEM is ParseRSAPublicKey,
// ParseECPrivateKeyFromPEM is ParseECPrivateKey, ParseECPublicKeyFromPEM
// is ParseECPublicKey, ParseEdPrivateKeyFromPEM is ParseEd25519PrivateKey
// and ParseEdPublicKeyFromPEM is ParseEd25519PublicKey; the last two
// return ed25519.PrivateKey and ed25519.PublicKey rather than the crypto
// interfaces. Each reads every form above, not only the forms its
// golang-jwt counterpart tries.
package pemkey

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
)

// ParseKey reads the first key of PEM data (RFC 7468), private or public,
// in any form the package documentation lists. The result is a private
// key, *rsa.PrivateKey, *ecdsa.PrivateKey, ed25519.PrivateKey or (Go 1.27)
// *mldsa.PrivateKey (each a crypto.Signer), or a public key,
// *rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey or (Go 1.27)
// *mldsa.PublicKey. It serves tools that take either; when one is
// expected, use ParsePublicKey or ParsePrivateKey, which refuse the other.
func ParseKey(data []byte) (any, error) {
	block, err := keyBlock(data)
	if err != nil {
		return nil, err
	}
	key, err := blockKey(block)
	if err != nil {
		return nil, err
	}
	if err := checkKey(key); err != nil {
		return nil, err
	}
	return key, nil
}

// ParsePublicKey reads the first key of PEM data, which must be a public
// key: SubjectPublicKeyInfo (RFC 5280 section 4.1.2.7), PKCS#1 (RFC 8017
// appendix A.1.1) or a certificate's (RFC 5280 section 4.1). The result is
// *rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey or (Go 1.27)
// *mldsa.PublicKey (RFC 9881 section 4).
//
// A private key is refused (ErrWrongKeyType) rather than reduced to its
// public half: a verifier's configuration that holds a private key gives
// the power to sign to everyone who can read it.
func ParsePublicKey(data []byte) (crypto.PublicKey, error) {
	key, err := ParseKey(data)
	if err != nil {
		return nil, err
	}
	if _, private := key.(crypto.Signer); private {
		return nil, wrongTypef("the PEM holds %s where a public key is expected; %s", describe(key), advicePublicOnly)
	}
	return key, nil
}

// ParsePrivateKey reads the first key of PEM data, which must be a private
// key: PKCS#8 (RFC 5208 section 5; RFC 5958 section 2), PKCS#1 (RFC 8017
// appendix A.1.2) or SEC 1 (RFC 5915 section 3). The result is
// *rsa.PrivateKey, *ecdsa.PrivateKey, ed25519.PrivateKey or (Go 1.27)
// *mldsa.PrivateKey (RFC 9881 section 6). A public key is refused with
// ErrWrongKeyType.
func ParsePrivateKey(data []byte) (crypto.Signer, error) {
	key, err := ParseKey(data)
	if err != nil {
		return nil, err
	}
	signer, private := key.(crypto.Signer)
	if !private {
		return nil, wrongTypef("the PEM holds %s where a private key is expected (signing needs the private key)", describe(key))
	}
	return signer, nil
}

// ParseRSAPublicKey is ParsePublicKey for an RSA key (RFC 8017 section
// 3.1; RFC 7518 sections 3.3 and 3.5): SPKI, PKCS#1 or a certificate's. Any
// other key type is refused with ErrWrongKeyType.
func ParseRSAPublicKey(data []byte) (*rsa.PublicKey, error) {
	return parseAs[*rsa.PublicKey](data, ParsePublicKey, "an RSA public key")
}

// ParseRSAPrivateKey is ParsePrivateKey for an RSA key (RFC 8017 section
// 3.2): PKCS#1 or PKCS#8. Any other key type is refused with
// ErrWrongKeyType.
func ParseRSAPrivateKey(data []byte) (*rsa.PrivateKey, error) {
	return parseAs[*rsa.PrivateKey](data, ParsePrivateKey, "an RSA private key")
}

// ParseECPublicKey is ParsePublicKey for an ECDSA key on P-256, P-384 or
// P-521 (RFC 5480 section 2; RFC 7518 section 3.4): SPKI or a
// certificate's. Any other key type is refused with ErrWrongKeyType.
func ParseECPublicKey(data []byte) (*ecdsa.PublicKey, error) {
	return parseAs[*ecdsa.PublicKey](data, ParsePublicKey, "an ECDSA public key")
}

// ParseECPrivateKey is ParsePrivateKey for an ECDSA key on P-256, P-384 or
// P-521 (RFC 7518 section 3.4): SEC 1 (RFC 5915 section 3), also after an
// "EC PARAMETERS" block, or PKCS#8. Any other key type is refused with
// ErrWrongKeyType.
func ParseECPrivateKey(data []byte) (*ecdsa.PrivateKey, error) {
	return parseAs[*ecdsa.PrivateKey](data, ParsePrivateKey, "an ECDSA private key")
}

// ParseEd25519PublicKey is ParsePublicKey for an Ed25519 key (RFC 8410
// section 4; RFC 8037 section 2): SPKI or a certificate's. Any other key
// type is refused with ErrWrongKeyType.
func ParseEd25519PublicKey(data []byte) (ed25519.PublicKey, error) {
	return parseAs[ed25519.PublicKey](data, ParsePublicKey, "an Ed25519 public key")
}

// ParseEd25519PrivateKey is ParsePrivateKey for an Ed25519 key in PKCS#8
// (RFC 8410 section 7; RFC 8037 section 2). Any other key type is refused
// with ErrWrongKeyType.
func ParseEd25519PrivateKey(data []byte) (ed25519.PrivateKey, error) {
	return parseAs[ed25519.PrivateKey](data, ParsePrivateKey, "an Ed25519 private key")
}

// parseAs reads a key with parse and asserts its concrete type K.
func parseAs[K, P any](data []byte, parse func([]byte) (P, error), want string) (K, error) {
	var zero K
	key, err := parse(data)
	if err != nil {
		return zero, err
	}
	k, ok := any(key).(K)
	if !ok {
		return zero, wrongTypef("the PEM holds %s, not %s", describe(key), want)
	}
	return k, nil
}
