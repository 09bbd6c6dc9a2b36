package jwtgrpc_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwtgrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

var req = &grpc_health_v1.HealthCheckRequest{}

// callCheck runs Check and returns the subject the handler saw, the token
// it saw, and the status.
func callCheck(t *testing.T, c grpc_health_v1.HealthClient, ctx context.Context) (sub, token string, st *status.Status) {
	t.Helper()
	var md metadata.MD
	resp, err := c.Check(ctx, req, grpc.Header(&md))
	st, _ = status.FromError(err)
	if err == nil && resp.GetStatus() != grpc_health_v1.HealthCheckResponse_SERVING {
		return "", "", st // anonymous
	}
	if v := md.Get("x-sub"); len(v) == 1 {
		sub = v[0]
	}
	if v := md.Get("x-token"); len(v) == 1 {
		token = v[0]
	}
	return sub, token, st
}

// wantRefused checks a refusal's code and fixed message, that the message
// does not echo the token, and that the handler did not run.
func wantRefused(t *testing.T, st *status.Status, h *health, code codes.Code, msg, token string) {
	t.Helper()
	if st.Code() != code || st.Message() != msg {
		t.Fatalf("status = %v %q; want %v %q", st.Code(), st.Message(), code, msg)
	}
	if token != "" && strings.Contains(st.Message(), token) {
		t.Fatalf("the message %q echoes the token", st.Message())
	}
	if n := h.calls.Load(); n != 0 {
		t.Fatalf("the handler ran %d times for a refused call", n)
	}
}

// RFC 6750 section 2.1: the token is the "authorization" metadata's one
// "Bearer" value, scheme any case; the handler reads the claims with
// jwthttp.ClaimsFrom and the token with jwthttp.TokenFrom.
func TestRFC6750_2_1_UnaryTokenFromAuthorizationMetadata(t *testing.T) {
	c, _ := serve(t, newInterceptor(t))
	tok := sign(t, nil)
	for _, v := range []string{"Bearer " + tok, "bearer " + tok, "BEARER   " + tok} {
		sub, got, st := callCheck(t, c, withAuth(t, v))
		if st.Code() != codes.OK || sub != "alice" || got != tok {
			t.Fatalf("%q: status %v %q, subject %q, token ok %v", v[:9], st.Code(), st.Message(), sub, got == tok)
		}
	}
}

// RFC 6750 section 3.1: a call without a bearer token (none, an empty
// value, another scheme alone: "DPoP <token>" too, RFC 9449 section 7.1,
// which the interceptor does not accept) is Unauthenticated, and the
// handler does not run.
func TestRFC6750_3_1_NoTokenIsUnauthenticated(t *testing.T) {
	for name, values := range map[string][]string{"none": nil, "empty": {""}, "basic": {"Basic dXNlcjpwYXNz"}, "dpop": {"DPoP " + sign(t, nil)}} {
		t.Run(name, func(t *testing.T) {
			c, h := serve(t, newInterceptor(t))
			_, _, st := callCheck(t, c, withAuth(t, values...))
			wantRefused(t, st, h, codes.Unauthenticated, "the call carried no bearer token in the authorization metadata", "")
		})
	}
}

// RFC 6750 section 3.1 invalid_token: a refused token is Unauthenticated
// with jwthttp's fixed error_description, never the token or the cause.
func TestRFC6750_3_1_BadTokenIsUnauthenticatedWithFixedDescription(t *testing.T) {
	other, _ := jwt.Sign(jwt.HS256, map[string]any{"iss": issuer, "aud": resource, "exp": time.Now().Add(time.Hour).Unix()}, []byte("another secret, 32 bytes long..."))
	for _, tc := range []struct{ name, token, msg string }{
		{"expired", sign(t, map[string]any{"exp": time.Now().Add(-time.Hour).Unix()}), "the token has expired"},
		{"another resource", sign(t, map[string]any{"aud": "https://other.example"}), "the token is not meant for this resource"},
		{"another issuer", sign(t, map[string]any{"iss": "https://evil.example"}), "the token's issuer is not accepted"},
		{"signature", other, "the token's signature is invalid"},
		{"malformed", "abc.def", "the token is malformed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, h := serve(t, newInterceptor(t))
			_, _, st := callCheck(t, c, withAuth(t, "Bearer "+tc.token))
			wantRefused(t, st, h, codes.Unauthenticated, tc.msg, tc.token)
		})
	}
}

