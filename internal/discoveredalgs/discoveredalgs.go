// Package discoveredalgs enforces an OpenID Provider's discovered
// id_token_signing_alg_values_supported (OpenID Connect Discovery 1.0
// section 3) on a key source that knows it (*jwk.Provider, *jwk.Issuers):
// for ID tokens (idtoken) and for logout tokens, whose "alg" is validated
// as for ID tokens (OpenID Connect Back-Channel Logout 1.0 section 2.6
// step 3).
package discoveredalgs

import (
	"context"
	"fmt"
	"reflect"
	"slices"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
)

// discovered is a key source that knows its provider's
// id_token_signing_alg_values_supported, as *jwk.Provider does: nil before
// discovery or when the metadata lacks the member.
type discovered interface {
	IDTokenAlgorithms() []jwt.Algorithm
}

// discoveredIssuer is the same for a key source of several issuers, as
// *jwk.Issuers is: the list of one issuer.
type discoveredIssuer interface {
	IDTokenAlgorithms(issuer string) []jwt.Algorithm
}

// Wrap returns key wrapped so that, when it knows its provider's
// id_token_signing_alg_values_supported (for issuer, with a key source of
// several issuers), a token whose "alg" is not in a non-nil list is refused
// before its signature is checked (jwt.ErrAlgorithmNotAllowed; OpenID
// Connect Discovery 1.0 section 3: the "JWS signing algorithms (alg
// values) supported by the OP for the ID Token"). pkg names the calling
// package in the errors ("idtoken"). Any other key, and a nil one (refused
// by jwt.NewVerifier), is returned as it is.
func Wrap(key any, issuer, pkg string) any {
	if rv := reflect.ValueOf(key); !rv.IsValid() || (nilable(rv.Kind()) && rv.IsNil()) {
		return key
	}
	var list func() []jwt.Algorithm
	switch k := key.(type) {
	case discovered:
		list = k.IDTokenAlgorithms
	case discoveredIssuer:
		list = func() []jwt.Algorithm { return k.IDTokenAlgorithms(issuer) }
	default:
		return key
	}
	switch k := key.(type) {
	case jwt.IssuerKeySet:
		return &issuerKeys{keys{k, list, pkg}, k}
	case jwt.KeySet:
		return &keys{k, list, pkg}
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

// keys is a jwt.KeySet that refuses an "alg" outside its provider's
// ID-token list.
type keys struct {
	keys jwt.KeySet
	list func() []jwt.Algorithm
	pkg  string
}

// WrappedKeySource returns the key source wrapped, for the jwt package's
// construction checks (internal/keysource: a Provider of another issuer,
// only HS* with fetched keys), which look through this filter.
func (k *keys) WrappedKeySource() any { return k.keys }

// VerificationKeys implements jwt.KeySet: the wrapped set's keys for an
// "alg" in the list. The list is read before the keys (no fetch for an
// "alg" already known to be refused) and after them (the first
// verification is what runs discovery).
func (k *keys) VerificationKeys(ctx context.Context, h *jwt.Header) ([]any, error) {
	if err := k.allowed(h); err != nil {
		return nil, err
	}
	found, err := k.keys.VerificationKeys(ctx, h)
	if err != nil {
		return nil, err
	}
	if err := k.allowed(h); err != nil {
		return nil, err
	}
	return found, nil
}

// allowed is OpenID Connect Discovery 1.0 section 3's
// id_token_signing_alg_values_supported rule: a nil list (not discovered
// yet, or not in the metadata) allows every "alg"; an empty, non-nil one
// (the member names no algorithm verifiable with published keys) allows
// none.
func (k *keys) allowed(h *jwt.Header) error {
	algs := k.list()
	if h == nil || algs == nil || slices.Contains(algs, jwt.Algorithm(h.Algorithm)) {
		return nil
	}
	if len(algs) == 0 {
		return fmt.Errorf("%w: %s: the provider's id_token_signing_alg_values_supported names no algorithm verifiable with its published keys (OpenID Connect Discovery 1.0 section 3: RS256 MUST be included)",
			jwt.ErrAlgorithmNotAllowed, k.pkg)
	}
	return fmt.Errorf("%w: %s: \"alg\" %s is not in the provider's id_token_signing_alg_values_supported %q (OpenID Connect Discovery 1.0 section 3)",
		jwt.ErrAlgorithmNotAllowed, k.pkg, bounded.Quote(h.Algorithm), algs)
}

// issuerKeys is keys for a jwt.IssuerKeySet, so that the jwt package still
// asks it for the token's issuer's keys (RFC 8725 section 3.8).
type issuerKeys struct {
	keys
	issuers jwt.IssuerKeySet
}

// IssuerVerificationKeys implements jwt.IssuerKeySet: the wrapped set's
// keys for issuer, for an "alg" in the list (read before and after them,
// as VerificationKeys does).
func (k *issuerKeys) IssuerVerificationKeys(ctx context.Context, issuer string, h *jwt.Header) ([]any, error) {
	if err := k.allowed(h); err != nil {
		return nil, err
	}
	found, err := k.issuers.IssuerVerificationKeys(ctx, issuer, h)
	if err != nil {
		return nil, err
	}
	if err := k.allowed(h); err != nil {
		return nil, err
	}
	return found, nil
}
