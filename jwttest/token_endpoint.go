package jwttest

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/replay"
)

// tokenResponse is a successful token response (RFC 6749 section 5.1;
// OpenID Connect Core 1.0 section 3.1.3.3).
type tokenResponse struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	ExpiresIn   int64  `json:"expires_in"`
	Scope       string `json:"scope,omitempty"`
	IDToken     string `json:"id_token,omitempty"`
}

// oauthError writes an error response (RFC 6749 section 5.2): JSON
// {"error", "error_description"}, not cached.
func oauthError(w http.ResponseWriter, status int, code, desc string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": code, "error_description": desc})
}

// dpopVerifier is the token endpoint's proof verifier (RFC 9449 section
// 5), made at first use: "htu" is the token endpoint's URL on this
// server; proofs are dated by the real clock (the client's), not Now.
func (p *Provider) dpopVerifier() (*dpop.Verifier, error) {
	p.flow.mu.Lock()
	defer p.flow.mu.Unlock()
	if p.flow.dpop != nil {
		return p.flow.dpop, nil
	}
	v, err := dpop.NewVerifier(dpop.Config{Origins: []string{p.Issuer()}})
	if err != nil {
		return nil, err
	}
	p.flow.dpop = v
	return v, nil
}

// token is the token endpoint (RFC 6749 sections 3.2, 4.1.3, 4.4.2 and 5):
// a POSTed form; client authentication as clientAuth says (a public
// client by default, client_secret_basic or client_secret_post with
// WithClientSecret); grants "authorization_code" (with PKCE, RFC 7636
// section 4.6) and "client_credentials"; a DPoP header binds the access
// token to the proof's key (RFC 9449 section 5).
func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		oauthError(w, http.StatusMethodNotAllowed, "invalid_request", "the token endpoint takes POST (RFC 6749 section 3.2)")
		return
	}
	q, err := oauthParams(w, r, true)
	if err != nil {
		oauthError(w, http.StatusBadRequest, "invalid_request", err.Error())
		return
	}
	clientID, cerr := p.clientAuth(r, q)
	if cerr != "" {
		if r.Header.Get("Authorization") != "" {
			w.Header().Set("WWW-Authenticate", `Basic realm="jwttest"`) // RFC 6749 section 5.2
		}
		oauthError(w, http.StatusUnauthorized, "invalid_client", cerr)
		return
	}
	if clientID != p.ClientID() {
		oauthError(w, http.StatusUnauthorized, "invalid_client", fmt.Sprintf("client_id %q is not this provider's client", clientID))
		return
	}
	q["client_id"] = clientID
	switch q["grant_type"] {
	case "":
		oauthError(w, http.StatusBadRequest, "invalid_request", "grant_type is missing (RFC 6749 section 4.1.3)")
		return
	case "authorization_code", "client_credentials":
	default:
		oauthError(w, http.StatusBadRequest, "unsupported_grant_type", fmt.Sprintf("grant_type %q: only authorization_code and client_credentials are supported", q["grant_type"]))
		return
	}
	if q["resource"] != "" && q["resource"] != p.Audience() {
		oauthError(w, http.StatusBadRequest, "invalid_target", fmt.Sprintf("resource %q is not this provider's audience %q (RFC 8707 section 2)", q["resource"], p.Audience()))
		return
	}
	var proof *dpop.Proof
	if len(r.Header.Values("DPoP")) > 0 {
		v, err := p.dpopVerifier()
		if err == nil {
			proof, err = v.VerifyTokenRequest(r.Context(), r)
		}
		if err != nil {
			if errors.Is(err, replay.ErrUnavailable) {
				w.Header().Set("Retry-After", "1")
				oauthError(w, http.StatusServiceUnavailable, "temporarily_unavailable", err.Error())
				return
			}
			oauthError(w, http.StatusBadRequest, "invalid_dpop_proof", err.Error()+" (RFC 9449 section 5)")
			return
		}
	}
	var resp tokenResponse
	if q["grant_type"] == "authorization_code" {
		resp, err = p.redeemCode(q, proof)
	} else {
		resp, err = p.clientCredentials(q, proof)
	}
	if err != nil {
		var te *tokenError
		if errors.As(err, &te) {
			oauthError(w, http.StatusBadRequest, te.code, te.desc)
		} else {
			oauthError(w, http.StatusInternalServerError, "server_error", err.Error())
		}
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store") // RFC 6749 section 5.1
	w.Header().Set("Pragma", "no-cache")
	json.NewEncoder(w).Encode(resp)
}

// tokenError is a grant refused with an RFC 6749 section 5.2 error code.
type tokenError struct{ code, desc string }

func (e *tokenError) Error() string { return e.code + ": " + e.desc }

func grantErr(code, format string, args ...any) error {
	return &tokenError{code: code, desc: fmt.Sprintf(format, args...)}
}