// RFC 6750 section 3.1 invalid_request, RFC 9110 section 11.6.2: two
// values, two credentials, junk after the token or a credential that is not
// a b64token
// is InvalidArgument (peers take the first value).
func TestRFC6750_3_1_MalformedAuthorizationIsInvalidArgument(t *testing.T) {
	tok := sign(t, nil)
	for name, values := range map[string][]string{
		"two values":           {"Bearer " + tok, "Bearer " + tok},
		"two credentials":      {"Bearer " + tok + ", Basic dXNlcjpwYXNz"},
		"DPoP then Bearer":     {"DPoP " + tok + ", Bearer " + tok},
		"junk after the token": {"Bearer " + tok + " junk"},
		"not a b64token":       {"Bearer \"" + tok + "\""},
		"scheme without token": {"Bearer"},
	} {
		t.Run(name, func(t *testing.T) {
			c, h := serve(t, newInterceptor(t))
			_, _, st := callCheck(t, c, withAuth(t, values...))
			wantRefused(t, st, h, codes.InvalidArgument, "the request is malformed: send one bearer token, one way", tok)
		})
	}
}

// RFC 6750 section 3.1 insufficient_scope: a method's scopes
// (MethodScopes) refuse a token lacking one with PermissionDenied naming
// them; "scope" and "scp" both grant; other methods need a token only.
func TestRFC6750_3_1_MethodScopesPermissionDenied(t *testing.T) {
	in := newInterceptor(t, jwtgrpc.MethodScopes(map[string][]string{check: {"health:read", "ops"}}))
	c, h := serve(t, in)
	_, _, st := callCheck(t, c, withAuth(t, "Bearer "+sign(t, map[string]any{"scope": "health:read"})))
	wantRefused(t, st, h, codes.PermissionDenied, "the token lacks a required scope: health:read ops", "")
	for _, extra := range []map[string]any{{"scope": "ops health:read"}, {"scope": "ops", "scp": []string{"health:read"}}} {
		if sub, _, st := callCheck(t, c, withAuth(t, "Bearer "+sign(t, extra))); st.Code() != codes.OK || sub != "alice" {
			t.Fatalf("%v: %v %q", extra, st.Code(), st.Message())
		}
	}
	// Watch is not in the map: a token without scope is enough.
	if sub, st := callWatch(t, c, withAuth(t, "Bearer "+sign(t, nil))); st.Code() != codes.OK || sub != "alice" {
		t.Fatalf("Watch: %v %q", st.Code(), st.Message())
	}
}

// RFC 6750 section 3.1: a Rule's refusal is PermissionDenied, unless it
// matches a jwt sentinel of a bad token (revoked): Unauthenticated, or an
// outage: Unavailable. The rule gets the full method name.
func TestRFC6750_3_1_RuleRefusals(t *testing.T) {
	var methods []string
	in := newInterceptor(t, jwtgrpc.Rule(func(_ context.Context, method string, c *apiClaims) error {
		methods = append(methods, method)
		switch c.Subject {
		case "mallory":
			return errors.New("not an operator")
		case "revoked":
			return fmt.Errorf("revoked: %w", jwt.ErrTokenInvalidClaims)
		case "outage":
			return fmt.Errorf("revocation list: %w", jwk.ErrFetch)
		}
		return nil
	}))
	c, h := serve(t, in)
	_, _, st := callCheck(t, c, withAuth(t, "Bearer "+sign(t, map[string]any{"sub": "mallory"})))
	wantRefused(t, st, h, codes.PermissionDenied, "the token does not grant access to this resource", "")
	_, _, st = callCheck(t, c, withAuth(t, "Bearer "+sign(t, map[string]any{"sub": "revoked"})))
	wantRefused(t, st, h, codes.Unauthenticated, "the token's claims are not accepted", "")
	_, _, st = callCheck(t, c, withAuth(t, "Bearer "+sign(t, map[string]any{"sub": "outage"})))
	wantRefused(t, st, h, codes.Unavailable, "the keys to verify the token could not be fetched; retry later", "")
	if sub, _, st := callCheck(t, c, withAuth(t, "Bearer "+sign(t, nil))); st.Code() != codes.OK || sub != "alice" {
		t.Fatalf("alice: %v %q", st.Code(), st.Message())
	}
	if len(methods) != 4 || methods[0] != check {
		t.Fatalf("the rule saw %q", methods)
	}
}

