package replayredis_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/replay"
	"github.com/jotlib/jwt/replayredis"
)

const apiURL = "https://api.example/resource"

// instance is one instance of a resource server: its own go-redis client
// and Store, its own dpop.Verifier, on the shared Redis.
func instance(t *testing.T, srv *redisServer, now func() time.Time) *dpop.Verifier {
	t.Helper()
	store, err := replayredis.NewClock(srv.client(nil), "dpop:", now)
	if err != nil {
		t.Fatal(err)
	}
	v, err := dpop.NewVerifier(dpop.Config{Origins: []string{"https://api.example"}, Replay: store, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func proofSigner(t *testing.T) *dpop.Signer {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := dpop.NewSigner(jwt.ES256, key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustProof(t *testing.T, s *dpop.Signer, now time.Time) string {
	t.Helper()
	p, err := s.Proof("GET", apiURL, dpop.ProofOptions{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRFC9449_11_1_TwoVerifiersSharingOneRedisRefuseAReplayOnTheOther(t *testing.T) {
	t.Parallel()
	srv := startRedis(t)
	a, b := instance(t, srv, nil), instance(t, srv, nil)
	s := proofSigner(t)
	req := dpop.Request{Method: "GET", URL: apiURL}
	ctx := ctxTimeout(t, 3*time.Second)

	proof := mustProof(t, s, time.Time{})
	if _, err := a.Verify(ctx, proof, req); err != nil {
		t.Fatalf("instance A, first use: %v", err)
	}
	_, err := b.Verify(ctx, proof, req)
	if !errors.Is(err, dpop.ErrReplayed) || !errors.Is(err, replay.ErrReplayed) || !errors.Is(err, dpop.ErrInvalidProof) {
		t.Fatalf("instance B, the same proof: %v, want dpop.ErrReplayed", err)
	}
	if _, err := a.Verify(ctx, proof, req); !errors.Is(err, dpop.ErrReplayed) {
		t.Fatalf("instance A, the same proof again: %v, want dpop.ErrReplayed", err)
	}
	if _, err := b.Verify(ctx, mustProof(t, s, time.Time{}), req); err != nil {
		t.Fatalf("instance B, a fresh proof: %v", err)
	}
}

func TestRFC9449_11_1_VerifiersOnAFixedClockShareOneRedis(t *testing.T) {
	// A clock years behind the machine's: NewClock computes the TTL on it.
	t.Parallel()
	past := time.Date(2020, 5, 6, 7, 8, 9, 0, time.UTC)
	now := func() time.Time { return past }
	srv := startRedis(t)
	a, b := instance(t, srv, now), instance(t, srv, now)
	proof := mustProof(t, proofSigner(t), past)
	req := dpop.Request{Method: "GET", URL: apiURL}
	ctx := ctxTimeout(t, 3*time.Second)
	if _, err := a.Verify(ctx, proof, req); err != nil {
		t.Fatalf("instance A: %v", err)
	}
	if _, err := b.Verify(ctx, proof, req); !errors.Is(err, dpop.ErrReplayed) {
		t.Fatalf("instance B: %v, want dpop.ErrReplayed", err)
	}
}

func TestRFC9449_11_1_VerifierRefusesWhenRedisIsDownOrSlow(t *testing.T) {
	t.Parallel()
	srv := startRedis(t)
	v := instance(t, srv, nil)
	s := proofSigner(t)
	req := dpop.Request{Method: "GET", URL: apiURL}
	if _, err := v.Verify(ctxTimeout(t, time.Second), mustProof(t, s, time.Time{}), req); err != nil {
		t.Fatal(err)
	}

	srv.pause() // slow: the request's deadline bounds the check
	start := time.Now()
	p, err := v.Verify(ctxTimeout(t, 200*time.Millisecond), mustProof(t, s, time.Time{}), req)
	if p != nil || !errors.Is(err, replay.ErrUnavailable) || errors.Is(err, dpop.ErrInvalidProof) {
		t.Fatalf("Redis paused: %v, %v; want ErrUnavailable (fail closed), not ErrInvalidProof", p, err)
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("Redis paused: refused after %v, want about the 200 ms deadline", d)
	}

	srv.kill() // down
	p, err = v.Verify(ctxTimeout(t, 300*time.Millisecond), mustProof(t, s, time.Time{}), req)
	if p != nil || !errors.Is(err, replay.ErrUnavailable) {
		t.Fatalf("Redis down: %v, %v; want ErrUnavailable (fail closed)", p, err)
	}
}
