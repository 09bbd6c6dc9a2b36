package signing

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"encoding/asn1"
	"fmt"
	"math/big"
)

// ecdsaAlgorithm names the one ES* algorithm a curve may be used with
// (RFC 7518 section 3.4).
func ecdsaAlgorithm(c elliptic.Curve) (Algorithm, error) {
	switch c {
	case elliptic.P256():
		return ES256, nil
	case elliptic.P384():
		return ES384, nil
	case elliptic.P521():
		return ES512, nil
	}
	return "", fmt.Errorf("%w: unsupported elliptic curve", ErrInvalidKey)
}

// checkECDSAPublic returns the key's algorithm after checking that its point
// is on its curve.
func checkECDSAPublic(pub *ecdsa.PublicKey) (Algorithm, error) {
	// ECDH dereferences the coordinates without a check: only their
	// presence is read here; no API replaces the fields for that.
	//lint:ignore SA1019 nil check of the coordinates only, before ECDH, which would panic
	if pub == nil || pub.Curve == nil || pub.X == nil || pub.Y == nil {
		return "", fmt.Errorf("%w: incomplete ECDSA key", ErrInvalidKey)
	}
	alg, err := ecdsaAlgorithm(pub.Curve)
	if err != nil {
		return "", err
	}
	if _, err := pub.ECDH(); err != nil {
		return "", fmt.Errorf("%w: ECDSA point is not on the curve", ErrInvalidKey)
	}
	return alg, nil
}

// verifyECDSA checks a JWS ECDSA signature: R and S as fixed-size big-endian
// integers, concatenated (RFC 7518 section 3.4). DER is refused.
func verifyECDSA(pub *ecdsa.PublicKey, alg Algorithm, input, sig []byte) error {
	info := infoOf(alg)
	if len(sig) != info.size {
		return ErrSignatureInvalid
	}
	var buf [64]byte
	d := digest(info.hash, input, &buf)
	// ecdsa.Verify would turn big.Int values back into this DER; building
	// it from the bytes saves the allocations (see appendDERSignature).
	var derBuf [2*(3+67) + 3]byte // P-521: two INTEGERs of up to 67 bytes
	der, ok := appendDERSignature(derBuf[:0], sig)
	if !ok || !ecdsa.VerifyASN1(pub, d, der) {
		return ErrSignatureInvalid
	}
	return nil
}

// appendP1363 converts an ASN.1 DER ECDSA signature, as crypto.Signer
// implementations return it, into r||s of size bytes appended to dst.
func appendP1363(dst, der []byte, size int) ([]byte, error) {
	var rs struct{ R, S *big.Int }
	rest, err := asn1.Unmarshal(der, &rs)
	half := size / 2
	// encoding/asn1 ignores extra elements at the end of a SEQUENCE and
	// takes some non-minimal forms; only the canonical DER of exactly two
	// INTEGERs is accepted.
	if err == nil {
		if again, merr := asn1.Marshal(rs); merr != nil || !bytes.Equal(again, der) {
			err = fmt.Errorf("not canonical DER")
		}
	}
	if err != nil || len(rest) != 0 || rs.R == nil || rs.S == nil ||
		rs.R.Sign() <= 0 || rs.S.Sign() <= 0 || rs.R.BitLen() > half*8 || rs.S.BitLen() > half*8 {
		return dst, fmt.Errorf("%w: ECDSA signer returned a malformed signature", ErrSigningFailed)
	}
	n := len(dst)
	dst = append(dst, make([]byte, size)...)
	rs.R.FillBytes(dst[n : n+half])
	rs.S.FillBytes(dst[n+half:])
	return dst, nil
}