// A skipped method (a health check) runs without a token and without
// claims; the others are still verified.
func TestSkippedMethodRunsUnverified(t *testing.T) {
	c, h := serve(t, newInterceptor(t, jwtgrpc.Skip(check)))
	resp, err := c.Check(withAuth(t), req)
	if err != nil || resp.GetStatus() != grpc_health_v1.HealthCheckResponse_NOT_SERVING || h.calls.Load() != 1 {
		t.Fatalf("skipped Check: %v %v (calls %d)", resp.GetStatus(), err, h.calls.Load())
	}
	if _, st := callWatch(t, c, withAuth(t)); st.Code() != codes.Unauthenticated {
		t.Fatalf("Watch without token: %v", st.Code())
	}
}

// callWatch opens the server-streaming Watch and returns the subject its
// handler saw (from the stream's context) and the status of the first
// message.
func callWatch(t *testing.T, c grpc_health_v1.HealthClient, ctx context.Context) (string, *status.Status) {
	t.Helper()
	s, err := c.Watch(ctx, req)
	if err != nil {
		st, _ := status.FromError(err)
		return "", st
	}
	resp, err := s.Recv()
	if err != nil {
		st, _ := status.FromError(err)
		return "", st
	}
	md, err := s.Header()
	if err != nil || resp.GetStatus() != grpc_health_v1.HealthCheckResponse_SERVING {
		return "", status.New(codes.Unknown, fmt.Sprint(resp.GetStatus(), err))
	}
	if _, err := s.Recv(); err != io.EOF {
		return "", status.New(codes.Unknown, fmt.Sprint("after the first message: ", err))
	}
	return strings.Join(md.Get("x-sub"), ","), status.New(codes.OK, "")
}

// RFC 6750 sections 2.1 and 3.1 over a stream: the server-streaming Watch
// is verified when it opens, its context carries the claims, and a refusal
// ends it with the same statuses.
func TestRFC6750_StreamInterceptor(t *testing.T) {
	c, h := serve(t, newInterceptor(t))
	if sub, st := callWatch(t, c, withAuth(t, "Bearer "+sign(t, nil))); st.Code() != codes.OK || sub != "alice" {
		t.Fatalf("Watch: %v %q %q", st.Code(), st.Message(), sub)
	}
	h.calls.Store(0)
	tok := sign(t, map[string]any{"exp": time.Now().Add(-time.Hour).Unix()})
	_, st := callWatch(t, c, withAuth(t, "Bearer "+tok))
	wantRefused(t, st, h, codes.Unauthenticated, "the token has expired", tok)
	_, st = callWatch(t, c, withAuth(t, "Bearer a", "Bearer b"))
	wantRefused(t, st, h, codes.InvalidArgument, "the request is malformed: send one bearer token, one way", "")
}

