package main

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
)

// isPEM reports whether data looks like PEM text.
func isPEM(data []byte) bool { return bytes.Contains(data, []byte("-----BEGIN ")) }

// parsePEMKey reads the first key in PEM data: PKCS#8 or PKCS#1 or SEC 1
// (EC) private keys, SPKI or PKCS#1 public keys, or a certificate's public
// key. A mislabeled block is still read when its bytes parse as another of
// these forms. "EC PARAMETERS" blocks (openssl ecparam -genkey) are skipped.
func parsePEMKey(data []byte, name string) (*loadedKey, error) {
	rest := data
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			return nil, keyError("%s: no PEM key block found", name)
		}
		if block.Type == "EC PARAMETERS" {
			continue
		}
		return pemBlockKey(block, name)
	}
}

func pemBlockKey(block *pem.Block, name string) (*loadedKey, error) {
	if _, ok := block.Headers["DEK-Info"]; ok || block.Type == "ENCRYPTED PRIVATE KEY" {
		return nil, keyError("%s: the private key is encrypted; decrypt it first (openssl pkey -in %s -out plain.pem)", name, name)
	}
	switch block.Type {
	case "PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY":
		k, err := parsePrivateDER(block.Bytes)
		if err != nil {
			return nil, keyError("%s: %s block: %v", name, block.Type, err)
		}
		return checkedKey(k, name)
	case "PUBLIC KEY", "RSA PUBLIC KEY":
		k, err := parsePublicDER(block.Bytes)
		if err != nil {
			return nil, keyError("%s: %s block: %v", name, block.Type, err)
		}
		return checkedKey(k, name)
	case "CERTIFICATE":
		cert, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return nil, keyError("%s: certificate: %v", name, err)
		}
		// Only the certificate's key is used; its chain and dates are not
		// checked.
		return checkedKey(cert.PublicKey, name)
	case "OPENSSH PRIVATE KEY":
		return nil, keyError("%s: OpenSSH key format; convert it to PKCS#8 with: ssh-keygen -p -m PKCS8 -f %s", name, name)
	}
	return nil, keyError("%s: unsupported PEM block %q (want PRIVATE KEY, RSA PRIVATE KEY, EC PRIVATE KEY, PUBLIC KEY, RSA PUBLIC KEY or CERTIFICATE)", name, block.Type)
}

// parsePrivateDER tries PKCS#8, then PKCS#1, then SEC 1.
func parsePrivateDER(der []byte) (any, error) {
	k, err := x509.ParsePKCS8PrivateKey(der)
	if err == nil {
		return k, nil
	}
	if k, err1 := x509.ParsePKCS1PrivateKey(der); err1 == nil {
		return k, nil
	}
	if k, err1 := x509.ParseECPrivateKey(der); err1 == nil {
		return k, nil
	}
	return nil, errors.New("not a PKCS#8, PKCS#1 or SEC 1 (EC) private key")
}

// parsePublicDER tries SPKI, then PKCS#1.
func parsePublicDER(der []byte) (any, error) {
	k, err := x509.ParsePKIXPublicKey(der)
	if err == nil {
		return k, nil
	}
	if k, err1 := x509.ParsePKCS1PublicKey(der); err1 == nil {
		return k, nil
	}
	if _, err1 := parsePrivateDER(der); err1 == nil {
		return nil, errors.New("the block is labeled PUBLIC KEY but holds a private key")
	}
	return nil, errors.New("not an SPKI or PKCS#1 public key")
}

// checkedKey wraps a parsed key, refusing types no JWS algorithm uses.
func checkedKey(k any, name string) (*loadedKey, error) {
	lk := &loadedKey{name: name, key: k}
	switch key := k.(type) {
	case *rsa.PrivateKey, *ecdsa.PrivateKey, ed25519.PrivateKey:
		lk.kind = kindPrivate
	case *rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey:
		lk.kind = kindPublic
	case *ecdh.PrivateKey, *ecdh.PublicKey:
		return nil, keyError("%s: an X25519/ECDH key is for key agreement; JWS needs a signing key (Ed25519, ECDSA, RSA)", name)
	default:
		return nil, keyError("%s: unsupported key type %T", name, key)
	}
	if len(fittingAlgs(lk.key)) == 0 {
		return nil, keyError("%s: %s fits no JWS algorithm", name, describeKey(lk.key))
	}
	return lk, nil
}

// publicOf returns the public half of a private key, or the key itself.
func publicOf(k any) any {
	switch key := k.(type) {
	case *rsa.PrivateKey:
		return &key.PublicKey
	case *ecdsa.PrivateKey:
		return &key.PublicKey
	case ed25519.PrivateKey:
		return key.Public()
	}
	return k
}
