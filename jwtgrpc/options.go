package jwtgrpc

import (
	"context"
	"fmt"
	"strings"
)

// Option configures an Interceptor (New): which methods need which scopes
// (RFC 6750 section 3.1), which run unverified, the authorization rules.
type Option func(*config) error

// config is what the Options set.
type config struct {
	scopes    map[string][]string // full method name: required scopes
	skip      map[string]bool
	rules     []any
	onRefusal func(ctx context.Context, method string, err error)
}

// MethodScopes requires, per full method name ("/package.Service/Method",
// as grpc.UnaryServerInfo.FullMethod gives it), scopes every token must
// grant (RFC 6749 section 3.3 scope-tokens, compared exactly; read from
// "scope" and "scp" by jwthttp.GrantedScopes): a token lacking one is
// codes.PermissionDenied naming them (RFC 6750 section 3.1
// insufficient_scope). Methods not in the map need a valid token only.
// A name that is not a full method name, an empty scope list, an invalid
// scope-token, a method given twice (here or in another MethodScopes), or
// a claims type reporting no scopes (New) is jwt.ErrInvalidOption.
func MethodScopes(scopes map[string][]string) Option {
	return func(c *config) error {
		if len(scopes) == 0 {
			return fmt.Errorf("%w: jwtgrpc: MethodScopes: no method", errOption)
		}
		for m, list := range scopes {
			if !fullMethod(m) {
				return fmt.Errorf("%w: jwtgrpc: MethodScopes: %q is not a full method name (/package.Service/Method)", errOption, m)
			}
			if len(list) == 0 {
				return fmt.Errorf("%w: jwtgrpc: MethodScopes: no scope for %q", errOption, m)
			}
			for _, s := range list {
				if !scopeToken(s) {
					return fmt.Errorf("%w: jwtgrpc: MethodScopes: %q is not a scope-token (RFC 6749 section 3.3)", errOption, s)
				}
			}
			if _, dup := c.scopes[m]; dup {
				return fmt.Errorf("%w: jwtgrpc: MethodScopes: %q given twice", errOption, m)
			}
			c.scopes[m] = append([]string(nil), list...)
		}
		return nil
	}
}

// Skip lets calls of the full method names given (a health check:
// "/grpc.health.v1.Health/Check", "/grpc.health.v1.Health/Watch") through
// unverified: no token is read, the handler's context carries no claims.
// A name that is not a full method name, or none, is jwt.ErrInvalidOption.
func Skip(methods ...string) Option {
	return func(c *config) error {
		if len(methods) == 0 {
			return fmt.Errorf("%w: jwtgrpc: Skip: no method", errOption)
		}
		for _, m := range methods {
			if !fullMethod(m) {
				return fmt.Errorf("%w: jwtgrpc: Skip: %q is not a full method name (/package.Service/Method)", errOption, m)
			}
			c.skip[m] = true
		}
		return nil
	}
}

// Rule is an authorization rule over a verified token's claims and the
// call's full method name, run after the scope check; rule's C must be the
// Interceptor's claims type (New refuses another). A nil error lets the
// call through; another is codes.PermissionDenied (jwthttp.ErrForbidden),
// unless it matches a jwt sentinel of a bad token (wrap
// jwt.ErrTokenInvalidClaims for a revoked token): then codes.Unauthenticated;
// or an outage (jwk.ErrFetch, jwk.ErrClosed): then codes.Unavailable
// (jwthttp.RuleCause, as the HTTP Middleware; RFC 6750 section 3.1).
func Rule[C any](rule func(ctx context.Context, method string, claims C) error) Option {
	return func(c *config) error {
		if rule == nil {
			return fmt.Errorf("%w: jwtgrpc: Rule: nil rule", errOption)
		}
		c.rules = append(c.rules, rule)
		return nil
	}
}

// OnRefusal calls f with each refused call's typed cause (the jwt and
// jwthttp sentinels match it with errors.Is), before the status is
// returned: to log it. The cause's message may quote the token's claims:
// log it, never send it (RFC 6750 section 3).
func OnRefusal(f func(ctx context.Context, method string, err error)) Option {
	return func(c *config) error {
		if f == nil {
			return fmt.Errorf("%w: jwtgrpc: OnRefusal: nil function", errOption)
		}
		if c.onRefusal != nil {
			return fmt.Errorf("%w: jwtgrpc: OnRefusal given twice", errOption)
		}
		c.onRefusal = f
		return nil
	}
}

// fullMethod reports whether m is a full method name: "/", a service
// name, "/", a method name, no white space or control character.
func fullMethod(m string) bool {
	svc, meth, ok := strings.Cut(strings.TrimPrefix(m, "/"), "/")
	if !ok || !strings.HasPrefix(m, "/") || svc == "" || meth == "" || strings.Contains(meth, "/") {
		return false
	}
	for i := 0; i < len(m); i++ {
		if m[i] <= 0x20 || m[i] >= 0x7f {
			return false
		}
	}
	return true
}

// scopeToken reports whether s is a scope-token (RFC 6749 section 3.3:
// 1*( %x21 / %x23-5B / %x5D-7E )).
func scopeToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x21 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
