package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// client holds the DPoP key its tokens are bound to (RFC 9449 section
// 4.2), which stays in memory, never sent, for as long as the tokens live,
// and one dpop.Transport for every server: it signs a proof for each
// request and keeps each server's last DPoP-Nonce (section 8).
type client struct {
	signer           *dpop.Signer
	http             *http.Client
	clientID, secret string
}

func newClient(base http.RoundTripper, clientID, secret string) (*client, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	signer, err := dpop.NewSigner(jwt.ES256, key)
	if err != nil {
		return nil, err
	}
	hc := &http.Client{Transport: &dpop.Transport{Signer: signer, Base: base}} // Base nil: http.DefaultTransport
	return &client{signer: signer, http: hc, clientID: clientID, secret: secret}, nil
}

// token asks the token endpoint for an access token bound to the key
// (section 5). The Transport signs a proof for the request and, when the
// server answers use_dpop_nonce, retries once with its nonce (section 8).
func (c *client) token(ctx context.Context, tokenURL string) (string, error) {
	form := url.Values{"grant_type": {"client_credentials"}}.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, tokenURL, strings.NewReader(form))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(c.clientID, c.secret)
	resp, err := c.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var tr struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		Error       string `json:"error"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&tr); err != nil || resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("token endpoint: %s %q %v", resp.Status, tr.Error, err)
	}
	if tr.TokenType != dpop.TokenType { // a Bearer token would be usable by whoever steals it
		return "", fmt.Errorf("token endpoint: token_type %q, want %q", tr.TokenType, dpop.TokenType)
	}
	return tr.AccessToken, nil
}

// get calls the API with "Authorization: DPoP <token>" and a fresh proof
// holding the token's hash, "ath" (section 7.1); a use_dpop_nonce
// challenge is retried once with the server's nonce (section 9).
func (c *client) get(ctx context.Context, apiURL, accessToken string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, apiURL, nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "DPoP "+accessToken)
	resp, err := c.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("%s: %s", resp.Status, resp.Header.Values("WWW-Authenticate"))
	}
	return string(body), err
}
