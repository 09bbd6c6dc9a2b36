package jwk

import (
	"crypto/rsa"
	"math/big"

	"github.com/jotlib/jwt/internal/signing"
)

// maxRSABits bounds the modulus read from a JWK, so a hostile set cannot
// make verifying arbitrarily slow.
const maxRSABits = 16384

// readRSA reads an RSA key (RFC 7518 section 6.3): "n" and "e", and for a
// private key "d" with all of "p", "q", "dp", "dq" and "qi".
func (k *Key) readRSA(m *members) error {
	if m.hasOth {
		return unsupported(`multi-prime RSA ("oth")`)
	}
	pub := &rsa.PublicKey{}
	var err error
	if pub.N, err = uintMember(m, "n"); err != nil {
		return err
	}
	e, err := uintMember(m, "e")
	if err != nil {
		return err
	}
	if e.BitLen() > 31 {
		return invalid("RSA public exponent too large")
	}
	pub.E = int(e.Int64())
	if _, has := m.b64["d"]; !has {
		for _, name := range [...]string{"p", "q", "dp", "dq", "qi"} {
			if _, ok := m.b64[name]; ok {
				return invalid("RSA key with %q but no \"d\"", name)
			}
		}
		return k.setRSA(pub, nil)
	}
	// RFC 7518 section 6.3.2: "If the producer includes any of the other
	// private key parameters, then all of the others MUST be present"; we
	// also require them, to check the key and to sign with it.
	vals := make([]*big.Int, 6)
	for i, name := range [...]string{"d", "p", "q", "dp", "dq", "qi"} {
		if vals[i], err = uintMember(m, name); err != nil {
			return err
		}
	}
	if err := checkRSASize(pub); err != nil {
		return err
	}
	p, q := vals[1], vals[2]
	one := big.NewInt(1)
	if p.Cmp(one) <= 0 || q.Cmp(one) <= 0 || new(big.Int).Mul(p, q).Cmp(pub.N) != 0 {
		return invalid(`RSA "p" times "q" is not "n"`)
	}
	priv := &rsa.PrivateKey{PublicKey: *pub, D: vals[0], Primes: []*big.Int{p, q}}
	priv.Precompute()
	pc := priv.Precomputed
	if pc.Dp == nil || pc.Dp.Cmp(vals[3]) != 0 || pc.Dq.Cmp(vals[4]) != 0 || pc.Qinv.Cmp(vals[5]) != 0 {
		return invalid(`RSA "dp", "dq" or "qi" does not match the key`)
	}
	return k.setRSA(&priv.PublicKey, priv)
}

func uintMember(m *members, name string) (*big.Int, error) {
	s, err := m.need(name)
	if err != nil {
		return nil, err
	}
	v, err := decodeUint(name, s)
	if err != nil {
		return nil, err
	}
	if v.Sign() == 0 {
		return nil, invalid("RSA member %q is zero", name)
	}
	return v, nil
}

// checkRSASize applies the core's rules (RFC 7518 section 3.3: at least 2048
// bits; an odd exponent of at least 3) and our upper bound.
func checkRSASize(pub *rsa.PublicKey) error {
	if pub.N.BitLen() > maxRSABits {
		return unsupported("RSA modulus of %d bits; at most %d are supported", pub.N.BitLen(), maxRSABits)
	}
	if _, err := signing.NewVerifyingKey(pub); err != nil {
		if pub.N.BitLen() < signing.MinRSABits {
			return weak("%v", err)
		}
		return invalid("%v", err)
	}
	return nil
}

// setRSA checks and stores an RSA key; priv may be nil.
func (k *Key) setRSA(pub *rsa.PublicKey, priv *rsa.PrivateKey) error {
	if pub == nil || pub.N == nil {
		return invalid("RSA key without a modulus")
	}
	if err := checkRSASize(pub); err != nil {
		return err
	}
	if priv != nil {
		if len(priv.Primes) != 2 {
			return unsupported("RSA private key with %d primes", len(priv.Primes))
		}
		if err := priv.Validate(); err != nil {
			return invalid("RSA private key: %v", err)
		}
		k.priv = priv
	}
	k.pub = pub
	return nil
}
