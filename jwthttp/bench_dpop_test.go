package jwthttp_test

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"net/http"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwthttp"
	"github.com/jotlib/jwt/replay"
)

// The DPoP benchmarks (issue 24 item 8) measure what a DPoP proof (RFC 9449
// section 4.3) costs a resource server beside the verification of the
// access token it comes with: an RFC 9068 access token signed with ES256 and
// bound to the proof key ("cnf" "jkt", section 6.1), proofs signed with
// ES256 or EdDSA. The proof verifier is a resource server's as
// examples/dpop configures it: a configured origin, HMAC nonces required
// (sections 8, 9), a replay.Memory claiming each "jti" (section 11.1).
// A proof is good once, so each benchmark signs dpopBenchPool proofs before
// its loop and, when the loop has used them all, goes on with a new
// verifier (a new, empty replay store; timer stopped). The clocks are
// fixed, so no proof or nonce ages during a run.
const (
	dpopBenchPool   = 2048
	dpopBenchTarget = benchResource + "/v1/items"
)

// dpopWorkload is one proof key's: its bound access token and its proofs.
type dpopWorkload struct {
	token  string
	proofs []string
}

// dpopBench is the DPoP benchmarks' workload.
type dpopBench struct {
	now      time.Time
	asKey    *ecdsa.PrivateKey
	bearer   string // the access token's claims without "cnf"
	nonceKey []byte
	byAlg    map[string]dpopWorkload // "ES256", "EdDSA": the proof's alg
}

// dpopProofAlgs are the proof algorithms measured, in row order.
var dpopProofAlgs = []string{"ES256", "EdDSA"}

func newDPoPBench(b *testing.B) *dpopBench {
	b.Helper()
	w := &dpopBench{now: time.Now().Truncate(time.Second), nonceKey: make([]byte, 32), byAlg: map[string]dpopWorkload{}}
	rand.Read(w.nonceKey)
	var err error
	if w.asKey, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader); err != nil {
		b.Fatal(err)
	}
	at, err := accesstoken.NewSigner(jwt.ES256, w.asKey, jwt.WithKeyID("as-1"))
	if err != nil {
		b.Fatal(err)
	}
	token := func(cnf *claims.Confirmation) string {
		tok, err := at.Sign(accesstoken.Claims{
			Registered: claims.Registered{
				Issuer: benchIssuer, Subject: "7c9e6679-7425-40de-944b-e07fc1f90ae7", Audience: claims.Audience{benchResource},
				IssuedAt: claims.NewNumericDate(w.now), ExpiresAt: claims.NewNumericDate(w.now.Add(24 * time.Hour)),
				ID: "01JDQ7Z3X8K4M2N6P9R5T1V3W7",
			},
			ClientID: "s6BhdRkqt3", Scope: "items:read items:write", Confirmation: cnf,
		})
		if err != nil {
			b.Fatal(err)
		}
		return tok
	}
	w.bearer = token(nil)
	nonces, err := dpop.NewHMACNonces(0, w.nonceKey)
	if err != nil {
		b.Fatal(err)
	}
	nonce, err := nonces.NewNonce(w.now)
	if err != nil {
		b.Fatal(err)
	}
	ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		b.Fatal(err)
	}
	_, edKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		b.Fatal(err)
	}
	keys := map[string]crypto.Signer{"ES256": ecKey, "EdDSA": edKey}
	for _, alg := range dpopProofAlgs {
		s, err := dpop.NewSigner(jwt.Algorithm(alg), keys[alg])
		if err != nil {
			b.Fatal(err)
		}
		wl := dpopWorkload{token: token(&claims.Confirmation{JKT: s.JKT()}), proofs: make([]string, dpopBenchPool)}
		for i := range wl.proofs {
			opts := dpop.ProofOptions{AccessToken: wl.token, Nonce: nonce, Now: w.now}
			if wl.proofs[i], err = s.Proof(http.MethodGet, dpopBenchTarget, opts); err != nil {
				b.Fatal(err)
			}
		}
		w.byAlg[alg] = wl
	}
	return w
}

// tokens is the resource server's access-token verifier (RFC 9068 section 4).
func (w *dpopBench) tokens(b *testing.B) *accesstoken.Verifier {
	b.Helper()
	v, err := accesstoken.NewVerifier(&w.asKey.PublicKey, accesstoken.Config{Issuer: benchIssuer, Audience: benchResource},
		jwt.WithAlgorithms(jwt.ES256))
	if err != nil {
		b.Fatal(err)
	}
	return v
}

// proofVerifier is a new proof verifier with an empty replay store.
func (w *dpopBench) proofVerifier(b *testing.B) *dpop.Verifier {
	b.Helper()
	nonces, err := dpop.NewHMACNonces(0, w.nonceKey)
	if err != nil {
		b.Fatal(err)
	}
	now := func() time.Time { return w.now }
	v, err := dpop.NewVerifier(dpop.Config{
		Algorithms: []jwt.Algorithm{jwt.ES256, jwt.EdDSA},
		Origins:    []string{benchResource},
		Nonces:     nonces,
		Replay:     replay.NewMemoryClock(0, now),
		Now:        now,
	})
	if err != nil {
		b.Fatal(err)
	}
	return v
}

