package clientauth

import (
	"context"
	"fmt"
	"reflect"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
)

// clientKey carries, in the verification's context, the client id the
// request names: the only issuer whose keys clientKeys gives.
type clientKey struct{}

// clientKeys is the Verifier's key source: an IssuerKeySet whose one
// issuer, per call, is the client the request names, so that the core
// requires the assertion's verified "iss" to be that client id and never
// tries another client's keys (RFC 7523 section 3 item 1; RFC 8725 section
// 3.8).
type clientKeys struct {
	lookup func(ctx context.Context, clientID string) (any, error)
}

// VerificationKeys implements jwt.KeySet: without a client id there is no
// key (never reached: the Verifier is an IssuerKeySet's).
func (k *clientKeys) VerificationKeys(ctx context.Context, h *jwt.Header) ([]any, error) {
	id, _ := ctx.Value(clientKey{}).(string)
	return k.IssuerVerificationKeys(ctx, id, h)
}

// IssuerVerificationKeys implements jwt.IssuerKeySet: issuer must be the
// client id the request names; its keys are Config.ClientKeys'.
func (k *clientKeys) IssuerVerificationKeys(ctx context.Context, issuer string, h *jwt.Header) ([]any, error) {
	id, _ := ctx.Value(clientKey{}).(string)
	if id == "" || issuer != id {
		return nil, fmt.Errorf("%w: %w: \"iss\" %s is not the client the request names (RFC 7523 section 3 item 1)",
			ErrClientMismatch, jwt.ErrInvalidIssuer, bounded.Quote(issuer))
	}
	key, err := k.lookup(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrUnknownClient, bounded.Quote(id), err)
	}
	if key == nil || typedNil(key) {
		return nil, fmt.Errorf("%w %s: Config.ClientKeys gave a nil key (%T)", ErrUnknownClient, bounded.Quote(id), key)
	}
	switch s := key.(type) {
	case jwt.IssuerKeySet:
		return nil, fmt.Errorf("%w %s: Config.ClientKeys gave a multi-issuer set (%T); give the client's own keys", ErrUnknownClient, bounded.Quote(id), key)
	case jwt.KeySet:
		keys, err := s.VerificationKeys(ctx, h)
		if err != nil {
			return nil, fmt.Errorf("%w %s: %w", ErrUnknownClient, bounded.Quote(id), err)
		}
		return keys, nil
	case jwt.KeyFunc:
		return callKeyFunc(s, id, h)
	case func(*jwt.Header) (any, error):
		return callKeyFunc(s, id, h)
	}
	return []any{key}, nil
}

// typedNil reports whether key is a nil pointer, func, map or slice in a
// non-nil interface: a nil *jwk.Set whose methods would panic.
func typedNil(key any) bool {
	switch rv := reflect.ValueOf(key); rv.Kind() {
	case reflect.Pointer, reflect.Func, reflect.Map, reflect.Slice, reflect.Chan, reflect.Interface:
		return rv.IsNil()
	}
	return false
}

// callKeyFunc asks a KeyFunc Config.ClientKeys gave for the header's key.
func callKeyFunc(f func(*jwt.Header) (any, error), id string, h *jwt.Header) ([]any, error) {
	if f == nil {
		return nil, fmt.Errorf("%w %s: Config.ClientKeys gave a nil KeyFunc", ErrUnknownClient, bounded.Quote(id))
	}
	hc := *h
	key, err := f(&hc)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrUnknownClient, bounded.Quote(id), err)
	}
	return []any{key}, nil
}
