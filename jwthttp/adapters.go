package jwthttp

import (
	"context"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	seam "github.com/jotlib/jwt/internal/verified"
)

// VerifyFunc verifies one bearer token (the token68 of RFC 6750 section
// 2.1, without the scheme) and returns its claims; any error refuses the
// request. It is the one thing the Middleware needs of a verifier: Core
// and AccessTokens adapt this module's verifiers, and a function of your
// own (a multi-issuer *jwt.Verifier over a *jwk.Issuers is a *jwt.Verifier:
// use Core) is one too. Return errors matching the jwt sentinels (or
// jwk.ErrFetch for an outage) so the Middleware answers with the right
// status (see Error). It may accept tokens that are not JWTs (opaque
// tokens checked by introspection, RFC 7662): the bound-bearer rule
// (dpop.BoundKey, RFC 9449 section 7.2) has no claims to read in them
// (dpop.ErrNotJWT) and takes them as unbound, so the VerifyFunc answers
// for their binding; with the DPoP scheme they are refused
// (dpop.ErrNotBound: DPoP needs JWT access tokens carrying "cnf" "jkt").
type VerifyFunc[C any] func(ctx context.Context, token string) (C, error)

// Core adapts a *jwt.Verifier (RFC 7519 section 7.2) to a VerifyFunc
// decoding the claims into a new C (a struct, typically embedding
// claims.Registered, or a map): ParseWithClaimsContext with the request's
// context, which bounds a key fetch. The Verifier checks the audience:
// make it with jwt.WithAudience(resource.ID) (RFC 8707; see Resource).
// A nil v gives a nil VerifyFunc, which New refuses.
func Core[C any](v *jwt.Verifier) VerifyFunc[*C] {
	if v == nil {
		return nil
	}
	return func(ctx context.Context, token string) (*C, error) {
		c := new(C)
		if p := probeFor(ctx, token); p != nil {
			// The Middleware's verification: the same parse, watched (dpop_probe.go).
			if _, err := seam.Parse(ctx, v, token, c, p); err != nil {
				return nil, err
			}
			return c, nil
		}
		if _, err := v.ParseWithClaimsContext(ctx, token, c); err != nil {
			return nil, err
		}
		return c, nil
	}
}

// AccessTokens adapts an accesstoken.Verifier (RFC 9068 section 4) to a
// VerifyFunc: its Config.Audience is the resource identifier (Resource.ID,
// RFC 8707). A nil v gives a nil VerifyFunc, which New refuses.
func AccessTokens(v *accesstoken.Verifier) VerifyFunc[*accesstoken.Claims] {
	if v == nil {
		return nil
	}
	return v.Verify
}

// AccessTokensInto is AccessTokens decoding into a struct of your own that
// embeds accesstoken.Claims (accesstoken.Verifier.VerifyInto, RFC 9068
// section 2.2.2): jwthttp.AccessTokensInto[MyClaims](v). A nil v gives a
// nil VerifyFunc, which New refuses.
func AccessTokensInto[C any, P interface {
	*C
	accesstoken.Extended
}](v *accesstoken.Verifier) VerifyFunc[P] {
	if v == nil {
		return nil
	}
	return func(ctx context.Context, token string) (P, error) {
		c := P(new(C))
		if err := v.VerifyInto(ctx, token, c); err != nil {
			return nil, err
		}
		return c, nil
	}
}
