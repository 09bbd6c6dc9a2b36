package jwtgrpc

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwthttp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// errOption is the sentinel of an unusable Option or one no call could pass.
var errOption = jwt.ErrInvalidOption

// Interceptor verifies the bearer token of each call (RFC 6750 section 2)
// before the handler runs, as jwthttp.Middleware does for HTTP requests.
// It is safe for concurrent use.
type Interceptor[C any] struct {
	verify VerifyFunc[C]
	cfg    config
	rules  []func(context.Context, string, C) error
}

// VerifyFunc verifies one bearer token (RFC 6750 section 2.1's token68)
// and returns its claims: jwthttp's, so jwthttp.Core, jwthttp.AccessTokens
// and jwthttp.AccessTokensInto serve both transports.
type VerifyFunc[C any] = jwthttp.VerifyFunc[C]

// New returns an Interceptor verifying bearer tokens with verify. A nil
// verify, a nil or unusable option, or options no call could pass (a Rule
// of another claims type, MethodScopes on a claims type that reports no
// scopes, a method both skipped and given scopes) are jwt.ErrInvalidOption.
// A VerifyFunc returning nil claims with a nil error refuses the call with
// codes.Internal (jwthttp.ErrNilClaims), never runs the handler.
func New[C any](verify VerifyFunc[C], opts ...Option) (*Interceptor[C], error) {
	if verify == nil {
		return nil, fmt.Errorf("%w: jwtgrpc: New: nil VerifyFunc", errOption)
	}
	in := &Interceptor[C]{verify: verify, cfg: config{scopes: map[string][]string{}, skip: map[string]bool{}}}
	for _, o := range opts {
		if o == nil {
			return nil, fmt.Errorf("%w: jwtgrpc: New: nil Option", errOption)
		}
		if err := o(&in.cfg); err != nil {
			return nil, err
		}
	}
	for _, r := range in.cfg.rules {
		rule, ok := r.(func(context.Context, string, C) error)
		if !ok {
			var zero C
			return nil, fmt.Errorf("%w: jwtgrpc: Rule takes %T, not the Interceptor's claims type %T", errOption, r, zero)
		}
		in.rules = append(in.rules, rule)
	}
	for m := range in.cfg.scopes {
		if in.cfg.skip[m] {
			return nil, fmt.Errorf("%w: jwtgrpc: %q is both skipped and given scopes", errOption, m)
		}
	}
	if len(in.cfg.scopes) > 0 {
		var zero C
		if _, ok := jwthttp.GrantedScopes(zero); !ok {
			return nil, fmt.Errorf("%w: jwtgrpc: MethodScopes: claims type %T reports no scopes; implement Scopes() []string (embed jwthttp.ScopeClaims)", errOption, zero)
		}
	}
	return in, nil
}

// Unary returns the unary server interceptor: the handler runs with the
// verified claims in its context (jwthttp.ClaimsFrom) once the call's
// token passed the VerifyFunc, the method's scopes and the Rules; a
// refused call gets the status of the package doc and the handler does
// not run. A skipped method (Skip) runs unverified. A nil Interceptor
// refuses every call with codes.Internal.
func (in *Interceptor[C]) Unary() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		method := ""
		if info != nil {
			method = info.FullMethod
		}
		ctx, err := in.check(ctx, method)
		if err != nil {
			return nil, err
		}
		return handler(ctx, req)
	}
}

// Stream returns the stream server interceptor: as Unary, the check made
// once when the stream opens, and the stream's Context carrying the
// verified claims (jwthttp.ClaimsFrom).
func (in *Interceptor[C]) Stream() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		if ss == nil {
			return status.Error(codes.Internal, "jwtgrpc: no stream")
		}
		method := ""
		if info != nil {
			method = info.FullMethod
		}
		ctx, err := in.check(ss.Context(), method)
		if err != nil {
			return err
		}
		return handler(srv, &verifiedStream{ServerStream: ss, ctx: ctx})
	}
}

// verifiedStream is a ServerStream whose Context carries the verified
// claims.
type verifiedStream struct {
	grpc.ServerStream
	ctx context.Context
}

