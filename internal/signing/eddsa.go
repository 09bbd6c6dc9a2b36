package signing

import (
	"crypto/ed25519"
	"fmt"
)

// checkEd25519Public refuses keys that are not exactly 32 bytes
// (ed25519.Verify panics on them).
func checkEd25519Public(pub ed25519.PublicKey) error {
	if len(pub) != ed25519.PublicKeySize {
		return fmt.Errorf("%w: Ed25519 public key of %d bytes, want %d", ErrInvalidKey, len(pub), ed25519.PublicKeySize)
	}
	return nil
}

// checkEd25519Private refuses private keys that are not exactly 64 bytes.
func checkEd25519Private(priv ed25519.PrivateKey) error {
	if len(priv) != ed25519.PrivateKeySize {
		return fmt.Errorf("%w: Ed25519 private key of %d bytes, want %d", ErrInvalidKey, len(priv), ed25519.PrivateKeySize)
	}
	return nil
}

// verifyEd25519 checks an Ed25519 signature (RFC 8037 section 3.1).
func verifyEd25519(pub ed25519.PublicKey, input, sig []byte) error {
	if len(sig) != ed25519.SignatureSize || !ed25519.Verify(pub, input, sig) {
		return ErrSignatureInvalid
	}
	return nil
}
