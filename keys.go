package jwt

import (
	"context"
	"fmt"
	"reflect"

	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/signing"
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

// IssuerKeySet is a KeySet whose keys belong to issuers: each issuer's
// tokens verify only with that issuer's keys (RFC 8725 section 3.8: "the
// issuer ... MUST be validated", and the keys used for it must be the
// issuer's own). Given one as the key, a Verifier reads "iss", and nothing
// else of the claims, before the signature (by a scan that allocates
// nothing), asks for that issuer's keys, and once the signature verifies,
// runs the claims' strict pass as for every key source and requires its
// "iss" to be the one the keys were chosen by. A token without "iss" is
// refused before any key is asked for (ErrInvalidIssuer and
// ErrMissingClaim), and so is one whose "iss" is not a string or appears
// twice, or whose claims are not JSON up to it (ErrTokenMalformed). An
// implementation must refuse an issuer it was not configured with
// (matching ErrInvalidIssuer) without any network traffic: issuers come
// from configuration, never from tokens. jwk's multi-issuer sets implement
// it.
type IssuerKeySet interface {
	KeySet
	IssuerVerificationKeys(ctx context.Context, issuer string, h *Header) ([]any, error)
}

// keySource is how a Verifier finds keys: a static key checked once, a
// KeyFunc, a KeySet, or an IssuerKeySet (keySet and issuers both set).
type keySource struct {
	static  *signing.VerifyingKey
	keyFunc KeyFunc
	keySet  KeySet
	issuers IssuerKeySet
}

// newKeySource checks key once. A typed nil (a nil *jwk.Set or
// *jwk.RemoteSet, a nil KeyFunc, a KeySet interface holding a nil pointer)
// is refused with ErrInvalidKey here, where the key is given: its first use
// would fail or panic, and no check after this one looks for it again.
func newKeySource(key any) (keySource, error) {
	if key == nil {
		return keySource{}, fmt.Errorf("%w: nil key", ErrInvalidKey)
	}
	if typedNil(key) {
		if _, isSource := key.(KeySet); isSource || isKeyFunc(key) {
			return keySource{}, fmt.Errorf("%w: nil %T: give a key source made by its constructor (jwk.ParseSet, jwk.NewRemoteSet, jwk.NewProvider, ...)", ErrInvalidKey, key)
		}
		return keySource{}, fmt.Errorf("%w: nil %T", ErrInvalidKey, key)
	}
	switch k := key.(type) {
	case KeyFunc:
		return keySource{keyFunc: k}, nil
	case func(*Header) (any, error):
		return keySource{keyFunc: k}, nil
	case IssuerKeySet:
		return keySource{keySet: k, issuers: k}, nil
	case KeySet:
		return keySource{keySet: k}, nil
	}
	vk, err := prepareKey(key)
	if err != nil {
		return keySource{}, err
	}
	return keySource{static: vk}, nil
}

// typedNil reports whether v is a nil pointer, func, map, slice or channel
// held in a non-nil interface (reflect.ValueOf never gives an Interface
// kind: it looks through the interface).
func typedNil(v any) bool {
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Func, reflect.Map, reflect.Slice, reflect.Chan:
		return rv.IsNil()
	}
	return false
}

func isKeyFunc(v any) bool {
	switch v.(type) {
	case KeyFunc, func(*Header) (any, error):
		return true
	}
	return false
}

// prepareKey accepts a ready *signing.VerifyingKey or checks a raw key.
// Besides newKeySource's key, it checks what a KeyFunc or a KeySet gives
// at each parse, which no check at NewVerifier has seen: a nil key among
// them is refused here.
func prepareKey(key any) (*signing.VerifyingKey, error) {
	if vk, ok := key.(*signing.VerifyingKey); ok {
		if vk == nil {
			return nil, fmt.Errorf("%w: nil key", ErrInvalidKey)
		}
		return vk, nil
	}
	return signing.NewVerifyingKey(key)
}

// candidates returns the keys to try for a header and, for an
// IssuerKeySet, the token's unverified issuer.
func (s *keySource) candidates(ctx context.Context, h *Header, iss string) ([]*signing.VerifyingKey, error) {
	if s.static != nil {
		return []*signing.VerifyingKey{s.static}, nil
	}
	hc := *h // the callee may not change our cached header
	if s.keyFunc != nil {
		k, err := s.keyFunc(&hc)
		if err != nil {
			return nil, fmt.Errorf("%w: key func: %w", ErrInvalidKey, err)
		}
		if _, isSet := k.(KeySet); isSet {
			return nil, fmt.Errorf("%w: key func returned a key set (%T); a KeyFunc returns one key: pass the key set itself as the key to NewVerifier or Parse", ErrInvalidKey, k)
		}
		vk, err := prepareKey(k)
		if err != nil {
			return nil, err
		}
		return []*signing.VerifyingKey{vk}, nil
	}
	var keys []any
	var err error
	if s.issuers != nil {
		keys, err = s.issuers.IssuerVerificationKeys(ctx, iss, &hc)
	} else {
		keys, err = s.keySet.VerificationKeys(ctx, &hc)
	}
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
		return nil, fmt.Errorf("%w: no usable key for kid %s", ErrInvalidKey, bounded.Quote(h.KeyID)) // unverified: cut
	}
	return out, nil
}
