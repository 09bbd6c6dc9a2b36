// Package jwt signs and parses JSON Web Tokens (RFC 7519) in the JWS
// Compact Serialization (RFC 7515), safely by default:
//
//   - the key's type fixes the algorithm family; "none" is never accepted;
//   - keys are held to RFC 7518's minimum sizes, when signing and verifying;
//   - the signature is checked before the claims are read;
//   - "exp" and "nbf" are always validated, with optional "aud", "iss",
//     "sub", "iat", "typ" and required-claim rules, a claims type's own
//     Validate method and WithValidator checks;
//   - a failed signature is the only error reported for a token; a token
//     refused after its signature verified gives a *ValidationError, the
//     one way to reach its claims;
//   - one strict pass over the header and claims refuses duplicate names,
//     invalid UTF-8 and look-alike claim names, so the JSON codec (see
//     Encoder) can never change a verdict.
//
// Parse and Sign are one-shot; a Verifier or Signer checks its key and
// options once and is the fast path for servers.
package jwt

import "context"

// Token is a verified token: a JWT (RFC 7519) whose JWS signature verified
// (RFC 7515 section 5.2) and whose claims passed validation (RFC 7519
// section 7.2).
type Token struct {
	// Header is the token's JOSE header.
	Header Header
	// Claims is a map[string]any after Parse, and the caller's pointer after
	// ParseWithClaims (for pointers and interfaces followed, the innermost
	// non-nil pointer, see ParseWithClaims).
	Claims any
	// Raw is the compact token as given (JWS Compact Serialization, RFC 7515
	// section 7.1).
	Raw string
}

// Sign makes a signed token of claims (a struct, typically embedding
// claims.Registered, or a map) with alg and key: a JWT in the JWS Compact
// Serialization (RFC 7519 section 7.1; RFC 7515 sections 5.1 and 7.1). For
// many tokens, use a Signer.
func Sign(alg Algorithm, claims any, key any, opts ...Option) (string, error) {
	s, err := NewSigner(alg, key, opts...)
	if err != nil {
		return "", err
	}
	return s.Sign(claims)
}

// Parse verifies token with key (see NewVerifier) and decodes its claims
// into a map[string]any, held in Token.Claims. It checks the signature and
// the registered claims (RFC 7519 section 7.2; RFC 7515 section 5.2); any
// failure returns a nil Token.
func Parse(token string, key any, opts ...Option) (*Token, error) {
	v, err := NewVerifier(key, opts...)
	if err != nil {
		return nil, err
	}
	if err := v.refuseOneShotCache("Parse"); err != nil {
		return nil, err
	}
	v.oneShot = true
	return v.Parse(token)
}

// ParseWithClaims is Parse decoding into claims, a non-nil pointer to a
// struct or map, as Verifier.ParseWithClaims does: claims is filled only
// when the token is accepted (never part-way by a failing Encoder); a
// pointer to an interface holding a pointer is that pointer, at any depth
// up to 8 levels, and its Validate runs (RFC 7519 section 7.2).
func ParseWithClaims(token string, claims any, key any, opts ...Option) (*Token, error) {
	dst, err := claimsTarget(claims)
	if err != nil {
		return nil, err
	}
	v, err := NewVerifier(key, opts...)
	if err != nil {
		return nil, err
	}
	if err := v.refuseOneShotCache("ParseWithClaims and ParseAs"); err != nil {
		return nil, err
	}
	v.oneShot = true
	return v.parse(context.Background(), token, dst, nil)
}

// ParseAs verifies token and decodes its claims into a new T, returned
// only when the token is accepted; see ParseWithClaims. ParseAs[any] gives
// a map[string]any; an interface type that is not empty (ParseAs[
// ClaimsValidator]) is refused (ErrEncoding), as nothing could fill it.
func ParseAs[T any](token string, key any, opts ...Option) (*T, *Token, error) {
	var c T
	t, err := ParseWithClaims(token, &c, key, opts...)
	if err != nil {
		return nil, nil, err
	}
	return &c, t, nil
}
