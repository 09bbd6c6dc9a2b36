package userinfo_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/userinfo"
)

// Example fetches the UserInfo of the end-user an ID token named, with
// the access token that came with it, and refuses one about anybody else
// (OpenID Connect Core 1.0 section 5.3.4).
func Example() {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer SlAV32hkKG" {
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"sub":"248289761001","name":"Jane Doe","email":"janedoe@example.com","email_verified":true,"groups":["staff"]}`)
	}))
	defer srv.Close()

	// With a discovered provider: userinfo.Config{Provider: p, ClientID: ...}.
	c, err := userinfo.NewClient(userinfo.Config{Endpoint: srv.URL + "/userinfo", HTTPClient: srv.Client()})
	if err != nil {
		fmt.Println(err)
		return
	}
	var info struct {
		userinfo.Claims
		Groups []string `json:"groups"`
	}
	idTokenSubject := "248289761001" // the verified ID token's "sub"
	if err := c.Fetch(context.Background(), "SlAV32hkKG", idTokenSubject, &info); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(info.Name, info.Email, bool(info.EmailVerified), info.Groups)

	err = c.Fetch(context.Background(), "SlAV32hkKG", "another-user", &info)
	fmt.Println(errors.Is(err, userinfo.ErrSubjectMismatch))

	err = c.Fetch(context.Background(), "expired", idTokenSubject, &info)
	fmt.Println(errors.Is(err, userinfo.ErrInvalidToken))
	// Output:
	// Jane Doe janedoe@example.com true [staff]
	// true
	// true
}

// Example_signed verifies a signed UserInfo response (application/jwt,
// section 5.3.2) with the provider's key: "iss" the provider, "aud" the
// client.
func Example_signed() {
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	var issuer string
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok, _ := jwt.Sign(jwt.ES256, map[string]any{"iss": issuer, "aud": "my-client", "sub": "248289761001", "email": "janedoe@example.com"}, key)
		w.Header().Set("Content-Type", "application/jwt")
		fmt.Fprint(w, tok)
	}))
	defer srv.Close()
	issuer = srv.URL

	c, err := userinfo.NewClient(userinfo.Config{
		Endpoint: srv.URL + "/userinfo", Issuer: issuer, ClientID: "my-client",
		Keys: &key.PublicKey, RequireSigned: true, HTTPClient: srv.Client(),
	}, jwt.WithAlgorithms(jwt.ES256))
	if err != nil {
		fmt.Println(err)
		return
	}
	var info userinfo.Claims
	err = c.Fetch(context.Background(), "SlAV32hkKG", "248289761001", &info)
	fmt.Println(err, info.Email)
	// Output: <nil> janedoe@example.com
}
