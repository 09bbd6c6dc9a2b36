package jwt_test

import (
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// TestLeewayAndClockApplyToIat_RFC7519_4_1_6: WithLeeway and WithTimeFunc
// apply to "iat" as to "exp" and "nbf": an "iat" ahead of the clock by less
// than the leeway passes WithIssuedAt, and WithMaxAge allows the leeway past
// the age, both measured on the WithTimeFunc clock.
func TestLeewayAndClockApplyToIat_RFC7519_4_1_6(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	ahead := rtSign(t, claims.Registered{IssuedAt: claims.NewNumericDate(now.Add(2 * time.Second))})
	if _, err := jwt.Parse(ahead, rtSecret, rtClock(now), jwt.WithIssuedAt()); !errors.Is(err, jwt.ErrTokenUsedBeforeIssued) {
		t.Errorf("iat 2s ahead, no leeway: got %v, want ErrTokenUsedBeforeIssued", err)
	}
	if _, err := jwt.Parse(ahead, rtSecret, rtClock(now), jwt.WithIssuedAt(), jwt.WithLeeway(3*time.Second)); err != nil {
		t.Errorf("iat 2s ahead, leeway 3s: %v", err)
	}
	if _, err := jwt.Parse(ahead, rtSecret, rtClock(now.Add(2*time.Second)), jwt.WithIssuedAt()); err != nil {
		t.Errorf("iat at the WithTimeFunc clock: %v", err)
	}
	old := rtSign(t, claims.Registered{IssuedAt: claims.NewNumericDate(now.Add(-65 * time.Second))})
	if _, err := jwt.Parse(old, rtSecret, rtClock(now), jwt.WithMaxAge(time.Minute)); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Errorf("issued 65s ago, max age 1m: got %v, want ErrTokenExpired", err)
	}
	if _, err := jwt.Parse(old, rtSecret, rtClock(now), jwt.WithMaxAge(time.Minute), jwt.WithLeeway(10*time.Second)); err != nil {
		t.Errorf("issued 65s ago, max age 1m, leeway 10s: %v", err)
	}
}
