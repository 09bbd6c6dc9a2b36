package dpop_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/dpop"
)

// An authorization server's token endpoint (RFC 9449 section 5): it
// verifies the proof, checks the code's dpop_jkt (section 10), and issues
// an access token bound to the proof's key ("cnf" "jkt", section 6.1) with
// token_type DPoP.
func ExampleVerifier_VerifyTokenRequest() {
	_, asKey, _ := ed25519.GenerateKey(rand.Reader)
	tokens, err := accesstoken.NewSigner(jwt.EdDSA, asKey)
	if err != nil {
		panic(err)
	}
	clientKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	client, _ := dpop.NewSigner(jwt.ES256, clientKey)
	codeBoundTo := client.JKT() // the dpop_jkt the authorization request carried

	var verifier *dpop.Verifier
	as := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		proof, err := verifier.VerifyTokenRequest(r.Context(), r)
		if err == nil {
			err = dpop.CheckDPoPJKT(codeBoundTo, proof)
		}
		if err != nil {
			http.Error(w, `{"error":"invalid_dpop_proof"}`, http.StatusBadRequest)
			return
		}
		now := time.Now()
		at, _ := tokens.Sign(accesstoken.Claims{
			Registered: claims.Registered{Issuer: "https://as.example.com", Subject: "alice", Audience: claims.Audience{"https://rs.example.com"},
				ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)), IssuedAt: claims.NewNumericDate(now), ID: "at-1"},
			ClientID:     "s6BhdRkqt3",
			Confirmation: proof.Confirmation(), // {"jkt": the client key's thumbprint}
		})
		_ = json.NewEncoder(w).Encode(map[string]any{"access_token": at, "token_type": dpop.TokenType, "expires_in": 3600})
	}))
	defer as.Close()
	verifier, err = dpop.NewVerifier(dpop.Config{Origins: []string{as.URL}}) // the token endpoint's own origin
	if err != nil {
		panic(err)
	}

	c := &http.Client{Transport: &dpop.Transport{Signer: client, Base: as.Client().Transport}}
	resp, err := c.PostForm(as.URL+"/token", url.Values{"grant_type": {"authorization_code"}, "code": {"SplxlOBeZQQYbYS6WxSbIA"}})
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var tr struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&tr)
	v, _ := accesstoken.NewVerifier(asKey.Public(), accesstoken.Config{Issuer: "https://as.example.com", Audience: "https://rs.example.com"})
	got, err := v.Verify(context.Background(), tr.AccessToken)
	if err != nil {
		panic(err)
	}
	fmt.Println(tr.TokenType, got.Confirmation.JKT == client.JKT(), strings.Count(tr.AccessToken, "."))
	// Output: DPoP true 2
}
