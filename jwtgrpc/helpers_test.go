package jwtgrpc_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwtgrpc"
	"github.com/jotlib/jwt/jwthttp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
)

const (
	issuer   = "https://as.example"
	resource = "https://api.example/grpc"
	check    = "/grpc.health.v1.Health/Check"
	watch    = "/grpc.health.v1.Health/Watch"
)

var secret = []byte("0123456789abcdef0123456789abcdef")

// apiClaims are a resource server's claims: registered and scopes.
type apiClaims struct {
	claims.Registered
	jwthttp.ScopeClaims
}

func verifier(t *testing.T) jwtgrpc.VerifyFunc[*apiClaims] {
	t.Helper()
	v, err := jwt.NewVerifier(secret, jwt.WithIssuer(issuer), jwt.WithAudience(resource))
	if err != nil {
		t.Fatal(err)
	}
	return jwthttp.Core[apiClaims](v)
}

// sign returns an HS256 token for alice, valid for an hour, with extra
// claims over the defaults (a nil value removes one).
func sign(t *testing.T, extra map[string]any) string {
	t.Helper()
	c := map[string]any{"iss": issuer, "aud": resource, "sub": "alice", "exp": time.Now().Add(time.Hour).Unix()}
	for k, v := range extra {
		if v == nil {
			delete(c, k)
		} else {
			c[k] = v
		}
	}
	tok, err := jwt.Sign(jwt.HS256, c, secret)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// health is the health service under test: it answers SERVING with the
// verified subject in the "x-sub" header, NOT_SERVING to an anonymous call,
// and counts the calls that reached it.
type health struct {
	grpc_health_v1.UnimplementedHealthServer
	calls atomic.Int64
}

func (h *health) answer(ctx context.Context) (*grpc_health_v1.HealthCheckResponse, metadata.MD) {
	h.calls.Add(1)
	c, ok := jwthttp.ClaimsFrom[*apiClaims](ctx)
	if !ok {
		return &grpc_health_v1.HealthCheckResponse{Status: grpc_health_v1.HealthCheckResponse_NOT_SERVING}, nil
	}
	tok, _ := jwthttp.TokenFrom(ctx)
	return &grpc_health_v1.HealthCheckResponse{Status: grpc_health_v1.HealthCheckResponse_SERVING},
		metadata.Pairs("x-sub", c.Subject, "x-token", tok)
}

func (h *health) Check(ctx context.Context, _ *grpc_health_v1.HealthCheckRequest) (*grpc_health_v1.HealthCheckResponse, error) {
	resp, md := h.answer(ctx)
	if md != nil {
		if err := grpc.SetHeader(ctx, md); err != nil {
			return nil, err
		}
	}
	return resp, nil
}

func (h *health) Watch(_ *grpc_health_v1.HealthCheckRequest, ss grpc.ServerStreamingServer[grpc_health_v1.HealthCheckResponse]) error {
	resp, md := h.answer(ss.Context())
	if md != nil {
		if err := ss.SetHeader(md); err != nil {
			return err
		}
	}
	return ss.Send(resp)
}

// serve starts a real gRPC server over TLS on a loopback TCP listener
// (the certificate is httptest's), the health service behind the
// Interceptor, and returns a client connected to it and the service.
func serve(t *testing.T, in *jwtgrpc.Interceptor[*apiClaims]) (grpc_health_v1.HealthClient, *health) {
	t.Helper()
	hs := httptest.NewUnstartedServer(nil)
	hs.StartTLS()
	cert := hs.TLS.Certificates[0]
	pool := x509.NewCertPool()
	pool.AddCert(hs.Certificate())
	hs.Close()

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer(
		grpc.Creds(credentials.NewTLS(&tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12})),
		grpc.ChainUnaryInterceptor(in.Unary()), grpc.ChainStreamInterceptor(in.Stream()))
	h := &health{}
	grpc_health_v1.RegisterHealthServer(srv, h)
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)

	conn, err := grpc.NewClient(lis.Addr().String(),
		grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12})))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return grpc_health_v1.NewHealthClient(conn), h
}

// withAuth returns a context sending each value as one "authorization"
// metadata value.
func withAuth(t *testing.T, values ...string) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	for _, v := range values {
		ctx = metadata.AppendToOutgoingContext(ctx, "authorization", v)
	}
	return ctx
}

func newInterceptor(t *testing.T, opts ...jwtgrpc.Option) *jwtgrpc.Interceptor[*apiClaims] {
	t.Helper()
	in, err := jwtgrpc.New(verifier(t), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return in
}
