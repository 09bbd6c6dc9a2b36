//go:build !go1.27

package jwttest

import (
	"crypto"
	"fmt"

	"github.com/jotlib/jwt"
)

// generateMLDSA refuses ML-DSA (RFC 9964): built with a Go older than
// 1.27, which has no crypto/mldsa, it is ErrUnsupportedAlgorithm saying
// so. ok is false for another alg.
func generateMLDSA(alg jwt.Algorithm) (key crypto.Signer, ok bool, err error) {
	switch alg {
	case jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87:
		return nil, true, fmt.Errorf("%w: %q needs Go 1.27 or later (crypto/mldsa)", ErrUnsupportedAlgorithm, string(alg))
	}
	return nil, false, nil
}
