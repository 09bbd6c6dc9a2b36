package jwk

import (
	"crypto/ed25519"
	"crypto/subtle"
)

// readOKP reads an octet key pair (RFC 8037 section 2): "crv" "Ed25519",
// "x" the 32-octet public key and, for a private key, "d" the 32-octet seed.
func (k *Key) readOKP(m *members) error {
	if m.crv != "Ed25519" {
		if m.crv == "" {
			return invalid(`OKP key without "crv"`)
		}
		return unsupported("OKP curve %q", m.crv) // X25519, X448, Ed448
	}
	x, err := fixedMember(m, "x", ed25519.PublicKeySize)
	if err != nil {
		return err
	}
	if _, has := m.b64["d"]; !has {
		return k.setEd25519(ed25519.PublicKey(x), nil)
	}
	d, err := fixedMember(m, "d", ed25519.SeedSize)
	if err != nil {
		return err
	}
	return k.setEd25519(ed25519.PublicKey(x), ed25519.NewKeyFromSeed(d))
}

// setEd25519 checks sizes and that the private key yields the public one.
func (k *Key) setEd25519(pub ed25519.PublicKey, priv ed25519.PrivateKey) error {
	if len(pub) != ed25519.PublicKeySize {
		return invalid("Ed25519 public key of %d bytes", len(pub))
	}
	pub = append(ed25519.PublicKey(nil), pub...)
	if priv != nil {
		derived := priv.Public().(ed25519.PublicKey)
		if subtle.ConstantTimeCompare(derived, pub) != 1 {
			return invalid(`Ed25519 "d" does not match "x"`)
		}
		k.priv = append(ed25519.PrivateKey(nil), priv...)
	}
	k.pub = pub
	return nil
}