// New refuses options that are unusable or that no call could pass.
func TestNewRefusesUnusableOptions(t *testing.T) {
	v := verifier(t)
	type noScopes struct{ Sub string }
	bad := map[string]func() error{
		"nil verify": func() error { _, err := jwtgrpc.New[*apiClaims](nil); return err },
		"nil option": func() error { _, err := jwtgrpc.New(v, nil); return err },
		"no method":  func() error { _, err := jwtgrpc.New(v, jwtgrpc.MethodScopes(nil)); return err },
		"not a full method": func() error {
			_, err := jwtgrpc.New(v, jwtgrpc.MethodScopes(map[string][]string{"Check": {"a"}}))
			return err
		},
		"no scope": func() error {
			_, err := jwtgrpc.New(v, jwtgrpc.MethodScopes(map[string][]string{check: nil}))
			return err
		},
		"not a scope-token": func() error {
			_, err := jwtgrpc.New(v, jwtgrpc.MethodScopes(map[string][]string{check: {"a b"}}))
			return err
		},
		"method twice": func() error {
			m := map[string][]string{check: {"a"}}
			_, err := jwtgrpc.New(v, jwtgrpc.MethodScopes(m), jwtgrpc.MethodScopes(m))
			return err
		},
		"skipped and scoped": func() error {
			_, err := jwtgrpc.New(v, jwtgrpc.Skip(check), jwtgrpc.MethodScopes(map[string][]string{check: {"a"}}))
			return err
		},
		"skip nothing":      func() error { _, err := jwtgrpc.New(v, jwtgrpc.Skip()); return err },
		"skip not a method": func() error { _, err := jwtgrpc.New(v, jwtgrpc.Skip("/grpc.health.v1.Health/")); return err },
		"nil rule":          func() error { _, err := jwtgrpc.New(v, jwtgrpc.Rule[*apiClaims](nil)); return err },
		"rule of another type": func() error {
			_, err := jwtgrpc.New(v, jwtgrpc.Rule(func(context.Context, string, string) error { return nil }))
			return err
		},
		"nil OnRefusal": func() error { _, err := jwtgrpc.New(v, jwtgrpc.OnRefusal(nil)); return err },
		"scopes on claims without scopes": func() error {
			_, err := jwtgrpc.New(func(context.Context, string) (noScopes, error) { return noScopes{}, nil },
				jwtgrpc.MethodScopes(map[string][]string{check: {"a"}}))
			return err
		},
	}
	for name, f := range bad {
		if err := f(); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v; want jwt.ErrInvalidOption", name, err)
		}
	}
	if _, err := jwtgrpc.New(func(context.Context, string) (map[string]any, error) { return nil, nil },
		jwtgrpc.MethodScopes(map[string][]string{check: {"a"}}), jwtgrpc.Skip(watch)); err != nil {
		t.Errorf("map claims with scopes: %v", err)
	}
}

// A nil Interceptor refuses every call with Internal, never a panic or a
// silent acceptance; so does a verifier misconfiguration, or nil claims
// with a nil error.
func TestNilInterceptorAndMisconfigurationAreInternal(t *testing.T) {
	var in *jwtgrpc.Interceptor[*apiClaims]
	ran := false
	_, err := in.Unary()(context.Background(), req, &grpc.UnaryServerInfo{FullMethod: check},
		func(context.Context, any) (any, error) { ran = true; return nil, nil })
	if status.Code(err) != codes.Internal || ran {
		t.Fatalf("nil Interceptor, unary: %v, handler ran %v", err, ran)
	}
	err = in.Stream()(nil, nil, &grpc.StreamServerInfo{FullMethod: watch}, func(any, grpc.ServerStream) error { ran = true; return nil })
	if status.Code(err) != codes.Internal || ran {
		t.Fatalf("nil Interceptor, stream: %v, handler ran %v", err, ran)
	}
	for name, verify := range map[string]jwtgrpc.VerifyFunc[*apiClaims]{
		"misconfigured verifier": func(context.Context, string) (*apiClaims, error) { return nil, jwt.ErrInvalidOption },
		"nil claims, nil error":  func(context.Context, string) (*apiClaims, error) { return nil, nil },
	} {
		in, _ := jwtgrpc.New(verify)
		ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs("authorization", "Bearer abc"))
		_, err = in.Unary()(ctx, req, nil, func(context.Context, any) (any, error) { ran = true; return nil, nil })
		if status.Code(err) != codes.Internal || ran {
			t.Fatalf("%s: %v, handler ran %v", name, err, ran)
		}
	}
}

// The call's context ending during the verification is Canceled or
// DeadlineExceeded, not a bad token.
func TestEndedContextDuringVerification(t *testing.T) {
	for _, cause := range []error{context.Canceled, context.DeadlineExceeded} {
		in, _ := jwtgrpc.New(func(context.Context, string) (*apiClaims, error) { return nil, fmt.Errorf("fetch: %w", cause) })
		ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs("authorization", "Bearer abc"))
		_, err := in.Unary()(ctx, req, &grpc.UnaryServerInfo{FullMethod: check}, func(context.Context, any) (any, error) { return nil, nil })
		want := codes.Canceled
		if cause == context.DeadlineExceeded {
			want = codes.DeadlineExceeded
		}
		if status.Code(err) != want {
			t.Fatalf("%v: %v", cause, err)
		}
	}
}