// Context returns the stream's context with the verified claims.
func (s *verifiedStream) Context() context.Context { return s.ctx }

// check verifies the call's token: the context carrying its claims, or the
// refusal's status error.
func (in *Interceptor[C]) check(ctx context.Context, method string) (context.Context, error) {
	if in == nil || in.verify == nil {
		return nil, status.Error(codes.Internal, "jwtgrpc: the interceptor is not configured")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if in.cfg.skip[method] {
		return ctx, nil
	}
	md, _ := metadata.FromIncomingContext(ctx)
	token, err := jwthttp.ParseAuthorization(md.Get("authorization"))
	if err != nil {
		return nil, in.refuse(ctx, method, err)
	}
	claims, err := in.verify(ctx, token)
	if err != nil {
		return nil, in.refuse(ctx, method, err)
	}
	if isNil(claims) {
		return nil, in.refuse(ctx, method, jwthttp.ErrNilClaims)
	}
	// A token bound to a DPoP key (RFC 9449 section 6.1) is never a bearer
	// token (section 7.2): gRPC calls carry no DPoP proof, so it is refused;
	// so is one bound by another confirmation method (mTLS, RFC 8705:
	// dpop.ErrUnsupportedBinding). A token that is not a JWT (an opaque one
	// the VerifyFunc accepted, dpop.ErrNotJWT) has nothing to read: unbound.
	if err := dpop.CheckBearer(token); err != nil {
		return nil, in.refuse(ctx, method, err)
	}
	if required := in.cfg.scopes[method]; len(required) > 0 {
		granted, _ := jwthttp.GrantedScopes(claims)
		if !jwthttp.HasScopes(granted, required...) {
			return nil, in.refuse(ctx, method, jwthttp.ErrInsufficientScope)
		}
	}
	for _, rule := range in.rules {
		if err := rule(ctx, method, claims); err != nil {
			return nil, in.refuse(ctx, method, jwthttp.RuleCause(err))
		}
	}
	return jwthttp.NewContext(ctx, claims, token), nil
}

// Messages of the refusals jwthttp answers without error_description.
const (
	msgNoToken      = "the call carried no bearer token in the authorization metadata"
	msgUnavailable  = "the keys to verify the token could not be fetched; retry later"
	msgMisconfigued = "the server cannot verify tokens"
)

// refuse maps err to the call's status (see the package doc): jwthttp's
// classification, its fixed descriptions as the message.
func (in *Interceptor[C]) refuse(ctx context.Context, method string, err error) error {
	if in.cfg.onRefusal != nil {
		in.cfg.onRefusal(ctx, method, err)
	}
	e := jwthttp.Classify(err)
	desc := ""
	if e.Challenge != nil {
		desc = e.Challenge.Description
	}
	switch e.Status {
	case 401:
		if errors.Is(err, jwthttp.ErrNoToken) {
			return status.Error(codes.Unauthenticated, msgNoToken)
		}
		return status.Error(codes.Unauthenticated, desc)
	case 400:
		return status.Error(codes.InvalidArgument, desc)
	case 403:
		if errors.Is(err, jwthttp.ErrInsufficientScope) {
			desc += ": " + strings.Join(in.cfg.scopes[method], " ")
		}
		return status.Error(codes.PermissionDenied, desc)
	case 503:
		switch {
		case errors.Is(err, context.Canceled):
			return status.Error(codes.Canceled, "the call was canceled during the token's verification")
		case errors.Is(err, context.DeadlineExceeded):
			return status.Error(codes.DeadlineExceeded, "the call's deadline passed during the token's verification")
		}
		return status.Error(codes.Unavailable, msgUnavailable)
	}
	return status.Error(codes.Internal, msgMisconfigued)
}

// isNil reports whether claims is a nil pointer, map, slice or interface:
// a VerifyFunc's bug, never an accepted token.
func isNil[C any](claims C) bool {
	v := reflect.ValueOf(any(claims))
	if !v.IsValid() {
		return true
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Chan, reflect.Func, reflect.UnsafePointer, reflect.Interface:
		return v.IsNil()
	}
	return false
}
