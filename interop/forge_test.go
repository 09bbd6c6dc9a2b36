package interop

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"fmt"

	"github.com/jotlib/jwt"
)

// The forging helpers below sign arbitrary header and payload text with the
// standard library alone, so tests can build tokens this library would never
// sign (weak keys, DER signatures, odd salt lengths, broken JSON).

var b64 = base64.RawURLEncoding

// seg base64url-encodes s canonically.
func seg(s string) string { return b64.EncodeToString([]byte(s)) }

// sigForm selects how forge encodes a signature.
type sigForm int

const (
	sigStandard sigForm = iota // what RFC 7518 prescribes
	sigDER                     // ECDSA: ASN.1 DER instead of r||s
	sigPSSMax                  // PSS: the largest salt instead of the hash length
	sigPSSZero                 // PSS: an empty salt
	sigECShortR                // ECDSA: r||s with r not left-padded (one byte short)
)

// forge signs headerSeg + "." + payloadSeg (taken as given) with alg and key.
func forge(headerSeg, payloadSeg string, alg jwt.Algorithm, key crypto.PrivateKey, form sigForm) string {
	input := headerSeg + "." + payloadSeg
	sig, err := rawSign(alg, key, []byte(input), form)
	if err != nil {
		panic(fmt.Sprintf("forge %s: %v", alg, err)) // test set-up error, never input
	}
	return input + "." + b64.EncodeToString(sig)
}

// forgeJSON signs a header and payload given as JSON text.
func forgeJSON(header, payload string, alg jwt.Algorithm, key crypto.PrivateKey) string {
	return forge(seg(header), seg(payload), alg, key, sigStandard)
}

func rawSign(alg jwt.Algorithm, key crypto.PrivateKey, input []byte, form sigForm) ([]byte, error) {
	h := alg.Hash()
	var digest []byte
	if h != 0 {
		d := h.New()
		d.Write(input)
		digest = d.Sum(nil)
	}
	switch k := key.(type) {
	case []byte:
		m := hmac.New(h.New, k)
		m.Write(input)
		return m.Sum(nil), nil
	case *rsa.PrivateKey:
		switch alg {
		case jwt.RS256, jwt.RS384, jwt.RS512:
			return rsa.SignPKCS1v15(nil, k, h, digest)
		}
		salt := rsa.PSSSaltLengthEqualsHash
		switch form {
		case sigPSSMax:
			salt = rsa.PSSSaltLengthAuto
		case sigPSSZero:
			salt = 0
		}
		return rsa.SignPSS(rand.Reader, k, h, digest, &rsa.PSSOptions{SaltLength: salt})
	case *ecdsa.PrivateKey:
		if form == sigDER {
			return ecdsa.SignASN1(rand.Reader, k, digest)
		}
		size := (k.Curve.Params().BitSize + 7) / 8
		for range 1 << 16 {
			r, s, err := ecdsa.Sign(rand.Reader, k, digest)
			if err != nil {
				return nil, err
			}
			if form == sigECShortR {
				// About one signature in 256 has an r with a zero top
				// byte: a careless signer writes it one byte short.
				if len(r.Bytes()) != size-1 {
					continue
				}
				out := append(r.Bytes(), make([]byte, size)...)
				s.FillBytes(out[size-1:])
				return out, nil
			}
			out := make([]byte, 2*size)
			r.FillBytes(out[:size])
			s.FillBytes(out[size:])
			return out, nil
		}
		return nil, fmt.Errorf("no short r found")
	case ed25519.PrivateKey:
		return ed25519.Sign(k, input), nil
	}
	return nil, fmt.Errorf("unsupported key %T", key)
}

// nonCanonical re-encodes the last character of a base64url segment so that
// it decodes to the same bytes with non-zero unused bits (RFC 4648 section
// 3.5). The segment's length must not be a multiple of 4.
func nonCanonical(s string) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	last := s[len(s)-1]
	idx := 0
	for i := range alphabet {
		if alphabet[i] == last {
			idx = i
		}
	}
	return s[:len(s)-1] + string(alphabet[idx|1])
}
