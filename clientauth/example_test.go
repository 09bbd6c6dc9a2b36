package clientauth_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/clientauth"
	"github.com/jotlib/jwt/replay"
)

// Example shows private_key_jwt end to end: the client signs an assertion
// for the authorization server's issuer identifier and sends it as form
// parameters; the token endpoint authenticates the client with the key it
// registered, once.
func Example() {
	clientKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	registered := map[string]any{"my-client": &clientKey.PublicKey}

	// The authorization server.
	v, err := clientauth.NewVerifier(clientauth.Config{
		Issuer: "https://as.example.com",
		ClientKeys: func(_ context.Context, id string) (any, error) {
			if k, ok := registered[id]; ok {
				return k, nil
			}
			return nil, fmt.Errorf("unknown client %q", id)
		},
		Replay: replay.NewMemory(0),
	})
	if err != nil {
		panic(err)
	}
	token := func(r *http.Request) (string, int) {
		c, err := v.VerifyRequest(r)
		if err != nil {
			code, status := clientauth.ErrorCode(err)
			return code, status
		}
		return c.ClientID(), http.StatusOK
	}

	// The client.
	s, err := clientauth.NewSigner(jwt.ES256, clientKey, "my-client", jwt.WithKeyID("k1"))
	if err != nil {
		panic(err)
	}
	form, err := s.FormValues("https://as.example.com")
	if err != nil {
		panic(err)
	}
	form.Set("grant_type", "client_credentials")

	for range 2 { // the second use of the same assertion is refused
		r := httptest.NewRequest(http.MethodPost, "https://as.example.com/token", strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		fmt.Println(token(r))
	}
	// Output:
	// my-client 200
	// invalid_client 400
}

// ExampleNewSigner_clientSecretJWT is client_secret_jwt (OpenID Connect
// Core 1.0 section 9): HS256 keyed with the client secret.
func ExampleNewSigner_clientSecretJWT() {
	s, err := clientauth.NewSigner(jwt.HS256, []byte("the client secret, 32 bytes or more"), "my-client")
	if err != nil {
		panic(err)
	}
	form, err := s.FormValues("https://as.example.com")
	if err != nil {
		panic(err)
	}
	fmt.Println(form.Get("client_assertion_type"))
	// Output: urn:ietf:params:oauth:client-assertion-type:jwt-bearer
}
