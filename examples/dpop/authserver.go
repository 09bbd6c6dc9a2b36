package main

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/dpop"
)

// tokenEndpoint is the authorization server's token endpoint (RFC 6749
// section 3.2) issuing DPoP-bound access tokens (RFC 9449 section 5) by the
// client credentials grant (RFC 6749 section 4.4).
type tokenEndpoint struct {
	issuer, audience string              // "iss", and "aud": the resource server's identifier (RFC 8707)
	clientID, secret string              // the one confidential client (RFC 6749 section 2.3.1)
	proofs           *dpop.Verifier      // Origins: this server's own; Nonces: dpop.NewHMACNonces
	tokens           *accesstoken.Signer // the server's signing key (RFC 9068)
}

func (e *tokenEndpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store") // RFC 6749 section 5.1
	proof, err := e.proofs.VerifyTokenRequest(r.Context(), r)
	switch {
	case errors.Is(err, dpop.ErrUseNonce): // section 8: the client retries with this nonce
		if nonce, err := e.proofs.NewNonce(); err == nil {
			w.Header().Set("DPoP-Nonce", nonce)
		}
		tokenError(w, http.StatusBadRequest, "use_dpop_nonce")
		return
	case errors.Is(err, dpop.ErrInvalidProof): // no proof, or one failing a check of section 4.3
		tokenError(w, http.StatusBadRequest, "invalid_dpop_proof")
		return
	case err != nil: // the replay store cannot tell (replay.ErrUnavailable): refuse
		http.Error(w, "try again later", http.StatusServiceUnavailable)
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok || id != e.clientID || subtle.ConstantTimeCompare([]byte(secret), []byte(e.secret)) != 1 {
		w.Header().Set("WWW-Authenticate", `Basic realm="token"`)
		tokenError(w, http.StatusUnauthorized, "invalid_client")
		return
	}
	if r.PostFormValue("grant_type") != "client_credentials" { // an authorization code grant would also check dpop.CheckDPoPJKT (section 10)
		tokenError(w, http.StatusBadRequest, "unsupported_grant_type")
		return
	}
	now := time.Now()
	at, err := e.tokens.Sign(accesstoken.Claims{
		Registered: claims.Registered{
			Issuer: e.issuer, Subject: id, Audience: claims.Audience{e.audience}, ID: rand.Text(),
			IssuedAt: claims.NewNumericDate(now), ExpiresAt: claims.NewNumericDate(now.Add(5 * time.Minute)),
		},
		ClientID:     id,
		Scope:        "items:read",
		Confirmation: proof.Confirmation(), // "cnf": {"jkt": the proof key's thumbprint} (section 6.1)
	})
	if err != nil {
		http.Error(w, "cannot sign", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{ // RFC 6749 section 5.1
		"access_token": at, "token_type": dpop.TokenType, "expires_in": 300, "scope": "items:read",
	})
}

// tokenError answers an error response of RFC 6749 section 5.2.
func tokenError(w http.ResponseWriter, status int, code string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": code})
}
