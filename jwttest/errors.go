package jwttest

import "errors"

var (
	// ErrNoProvider: a method was called on a nil *Provider or on a zero
	// Provider not made by NewProvider; it has no server and no key.
	ErrNoProvider = errors.New("jwttest: no provider (use NewProvider)")
	// ErrUnsupportedAlgorithm: WithAlgorithm names an algorithm the kit
	// cannot publish in a JWK Set: an HS* one (a secret in a JWK Set is
	// published, RFC 7517 section 7, and jwk.RemoteSet refuses HS*
	// tokens), "none", an unknown name, or ML-DSA (not yet in the kit).
	ErrUnsupportedAlgorithm = errors.New("jwttest: unsupported signing algorithm")
)
