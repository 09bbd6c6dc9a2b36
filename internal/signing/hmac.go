package signing

import (
	"crypto"
	"crypto/hmac"
	"fmt"
	"hash"
	"sync"
)

// hmacKey is an HMAC secret with a pool of keyed hash states per hash, so a
// hot verifier pays for hmac.New once per goroutine, not once per token.
type hmacKey struct {
	secret []byte
	pools  [3]sync.Pool // SHA-256, SHA-384, SHA-512
}

// macState is one keyed HMAC state and room for its sum.
type macState struct {
	h   hash.Hash
	sum [64]byte
}

// newHMACKey copies secret so later changes by the caller cannot reach it.
func newHMACKey(secret []byte) (*hmacKey, error) {
	if len(secret) == 0 {
		return nil, fmt.Errorf("%w: empty HMAC secret", ErrInvalidKey)
	}
	if len(secret) < infoOf(HS256).size {
		return nil, fmt.Errorf("%w: HMAC secret of %d bytes; RFC 7518 section 3.2 requires at least 32 (HS256), 48 (HS384), 64 (HS512)", ErrInvalidKey, len(secret))
	}
	return &hmacKey{secret: append([]byte(nil), secret...)}, nil
}

// fits reports ErrInvalidKey when the secret is shorter than alg's hash
// output, RFC 7518 section 3.2: "A key of the same size as the hash output
// ... or larger MUST be used with this algorithm."
func (k *hmacKey) fits(alg Algorithm) error {
	if need := infoOf(alg).size; len(k.secret) < need {
		return fmt.Errorf("%w: %s needs an HMAC secret of at least %d bytes, got %d", ErrInvalidKey, alg, need, len(k.secret))
	}
	return nil
}

func (k *hmacKey) state(h crypto.Hash) (*sync.Pool, *macState) {
	var p *sync.Pool
	switch h {
	case crypto.SHA256:
		p = &k.pools[0]
	case crypto.SHA384:
		p = &k.pools[1]
	default:
		p = &k.pools[2]
	}
	if s, ok := p.Get().(*macState); ok {
		return p, s
	}
	return p, &macState{h: hmac.New(h.New, k.secret)}
}

// appendMAC appends the HMAC of input under alg to dst.
func (k *hmacKey) appendMAC(dst []byte, alg Algorithm, input []byte) []byte {
	p, s := k.state(infoOf(alg).hash)
	s.h.Write(input)
	dst = s.h.Sum(dst)
	s.h.Reset()
	p.Put(s)
	return dst
}

// verify compares the HMAC of input with sig in constant time.
func (k *hmacKey) verify(alg Algorithm, input, sig []byte) error {
	p, s := k.state(infoOf(alg).hash)
	s.h.Write(input)
	ok := hmac.Equal(s.h.Sum(s.sum[:0]), sig)
	s.h.Reset()
	p.Put(s)
	if !ok {
		return ErrSignatureInvalid
	}
	return nil
}
