package jwt_test

import (
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
)

// benchAccessClaims is the benchmark workload: a realistic access token
// (registered claims, a name, roles and a boolean; about 350 bytes of JSON).
type benchAccessClaims struct {
	claims.Registered
	Name          string   `json:"name"`
	Roles         []string `json:"roles"`
	EmailVerified bool     `json:"email_verified"`
}

// benchNow anchors the workload's times: valid for a day from the start of
// the benchmark binary, so no run outlives its tokens.
var benchNow = time.Now().Truncate(time.Second)

func benchStructClaims() benchAccessClaims {
	return benchAccessClaims{
		Registered: claims.Registered{
			Issuer:    "https://auth.example.com/realms/production",
			Subject:   "7c9e6679-7425-40de-944b-e07fc1f90ae7",
			Audience:  claims.Audience{"https://api.example.com", "https://billing.example.com"},
			ExpiresAt: claims.NewNumericDate(benchNow.Add(24 * time.Hour)),
			NotBefore: claims.NewNumericDate(benchNow.Add(-time.Minute)),
			IssuedAt:  claims.NewNumericDate(benchNow.Add(-time.Minute)),
			ID:        "01JDQ7Z3X8K4M2N6P9R5T1V3W7",
		},
		Name:          "Alexandra Example-Person",
		Roles:         []string{"reader", "writer", "billing:admin", "support"},
		EmailVerified: true,
	}
}

func benchMapClaims() map[string]any {
	return map[string]any{
		"iss":            "https://auth.example.com/realms/production",
		"sub":            "7c9e6679-7425-40de-944b-e07fc1f90ae7",
		"aud":            []string{"https://api.example.com", "https://billing.example.com"},
		"exp":            benchNow.Add(24 * time.Hour).Unix(),
		"nbf":            benchNow.Add(-time.Minute).Unix(),
		"iat":            benchNow.Add(-time.Minute).Unix(),
		"jti":            "01JDQ7Z3X8K4M2N6P9R5T1V3W7",
		"name":           "Alexandra Example-Person",
		"roles":          []string{"reader", "writer", "billing:admin", "support"},
		"email_verified": true,
	}
}

// benchAlg is one algorithm with its signing and verification keys.
type benchAlg struct {
	name   string
	alg    jwt.Algorithm
	signK  any
	verifK any
}

var (
	benchAlgsOnce sync.Once
	benchAlgsList []benchAlg
)

// benchAlgs returns the benchmarked algorithms, generating keys once.
func benchAlgs(tb testing.TB) []benchAlg {
	tb.Helper()
	benchAlgsOnce.Do(func() {
		secret := make([]byte, 32)
		if _, err := rand.Read(secret); err != nil {
			tb.Fatal(err)
		}
		rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			tb.Fatal(err)
		}
		ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			tb.Fatal(err)
		}
		edPub, edPriv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			tb.Fatal(err)
		}
		benchAlgsList = []benchAlg{
			{"HS256", jwt.HS256, secret, secret},
			{"RS256", jwt.RS256, rsaKey, &rsaKey.PublicKey},
			{"PS256", jwt.PS256, rsaKey, &rsaKey.PublicKey},
			{"ES256", jwt.ES256, ecKey, &ecKey.PublicKey},
			{"EdDSA", jwt.EdDSA, edPriv, edPub},
		}
	})
	if benchAlgsList == nil {
		tb.Fatal("benchmark keys could not be generated")
	}
	return benchAlgsList
}

// BenchmarkSign measures signing the workload per algorithm, claim kind
// (map or struct) and path (one-shot jwt.Sign or a reused Signer).
func BenchmarkSign(b *testing.B) {
	for _, a := range benchAlgs(b) {
		for _, kind := range []struct {
			name   string
			claims any
		}{
			{"map", benchMapClaims()},
			{"struct", benchStructClaims()},
		} {
			b.Run(a.name+"/"+kind.name+"/oneshot", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := jwt.Sign(a.alg, kind.claims, a.signK); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(a.name+"/"+kind.name+"/signer", func(b *testing.B) {
				s, err := jwt.NewSigner(a.alg, a.signK)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					if _, err := s.Sign(kind.claims); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkParse measures verifying the workload per algorithm, claim kind
// (map via Parse, struct via ParseWithClaims) and path (one-shot function
// or a reused Verifier).
func BenchmarkParse(b *testing.B) {
	for _, a := range benchAlgs(b) {
		tok, err := jwt.Sign(a.alg, benchStructClaims(), a.signK)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(a.name+"/map/oneshot", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := jwt.Parse(tok, a.verifK); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(a.name+"/map/verifier", func(b *testing.B) {
			v := benchVerifier(b, a.verifK)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := v.Parse(tok); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(a.name+"/struct/oneshot", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var c benchAccessClaims
				if _, err := jwt.ParseWithClaims(tok, &c, a.verifK); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(a.name+"/struct/verifier", func(b *testing.B) {
			v := benchVerifier(b, a.verifK)
			b.ReportAllocs()
			for b.Loop() {
				var c benchAccessClaims
				if _, err := v.ParseWithClaims(tok, &c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func benchVerifier(b *testing.B, key any) *jwt.Verifier {
	b.Helper()
	v, err := jwt.NewVerifier(key)
	if err != nil {
		b.Fatal(err)
	}
	return v
}

// TestBenchWorkloadIsRealistic keeps the benchmark honest: the workload
// signs, verifies back to the same claims, and its JSON is about 350 bytes.
func TestBenchWorkloadIsRealistic(t *testing.T) {
	for _, a := range benchAlgs(t) {
		tok, err := jwt.Sign(a.alg, benchStructClaims(), a.signK)
		if err != nil {
			t.Fatalf("%s: Sign: %v", a.name, err)
		}
		var got benchAccessClaims
		if _, err := jwt.ParseWithClaims(tok, &got, a.verifK); err != nil {
			t.Fatalf("%s: ParseWithClaims: %v", a.name, err)
		}
		want := benchStructClaims()
		if got.Subject != want.Subject || len(got.Roles) != 4 || !got.EmailVerified ||
			!got.ExpiresAt.Equal(want.ExpiresAt.Time) || len(got.Audience) != 2 {
			t.Errorf("%s: round trip changed the claims: %+v", a.name, got)
		}
	}
	payload, err := jwt.StdEncoder{}.Marshal(benchStructClaims())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(payload); n < 300 || n > 400 {
		t.Errorf("workload claims JSON is %d bytes, want about 350: %s", n, payload)
	}
}
