package main

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/jotlib/jwt"
)

// jwkJSON is a JWK as keygen writes it (RFC 7517, RFC 7518 section 6,
// RFC 8037), members in a readable order.
type jwkJSON struct {
	Kty string `json:"kty"`
	Crv string `json:"crv,omitempty"`
	Alg string `json:"alg,omitempty"`
	Use string `json:"use,omitempty"`
	Kid string `json:"kid,omitempty"`
	N   string `json:"n,omitempty"`
	E   string `json:"e,omitempty"`
	X   string `json:"x,omitempty"`
	Y   string `json:"y,omitempty"`
	D   string `json:"d,omitempty"`
	P   string `json:"p,omitempty"`
	Q   string `json:"q,omitempty"`
	DP  string `json:"dp,omitempty"`
	DQ  string `json:"dq,omitempty"`
	QI  string `json:"qi,omitempty"`
	K   string `json:"k,omitempty"`
}

var b64 = base64.RawURLEncoding

// toJWK converts a key made by keygen into a JWK; private keys include
// their private members.
func toJWK(key any, alg jwt.Algorithm, kid string) (*jwkJSON, error) {
	j := &jwkJSON{Alg: string(alg), Use: "sig", Kid: kid}
	switch k := key.(type) {
	case []byte:
		j.Kty, j.K, j.Use = "oct", b64.EncodeToString(k), ""
	case *rsa.PublicKey:
		j.Kty, j.N, j.E = "RSA", b64.EncodeToString(k.N.Bytes()), b64.EncodeToString(big.NewInt(int64(k.E)).Bytes())
	case *rsa.PrivateKey:
		pub, err := toJWK(&k.PublicKey, alg, kid)
		if err != nil {
			return nil, err
		}
		j = pub
		k.Precompute()
		if len(k.Primes) != 2 {
			return nil, fmt.Errorf("multi-prime RSA keys are not written as JWK")
		}
		j.D = b64.EncodeToString(k.D.Bytes())
		j.P = b64.EncodeToString(k.Primes[0].Bytes())
		j.Q = b64.EncodeToString(k.Primes[1].Bytes())
		j.DP = b64.EncodeToString(k.Precomputed.Dp.Bytes())
		j.DQ = b64.EncodeToString(k.Precomputed.Dq.Bytes())
		j.QI = b64.EncodeToString(k.Precomputed.Qinv.Bytes())
	case *ecdsa.PublicKey:
		pk, err := k.ECDH()
		if err != nil {
			return nil, err
		}
		pt := pk.Bytes() // 0x04 || X || Y, each the curve's size
		n := (len(pt) - 1) / 2
		j.Kty, j.Crv = "EC", k.Curve.Params().Name
		j.X, j.Y = b64.EncodeToString(pt[1:1+n]), b64.EncodeToString(pt[1+n:])
	case *ecdsa.PrivateKey:
		pub, err := toJWK(&k.PublicKey, alg, kid)
		if err != nil {
			return nil, err
		}
		j = pub
		sk, err := k.ECDH()
		if err != nil {
			return nil, err
		}
		j.D = b64.EncodeToString(sk.Bytes())
	case ed25519.PublicKey:
		j.Kty, j.Crv, j.X = "OKP", "Ed25519", b64.EncodeToString(k)
	case ed25519.PrivateKey:
		j.Kty, j.Crv = "OKP", "Ed25519"
		j.X, j.D = b64.EncodeToString(k.Public().(ed25519.PublicKey)), b64.EncodeToString(k.Seed())
	default:
		return nil, fmt.Errorf("no JWK form for %T", key)
	}
	return j, nil
}

// thumbprint is the RFC 7638 JWK thumbprint (SHA-256) of j's public key:
// the required members only, in lexicographic order, without white space.
func thumbprint(j *jwkJSON) string {
	var canon string
	switch j.Kty {
	case "RSA":
		canon = fmt.Sprintf(`{"e":%q,"kty":"RSA","n":%q}`, j.E, j.N)
	case "EC":
		canon = fmt.Sprintf(`{"crv":%q,"kty":"EC","x":%q,"y":%q}`, j.Crv, j.X, j.Y)
	case "OKP":
		canon = fmt.Sprintf(`{"crv":%q,"kty":"OKP","x":%q}`, j.Crv, j.X)
	case "oct":
		canon = fmt.Sprintf(`{"k":%q,"kty":"oct"}`, j.K)
	}
	sum := sha256.Sum256([]byte(canon))
	return b64.EncodeToString(sum[:])
}

// marshalJWK writes j indented, with a final newline.
func marshalJWK(j *jwkJSON) []byte {
	b, _ := json.MarshalIndent(j, "", "  ") // strings only: cannot fail
	return append(b, '\n')
}
