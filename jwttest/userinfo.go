package jwttest

import (
	"encoding/json"
	"maps"
	"net/http"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwthttp"
)

// SetUserInfo sets the claims the UserInfo Endpoint (PathUserInfo; OpenID
// Connect Core 1.0 section 5.3) answers for the end-user sub, beside "sub"
// itself (section 5.3.2); nil claims answer "sub" alone. The map is
// copied. An empty sub, a "sub" member other than sub, or claims that
// encoding/json cannot encode fail the test (t.Errorf) and set nothing.
func (p *Provider) SetUserInfo(sub string, claims map[string]any) {
	if !p.ok() {
		return
	}
	p.t.Helper()
	if sub == "" {
		p.t.Errorf("jwttest: SetUserInfo: empty sub (OpenID Connect Core 1.0 section 5.3.2: \"sub\" MUST be returned)")
		return
	}
	if v, ok := claims["sub"]; ok && v != sub {
		p.t.Errorf("jwttest: SetUserInfo: claims hold \"sub\" %v, not %q: the endpoint answers the token's \"sub\" (section 5.3.2)", v, sub)
		return
	}
	if _, err := json.Marshal(claims); err != nil {
		p.t.Errorf("jwttest: SetUserInfo: %v", err)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.userInfo == nil {
		p.userInfo = map[string]map[string]any{}
	}
	p.userInfo[sub] = maps.Clone(claims)
}

// serveUserInfo is the UserInfo Endpoint (OpenID Connect Core 1.0 section
// 5.3), a protected resource of jwthttp's Middleware (the one a resource
// server built on this module runs): GET or POST (section 5.3.1) with an
// access token this provider minted, verified with its published keys as
// an RFC 9068 access token ("iss" Issuer, "aud" Audience, "typ" "at+jwt",
// on the provider's clock), in the Authorization header as a Bearer token
// (RFC 6750 section 2.1) or, for a POST, the form body (section 2.2), or
// DPoP-bound with its proof (RFC 9449 section 7.1; a bound token sent as
// a Bearer token is refused). The token's "scope" must hold "openid"
// (section 5.3: the endpoint returns claims "as requested by the openid
// scope"). It answers 200 application/json {"sub": the token's "sub",
// plus SetUserInfo's claims}; a missing token a 401 with a challenge
// without error code, a bad one a 401 with WWW-Authenticate error
// "invalid_token" (or "invalid_dpop_proof"), a token without "openid" a
// 403 "insufficient_scope" (RFC 6750 section 3.1, section 5.3.3); another
// method a 405.
func (p *Provider) serveUserInfo(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodPost {
		w.Header().Set("Allow", "GET, POST")
		oauthError(w, http.StatusMethodNotAllowed, "invalid_request", "the UserInfo Endpoint takes GET or POST (OpenID Connect Core 1.0 section 5.3.1)")
		return
	}
	mw, err := p.userInfoMiddleware()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	mw.Handler(http.HandlerFunc(p.answerUserInfo)).ServeHTTP(w, r)
}

// userInfoMiddleware is the endpoint's token check, made per request so
// that it verifies with the keys published now (Rotate).
func (p *Provider) userInfoMiddleware() (*jwthttp.Middleware[*accesstoken.Claims], error) {
	v, err := accesstoken.NewVerifier(p.Set(), accesstoken.Config{Issuer: p.Issuer(), Audience: p.cfg.audience, Now: p.Now})
	if err != nil {
		return nil, err
	}
	proofs, err := p.dpopVerifier()
	if err != nil {
		return nil, err
	}
	return jwthttp.New(jwthttp.AccessTokens(v),
		jwthttp.WithSources(jwthttp.Sources{Form: true}),
		jwthttp.WithDPoP(proofs, jwthttp.DPoPAllowed),
		jwthttp.RequireScopes("openid"),
	)
}

// answerUserInfo writes the verified token's end-user's claims (section
// 5.3.2): SetUserInfo's, then "sub", the token's.
func (p *Provider) answerUserInfo(w http.ResponseWriter, r *http.Request) {
	c, ok := jwthttp.ClaimsFrom[*accesstoken.Claims](r.Context())
	if !ok || c == nil || c.Subject == "" {
		// Unreachable: RFC 9068 section 2.2 requires "sub", which the
		// verifier checks.
		w.Header().Set("WWW-Authenticate", jwthttp.Challenge{Error: "invalid_token", Description: "the access token names no end-user"}.String())
		oauthError(w, http.StatusUnauthorized, "invalid_token", "the access token names no end-user (\"sub\")")
		return
	}
	p.mu.Lock()
	body := maps.Clone(p.userInfo[c.Subject])
	p.mu.Unlock()
	if body == nil {
		body = map[string]any{}
	}
	body["sub"] = c.Subject
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(body)
}
