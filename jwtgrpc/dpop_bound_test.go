package jwtgrpc_test

import (
	"testing"

	"google.golang.org/grpc/codes"
)

// TestRFC9449_7_2_BoundTokenAsBearerIsUnauthenticated: a token bound to a
// DPoP key ("cnf" "jkt", RFC 9449 section 6.1) is no bearer token (section
// 7.2); gRPC calls carry no proof, so the call is refused before the
// handler runs, whatever else the token passes. A "cnf" the binding rule
// cannot read (a "jkt" that is no thumbprint) is refused too.
func TestRFC9449_7_2_BoundTokenAsBearerIsUnauthenticated(t *testing.T) {
	for _, tc := range []struct {
		name string
		cnf  any
	}{
		{"bound", map[string]any{"jkt": "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"}},
		{"malformed cnf", map[string]any{"jkt": "short"}},
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
	// An unbound token with another confirmation method (RFC 8705's
	// x5t#S256) is not DPoP-bound: it passes as before.
	c, h := serve(t, newInterceptor(t))
	if _, _, st := callCheck(t, c, withAuth(t, "Bearer "+sign(t, map[string]any{"cnf": map[string]any{"x5t#S256": "abc"}}))); st.Code() != codes.OK || h.calls.Load() != 1 {
		t.Fatalf("x5t#S256-bound token: %v", st)
	}
}
