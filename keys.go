package jwt

import (
	"context"
	"fmt"

	"github.com/jotlib/jwt/signing"
)

// KeyFunc chooses the verification key from the header, typically by "kid".
// It is accepted wherever a key is. The header is not yet authenticated:
// use it only to choose among keys you trust.
type KeyFunc func(h *Header) (any, error)

// KeySet supplies candidate verification keys for a header; *jwk.Set and
// remote JWKS caches implement it. Each candidate whose type fits the
// token's algorithm is tried in turn.
type KeySet interface {
	VerificationKeys(ctx context.Context, h *Header) ([]any, error)
}

// keySource is how a Verifier finds keys: a static key checked once, a
// KeyFunc, or a KeySet.
type keySource struct {
	static  *signing.VerifyingKey
	keyFunc KeyFunc
	keySet  KeySet
}

func newKeySource(key any) (keySource, error) {
	switch k := key.(type) {
	case KeyFunc:
		if k == nil {
			return keySource{}, fmt.Errorf("%w: nil KeyFunc", ErrInvalidKey)
		}
		return keySource{keyFunc: k}, nil
	case func(*Header) (any, error):
		if k == nil {
			return keySource{}, fmt.Errorf("%w: nil KeyFunc", ErrInvalidKey)
		}
		return keySource{keyFunc: k}, nil
	case KeySet:
		if k == nil {
			return keySource{}, fmt.Errorf("%w: nil KeySet", ErrInvalidKey)
		}
		return keySource{keySet: k}, nil
	}
	vk, err := prepareKey(key)
	if err != nil {
		return keySource{}, err
	}
	return keySource{static: vk}, nil
}

// prepareKey accepts a ready *signing.VerifyingKey or checks a raw key.
func prepareKey(key any) (*signing.VerifyingKey, error) {
	if vk, ok := key.(*signing.VerifyingKey); ok {
		if vk == nil {
			return nil, fmt.Errorf("%w: nil key", ErrInvalidKey)
		}
		return vk, nil
	}
	return signing.NewVerifyingKey(key)
}

// candidates returns the keys to try for a header.
func (s *keySource) candidates(ctx context.Context, h *Header) ([]*signing.VerifyingKey, error) {
	if s.static != nil {
		return []*signing.VerifyingKey{s.static}, nil
	}
	hc := *h // the callee may not change our cached header
	if s.keyFunc != nil {
		k, err := s.keyFunc(&hc)
		if err != nil {
			return nil, fmt.Errorf("%w: key func: %w", ErrInvalidKey, err)
		}
		vk, err := prepareKey(k)
		if err != nil {
			return nil, err
		}
		return []*signing.VerifyingKey{vk}, nil
	}
	keys, err := s.keySet.VerificationKeys(ctx, &hc)
	if err != nil {
		return nil, fmt.Errorf("%w: key set: %w", ErrInvalidKey, err)
	}
	out := make([]*signing.VerifyingKey, 0, len(keys))
	for _, k := range keys {
		if vk, err := prepareKey(k); err == nil {
			out = append(out, vk)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: no usable key for kid %q", ErrInvalidKey, h.KeyID)
	}
	return out, nil
}
