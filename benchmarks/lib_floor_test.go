package benchmarks

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// floorImpl is the bare signature primitive over the workload's signing
// input, with everything else done up front: the signature already decoded,
// the HMAC state reused (Reset, Write, Sum), no header, no claims. Signing
// produces the raw signature only. A library's row minus this row is what
// it spends on everything but the cryptography. ML-DSA (Go 1.27 builds) is
// crypto/mldsa's Verify and hedged Sign (mldsa_test.go).
func floorImpl() impl {
	return impl{
		lib:   "floor",
		mldsa: true,
		sign:  floorSign,
		parse: func(a *algCase, kind string) (func(string, *decoded) error, error) {
			input := a.signingInput()
			sig, err := base64.RawURLEncoding.DecodeString(a.token[strings.LastIndexByte(a.token, '.')+1:])
			if err != nil {
				return nil, err
			}
			verify, err := floorVerify(a, input, sig)
			if err != nil {
				return nil, err
			}
			return func(string, *decoded) error { return verify() }, nil
		},
	}
}

var errFloor = errors.New("floor: signature did not verify")

func floorVerify(a *algCase, input, sig []byte) (func() error, error) {
	switch a.name {
	case "HS256":
		mac := hmac.New(sha256.New, a.verifK.([]byte))
		var sum [sha256.Size]byte
		return func() error {
			mac.Reset()
			mac.Write(input)
			if !hmac.Equal(mac.Sum(sum[:0]), sig) {
				return errFloor
			}
			return nil
		}, nil
	case "RS256":
		pub := a.verifK.(*rsa.PublicKey)
		return func() error {
			h := sha256.Sum256(input)
			return rsa.VerifyPKCS1v15(pub, crypto.SHA256, h[:], sig)
		}, nil
	case "PS256":
		pub := a.verifK.(*rsa.PublicKey)
		opts := &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash, Hash: crypto.SHA256}
		return func() error {
			h := sha256.Sum256(input)
			return rsa.VerifyPSS(pub, crypto.SHA256, h[:], sig, opts)
		}, nil
	case "ES256":
		pub := a.verifK.(*ecdsa.PublicKey)
		r, s := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])
		return func() error {
			h := sha256.Sum256(input)
			if !ecdsa.Verify(pub, h[:], r, s) {
				return errFloor
			}
			return nil
		}, nil
	case "EdDSA":
		pub := a.verifK.(ed25519.PublicKey)
		return func() error {
			if !ed25519.Verify(pub, input, sig) {
				return errFloor
			}
			return nil
		}, nil
	}
	if verify, ok := mldsaFloorVerify(a, input, sig); ok {
		return verify, nil
	}
	return nil, fmt.Errorf("floor: no algorithm %s", a.name)
}

// floorSign returns the bare signature of the signing input (raw bytes,
// base64 encoding excluded).
func floorSign(a *algCase, kind string) (func() (string, error), error) {
	input := a.signingInput()
	var sign func() ([]byte, error)
	switch a.name {
	case "HS256":
		mac := hmac.New(sha256.New, a.signK.([]byte))
		var sum [sha256.Size]byte
		sign = func() ([]byte, error) {
			mac.Reset()
			mac.Write(input)
			return mac.Sum(sum[:0]), nil
		}
	case "RS256":
		key := a.signK.(*rsa.PrivateKey)
		sign = func() ([]byte, error) {
			h := sha256.Sum256(input)
			return rsa.SignPKCS1v15(nil, key, crypto.SHA256, h[:])
		}
	case "PS256":
		key := a.signK.(*rsa.PrivateKey)
		opts := &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash, Hash: crypto.SHA256}
		sign = func() ([]byte, error) {
			h := sha256.Sum256(input)
			return rsa.SignPSS(rand.Reader, key, crypto.SHA256, h[:], opts)
		}
	case "ES256":
		key := a.signK.(*ecdsa.PrivateKey)
		sign = func() ([]byte, error) {
			h := sha256.Sum256(input)
			r, s, err := ecdsa.Sign(rand.Reader, key, h[:])
			if err != nil {
				return nil, err
			}
			out := make([]byte, 64)
			r.FillBytes(out[:32])
			s.FillBytes(out[32:])
			return out, nil
		}
	case "EdDSA":
		key := a.signK.(ed25519.PrivateKey)
		sign = func() ([]byte, error) { return ed25519.Sign(key, input), nil }
	default:
		var ok bool
		if sign, ok = mldsaFloorSign(a, input); !ok {
			return nil, fmt.Errorf("floor: no algorithm %s", a.name)
		}
	}
	return func() (string, error) {
		_, err := sign()
		return "", err
	}, nil
}
