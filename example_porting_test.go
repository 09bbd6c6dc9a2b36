package jwt_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// tenantToken is an access token of a tenant's user.
type tenantToken struct {
	claims.Registered
	Tenant string `json:"tenant"`
}

// Validate is called by ParseWithClaims and ParseAs after the signature and
// the registered claims pass (jwt.ClaimsValidator).
func (c *tenantToken) Validate() error {
	if c.Tenant != "acme" {
		return fmt.Errorf("tenant %q is not served here", c.Tenant)
	}
	return nil
}

func ExampleClaimsValidator() {
	token, err := jwt.Sign(jwt.HS256, tenantToken{
		Registered: claims.Registered{Subject: "user-42", ExpiresAt: claims.NewNumericDate(exampleNow.Add(time.Hour))},
		Tenant:     "globex",
	}, exampleSecret)
	if err != nil {
		log.Fatal(err)
	}
	_, _, err = jwt.ParseAs[tenantToken](token, exampleSecret, jwt.WithTimeFunc(exampleClock))
	fmt.Println(errors.Is(err, jwt.ErrTokenInvalidClaims))
	fmt.Println(err)
	// Output:
	// true
	// jwt: token has invalid claims: tenant "globex" is not served here
}

// A refresh endpoint reads the subject of a verified but expired token,
// explicitly, through *jwt.ValidationError; a token whose signature fails
// never gives one.
func ExampleValidationError() {
	expired, err := jwt.Sign(jwt.HS256, claims.Registered{
		Subject:   "user-42",
		ExpiresAt: claims.NewNumericDate(exampleNow.Add(-90 * time.Second)),
	}, exampleSecret)
	if err != nil {
		log.Fatal(err)
	}
	_, err = jwt.Parse(expired, exampleSecret, jwt.WithTimeFunc(exampleClock))
	fmt.Println(err)
	var ve *jwt.ValidationError
	if errors.Is(err, jwt.ErrTokenExpired) && errors.As(err, &ve) {
		fmt.Println("refresh for", ve.Token.Registered().Subject)
	}
	// Output:
	// jwt: token is expired by 1m30s
	// refresh for user-42
}

func ExampleWithValidator() {
	revoked := map[string]bool{"token-7": true}
	v, err := jwt.NewVerifier(exampleSecret, jwt.WithTimeFunc(exampleClock),
		jwt.WithValidator(func(ctx context.Context, t *jwt.Token) error {
			if revoked[t.Registered().ID] {
				return errors.New("revoked")
			}
			return nil
		}))
	if err != nil {
		log.Fatal(err)
	}
	token, err := jwt.Sign(jwt.HS256, claims.Registered{ID: "token-7"}, exampleSecret)
	if err != nil {
		log.Fatal(err)
	}
	_, err = v.ParseContext(context.Background(), token)
	fmt.Println(err)
	// Output:
	// jwt: token has invalid claims: revoked
}

func ExampleReadUnverified() {
	u, err := jwt.ReadUnverified(exampleToken())
	if err != nil {
		log.Fatal(err)
	}
	// Nothing here is verified: for logs and routing only.
	fmt.Println(u.Header.Algorithm, u.Registered().Issuer)
	// Output:
	// HS256 https://auth.example.com
}

func ExampleWithHeader() {
	token, err := jwt.Sign(jwt.HS256, claims.Registered{Subject: "user-42"}, exampleSecret,
		jwt.WithKeyID("2030-01"), jwt.WithHeader("tenant", "acme"))
	if err != nil {
		log.Fatal(err)
	}
	// A KeyFunc reads any header member with Header.Get.
	keys := jwt.KeyFunc(func(h *jwt.Header) (any, error) {
		tenant, _ := h.Get("tenant")
		fmt.Printf("kid %s, tenant %s\n", h.KeyID, tenant)
		return exampleSecret, nil
	})
	if _, err := jwt.Parse(token, keys); err != nil {
		log.Fatal(err)
	}
	// Output:
	// kid 2030-01, tenant "acme"
}

func ExampleWithAllAudiences() {
	_, err := jwt.Parse(exampleToken(), exampleSecret, jwt.WithTimeFunc(exampleClock),
		jwt.WithAllAudiences("api", "admin"))
	fmt.Println(err)
	// Output:
	// jwt: token has an invalid audience: "admin" is not in "aud"
}
