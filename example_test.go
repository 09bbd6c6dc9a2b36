package jwt_test

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// The examples use a fixed secret, a key from a fixed seed and a fixed clock
// so that their output is stable. In production, use random keys from a
// secret store and the default clock.
var (
	// exampleSecret is an HS256 secret: at least 32 bytes (RFC 7518 section 3.2).
	exampleSecret = []byte("example-secret-of-at-least-32-bytes!")
	// exampleKey is an Ed25519 key pair.
	exampleKey = ed25519.NewKeyFromSeed([]byte("example-ed25519-seed-of-32-bytes"))
	// exampleNow is "now" for every example.
	exampleNow = time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
)

func exampleClock() time.Time { return exampleNow }

// exampleToken signs a token for the examples: issuer, subject, audience,
// and one hour of validity from exampleNow.
func exampleToken() string {
	token, err := jwt.Sign(jwt.HS256, claims.Registered{
		Issuer:    "https://auth.example.com",
		Subject:   "user-42",
		Audience:  claims.Audience{"api", "web"},
		ExpiresAt: claims.NewNumericDate(exampleNow.Add(time.Hour)),
	}, exampleSecret)
	if err != nil {
		log.Fatal(err)
	}
	return token
}

func ExampleSign() {
	token, err := jwt.Sign(jwt.HS256, claims.Registered{
		Issuer:    "https://auth.example.com",
		Subject:   "user-42",
		ExpiresAt: claims.NewNumericDate(exampleNow.Add(time.Hour)),
	}, exampleSecret)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(token)
	// Output:
	// eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJodHRwczovL2F1dGguZXhhbXBsZS5jb20iLCJzdWIiOiJ1c2VyLTQyIiwiZXhwIjoxODkzNTAyODAwfQ.OOC65vqjAlfytJwWYvj6wC02XCY04l4tVcmgUTp-KkE
}

func ExampleParse() {
	token := exampleToken()

	tok, err := jwt.Parse(token, exampleSecret, jwt.WithTimeFunc(exampleClock))
	if err != nil {
		log.Fatal(err)
	}
	c := tok.Claims.(map[string]any)
	fmt.Println(tok.Header.Algorithm, c["sub"], c["aud"])

	// Two hours later the token has expired.
	later := func() time.Time { return exampleNow.Add(2 * time.Hour) }
	_, err = jwt.Parse(token, exampleSecret, jwt.WithTimeFunc(later))
	fmt.Println(errors.Is(err, jwt.ErrTokenExpired))
	// Output:
	// HS256 user-42 [api web]
	// true
}

func ExampleParseWithClaims() {
	// AccessClaims are the claims of an access token: the registered
	// claims plus private ones.
	type AccessClaims struct {
		claims.Registered
		Roles []string `json:"roles"`
	}
	token, err := jwt.Sign(jwt.EdDSA, AccessClaims{
		Registered: claims.Registered{
			Subject:   "user-42",
			ExpiresAt: claims.NewNumericDate(exampleNow.Add(15 * time.Minute)),
		},
		Roles: []string{"reader", "writer"},
	}, exampleKey)
	if err != nil {
		log.Fatal(err)
	}

	var got AccessClaims
	_, err = jwt.ParseWithClaims(token, &got, exampleKey.Public(), jwt.WithTimeFunc(exampleClock))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(got.Subject, got.Roles, got.ExpiresAt.UTC().Format(time.RFC3339))
	// Output: user-42 [reader writer] 2030-01-01T12:15:00Z
}

