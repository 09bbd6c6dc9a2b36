package jwthttp

import (
	"context"

	"github.com/jotlib/jwt/claims"
)

// The rule on bound bearer tokens (RFC 9449 section 7.2) is one for every
// VerifyFunc: a bearer token is refused when dpop.BoundKey finds "cnf"
// "jkt" in its verified claims. dpop.BoundKey decodes and reads the claims
// again (1.2 to 1.4 µs, two allocations: a sixth of an HS256 token's
// verification in BenchmarkMiddleware), so the
// Middleware skips it when the core's one strict pass over the same token
// (internal/verified) found no top-level "cnf" member at all, a case where
// dpop.BoundKey finds no binding either: Core reports what the pass found
// through a bindingProbe, which the Middleware hands it in the context of
// the verification (never a rule of the core's: the probe only watches).
// Any other VerifyFunc (AccessTokens, a function of your own) leaves the
// probe unchecked and dpop.BoundKey runs.

// probeKey is the context key of the verification's bindingProbe.
type probeKey struct{}

// bindingProbe watches the core's strict pass over token (a
// verified.Rules that refuses nothing): whether the pass ran to its end,
// and whether the claims have a top-level "cnf" member (RFC 7800 section
// 3.1).
type bindingProbe struct {
	token   string
	checked bool
	cnf     bool
}

// Registered implements verified.Rules: no registered claim is read.
func (p *bindingProbe) Registered() *claims.Registered { return nil }

// Member implements verified.Rules: it notes a "cnf" member.
func (p *bindingProbe) Member(name string, _ []byte) {
	if name == claims.NameConfirmation {
		p.cnf = true
	}
}

// Check implements verified.Rules: the pass reached its end.
func (p *bindingProbe) Check(context.Context, any) error {
	p.checked = true
	return nil
}

// unbound reports whether the probe saw a complete pass over token find
// no "cnf" member.
func (p *bindingProbe) unbound(token string) bool {
	return p.checked && !p.cnf && p.token == token
}

// probeFor returns the probe ctx carries for token, nil when none.
func probeFor(ctx context.Context, token string) *bindingProbe {
	if ctx == nil {
		return nil
	}
	p, _ := ctx.Value(probeKey{}).(*bindingProbe)
	if p == nil || p.token != token {
		return nil
	}
	return p
}

// probeCtx is the context of the VerifyFunc's call: its parent's, and the
// probe.
type probeCtx struct {
	context.Context
	p bindingProbe
}

func (c *probeCtx) Value(key any) any {
	if _, ok := key.(probeKey); ok {
		return &c.p
	}
	return c.Context.Value(key)
}

// String names the context as context.WithValue's do.
func (c *probeCtx) String() string { return contextName(c.Context) + ".WithValue(jwthttp.probeKey)" }

// requestCtx holds, in one allocation, the VerifyFunc's context (probe)
// and the handler's (verifiedCtx, filled once every rule passed): two
// contexts, so that nothing the VerifyFunc kept of its own sees the
// handler's being filled.
type requestCtx struct {
	verifiedCtx
	probe probeCtx
}
