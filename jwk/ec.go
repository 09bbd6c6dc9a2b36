package jwk

import (
	"crypto/ecdsa"
	"crypto/elliptic"
)

// curve describes one supported EC curve (RFC 7518 section 6.2.1.1).
type curve struct {
	name string
	size int // coordinate size in octets
	ec   elliptic.Curve
}

var curves = []curve{
	{"P-256", 32, elliptic.P256()},
	{"P-384", 48, elliptic.P384()},
	{"P-521", 66, elliptic.P521()},
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
	var d []byte
	if _, has := m.b64["d"]; has {
		if d, err = fixedMember(m, "d", c.size); err != nil {
			return err
		}
	}
	point := make([]byte, 0, 1+2*c.size)
	point = append(append(append(point, 4), x...), y...) // uncompressed (SEC 1 section 2.3.3)
	// ParseUncompressedPublicKey refuses coordinates not reduced modulo p
	// and points off the curve.
	pub, err := ecdsa.ParseUncompressedPublicKey(c.ec, point)
	if err != nil {
		return invalid("EC point is not on %s", c.name)
	}
	if d != nil {
		priv, err := ecPrivate(c, d, pub)
		if err != nil {
			return err
		}
		k.priv = priv
	}
	k.crv, k.pub = c.name, pub
	return nil
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

// ecPrivate returns the private key with scalar d (c.size octets, big
// endian) after checking that it is in [1, n-1] and yields pub, the
// checked public key it is paired with.
func ecPrivate(c curve, d []byte, pub *ecdsa.PublicKey) (*ecdsa.PrivateKey, error) {
	priv, err := ecdsa.ParseRawPrivateKey(c.ec, d)
	if err != nil {
		if isZero(d) {
			return nil, invalid(`EC "d" out of range`)
		}
		return nil, invalid(`EC "d" is not a valid scalar for %s`, c.name)
	}
	if !priv.PublicKey.Equal(pub) {
		return nil, invalid(`EC "d" does not match "x" and "y"`)
	}
	return priv, nil
}

func isZero(b []byte) bool {
	for _, v := range b {
		if v != 0 {
			return false
		}
	}
	return true
}

// setEC checks a Go key: that the point is on the curve (and not the point
// at infinity) and that a private scalar yields it; priv may be nil.
func (k *Key) setEC(pub *ecdsa.PublicKey, priv *ecdsa.PrivateKey) error {
	if pub == nil || pub.Curve == nil || !ecComplete(pub) {
		return invalid("incomplete EC key")
	}
	c, ok := curveOf(pub.Curve)
	if !ok {
		return unsupported("EC curve %s", pub.Curve.Params().Name)
	}
	// Bytes refuses negative or overlong coordinates, coordinates not
	// reduced modulo p and points off the curve.
	if _, err := pub.Bytes(); err != nil {
		return invalid("EC point is not on %s: %v", c.name, err)
	}
	if priv != nil {
		if !ecHasScalar(priv) {
			return invalid(`EC "d" out of range`)
		}
		// Bytes refuses a zero, negative or overlong scalar, or one not
		// below the order n, as a fixed-size big-endian encoding.
		d, err := priv.Bytes()
		if err != nil {
			return invalid(`EC "d" is not a valid scalar for %s: %v`, c.name, err)
		}
		if _, err := ecPrivate(c, d, pub); err != nil {
			return err
		}
		k.priv = priv
	}
	k.crv = c.name
	k.pub = pub
	return nil
}

// ecComplete reports whether pub has both coordinates: crypto/ecdsa's
// Bytes, ECDH and the other methods dereference them without a check.
func ecComplete(pub *ecdsa.PublicKey) bool {
	//lint:ignore SA1019 nil check only, before Bytes, which would panic; no replacement API reads them
	return pub.X != nil && pub.Y != nil
}

// ecHasScalar reports whether priv has a scalar: its Bytes dereferences D
// without a check.
func ecHasScalar(priv *ecdsa.PrivateKey) bool {
	//lint:ignore SA1019 nil check only, before Bytes, which would panic; no replacement API reads it
	return priv.D != nil
}
