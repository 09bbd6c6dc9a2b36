package idtoken

import (
	"context"
	"fmt"
	"reflect"
	"slices"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
)

// discoveredAlgorithms is a key source that knows its provider's
// id_token_signing_alg_values_supported (OpenID Connect Discovery 1.0
// section 3), as *jwk.Provider does: empty before discovery or when the
// metadata lacks the member.
type discoveredAlgorithms interface {
	IDTokenAlgorithms() []jwt.Algorithm
}

// discoveredIssuerAlgorithms is the same for a key source of several
// issuers, as *jwk.Issuers is: the list of one issuer.
type discoveredIssuerAlgorithms interface {
	IDTokenAlgorithms(issuer string) []jwt.Algorithm
}

// withDiscoveredAlgorithms returns key wrapped so that, when it knows its
// provider's id_token_signing_alg_values_supported (discoveredAlgorithms,
// or discoveredIssuerAlgorithms for issuer), a token whose "alg" is not in
// a non-empty list is refused before its signature is checked (OpenID
// Connect Discovery 1.0 section 3: the "JWS signing algorithms (alg
// values) supported by the OP for the ID Token"). Any other key, and a nil pointer (refused by jwt.NewVerifier),
// is returned as it is.
func withDiscoveredAlgorithms(key any, issuer string) any {
	if rv := reflect.ValueOf(key); !rv.IsValid() || (nilable(rv.Kind()) && rv.IsNil()) {
		return key
	}
	var list func() []jwt.Algorithm
	switch k := key.(type) {
	case discoveredAlgorithms:
		list = k.IDTokenAlgorithms
	case discoveredIssuerAlgorithms:
		list = func() []jwt.Algorithm { return k.IDTokenAlgorithms(issuer) }
	default:
		return key
	}
	switch k := key.(type) {
	case jwt.IssuerKeySet:
		return &issuerKeysWithAlgorithms{keysWithAlgorithms{k, list}, k}
	case jwt.KeySet:
		return &keysWithAlgorithms{k, list}
	}
	return key
}

// nilable reports whether a value of kind k can be nil.
func nilable(k reflect.Kind) bool {
	switch k {
	case reflect.Pointer, reflect.Map, reflect.Func, reflect.Slice, reflect.Interface, reflect.Chan:
		return true
	}
	return false
}

// keysWithAlgorithms is a jwt.KeySet that refuses an "alg" outside its
// provider's ID-token list.
type keysWithAlgorithms struct {
	keys jwt.KeySet
	list func() []jwt.Algorithm
}

// WrappedKeySource returns the key source wrapped, for the jwt package's
// construction checks (internal/keysource: a Provider of another issuer,
// only HS* with fetched keys), which look through this filter.
func (k *keysWithAlgorithms) WrappedKeySource() any { return k.keys }

// VerificationKeys implements jwt.KeySet: the wrapped set's keys for an
// "alg" in the list. The list is read before the keys (no fetch for an
// "alg" already known to be refused) and after them (the first
// verification is what runs discovery).
func (k *keysWithAlgorithms) VerificationKeys(ctx context.Context, h *jwt.Header) ([]any, error) {
	if err := k.allowed(h); err != nil {
		return nil, err
	}
	keys, err := k.keys.VerificationKeys(ctx, h)
	if err != nil {
		return nil, err
	}
	if err := k.allowed(h); err != nil {
		return nil, err
	}
	return keys, nil
}

// allowed is OpenID Connect Discovery 1.0 section 3's
// id_token_signing_alg_values_supported rule: a nil list (not discovered
// yet, or not in the metadata) allows every "alg"; an empty, non-nil one
// (the member names no algorithm verifiable with published keys) allows
// none.
func (k *keysWithAlgorithms) allowed(h *jwt.Header) error {
	algs := k.list()
	if h == nil || algs == nil || slices.Contains(algs, jwt.Algorithm(h.Algorithm)) {
		return nil
	}
	if len(algs) == 0 {
		return fmt.Errorf("%w: idtoken: the provider's id_token_signing_alg_values_supported names no algorithm verifiable with its published keys (OpenID Connect Discovery 1.0 section 3: RS256 MUST be included)",
			jwt.ErrAlgorithmNotAllowed)
	}
	return fmt.Errorf("%w: idtoken: \"alg\" %s is not in the provider's id_token_signing_alg_values_supported %q (OpenID Connect Discovery 1.0 section 3)",
		jwt.ErrAlgorithmNotAllowed, bounded.Quote(h.Algorithm), algs)
}

// issuerKeysWithAlgorithms is keysWithAlgorithms for a jwt.IssuerKeySet,
// so that the jwt package still asks it for the token's issuer's keys
// (RFC 8725 section 3.8).
type issuerKeysWithAlgorithms struct {
	keysWithAlgorithms
	issuers jwt.IssuerKeySet
}

// IssuerVerificationKeys implements jwt.IssuerKeySet: the wrapped set's
// keys for issuer, for an "alg" in the list (read before and after them,
// as VerificationKeys does).
func (k *issuerKeysWithAlgorithms) IssuerVerificationKeys(ctx context.Context, issuer string, h *jwt.Header) ([]any, error) {
	if err := k.allowed(h); err != nil {
		return nil, err
	}
	keys, err := k.issuers.IssuerVerificationKeys(ctx, issuer, h)
	if err != nil {
		return nil, err
	}
	if err := k.allowed(h); err != nil {
		return nil, err
	}
	return keys, nil
}
