package corpus

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/asn1"
	"encoding/base64"
	"fmt"
	"math/big"
	"strings"

	_ "crypto/sha256" // SHA-256 for crypto.Hash
	_ "crypto/sha512" // SHA-384 and SHA-512 for crypto.Hash
)

// The corpus signs with the standard library directly, never through the
// package under test, so a bug there cannot hide in its own test data.

// enc is canonical unpadded base64url.
var enc = base64.RawURLEncoding

func b64(s string) string { return enc.EncodeToString([]byte(s)) }

func b64b(b []byte) string { return enc.EncodeToString(b) }

// assemble builds header.payload.signature from JSON texts, with sign
// computing the signature over the signing input.
func assemble(header, payload string, sign func(input string) []byte) string {
	input := b64(header) + "." + b64(payload)
	return input + "." + b64b(sign(input))
}

// hashOf returns the hash an algorithm name uses.
func hashOf(alg string) crypto.Hash {
	switch {
	case strings.HasSuffix(alg, "384"):
		return crypto.SHA384
	case strings.HasSuffix(alg, "512"):
		return crypto.SHA512
	}
	return crypto.SHA256
}

func digest(h crypto.Hash, input string) []byte {
	w := h.New()
	w.Write([]byte(input))
	return w.Sum(nil)
}

// signer returns the function signing with alg and the corpus key for alg.
func (k *KeySet) signer(alg string) func(string) []byte {
	h := hashOf(alg)
	switch alg {
	case "HS256":
		return hmacSigner(h, k.HS256)
	case "HS384":
		return hmacSigner(h, k.HS384)
	case "HS512":
		return hmacSigner(h, k.HS512)
	case "RS256", "RS384", "RS512":
		return rsaSigner(k.RSA, h)
	case "PS256", "PS384", "PS512":
		return pssSigner(k.RSA, h, rsa.PSSSaltLengthEqualsHash)
	case "ES256":
		return ecSigner(k.P256, h)
	case "ES384":
		return ecSigner(k.P384, h)
	case "ES512":
		return ecSigner(k.P521, h)
	case "EdDSA", "Ed25519":
		return edSigner(k.Ed25519)
	}
	panic("corpus: no signer for " + alg)
}

// verifyKey returns the public key (or secret) that verifies alg.
func (k *KeySet) verifyKey(alg string) any {
	switch alg {
	case "HS256":
		return k.HS256
	case "HS384":
		return k.HS384
	case "HS512":
		return k.HS512
	case "RS256", "RS384", "RS512", "PS256", "PS384", "PS512":
		return &k.RSA.PublicKey
	case "ES256":
		return &k.P256.PublicKey
	case "ES384":
		return &k.P384.PublicKey
	case "ES512":
		return &k.P521.PublicKey
	case "EdDSA", "Ed25519":
		return k.Ed25519.Public()
	}
	panic("corpus: no key for " + alg)
}

// token signs header and payload with alg and the corpus key for alg.
func (k *KeySet) token(alg, header, payload string) string {
	return assemble(header, payload, k.signer(alg))
}

func hmacSigner(h crypto.Hash, secret []byte) func(string) []byte {
	return func(input string) []byte {
		m := hmac.New(h.New, secret)
		m.Write([]byte(input))
		return m.Sum(nil)
	}
}

func rsaSigner(priv *rsa.PrivateKey, h crypto.Hash) func(string) []byte {
	return func(input string) []byte {
		sig, err := rsa.SignPKCS1v15(nil, priv, h, digest(h, input))
		if err != nil {
			panic(fmt.Sprintf("corpus: RSA signing: %v", err))
		}
		return sig
	}
}

// pssSigner signs RSASSA-PSS (RFC 8017 section 8.1.1) with a salt of
// saltLen bytes derived from the input, so the corpus is deterministic. It
// encodes EMSA-PSS itself and applies the raw RSA private operation.
func pssSigner(priv *rsa.PrivateKey, h crypto.Hash, saltLen int) func(string) []byte {
	return func(input string) []byte {
		hLen := h.Size()
		if saltLen == rsa.PSSSaltLengthEqualsHash {
			saltLen = hLen
		}
		emBits := priv.N.BitLen() - 1
		emLen := (emBits + 7) / 8
		if saltLen < 0 || emLen < hLen+saltLen+2 {
			panic("corpus: PSS salt too long")
		}
		salt := make([]byte, 0, saltLen+sha256.Size)
		for i := 0; len(salt) < saltLen; i++ {
			s := sha256.Sum256([]byte(fmt.Sprintf("corpus-pss-salt-%d-%s", i, input)))
			salt = append(salt, s[:]...)
		}
		salt = salt[:saltLen]
		mPrime := append(append(make([]byte, 8), digest(h, input)...), salt...)
		w := h.New()
		w.Write(mPrime)
		hh := w.Sum(nil)
		db := make([]byte, emLen-hLen-1)
		db[len(db)-saltLen-1] = 0x01
		copy(db[len(db)-saltLen:], salt)
		mask := mgf1(h, hh, len(db))
		for i := range db {
			db[i] ^= mask[i]
		}
		db[0] &= 0xFF >> (8*emLen - emBits)
		em := append(append(db, hh...), 0xbc)
		s := new(big.Int).Exp(new(big.Int).SetBytes(em), priv.D, priv.N)
		return s.FillBytes(make([]byte, (priv.N.BitLen()+7)/8))
	}
}

// mgf1 is the mask generation function of RFC 8017 appendix B.2.1.
func mgf1(h crypto.Hash, seed []byte, n int) []byte {
	var out []byte
	for c := uint32(0); len(out) < n; c++ {
		w := h.New()
		w.Write(seed)
		w.Write([]byte{byte(c >> 24), byte(c >> 16), byte(c >> 8), byte(c)})
		out = w.Sum(out)
	}
	return out[:n]
}

// ecSigner signs deterministically (RFC 6979, a nil random source) and
// returns R||S, each left-padded to the curve's size (RFC 7518 3.4).
func ecSigner(priv *ecdsa.PrivateKey, h crypto.Hash) func(string) []byte {
	return func(input string) []byte {
		r, s := ecSignRS(priv, h, input)
		return rawRS(r, s, curveBytes(priv))
	}
}

// ecSignDER signs deterministically and returns the ASN.1 DER signature.
func ecSignDER(priv *ecdsa.PrivateKey, h crypto.Hash, input string) []byte {
	der, err := priv.Sign(nil, digest(h, input), h)
	if err != nil {
		panic(fmt.Sprintf("corpus: ECDSA signing: %v", err))
	}
	return der
}

func ecSignRS(priv *ecdsa.PrivateKey, h crypto.Hash, input string) (r, s *big.Int) {
	var rs struct{ R, S *big.Int }
	if _, err := asn1.Unmarshal(ecSignDER(priv, h, input), &rs); err != nil {
		panic(fmt.Sprintf("corpus: ECDSA DER: %v", err))
	}
	return rs.R, rs.S
}

func curveBytes(priv *ecdsa.PrivateKey) int {
	return (priv.Curve.Params().BitSize + 7) / 8
}

// rawRS writes r and s as fixed-size big-endian integers, concatenated.
func rawRS(r, s *big.Int, size int) []byte {
	out := make([]byte, 2*size)
	r.FillBytes(out[:size])
	s.FillBytes(out[size:])
	return out
}

func edSigner(priv ed25519.PrivateKey) func(string) []byte {
	return func(input string) []byte { return ed25519.Sign(priv, []byte(input)) }
}

// constSig returns a signer that ignores its input.
func constSig(sig []byte) func(string) []byte {
	return func(string) []byte { return sig }
}
