package signing

import (
	"crypto/rsa"
	"fmt"
)

// checkRSAPublic refuses nil, malformed and weak RSA keys. RFC 7518 section
// 3.3: "A key of size 2048 bits or larger MUST be used with these algorithms."
func checkRSAPublic(pub *rsa.PublicKey) error {
	if pub == nil || pub.N == nil || pub.N.Sign() <= 0 {
		return fmt.Errorf("%w: RSA key without a modulus", ErrInvalidKey)
	}
	if bits := pub.N.BitLen(); bits < MinRSABits {
		return fmt.Errorf("%w: RSA key of %d bits; at least %d are required", ErrInvalidKey, bits, MinRSABits)
	}
	if pub.E < 3 || pub.E%2 == 0 || pub.E > 1<<31-1 {
		return fmt.Errorf("%w: RSA public exponent %d", ErrInvalidKey, pub.E)
	}
	return nil
}

// pssOptions fixes the salt length to the hash length on both sides
// (RFC 7518 section 3.5: "The size of the salt value is the same size as the
// hash function output").
var pssOptions = &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash}

// verifyRSA checks an RS* or PS* signature.
func verifyRSA(pub *rsa.PublicKey, alg Algorithm, input, sig []byte) error {
	info := infoOf(alg)
	var buf [64]byte
	d := digest(info.hash, input, &buf)
	var err error
	if info.pss {
		err = rsa.VerifyPSS(pub, info.hash, d, sig, pssOptions)
	} else {
		err = rsa.VerifyPKCS1v15(pub, info.hash, d, sig)
	}
	if err != nil {
		return ErrSignatureInvalid
	}
	return nil
}
