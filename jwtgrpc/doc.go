// Package jwtgrpc protects a gRPC server with bearer tokens (RFC 6750),
// the gRPC counterpart of jwthttp: unary and stream server interceptors
// over any jwthttp.VerifyFunc (jwthttp.Core for a *jwt.Verifier,
// jwthttp.AccessTokens for RFC 9068 access tokens, or a function of your
// own).
//
//	v, _ := jwt.NewVerifier(keys, jwt.WithIssuer(iss), jwt.WithAudience(resourceID))
//	in, err := jwtgrpc.New(jwthttp.Core[MyClaims](v),
//		jwtgrpc.MethodScopes(map[string][]string{"/items.v1.Items/Delete": {"items:write"}}),
//		jwtgrpc.Skip("/grpc.health.v1.Health/Check", "/grpc.health.v1.Health/Watch"))
//	srv := grpc.NewServer(grpc.Creds(tlsCreds),
//		grpc.ChainUnaryInterceptor(in.Unary()), grpc.ChainStreamInterceptor(in.Stream()))
//
// and in the handler: claims, ok := jwthttp.ClaimsFrom[*MyClaims](ctx)
// (jwthttp.TokenFrom gives the token itself): the same accessor as over
// HTTP, and nothing is placed in the context of a refused call.
//
// The token is the one value of the "authorization" metadata, read by
// jwthttp's rules for the Authorization header (jwthttp.ParseAuthorization;
// RFC 6750 section 2.1): "Bearer" in any case, one or more SP, a token68,
// nothing after it. A call is refused with a status whose message is the
// fixed text jwthttp's challenges carry (jwthttp.Classify), never the
// token, a claim's value or the cause's message:
//
//   - codes.Unauthenticated: no bearer token (no "authorization" value, an
//     empty one, another scheme alone), or a token the verifier refused
//     (HTTP's 401 invalid_token, with the same error_description), a token
//     bound to a DPoP key ("cnf" "jkt", RFC 9449 section 6.1) among them:
//     a call carries no DPoP proof, and a bound token is never a bearer
//     token (section 7.2; dpop.ErrBoundTokenAsBearer), and one bound by
//     another confirmation method ("x5t#S256" of mutual TLS, RFC 8705:
//     dpop.ErrUnsupportedBinding), which peers reading "jkt" alone accept:
//     an mTLS-bound token needs a verifier that checks the certificate. A
//     token that is not a JWT (an opaque token the VerifyFunc accepted,
//     dpop.ErrNotJWT) has no claims to read and is taken as unbound;
//   - codes.InvalidArgument: a malformed request (HTTP's 400
//     invalid_request): two "authorization" values, two credentials in
//     one, anything after the token68, a tab after the scheme;
//   - codes.PermissionDenied: a verified token without a scope the method
//     requires (MethodScopes; HTTP's 403 insufficient_scope, the message
//     names the scopes) or refused by a Rule;
//   - codes.Unavailable: the keys could not be fetched (jwk.ErrFetch,
//     jwk.ErrClosed): the token is not at fault, the call can be retried;
//   - codes.Canceled, codes.DeadlineExceeded: the call's context ended
//     during the verification;
//   - codes.Internal: a misconfigured verifier (jwt.ErrInvalidOption), a
//     VerifyFunc returning nil claims with a nil error (jwthttp.ErrNilClaims),
//     or a nil Interceptor.
//
// Where we refuse what peers accept: two "authorization" values, or junk
// after the token, is InvalidArgument (go-grpc-middleware's auth takes the
// first value and splits at the first space). gRPC has no challenge:
// realm, scope and resource_metadata are not sent, and RFC 9728 metadata is
// an HTTP document (serve it with jwthttp next to the gRPC server).
// Transport security is the server's: use TLS credentials (RFC 6750
// section 5.3); the interceptors do not check it.
package jwtgrpc
