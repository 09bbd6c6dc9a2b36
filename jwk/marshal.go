package jwk

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"math/big"

	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/jsonstring"
)

// MarshalJSON writes the key as a JWK with its parameters and every member
// it holds, private ones included; use Public first to publish a key.
// Members come in a fixed order; x5c and other ignored members of a parsed
// key are not kept.
func (k *Key) MarshalJSON() ([]byte, error) {
	if k == nil || k.kty == "" {
		return nil, emptyKeyError(k)
	}
	w := jsonObject{buf: make([]byte, 0, 256)}
	w.str("kty", k.kty)
	if k.meta.KeyID != "" {
		w.str("kid", k.meta.KeyID)
	}
	if k.meta.Use != "" {
		w.str("use", k.meta.Use)
	}
	if k.meta.KeyOps != nil {
		w.strs("key_ops", k.meta.KeyOps)
	}
	if k.meta.Algorithm != "" {
		w.str("alg", k.meta.Algorithm)
	}
	ms, err := k.members(true)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		w.str(m.name, m.value)
	}
	return w.close(), nil
}

// member is one named base64url member.
type member struct{ name, value string }

// members returns the key material as JWK members, in the order of RFC 7518
// section 6 (and RFC 8037, RFC 9964); the private ones only when
// withPrivate.
func (k *Key) members(withPrivate bool) ([]member, error) {
	if k.kty == KeyTypeAKP {
		return k.akpMembers(withPrivate)
	}
	var out []member
	switch pub := k.pub.(type) {
	case *rsa.PublicKey:
		out = append(out, member{"n", encodeUint(pub.N)}, member{"e", encodeUint(big.NewInt(int64(pub.E)))})
		if priv, ok := k.priv.(*rsa.PrivateKey); ok && withPrivate {
			p, q := priv.Primes[0], priv.Primes[1]
			one := big.NewInt(1)
			dp := new(big.Int).Mod(priv.D, new(big.Int).Sub(p, one))
			dq := new(big.Int).Mod(priv.D, new(big.Int).Sub(q, one))
			qi := new(big.Int).ModInverse(q, p)
			out = append(out, member{"d", encodeUint(priv.D)}, member{"p", encodeUint(p)}, member{"q", encodeUint(q)},
				member{"dp", encodeUint(dp)}, member{"dq", encodeUint(dq)}, member{"qi", encodeUint(qi)})
		}
	case *ecdsa.PublicKey:
		c, _ := curveOf(pub.Curve)
		// The uncompressed point 0x04 || X || Y, each c.size octets
		// (RFC 7518 section 6.2.1.2); the key was checked when made, so
		// this fails only for a Go key changed since.
		point, err := pub.Bytes()
		if err != nil {
			return nil, invalid("EC key no longer valid: %v", err)
		}
		out = append(out, member{"crv", c.name},
			member{"x", b64url.EncodeToString(point[1 : 1+c.size])}, member{"y", b64url.EncodeToString(point[1+c.size:])})
		if priv, ok := k.priv.(*ecdsa.PrivateKey); ok && withPrivate {
			// d is c.size octets too (section 6.2.2.1), as Bytes writes it.
			d, err := priv.Bytes()
			if err != nil {
				return nil, invalid(`EC "d" no longer valid: %v`, err)
			}
			out = append(out, member{"d", b64url.EncodeToString(d)})
		}
	case ed25519.PublicKey:
		out = append(out, member{"crv", k.crv}, member{"x", b64url.EncodeToString(pub)})
		if priv, ok := k.priv.(ed25519.PrivateKey); ok && withPrivate {
			out = append(out, member{"d", b64url.EncodeToString(priv.Seed())})
		}
	case nil:
		if secret, ok := k.priv.([]byte); ok {
			out = append(out, member{"k", b64url.EncodeToString(secret)})
		}
	}
	return out, nil
}

// UnmarshalJSON parses a JWK into k with ParseKey's rules.
func (k *Key) UnmarshalJSON(data []byte) error {
	if k == nil {
		return invalid("UnmarshalJSON into a nil *Key")
	}
	parsed, err := ParseKey(data)
	if err != nil {
		return err
	}
	*k = *parsed
	return nil
}

// jsonObject writes a JSON object member by member.
type jsonObject struct {
	buf []byte
	n   int
}

func (o *jsonObject) name(name string) {
	if o.n == 0 {
		o.buf = append(o.buf, '{')
	} else {
		o.buf = append(o.buf, ',')
	}
	o.n++
	o.buf = jsonstring.Append(o.buf, name)
	o.buf = append(o.buf, ':')
}

func (o *jsonObject) str(name, value string) {
	o.name(name)
	o.buf = jsonstring.Append(o.buf, value)
}

func (o *jsonObject) strs(name string, values []string) {
	o.name(name)
	o.buf = append(o.buf, '[')
	for i, v := range values {
		if i > 0 {
			o.buf = append(o.buf, ',')
		}
		o.buf = jsonstring.Append(o.buf, v)
	}
	o.buf = append(o.buf, ']')
}

func (o *jsonObject) close() []byte {
	if o.n == 0 {
		o.buf = append(o.buf, '{')
	}
	return append(o.buf, '}')
}
