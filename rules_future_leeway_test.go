package jwt_test

import (
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
)

// TestFutureLeewayOnNbfAndIatOnly_RFC7519_4_1_5_And_4_1_6: WithFutureLeeway
// lets a verifier 100 ms behind its issuer accept a fresh token whose
// whole-second "iat" and "nbf" are ahead of its clock, and does not extend
// "exp"; WithLeeway's larger value applies to both; the option is verify
// side only and refuses a negative duration.
func TestFutureLeewayOnNbfAndIatOnly_RFC7519_4_1_5_And_4_1_6(t *testing.T) {
	issued := time.Unix(1_900_000_000, 0)
	behind := rtClock(issued.Add(-100 * time.Millisecond))
	fresh := rtSign(t, map[string]any{"iat": issued.Unix(), "nbf": issued.Unix(), "exp": issued.Add(time.Hour).Unix()})
	if _, err := jwt.Parse(fresh, rtSecret, behind, jwt.WithIssuedAt()); !errors.Is(err, jwt.ErrTokenUsedBeforeIssued) || !errors.Is(err, jwt.ErrTokenNotValidYet) {
		t.Errorf("no future leeway: %v, want refused", err)
	}
	if _, err := jwt.Parse(fresh, rtSecret, behind, jwt.WithIssuedAt(), jwt.WithFutureLeeway(5*time.Second)); err != nil {
		t.Errorf("future leeway 5s: %v", err)
	}
	expired := rtSign(t, map[string]any{"exp": issued.Add(-time.Second).Unix()})
	if _, err := jwt.Parse(expired, rtSecret, rtClock(issued), jwt.WithFutureLeeway(time.Minute)); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Errorf("exp 1 s ago with a future leeway: %v, want ErrTokenExpired", err)
	}
	ahead := rtSign(t, map[string]any{"iat": issued.Add(8 * time.Second).Unix()})
	if _, err := jwt.Parse(ahead, rtSecret, rtClock(issued), jwt.WithIssuedAt(), jwt.WithFutureLeeway(5*time.Second), jwt.WithLeeway(10*time.Second)); err != nil {
		t.Errorf("WithLeeway larger: %v", err)
	}
	if _, err := jwt.NewSigner(jwt.HS256, rtSecret, jwt.WithFutureLeeway(time.Second)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("sign side: %v", err)
	}
	if _, err := jwt.NewVerifier(rtSecret, jwt.WithFutureLeeway(-time.Second)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("negative: %v", err)
	}
}

// TestVerifierClockAndLeeway: Now and Leeway report the clock and leeways
// the Verifier's time rules use, for a WithValidator check of the
// caller's; a nil Verifier reports time.Now and no leeway.
func TestVerifierClockAndLeeway(t *testing.T) {
	at := time.Unix(1_900_000_000, 0)
	v, err := jwt.NewVerifier(rtSecret, rtClock(at), jwt.WithLeeway(2*time.Second), jwt.WithFutureLeeway(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if past, future := v.Leeway(); !v.Now().Equal(at) || past != 2*time.Second || future != 5*time.Second {
		t.Errorf("Now %v, Leeway %v %v", v.Now(), past, future)
	}
	var nilV *jwt.Verifier
	if past, future := nilV.Leeway(); past != 0 || future != 0 || time.Since(nilV.Now()) > time.Minute {
		t.Errorf("nil Verifier: %v %v %v", nilV.Now(), past, future)
	}
}
