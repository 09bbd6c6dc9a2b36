//go:build go1.27

package jwttest

import (
	"crypto"
	"crypto/mldsa"

	"github.com/jotlib/jwt"
)

// generateMLDSA makes a fresh ML-DSA private key for alg (RFC 9964
// section 3, FIPS 204 Algorithm 1): built with Go 1.27 or later, whose
// crypto/mldsa has the three parameter sets. ok is false for another alg.
func generateMLDSA(alg jwt.Algorithm) (key crypto.Signer, ok bool, err error) {
	var p mldsa.Parameters
	switch alg {
	case jwt.MLDSA44:
		p = mldsa.MLDSA44()
	case jwt.MLDSA65:
		p = mldsa.MLDSA65()
	case jwt.MLDSA87:
		p = mldsa.MLDSA87()
	default:
		return nil, false, nil
	}
	k, err := mldsa.GenerateKey(p)
	if err != nil {
		return nil, true, err
	}
	return k, true, nil
}
