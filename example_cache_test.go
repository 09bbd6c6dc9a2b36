package jwt_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// cacheCounter prints what the cache did for each verification.
type cacheCounter struct{}

func (cacheCounter) ObserveVerify(_ context.Context, e jwt.VerifyEvent) {
	fmt.Println("cache:", e.Cache, "accepted:", e.Outcome == nil)
}

// ExampleWithCache verifies the same EdDSA access token twice: the second
// time from the cache, which skips only the signature check; every claim
// rule still runs against the clock, so once expired the token is refused.
func ExampleWithCache() {
	now := exampleNow
	verifier, err := jwt.NewVerifier(exampleKey.Public(),
		jwt.WithIssuer("https://auth.example.com"), jwt.WithAudience("api"),
		jwt.WithCache(jwt.CacheConfig{MaxEntries: 50_000, MaxAge: 10 * time.Minute}),
		jwt.WithObserver(cacheCounter{}), jwt.WithTimeFunc(func() time.Time { return now }))
	if err != nil {
		log.Fatal(err)
	}
	token, err := jwt.Sign(jwt.EdDSA, claims.Registered{
		Issuer: "https://auth.example.com", Subject: "user-42", Audience: claims.Audience{"api"},
		ExpiresAt: claims.NewNumericDate(exampleNow.Add(5 * time.Minute)),
	}, exampleKey)
	if err != nil {
		log.Fatal(err)
	}
	for range 2 {
		if _, err := verifier.Parse(token); err != nil {
			log.Fatal(err)
		}
	}
	now = now.Add(time.Hour)
	_, err = verifier.Parse(token)
	fmt.Println(err != nil)
	// Output:
	// cache: miss accepted: true
	// cache: hit accepted: true
	// cache: miss accepted: false
	// true
}