var dpopSink *accesstoken.Claims

// BenchmarkDPoPVerify is the cost of a DPoP proof over the access token's
// own verification (issue 24 item 8): proof=none is
// accesstoken.Verifier.Verify of the ES256 access token alone;
// proof=ES256 and proof=EdDSA verify the same token, then the proof with
// dpop.Verifier.Verify for the request (htm, htu, ath, nonce, iat, jti
// claimed in the replay store), then dpop.BoundKey of the token and
// Proof.CheckBinding. Compare with benchstat -col /proof.
func BenchmarkDPoPVerify(b *testing.B) {
	w := newDPoPBench(b)
	atv := w.tokens(b)
	ctx := context.Background()
	b.Run("proof=none", func(b *testing.B) {
		tok := w.byAlg["ES256"].token
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			c, err := atv.Verify(ctx, tok)
			if err != nil {
				b.Fatal(err)
			}
			dpopSink = c
		}
		cpu.report(b)
	})
	for _, alg := range dpopProofAlgs {
		b.Run("proof="+alg, func(b *testing.B) {
			wl := w.byAlg[alg]
			req := dpop.Request{Method: http.MethodGet, URL: dpopBenchTarget, AccessToken: wl.token}
			dv, i := w.proofVerifier(b), 0
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				if i == len(wl.proofs) {
					b.StopTimer()
					dv, i = w.proofVerifier(b), 0
					b.StartTimer()
				}
				c, err := atv.Verify(ctx, wl.token)
				if err != nil {
					b.Fatal(err)
				}
				p, err := dv.Verify(ctx, wl.proofs[i], req)
				if err != nil {
					b.Fatal(err)
				}
				i++
				jkt, err := dpop.BoundKey(wl.token)
				if err != nil {
					b.Fatal(err)
				}
				if err := p.CheckBinding(jkt); err != nil {
					b.Fatal(err)
				}
				dpopSink = c
			}
			cpu.report(b)
		})
	}
}

// BenchmarkDPoPMiddleware is the same through jwthttp.Middleware (Handler,
// AccessTokens, WithResource): scheme=Bearer serves "Authorization: Bearer"
// with the unbound token to a Middleware without WithDPoP; scheme=DPoP-ES256
// and scheme=DPoP-EdDSA serve "Authorization: DPoP" with the bound token
// and a proof in the DPoP header to one WithDPoP(v, DPoPRequired). The
// handler reads ClaimsFrom. Compare with benchstat -col /scheme.
func BenchmarkDPoPMiddleware(b *testing.B) {
	w := newDPoPBench(b)
	atv := w.tokens(b)
	res := jwthttp.WithResource(jwthttp.Resource{ID: benchResource, AuthorizationServers: []string{benchIssuer}})
	served := 0
	handler := http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		dpopSink, _ = jwthttp.ClaimsFrom[*accesstoken.Claims](r.Context())
		served++
	})
	request := func(b *testing.B, authorization, proof string) *http.Request {
		r, err := http.NewRequestWithContext(context.Background(), http.MethodGet, dpopBenchTarget, nil)
		if err != nil {
			b.Fatal(err)
		}
		r.Header.Set("Authorization", authorization)
		if proof != "" {
			r.Header.Set("DPoP", proof)
		}
		return r
	}
	rw := &nopWriter{h: http.Header{}}

	b.Run("scheme=Bearer", func(b *testing.B) {
		mw, err := jwthttp.New(jwthttp.AccessTokens(atv), res)
		if err != nil {
			b.Fatal(err)
		}
		h, req := mw.Handler(handler), request(b, "Bearer "+w.bearer, "")
		served, dpopSink = 0, nil
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			h.ServeHTTP(rw, req)
		}
		cpu.report(b)
		if served != b.N || dpopSink == nil {
			b.Fatalf("handler ran %d times in %d requests", served, b.N)
		}
	})
	for _, alg := range dpopProofAlgs {
		b.Run("scheme=DPoP-"+alg, func(b *testing.B) {
			wl := w.byAlg[alg]
			reqs := make([]*http.Request, len(wl.proofs))
			for i, p := range wl.proofs {
				reqs[i] = request(b, "DPoP "+wl.token, p)
			}
			newHandler := func() http.Handler {
				mw, err := jwthttp.New(jwthttp.AccessTokens(atv), res, jwthttp.WithDPoP(w.proofVerifier(b), jwthttp.DPoPRequired))
				if err != nil {
					b.Fatal(err)
				}
				return mw.Handler(handler)
			}
			h, i := newHandler(), 0
			served, dpopSink = 0, nil
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				if i == len(reqs) {
					b.StopTimer()
					h, i = newHandler(), 0
					b.StartTimer()
				}
				h.ServeHTTP(rw, reqs[i])
				i++
			}
			cpu.report(b)
			if served != b.N || dpopSink == nil {
				b.Fatalf("handler ran %d times in %d requests", served, b.N)
			}
		})
	}
}
