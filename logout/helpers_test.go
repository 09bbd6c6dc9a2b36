package logout_test

import (
	"context"
	"crypto/ed25519"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/profiletest"
	"github.com/jotlib/jwt/logout"
	"github.com/jotlib/jwt/replay"
)

// Helpers shared by this package's tests (prefix lo).

var (
	// loKey signs the tests' tokens (EdDSA), as the OP's ID tokens.
	loKey = ed25519.NewKeyFromSeed([]byte("logout-test-ed25519-seed-32-byte"))
	// loNow is the tests' clock.
	loNow = time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	loCtx = context.Background()
)

const (
	loIssuer = "https://server.example.com"
	loClient = "s6BhdRkqt3"
	loSID    = "08a5019c-17e1-4977-8f42-65a12843ea02"
)

func loClock() time.Time { return loNow }

// loClaims are valid logout-token claims (section 2.4's example, with an
// "exp" and times near loNow).
func loClaims() logout.Claims {
	return logout.Claims{
		Registered: claims.Registered{
			Issuer:    loIssuer,
			Subject:   "248289761001",
			Audience:  claims.Audience{loClient},
			IssuedAt:  claims.NewNumericDate(loNow.Add(-10 * time.Second)),
			ExpiresAt: claims.NewNumericDate(loNow.Add(110 * time.Second)),
			ID:        "bWJq",
		},
		SessionID: loSID,
	}
}

// loMap is loClaims as a map, for tokens the Signer would not make.
func loMap() map[string]any {
	return map[string]any{
		"iss":    loIssuer,
		"sub":    "248289761001",
		"aud":    loClient,
		"iat":    loNow.Add(-10 * time.Second).Unix(),
		"exp":    loNow.Add(110 * time.Second).Unix(),
		"jti":    "bWJq",
		"sid":    loSID,
		"events": map[string]any{logout.EventBackChannelLogout: map[string]any{}},
	}
}

// loSign mints c with the package's Signer and loKey.
func loSign(t testing.TB, c logout.Claims, opts ...jwt.Option) string {
	t.Helper()
	s, err := logout.NewSigner(jwt.EdDSA, loKey, opts...)
	if err != nil {
		t.Fatalf("NewSigner: %v", err)
	}
	tok, err := s.Sign(c)
	if err != nil {
		t.Fatalf("Sign: %v", err)
	}
	return tok
}

// loRaw signs any claims with loKey under "typ" typ (none when ""), by
// hand.
func loRaw(t testing.TB, typ string, c any) string {
	t.Helper()
	return profiletest.Raw(t, loKey, typ, c)
}

// loVerifier makes a Verifier of loKey's tokens for loIssuer and loClient
// at loNow, with a fresh replay store (Config changed by edit).
func loVerifier(t testing.TB, edit func(*logout.Config), opts ...jwt.Option) *logout.Verifier {
	t.Helper()
	cfg := logout.Config{Issuer: loIssuer, ClientID: loClient, Now: loClock, Replay: replay.NewMemoryClock(0, loClock)}
	if edit != nil {
		edit(&cfg)
	}
	v, err := logout.NewVerifier(loKey.Public(), cfg, opts...)
	if err != nil {
		t.Fatalf("NewVerifier: %v", err)
	}
	return v
}

// loRefused checks that err is a verified-but-refused token's error,
// matching every one of want.
func loRefused(t *testing.T, err error, want ...error) *jwt.ValidationError {
	t.Helper()
	return profiletest.Refused[*logout.Claims](t, err, want...)
}

// loEdit returns loMap changed by edit.
func loEdit(edit func(m map[string]any)) map[string]any {
	m := loMap()
	edit(m)
	return m
}
