//go:build go1.27

package jwk

import "crypto/mldsa"

// isMLDSAGoKey reports whether key is a crypto/mldsa key, however
// incomplete (a nil pointer): NewKey then refuses it as invalid rather than
// as a key type it does not support.
func isMLDSAGoKey(key any) bool {
	switch key.(type) {
	case *mldsa.PublicKey, *mldsa.PrivateKey:
		return true
	}
	return false
}
