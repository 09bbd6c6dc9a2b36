package idtoken_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/internal/profiletest"
)

// Helpers shared by this package's tests (prefix id).

var (
	// idKey signs the tests' tokens (EdDSA).
	idKey = ed25519.NewKeyFromSeed([]byte("idtoken-test-ed25519-seed-32-byt"))
	// idNow is the tests' clock.
	idNow = time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	idCtx = context.Background()
)

const (
	idIssuer = "https://accounts.example.com"
	idClient = "s6BhdRkqt3"
)

// idClock returns idNow.
func idClock() time.Time { return idNow }

// idClaims are valid ID-token claims (OpenID Connect Core 1.0 section 2).
func idClaims() idtoken.Claims {
	return idtoken.Claims{
		Registered: claims.Registered{
			Issuer:    idIssuer,
			Subject:   "248289761001",
			Audience:  claims.Audience{idClient},
			ExpiresAt: claims.NewNumericDate(idNow.Add(time.Hour)),
			IssuedAt:  claims.NewNumericDate(idNow.Add(-time.Minute)),
		},
		Nonce: "n-0S6_WzA2Mj",
	}
}

// idClaimsMap is idClaims as a map, for tokens the Signer would not make.
func idClaimsMap() map[string]any {
	return map[string]any{
		"iss":   idIssuer,
		"sub":   "248289761001",
		"aud":   idClient,
		"exp":   idNow.Add(time.Hour).Unix(),
		"iat":   idNow.Add(-time.Minute).Unix(),
		"nonce": "n-0S6_WzA2Mj",
	}
}

// idSign mints c with the package's Signer and idKey.
func idSign(t testing.TB, c idtoken.Claims, opts ...jwt.Option) string {
	t.Helper()
	s, err := idtoken.NewSigner(jwt.EdDSA, idKey, opts...)
	if err != nil {
		t.Fatalf("NewSigner: %v", err)
	}
	tok, err := s.Sign(c)
	if err != nil {
		t.Fatalf("Sign: %v", err)
	}
	return tok
}

// idRaw signs any claims with idKey under a header with "typ" typ (none
// when typ is ""), by hand, for tokens the Signer refuses to make.
func idRaw(t testing.TB, typ string, c any) string {
	t.Helper()
	return profiletest.Raw(t, idKey, typ, c)
}

// idVerifier makes a Verifier of idKey's tokens for idIssuer and idClient
// (Config changed by edit) at idNow.
func idVerifier(t testing.TB, edit func(*idtoken.Config), opts ...jwt.Option) *idtoken.Verifier {
	t.Helper()
	cfg := idtoken.Config{Issuer: idIssuer, ClientID: idClient, Now: idClock}
	if edit != nil {
		edit(&cfg)
	}
	v, err := idtoken.NewVerifier(idKey.Public(), cfg, opts...)
	if err != nil {
		t.Fatalf("NewVerifier: %v", err)
	}
	return v
}

// idRefused checks that err is a verified-but-refused token's error: a
// *jwt.ValidationError holding *idtoken.Claims, matching every one of want.
func idRefused(t *testing.T, err error, want ...error) *jwt.ValidationError {
	t.Helper()
	return profiletest.Refused[*idtoken.Claims](t, err, want...)
}

// algKey is a signing key and its verification key for one algorithm.
type algKey struct {
	alg          jwt.Algorithm
	sign, verify any
}

var (
	algKeysOnce sync.Once
	algKeysList []algKey
)

// algKeys has a key pair for every algorithm the library signs with.
func algKeys(t testing.TB) []algKey {
	t.Helper()
	algKeysOnce.Do(func() {
		secret := []byte("idtoken-test-hmac-secret-of-sixty-four-bytes-for-hs512-000000000")
		rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			panic(err)
		}
		ec := func(c elliptic.Curve) *ecdsa.PrivateKey {
			k, err := ecdsa.GenerateKey(c, rand.Reader)
			if err != nil {
				panic(err)
			}
			return k
		}
		p256, p384, p521 := ec(elliptic.P256()), ec(elliptic.P384()), ec(elliptic.P521())
		algKeysList = []algKey{
			{jwt.HS256, secret, secret}, {jwt.HS384, secret, secret}, {jwt.HS512, secret, secret},
			{jwt.RS256, rsaKey, &rsaKey.PublicKey}, {jwt.RS384, rsaKey, &rsaKey.PublicKey}, {jwt.RS512, rsaKey, &rsaKey.PublicKey},
			{jwt.PS256, rsaKey, &rsaKey.PublicKey}, {jwt.PS384, rsaKey, &rsaKey.PublicKey}, {jwt.PS512, rsaKey, &rsaKey.PublicKey},
			{jwt.ES256, p256, &p256.PublicKey}, {jwt.ES384, p384, &p384.PublicKey}, {jwt.ES512, p521, &p521.PublicKey},
			{jwt.EdDSA, idKey, idKey.Public()}, {jwt.Ed25519, idKey, idKey.Public()},
		}
	})
	return algKeysList
}
