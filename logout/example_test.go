package logout_test

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/logout"
	"github.com/jotlib/jwt/replay"
)

// A relying party's back-channel logout endpoint (sections 2.5 to 2.8):
// the OP posts a logout token; the Handler verifies it and ends the
// sessions it names.
func ExampleHandler() {
	pub, priv, _ := ed25519.GenerateKey(nil)
	v, err := logout.NewVerifier(pub, logout.Config{
		Issuer:   "https://server.example.com",
		ClientID: "s6BhdRkqt3",
		Replay:   replay.NewMemory(0), // share one (replayredis) between instances
	})
	if err != nil {
		panic(err)
	}
	h, err := logout.Handler(v, func(_ context.Context, c *logout.Claims) error {
		fmt.Printf("end session %s of %s at %s\n", c.SessionID, c.Subject, c.Issuer)
		return nil
	})
	if err != nil {
		panic(err)
	}
	srv := httptest.NewTLSServer(h)
	defer srv.Close()

	// The OP's side.
	s, _ := logout.NewSigner(jwt.EdDSA, priv)
	tok, _ := s.Sign(logout.Claims{
		Registered: claims.Registered{Issuer: "https://server.example.com", Subject: "248289761001", Audience: claims.Audience{"s6BhdRkqt3"}},
		SessionID:  "08a5019c-17e1-4977-8f42-65a12843ea02",
	})
	resp, err := srv.Client().PostForm(srv.URL, url.Values{"logout_token": {tok}})
	if err != nil {
		panic(err)
	}
	resp.Body.Close()
	fmt.Println(resp.StatusCode == http.StatusOK, resp.Header.Get("Cache-Control"))
	// Output:
	// end session 08a5019c-17e1-4977-8f42-65a12843ea02 of 248289761001 at https://server.example.com
	// true no-store
}

// Verifying a logout token without the Handler (section 2.6).
func ExampleVerifier_Verify() {
	pub, priv, _ := ed25519.GenerateKey(nil)
	v, _ := logout.NewVerifier(pub, logout.Config{Issuer: "https://server.example.com", ClientID: "s6BhdRkqt3"})
	s, _ := logout.NewSigner(jwt.EdDSA, priv)
	tok, _ := s.Sign(logout.Claims{
		Registered: claims.Registered{Issuer: "https://server.example.com", Subject: "248289761001", Audience: claims.Audience{"s6BhdRkqt3"}},
	})
	c, err := v.Verify(context.Background(), tok)
	fmt.Println(c.Subject, err)
	_, err = v.Verify(context.Background(), tok)
	fmt.Println(err != nil)
	// Output:
	// 248289761001 <nil>
	// true
}
