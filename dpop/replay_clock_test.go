package dpop_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// TestRFC9449_11_1_DefaultReplayStoreExpiresOnTheVerifiersClock: the
// Verifier's own replay.Memory counts expiry on Config.Now, which computes
// each claim's until: a clock years behind the machine's (a fixed test
// clock) neither refuses every proof as expired nor forgets a jti.
func TestRFC9449_11_1_DefaultReplayStoreExpiresOnTheVerifiersClock(t *testing.T) {
	past := time.Date(2020, 5, 6, 7, 8, 9, 0, time.UTC)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := dpop.NewSigner(jwt.ES256, key)
	if err != nil {
		t.Fatal(err)
	}
	v, err := dpop.NewVerifier(dpop.Config{Now: func() time.Time { return past }})
	if err != nil {
		t.Fatal(err)
	}
	const url = "https://api.example/resource"
	proof, err := s.Proof("GET", url, dpop.ProofOptions{Now: past})
	if err != nil {
		t.Fatal(err)
	}
	req := dpop.Request{Method: "GET", URL: url}
	if _, err := v.Verify(context.Background(), proof, req); err != nil {
		t.Fatalf("first use on a 2020 clock: %v", err)
	}
	if _, err := v.Verify(context.Background(), proof, req); !errors.Is(err, dpop.ErrReplayed) {
		t.Fatalf("replay on a 2020 clock: %v, want ErrReplayed", err)
	}
}
