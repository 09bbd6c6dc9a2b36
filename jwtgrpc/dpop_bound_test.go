package jwtgrpc_test

import (
	"context"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwtgrpc"
	"google.golang.org/grpc/codes"
)

// TestRFC9449_7_2_BoundTokenAsBearerIsUnauthenticated: a token bound to a
// DPoP key ("cnf" "jkt", RFC 9449 section 6.1) is no bearer token (section
// 7.2); gRPC calls carry no proof, so the call is refused before the
// handler runs, whatever else the token passes. A "cnf" the binding rule
// cannot read (a "jkt" that is no thumbprint) is refused too, and so is a
// token bound by another confirmation method (RFC 8705's x5t#S256:
// dpop.ErrUnsupportedBinding, RFC 7800 section 3.1). An empty "cnf" is
// unbound, and an opaque token its VerifyFunc accepts has no claims to
// read (dpop.ErrNotJWT): it passes.
func TestRFC9449_7_2_BoundTokenAsBearerIsUnauthenticated(t *testing.T) {
	for _, tc := range []struct {
		name string
		cnf  any
	}{
		{"bound", map[string]any{"jkt": "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"}},
		{"malformed cnf", map[string]any{"jkt": "short"}},
		{"x5t#S256-bound", map[string]any{"x5t#S256": "abc"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			token := sign(t, map[string]any{"cnf": tc.cnf})
			c, h := serve(t, newInterceptor(t))
			_, _, st := callCheck(t, c, withAuth(t, "Bearer "+token))
			if st.Code() != codes.Unauthenticated || h.calls.Load() != 0 {
				t.Fatalf("bound token as bearer: %v (handler calls %d), want Unauthenticated before the handler", st, h.calls.Load())
			}
		})
	}
	c, h := serve(t, newInterceptor(t))
	if _, _, st := callCheck(t, c, withAuth(t, "Bearer "+sign(t, map[string]any{"cnf": map[string]any{}}))); st.Code() != codes.OK || h.calls.Load() != 1 {
		t.Fatalf("empty cnf: %v", st)
	}
	const opaque = "opaque-2YotnFZFEjr1zCsicMWpAA"
	introspect := func(ctx context.Context, token string) (*apiClaims, error) {
		if token != opaque {
			return nil, jwt.ErrTokenMalformed
		}
		c := &apiClaims{}
		c.Subject = "alice"
		return c, nil
	}
	in, err := jwtgrpc.New(jwtgrpc.VerifyFunc[*apiClaims](introspect))
	if err != nil {
		t.Fatal(err)
	}
	c, h = serve(t, in)
	if _, _, st := callCheck(t, c, withAuth(t, "Bearer "+opaque)); st.Code() != codes.OK || h.calls.Load() != 1 {
		t.Fatalf("opaque token accepted by its VerifyFunc: %v", st)
	}
}