// redeemCode is the authorization code grant (RFC 6749 section 4.1.3,
// RFC 7636 section 4.6): the code is spent by the first attempt, whatever
// its outcome, and a spent code is invalid_grant (section 4.1.2: "MUST
// deny the request"; the tokens already issued are JWTs the kit cannot
// revoke).
func (p *Provider) redeemCode(q map[string]string, proof *dpop.Proof) (tokenResponse, error) {
	code := q["code"]
	switch {
	case code == "":
		return tokenResponse{}, grantErr("invalid_request", "code is missing (RFC 6749 section 4.1.3)")
	case q["redirect_uri"] == "":
		return tokenResponse{}, grantErr("invalid_request", "redirect_uri is missing (RFC 6749 section 4.1.3: REQUIRED as it was in the authorization request)")
	}
	p.flow.mu.Lock()
	g := p.flow.codes[code]
	delete(p.flow.codes, code)
	spent := p.flow.used[code]
	if g != nil {
		if p.flow.used == nil {
			p.flow.used = map[string]bool{}
		}
		p.flow.used[code] = true
	}
	p.flow.mu.Unlock()
	now := p.Now()
	switch {
	case spent:
		return tokenResponse{}, grantErr("invalid_grant", "the code was already redeemed (RFC 6749 section 4.1.2: single use)")
	case g == nil:
		return tokenResponse{}, grantErr("invalid_grant", "unknown code")
	case now.After(g.expires):
		return tokenResponse{}, grantErr("invalid_grant", "the code expired at %s (lifetime %v, RFC 6749 section 4.1.2)", g.expires.Format(time.RFC3339), CodeLifetime)
	case g.clientID != q["client_id"]:
		return tokenResponse{}, grantErr("invalid_grant", "the code was issued to another client (RFC 6749 section 4.1.3)")
	case g.redirectURI != q["redirect_uri"]:
		return tokenResponse{}, grantErr("invalid_grant", "redirect_uri is not the authorization request's (RFC 6749 section 4.1.3)")
	case !verifierMatches(q["code_verifier"], g.challenge):
		return tokenResponse{}, grantErr("invalid_grant", "code_verifier is missing, malformed or does not match code_challenge (RFC 7636 sections 4.1 and 4.6)")
	}
	if err := dpop.CheckDPoPJKT(g.dpopJKT, proof); err != nil {
		return tokenResponse{}, grantErr("invalid_grant", "%v", err)
	}
	resp, err := p.issue(g.subject, g.scope, g.authTime, proof)
	if err != nil || !hasScope(g.scope, "openid") {
		return resp, err
	}
	opts := []IDOption{WithAZP(g.clientID), WithAuthTime(g.authTime)}
	if g.nonce != "" {
		opts = append(opts, WithNonce(g.nonce))
	}
	k, err := p.signer()
	if err != nil {
		return tokenResponse{}, err
	}
	if _, err := idtoken.LeftHalfHash(k.alg, resp.AccessToken); err == nil {
		opts = append(opts, WithAccessTokenHash(resp.AccessToken)) // none for ML-DSA (OpenID Connect Core 1.0 names no hash)
	}
	resp.IDToken, err = p.SignIDToken(idtoken.Claims{Registered: claims.Registered{Subject: g.subject}}, opts...)
	return resp, err
}

// verifierMatches is RFC 7636 section 4.6 for S256: BASE64URL(SHA256(
// code_verifier)) == code_challenge, with code_verifier 43 to 128
// unreserved characters (section 4.1).
func verifierMatches(verifier, challenge string) bool {
	if len(verifier) < 43 || len(verifier) > 128 {
		return false
	}
	for i := 0; i < len(verifier); i++ {
		c := verifier[i]
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0) {
			return false
		}
	}
	sum := sha256.Sum256([]byte(verifier))
	return subtle.ConstantTimeCompare([]byte(b64url.EncodeToString(sum[:])), []byte(challenge)) == 1
}

// clientCredentials is the client credentials grant (RFC 6749 section
// 4.4.2): the token's "sub" is the client (RFC 9068 section 2.2). It has
// no end-user, so "openid" is invalid_scope: no ID token is issued.
func (p *Provider) clientCredentials(q map[string]string, proof *dpop.Proof) (tokenResponse, error) {
	scope, ok := scopeTokens(q["scope"])
	if !ok {
		return tokenResponse{}, grantErr("invalid_scope", "scope is not space-separated scope-tokens (RFC 6749 section 3.3)")
	}
	if hasScope(scope, "openid") {
		return tokenResponse{}, grantErr("invalid_scope", "openid needs an end-user: the client credentials grant issues no ID token (OpenID Connect Core 1.0 section 3.1.2.1)")
	}
	return p.issue(q["client_id"], scope, time.Time{}, proof)
}

// issue mints the access token (RFC 9068) for sub, bound to the proof's
// key when there is one (RFC 9449 section 6.1, "token_type" "DPoP").
func (p *Provider) issue(sub, scope string, authTime time.Time, proof *dpop.Proof) (tokenResponse, error) {
	now := p.Now()
	c := accesstoken.Claims{
		Registered: claims.Registered{
			Subject:   sub,
			IssuedAt:  claims.NewNumericDate(now),
			ExpiresAt: claims.NewNumericDate(now.Add(DefaultLifetime)),
		},
		Scope:        scope,
		Confirmation: proof.Confirmation(),
	}
	if !authTime.IsZero() {
		c.AuthTime = claims.NewNumericDate(authTime)
	}
	at, err := p.SignAccessToken(c)
	if err != nil {
		return tokenResponse{}, err
	}
	typ := "Bearer"
	if proof != nil {
		typ = dpop.TokenType
	}
	return tokenResponse{AccessToken: at, TokenType: typ, ExpiresIn: int64(DefaultLifetime / time.Second), Scope: scope}, nil
}
