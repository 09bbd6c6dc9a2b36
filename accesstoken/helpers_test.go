package accesstoken_test

import (
	"context"
	"crypto/ed25519"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/profiletest"
)

// Helpers shared by this package's tests (prefix at).

var (
	// atKey signs every test token (EdDSA).
	atKey = ed25519.NewKeyFromSeed([]byte("accesstoken-test-ed25519-seed-32"))
	// atNow is the tests' clock.
	atNow = time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	// atConfig is the resource server's configuration in the tests.
	atConfig = accesstoken.Config{Issuer: "https://as.example.com", Audience: "https://api.example.com"}
	atCtx    = context.Background()
)

const (
	atIssuer   = "https://as.example.com"
	atAudience = "https://api.example.com"
)

// atClock fixes the verifiers' clock at atNow.
var atClock = jwt.WithTimeFunc(func() time.Time { return atNow })

// atClaims are valid access-token claims (RFC 9068 section 2.2).
func atClaims() accesstoken.Claims {
	return accesstoken.Claims{
		Registered: claims.Registered{
			Issuer:    atIssuer,
			Subject:   "5ba552d67",
			Audience:  claims.Audience{atAudience},
			ExpiresAt: claims.NewNumericDate(atNow.Add(time.Hour)),
			IssuedAt:  claims.NewNumericDate(atNow.Add(-time.Minute)),
			ID:        "dbe39bf3a3ba4238a513f51d6e1691c4",
		},
		ClientID: "s6BhdRkqt3",
		Scope:    "openid profile reademail",
	}
}

// atClaimsMap is atClaims as a map, for tokens the Signer would not make.
func atClaimsMap() map[string]any {
	return map[string]any{
		"iss":       atIssuer,
		"sub":       "5ba552d67",
		"aud":       atAudience,
		"exp":       atNow.Add(time.Hour).Unix(),
		"iat":       atNow.Add(-time.Minute).Unix(),
		"jti":       "dbe39bf3a3ba4238a513f51d6e1691c4",
		"client_id": "s6BhdRkqt3",
		"scope":     "openid profile reademail",
	}
}

// atSign mints c with the package's Signer.
func atSign(t testing.TB, c accesstoken.Claims, opts ...jwt.Option) string {
	t.Helper()
	s, err := accesstoken.NewSigner(jwt.EdDSA, atKey, opts...)
	if err != nil {
		t.Fatalf("NewSigner: %v", err)
	}
	tok, err := s.Sign(c)
	if err != nil {
		t.Fatalf("Sign: %v", err)
	}
	return tok
}

// atRaw signs any claims with atKey under any "typ" (none when typ is ""),
// for tokens the Signer refuses to make.
func atRaw(t testing.TB, typ string, c any) string {
	t.Helper()
	return profiletest.Raw(t, atKey, typ, c)
}

// atVerifier makes a Verifier with atConfig (changed by edit) and the test
// clock.
func atVerifier(t testing.TB, edit func(*accesstoken.Config), opts ...jwt.Option) *accesstoken.Verifier {
	t.Helper()
	cfg := atConfig
	if edit != nil {
		edit(&cfg)
	}
	v, err := accesstoken.NewVerifier(atKey.Public(), cfg, append([]jwt.Option{atClock}, opts...)...)
	if err != nil {
		t.Fatalf("NewVerifier: %v", err)
	}
	return v
}

// atRefused checks that err is a verified-but-refused token's error: a
// *jwt.ValidationError holding *accesstoken.Claims, matching every one of
// want.
func atRefused(t *testing.T, err error, want ...error) *jwt.ValidationError {
	t.Helper()
	return profiletest.Refused[*accesstoken.Claims](t, err, want...)
}
