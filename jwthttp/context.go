package jwthttp

import (
	"context"

	"github.com/jotlib/jwt/dpop"
)

// verifiedKey is the context key of a verified request's credentials.
type verifiedKey struct{}

// verified is what the Middleware places in the context of a request whose
// token passed every rule, and only then.
type verified struct {
	claims any
	token  string
	proof  *dpop.Proof // the DPoP proof (RFC 9449 section 7.1); nil for a bearer token
}

// verifiedCtx is a context carrying a verified: context.WithValue's job
// in one allocation (WithValue of a struct takes two: the struct boxed in
// an interface, and the context). It answers Value(verifiedKey{}) with
// its *verified and passes every other key, Done, Err and Deadline to its
// parent, so cancellation propagates as through a WithValue context.
type verifiedCtx struct {
	context.Context
	v verified
}

func (c *verifiedCtx) Value(key any) any {
	if _, ok := key.(verifiedKey); ok {
		return &c.v
	}
	return c.Context.Value(key)
}

// String names the context as context.WithValue's do.
func (c *verifiedCtx) String() string {
	return contextName(c.Context) + ".WithValue(jwthttp.verifiedKey)"
}

// contextName is ctx's String, or "context".
func contextName(ctx context.Context) string {
	if s, ok := ctx.(interface{ String() string }); ok {
		return s.String()
	}
	return "context"
}

// NewContext returns ctx carrying claims and the raw token (RFC 6750
// section 2) as the Middleware places them once a token passed every rule;
// for tests of handlers that read ClaimsFrom.
func NewContext[C any](ctx context.Context, claims C, token string) context.Context {
	if ctx == nil {
		ctx = context.Background()
	}
	return &verifiedCtx{Context: ctx, v: verified{claims: claims, token: token}}
}

// ClaimsFrom returns the claims of the request's verified bearer token
// (RFC 6750; RFC 7519 section 7.2), as the
// VerifyFunc returned them (C is its type: *MyClaims for Core[MyClaims]).
// ok is false when the request carried no token (an anonymous request in
// CredentialsOptional mode), when C is another type, or when ctx did not
// pass through the Middleware: the Middleware places nothing in the
// context of a refused request.
func ClaimsFrom[C any](ctx context.Context) (claims C, ok bool) {
	if ctx == nil {
		return claims, false
	}
	v, found := ctx.Value(verifiedKey{}).(*verified)
	if !found {
		return claims, false
	}
	claims, ok = v.claims.(C)
	return claims, ok
}

// TokenFrom returns the verified token itself (the token68 of RFC 6750
// section 2, as sent), to forward it or read its header
// (jwt.ReadUnverified: it is verified already). ok is false as for
// ClaimsFrom.
func TokenFrom(ctx context.Context) (token string, ok bool) {
	if ctx == nil {
		return "", false
	}
	v, found := ctx.Value(verifiedKey{}).(*verified)
	if !found {
		return "", false
	}
	return v.token, true
}
