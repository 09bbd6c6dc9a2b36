package jwt

import (
	"context"
	"errors"

	"github.com/jotlib/jwt/internal/signing"
)

// keyList is the keys a key source gives for one token: its static key,
// or the candidates of a KeyFunc or a KeySet.
type keyList struct {
	static *signing.VerifyingKey
	list   []*signing.VerifyingKey
}

// lookup asks the key source for the keys of a header and, for an
// IssuerKeySet, the token's unverified issuer: once per verification, on
// a cache hit as on a miss (WithCache).
func (s *keySource) lookup(ctx context.Context, h *Header, iss string) (keyList, error) {
	if s.static != nil {
		return keyList{static: s.static}, nil // no allocation
	}
	keys, err := s.candidates(ctx, h, iss)
	return keyList{list: keys}, err
}

// has reports whether k is among the keys (signing.VerifyingKey.Same).
func (l keyList) has(k *signing.VerifyingKey) bool {
	if l.static != nil {
		return l.static.Same(k)
	}
	for _, c := range l.list {
		if c.Same(k) {
			return true
		}
	}
	return false
}

// verify checks sig over input with the first key that fits alg and
// returns that key. A failure here is the only error reported for the
// token: the first key's, or the first ErrSignatureInvalid.
func (l keyList) verify(alg Algorithm, input, sig []byte) (*signing.VerifyingKey, error) {
	if l.static != nil {
		return l.static, l.static.Verify(signing.Algorithm(alg), input, sig)
	}
	var firstErr error
	for _, k := range l.list {
		err := k.Verify(signing.Algorithm(alg), input, sig) // Check first, then the signature
		if err == nil {
			return k, nil
		}
		if firstErr == nil || errors.Is(err, ErrSignatureInvalid) {
			firstErr = err
		}
	}
	return nil, firstErr
}
