package jwtgrpc_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"net/http/httptest"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwtgrpc"
	"github.com/jotlib/jwt/jwthttp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	healthsrv "google.golang.org/grpc/health"
	"google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// A gRPC server whose calls need a bearer token in the "authorization"
// metadata (RFC 6750 section 2.1), the health check left open. A handler
// of your own reads the claims with jwthttp.ClaimsFrom[*claims.Registered](ctx).
func Example() {
	secret := []byte("0123456789abcdef0123456789abcdef") // or a jwk.Provider from discovery
	const resourceID = "https://api.example/grpc"
	v, _ := jwt.NewVerifier(secret, jwt.WithIssuer("https://as.example"), jwt.WithAudience(resourceID))
	in, err := jwtgrpc.New(jwthttp.Core[claims.Registered](v), jwtgrpc.Skip("/grpc.health.v1.Health/List"))
	if err != nil {
		panic(err)
	}

	tlsCert, pool := exampleCert() // your server's certificate: bearer tokens need TLS (RFC 6750 section 5.3)
	srv := grpc.NewServer(grpc.Creds(credentials.NewTLS(&tls.Config{Certificates: []tls.Certificate{tlsCert}})),
		grpc.ChainUnaryInterceptor(in.Unary()), grpc.ChainStreamInterceptor(in.Stream()))
	grpc_health_v1.RegisterHealthServer(srv, healthsrv.NewServer())
	lis, _ := net.Listen("tcp", "127.0.0.1:0")
	go func() { _ = srv.Serve(lis) }()
	defer srv.Stop()

	conn, _ := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{RootCAs: pool})))
	defer conn.Close()
	client := grpc_health_v1.NewHealthClient(conn)

	_, err = client.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{})
	fmt.Println(status.Code(err), status.Convert(err).Message())

	tok, _ := jwt.Sign(jwt.HS256, map[string]any{"iss": "https://as.example", "aud": resourceID, "sub": "alice", "exp": time.Now().Add(time.Hour).Unix()}, secret)
	ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tok)
	resp, err := client.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
	fmt.Println(status.Code(err), resp.GetStatus())
	// Output:
	// Unauthenticated the call carried no bearer token in the authorization metadata
	// OK SERVING
}

// exampleCert returns httptest's certificate for 127.0.0.1 and a pool
// trusting it.
func exampleCert() (tls.Certificate, *x509.CertPool) {
	hs := httptest.NewUnstartedServer(nil)
	hs.StartTLS()
	defer hs.Close()
	pool := x509.NewCertPool()
	pool.AddCert(hs.Certificate())
	return hs.TLS.Certificates[0], pool
}
