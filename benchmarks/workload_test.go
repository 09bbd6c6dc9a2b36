package benchmarks

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// The workload: a realistic access token (registered claims, a name, a
// roles array and a boolean; about 350 bytes of JSON), the same values in
// every library's own claims type.
const (
	wlIssuer  = "https://auth.example.com/realms/production"
	wlSubject = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
	wlID      = "01JDQ7Z3X8K4M2N6P9R5T1V3W7"
	wlName    = "Alexandra Example-Person"
)

var (
	wlAudience = []string{"https://api.example.com", "https://billing.example.com"}
	wlRoles    = []string{"reader", "writer", "billing:admin", "support"}
	// wlNow anchors the times: tokens stay valid for a day from the start
	// of the benchmark binary.
	wlNow = time.Now().Truncate(time.Second)
	wlExp = wlNow.Add(24 * time.Hour)
	wlNbf = wlNow.Add(-time.Minute)
	wlIat = wlNow.Add(-time.Minute)
)

// accessClaims is the workload as this library's struct claims.
type accessClaims struct {
	claims.Registered
	Name          string   `json:"name"`
	Roles         []string `json:"roles"`
	EmailVerified bool     `json:"email_verified"`
}

func jotStructClaims() accessClaims {
	return accessClaims{
		Registered: claims.Registered{
			Issuer:    wlIssuer,
			Subject:   wlSubject,
			Audience:  claims.Audience(wlAudience),
			ExpiresAt: claims.NewNumericDate(wlExp),
			NotBefore: claims.NewNumericDate(wlNbf),
			IssuedAt:  claims.NewNumericDate(wlIat),
			ID:        wlID,
		},
		Name:          wlName,
		Roles:         wlRoles,
		EmailVerified: true,
	}
}

// mapClaims is the workload as a generic map, shared by every library
// that signs a map.
func mapClaims() map[string]any {
	return map[string]any{
		"iss":            wlIssuer,
		"sub":            wlSubject,
		"aud":            wlAudience,
		"exp":            wlExp.Unix(),
		"nbf":            wlNbf.Unix(),
		"iat":            wlIat.Unix(),
		"jti":            wlID,
		"name":           wlName,
		"roles":          wlRoles,
		"email_verified": true,
	}
}

// algCase is one algorithm with its keys and the workload token every
// library parses (signed once by this library with encoding/json).
type algCase struct {
	name   string
	alg    jwt.Algorithm
	signK  any // private key or HMAC secret
	verifK any // public key or HMAC secret
	token  string
	kinds  []string // claim kinds benchmarked: "struct", and "map" for HS256
}

// signingInput is the token's header and payload segments with their dot.
func (a *algCase) signingInput() []byte {
	return []byte(a.token[:strings.LastIndexByte(a.token, '.')])
}

var (
	casesOnce sync.Once
	casesList []*algCase
	casesErr  error
)

// algCases returns the benchmarked algorithms, generating keys once; the
// ML-DSA ones exist in Go 1.27 builds only.
func algCases(tb testing.TB) []*algCase {
	tb.Helper()
	casesOnce.Do(func() { casesList, casesErr = makeCases() })
	if casesErr != nil {
		tb.Fatal(casesErr)
	}
	return casesList
}

func makeCases() ([]*algCase, error) {
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return nil, err
	}
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	edPub, edPriv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	both, structOnly := []string{"struct", "map"}, []string{"struct"}
	cases := []*algCase{
		{name: "HS256", alg: jwt.HS256, signK: secret, verifK: secret, kinds: both},
		{name: "RS256", alg: jwt.RS256, signK: rsaKey, verifK: &rsaKey.PublicKey, kinds: structOnly},
		{name: "PS256", alg: jwt.PS256, signK: rsaKey, verifK: &rsaKey.PublicKey, kinds: structOnly},
		{name: "ES256", alg: jwt.ES256, signK: ecKey, verifK: &ecKey.PublicKey, kinds: structOnly},
		{name: "EdDSA", alg: jwt.EdDSA, signK: edPriv, verifK: edPub, kinds: structOnly},
	}
	ml, err := mldsaCases() // none before Go 1.27
	if err != nil {
		return nil, err
	}
	cases = append(cases, ml...)
	for _, c := range cases {
		if c.token, err = jwt.Sign(c.alg, jotStructClaims(), c.signK); err != nil {
			return nil, err
		}
	}
	return cases, nil
}
