package signing

import (
	"crypto"
	"crypto/subtle"
)

// Same reports whether k and o verify exactly the same signatures: the
// same pointer, or the same family, the same one algorithm (an ECDSA
// key's curve, an ML-DSA key's parameter set) and equal key material
// (RSA, ECDSA, Ed25519 and ML-DSA public keys by their Equal methods, HMAC
// secrets by a constant-time compare). A verified-token cache asks it of
// the key that verified a token and the keys a lookup gives now (RFC 7515
// section 5.2 step 8: the signature is checked "using ... the key"), so a
// key made anew from the same material still counts as the one that
// verified. A nil or zero key is the same as nothing but itself.
func (k *VerifyingKey) Same(o *VerifyingKey) bool {
	if k == o {
		return true
	}
	if k == nil || o == nil || k.fam == famNone || k.fam != o.fam || k.only != o.only {
		return false
	}
	switch k.fam {
	case famHMAC:
		return k.hmac != nil && o.hmac != nil &&
			subtle.ConstantTimeCompare(k.hmac.secret, o.hmac.secret) == 1
	case famRSA:
		return k.rsa != nil && o.rsa != nil && k.rsa.Equal(o.rsa)
	case famECDSA:
		return k.ec != nil && o.ec != nil && k.ec.Equal(o.ec)
	case famEd25519:
		return len(k.ed) != 0 && k.ed.Equal(o.ed)
	case famMLDSA:
		return sameMLDSA(k.ml, o.ml)
	}
	return false
}

// sameMLDSA compares two ML-DSA public keys by crypto/mldsa's Equal
// (Go 1.27 and later); with an older Go no ML-DSA key exists.
func sameMLDSA(a, b mldsaPublic) bool {
	if a == nil || b == nil {
		return false
	}
	eq, ok := any(a).(interface{ Equal(crypto.PublicKey) bool })
	return ok && eq.Equal(b)
}
