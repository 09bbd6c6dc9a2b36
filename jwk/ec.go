package jwk

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"math/big"
)

// curve describes one supported EC curve (RFC 7518 section 6.2.1.1).
type curve struct {
	name string
	size int // coordinate size in octets
	ec   elliptic.Curve
	ecdh ecdh.Curve
}

var curves = []curve{
	{"P-256", 32, elliptic.P256(), ecdh.P256()},
	{"P-384", 48, elliptic.P384(), ecdh.P384()},
	{"P-521", 66, elliptic.P521(), ecdh.P521()},
}

func curveByName(name string) (curve, bool) {
	for _, c := range curves {
		if c.name == name {
			return c, true
		}
	}
	return curve{}, false
}

func curveOf(ec elliptic.Curve) (curve, bool) {
	for _, c := range curves {
		if c.ec == ec {
			return c, true
		}
	}
	return curve{}, false
}

// readEC reads an EC key: "crv", "x", "y" and for a private key "d", each
// "the full size of a coordinate for the curve" (RFC 7518 sections
// 6.2.1.2, 6.2.1.3, 6.2.2.1).
func (k *Key) readEC(m *members) error {
	c, ok := curveByName(m.crv)
	if !ok {
		if m.crv == "" {
			return invalid(`EC key without "crv"`)
		}
		return unsupported("EC curve %q", m.crv)
	}
	x, err := fixedMember(m, "x", c.size)
	if err != nil {
		return err
	}
	y, err := fixedMember(m, "y", c.size)
	if err != nil {
		return err
	}
	pub := &ecdsa.PublicKey{Curve: c.ec, X: new(big.Int).SetBytes(x), Y: new(big.Int).SetBytes(y)}
	if _, has := m.b64["d"]; !has {
		return k.setEC(pub, nil)
	}
	d, err := fixedMember(m, "d", c.size)
	if err != nil {
		return err
	}
	return k.setEC(pub, &ecdsa.PrivateKey{PublicKey: *pub, D: new(big.Int).SetBytes(d)})
}

func fixedMember(m *members, name string, size int) ([]byte, error) {
	s, err := m.need(name)
	if err != nil {
		return nil, err
	}
	b, err := decodeB64(name, s)
	if err != nil {
		return nil, err
	}
	if len(b) != size {
		return nil, invalid("%s %s member %q of %d octets, want %d", m.kty, m.crv, name, len(b), size)
	}
	return b, nil
}

// setEC checks that the point is on the curve (and not the point at
// infinity) and that a private scalar yields it; priv may be nil.
func (k *Key) setEC(pub *ecdsa.PublicKey, priv *ecdsa.PrivateKey) error {
	if pub == nil || pub.Curve == nil || pub.X == nil || pub.Y == nil {
		return invalid("incomplete EC key")
	}
	c, ok := curveOf(pub.Curve)
	if !ok {
		return unsupported("EC curve %s", pub.Curve.Params().Name)
	}
	if pub.X.Sign() < 0 || pub.Y.Sign() < 0 || pub.X.BitLen() > 8*c.size || pub.Y.BitLen() > 8*c.size {
		return invalid("EC coordinates out of range")
	}
	point := make([]byte, 1+2*c.size)
	point[0] = 4 // uncompressed (SEC 1 section 2.3.3)
	pub.X.FillBytes(point[1 : 1+c.size])
	pub.Y.FillBytes(point[1+c.size:])
	// crypto/ecdh refuses coordinates not reduced modulo p, points off the
	// curve and the point at infinity.
	if _, err := c.ecdh.NewPublicKey(point); err != nil {
		return invalid("EC point is not on %s", c.name)
	}
	if priv != nil {
		if priv.D == nil || priv.D.Sign() <= 0 || priv.D.BitLen() > 8*c.size {
			return invalid(`EC "d" out of range`)
		}
		sk, err := c.ecdh.NewPrivateKey(priv.D.FillBytes(make([]byte, c.size)))
		if err != nil {
			return invalid(`EC "d" is not a valid scalar for %s`, c.name)
		}
		if !bytes.Equal(sk.PublicKey().Bytes(), point) {
			return invalid(`EC "d" does not match "x" and "y"`)
		}
		k.priv = priv
	}
	k.crv = c.name
	k.pub = pub
	return nil
}