func ExampleVerifier() {
	// Check the key and options once; the Verifier is safe for concurrent
	// use, so one serves every request.
	v, err := jwt.NewVerifier(exampleSecret,
		jwt.WithAlgorithms(jwt.HS256),
		jwt.WithIssuer("https://auth.example.com"),
		jwt.WithAudience("api"),
		jwt.WithTimeFunc(exampleClock),
	)
	if err != nil {
		log.Fatal(err)
	}
	token := exampleToken()

	subjects := make([]string, 4)
	var wg sync.WaitGroup
	for i := range subjects {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var c claims.Registered
			if _, err := v.ParseWithClaims(token, &c); err != nil {
				subjects[i] = err.Error()
				return
			}
			subjects[i] = c.Subject
		}()
	}
	wg.Wait()
	fmt.Println(subjects)

	// A token signed with another secret is refused.
	forged, err := jwt.Sign(jwt.HS256, claims.Registered{Subject: "admin"}, []byte("not-the-secret-but-also-32-bytes!"))
	if err != nil {
		log.Fatal(err)
	}
	_, err = v.Parse(forged)
	fmt.Println(errors.Is(err, jwt.ErrSignatureInvalid))
	// Output:
	// [user-42 user-42 user-42 user-42]
	// true
}

func ExampleKeyFunc() {
	// Keys by "kid", as published by an issuer that rotates them.
	old := ed25519.NewKeyFromSeed([]byte("an-older-key-seed-of-32-bytes-ok"))
	keys := map[string]ed25519.PublicKey{
		"2029-12": old.Public().(ed25519.PublicKey),
		"2030-01": exampleKey.Public().(ed25519.PublicKey),
	}
	// The header is not yet verified: use "kid" only to choose among
	// trusted keys.
	byKeyID := jwt.KeyFunc(func(h *jwt.Header) (any, error) {
		if k, ok := keys[h.KeyID]; ok {
			return k, nil
		}
		return nil, fmt.Errorf("unknown kid %q", h.KeyID)
	})

	for _, kid := range []string{"2030-01", "2031-01"} {
		token, err := jwt.Sign(jwt.EdDSA, claims.Registered{Subject: "user-42"}, exampleKey, jwt.WithKeyID(kid))
		if err != nil {
			log.Fatal(err)
		}
		tok, err := jwt.Parse(token, byKeyID)
		if err != nil {
			fmt.Println(kid, errors.Is(err, jwt.ErrInvalidKey))
			continue
		}
		fmt.Println(tok.Header.KeyID, tok.Claims.(map[string]any)["sub"])
	}
	// Output:
	// 2030-01 user-42
	// 2031-01 true
}

func ExampleNewSigner() {
	// Check the key once and encode the header once; reuse the Signer.
	s, err := jwt.NewSigner(jwt.EdDSA, exampleKey, jwt.WithKeyID("2030-01"))
	if err != nil {
		log.Fatal(err)
	}
	for _, sub := range []string{"alice", "bob"} {
		token, err := s.Sign(claims.Registered{
			Subject:   sub,
			ExpiresAt: claims.NewNumericDate(exampleNow.Add(time.Hour)),
		})
		if err != nil {
			log.Fatal(err)
		}
		tok, err := jwt.Parse(token, exampleKey.Public(), jwt.WithTimeFunc(exampleClock))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(tok.Header.Algorithm, tok.Header.KeyID, tok.Claims.(map[string]any)["sub"])
	}

	// A public key cannot sign.
	_, err = jwt.NewSigner(jwt.EdDSA, exampleKey.Public())
	fmt.Println(errors.Is(err, jwt.ErrInvalidKey))
	// Output:
	// EdDSA 2030-01 alice
	// EdDSA 2030-01 bob
	// true
}

func ExampleWithAudience() {
	token := exampleToken() // "aud": ["api", "web"]

	for _, aud := range []string{"web", "billing"} {
		_, err := jwt.Parse(token, exampleSecret, jwt.WithAudience(aud), jwt.WithTimeFunc(exampleClock))
		fmt.Println(aud, err == nil, errors.Is(err, jwt.ErrInvalidAudience))
	}

	// Given more than once, any one of the audiences is enough.
	_, err := jwt.Parse(token, exampleSecret,
		jwt.WithAudience("billing"), jwt.WithAudience("api"), jwt.WithTimeFunc(exampleClock))
	fmt.Println(err == nil)
	// Output:
	// web true false
	// billing false true
	// true
}
