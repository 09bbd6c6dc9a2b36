package jwthttp_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwthttp"
)

// The benchmarks' workload is the benchmarks module's access token
// (registered claims, a name, a roles array, a boolean), verified for the
// resource its first audience names.
const (
	benchResource = "https://api.example.com"
	benchIssuer   = "https://auth.example.com/realms/production"
)

// benchClaims is the workload as struct claims.
type benchClaims struct {
	claims.Registered
	Name          string   `json:"name"`
	Roles         []string `json:"roles"`
	EmailVerified bool     `json:"email_verified"`
}

// nopWriter is a ResponseWriter that keeps nothing, made once per
// benchmark so neither side allocates a recorder per request.
type nopWriter struct{ h http.Header }

func (w *nopWriter) Header() http.Header         { return w.h }
func (w *nopWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *nopWriter) WriteHeader(int)             {}

// benchSink keeps the handler's reads alive.
var benchSink *benchClaims

// BenchmarkMiddleware is the cost the Middleware adds to a request over a
// bare Verifier call (issue 23 item 8; target: at most 5% time and 3
// allocations): impl=bare takes the token from the Authorization header by
// hand, verifies it into a struct and calls the handler; impl=middleware
// serves the same request through Middleware.Handler (Core, WithResource),
// whose handler reads ClaimsFrom. Compare with benchstat -col /impl.
func BenchmarkMiddleware(b *testing.B) {
	secret := []byte("0123456789abcdef0123456789abcdef")
	ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		b.Fatal(err)
	}
	now := time.Now().Truncate(time.Second)
	c := benchClaims{
		Registered: claims.Registered{
			Issuer:    benchIssuer,
			Subject:   "7c9e6679-7425-40de-944b-e07fc1f90ae7",
			Audience:  claims.Audience{benchResource, "https://billing.example.com"},
			ExpiresAt: claims.NewNumericDate(now.Add(24 * time.Hour)),
			NotBefore: claims.NewNumericDate(now.Add(-time.Minute)),
			IssuedAt:  claims.NewNumericDate(now.Add(-time.Minute)),
			ID:        "01JDQ7Z3X8K4M2N6P9R5T1V3W7",
		},
		Name:          "Alexandra Example-Person",
		Roles:         []string{"reader", "writer", "billing:admin", "support"},
		EmailVerified: true,
	}
	for _, w := range []struct {
		alg         jwt.Algorithm
		sign, check any
	}{
		{jwt.HS256, secret, secret},
		{jwt.ES256, ecKey, &ecKey.PublicKey},
	} {
		tok, err := jwt.Sign(w.alg, c, w.sign)
		if err != nil {
			b.Fatal(err)
		}
		v, err := jwt.NewVerifier(w.check, jwt.WithAlgorithms(w.alg), jwt.WithIssuer(benchIssuer), jwt.WithAudience(benchResource))
		if err != nil {
			b.Fatal(err)
		}
		mw, err := jwthttp.New(jwthttp.Core[benchClaims](v), jwthttp.WithResource(jwthttp.Resource{
			ID: benchResource, AuthorizationServers: []string{benchIssuer},
		}))
		if err != nil {
			b.Fatal(err)
		}
		req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, benchResource+"/v1/items", nil)
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+tok)
		rw := &nopWriter{h: http.Header{}}

		b.Run("alg="+w.alg.String()+"/impl=bare", func(b *testing.B) {
			var got *benchClaims
			handler := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { benchSink = got })
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				raw, ok := strings.CutPrefix(req.Header.Get("Authorization"), "Bearer ")
				if !ok {
					b.Fatal("no bearer token")
				}
				cl := new(benchClaims)
				if _, err := v.ParseWithClaimsContext(req.Context(), raw, cl); err != nil {
					b.Fatal(err)
				}
				got = cl
				handler.ServeHTTP(rw, req)
			}
			cpu.report(b)
		})
		b.Run("alg="+w.alg.String()+"/impl=middleware", func(b *testing.B) {
			served := 0
			h := mw.Handler(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
				benchSink, _ = jwthttp.ClaimsFrom[*benchClaims](r.Context())
				served++
			}))
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				h.ServeHTTP(rw, req)
			}
			cpu.report(b)
			if served != b.N || benchSink == nil {
				b.Fatalf("handler ran %d times in %d requests, claims %v", served, b.N, benchSink != nil)
			}
		})
	}
}
