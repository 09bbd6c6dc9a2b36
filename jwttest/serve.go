package jwttest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"time"

	"github.com/jotlib/jwt/jwk"
)

// serve answers one request: counts it, applies path's faults, then serves
// the document.
func (p *Provider) serve(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	p.requests[r.URL.Path]++
	var f fault
	if pf := p.faults[r.URL.Path]; pf != nil {
		f = *pf
	}
	p.mu.Unlock()

	if f.delay > 0 {
		timer := time.NewTimer(f.delay)
		select {
		case <-timer.C:
		case <-r.Context().Done():
			timer.Stop()
			return
		case <-p.done:
			timer.Stop()
			return
		}
	}
	if f.status != 0 {
		if f.status == http.StatusTooManyRequests || f.status == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "1")
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(f.status)
		w.Write([]byte(`{"error":"jwttest_fault"}`))
		return
	}

	var body []byte
	var err error
	status := http.StatusOK
	contentType := "application/json"
	switch r.URL.Path {
	case PathOpenIDConfiguration, PathOAuthAuthorizationServer:
		body, err = p.metadata()
	case PathJWKS:
		body, err = p.jwks()
		contentType = "application/jwk-set+json" // RFC 7517 section 8.5.1
	default:
		var h http.Handler
		switch r.URL.Path {
		case PathAuthorize:
			h = http.HandlerFunc(p.authorize)
		case PathToken:
			h = http.HandlerFunc(p.token)
		case PathUserInfo:
			h = http.HandlerFunc(p.serveUserInfo)
		default:
			p.mu.Lock()
			h = p.resources[r.URL.Path]
			p.mu.Unlock()
		}
		if h == nil {
			http.NotFound(w, r)
			return
		}
		if f.body == BodyIntact {
			h.ServeHTTP(w, r)
			return
		}
		// Spoil the body only: the endpoint's status and headers (a 302's
		// Location, a 400's Cache-Control) are the answer's.
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		body = rec.Body.Bytes()
		status = rec.Code
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		if ct := rec.Header().Get("Content-Type"); ct != "" {
			contentType = ct
		}
		w.Header().Del("Content-Length")
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", contentType)
	switch f.body {
	case BodyTruncated:
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(status)
		w.Write(body[:len(body)/2])
		return // net/http closes the connection: the body is short
	case BodyGarbage:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write([]byte("<html><body>502 Bad Gateway</body></html>\n"))
		return
	}
	w.Write(body)
}

// metadata is the discovery document: OpenID Connect Discovery 1.0 section
// 3's REQUIRED members, which RFC 8414 section 2 shares or allows, and
// what the authorization and token endpoints do (authorize.go,
// token_endpoint.go): the code flow only, query response mode, public
// clients ("none") or, with WithClientSecret, client_secret_basic and
// client_secret_post, PKCE S256, "iss" in the authorization response (RFC
// 9207 section 3), DPoP proofs at the token endpoint (RFC 9449 section
// 5.1), no request objects (whose OpenID default is "supported"), the
// UserInfo Endpoint (OpenID Connect Core 1.0 section 5.3; userinfo.go) and
// back-channel logout with "sid" (OpenID Connect Back-Channel Logout 1.0
// section 2.1: LogoutToken mints the tokens; the provider sends none).
func (p *Provider) metadata() ([]byte, error) {
	iss := p.Issuer()
	p.mu.Lock()
	algs := []string{}
	seen := map[string]bool{}
	for _, k := range p.keys {
		if a := string(k.alg); !seen[a] {
			seen[a] = true
			algs = append(algs, a)
		}
	}
	p.mu.Unlock()
	v, err := p.dpopVerifier()
	if err != nil {
		return nil, err
	}
	authMethods := []string{"none"}
	if p.cfg.clientSecret != "" {
		authMethods = []string{"client_secret_basic", "client_secret_post"} // RFC 8414 section 2
	}
	return json.Marshal(map[string]any{
		"issuer":                                         iss,
		"authorization_endpoint":                         iss + PathAuthorize,
		"token_endpoint":                                 iss + PathToken,
		"userinfo_endpoint":                              iss + PathUserInfo,
		"jwks_uri":                                       iss + PathJWKS,
		"response_types_supported":                       []string{"code"},
		"response_modes_supported":                       []string{"query"},
		"subject_types_supported":                        []string{"public"},
		"id_token_signing_alg_values_supported":          algs,
		"grant_types_supported":                          []string{"authorization_code", "client_credentials"},
		"token_endpoint_auth_methods_supported":          authMethods,
		"code_challenge_methods_supported":               []string{"S256"},
		"scopes_supported":                               []string{"openid"},
		"claims_supported":                               []string{"iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "azp", "at_hash"},
		"authorization_response_iss_parameter_supported": true,
		"dpop_signing_alg_values_supported":              v.Algorithms(),
		"request_parameter_supported":                    false,
		"request_uri_parameter_supported":                false,
		"backchannel_logout_supported":                   true,
		"backchannel_logout_session_supported":           true,
	})
}

// jwks is the JWK Set document (RFC 7517 section 5) of the published
// keys' public halves, with the odd key last when SetOddKey is on.
func (p *Provider) jwks() ([]byte, error) {
	p.mu.Lock()
	keys := make([]*jwk.Key, len(p.keys))
	for i, k := range p.keys {
		keys[i] = k.public
	}
	odd := p.oddKey
	p.mu.Unlock()
	doc, err := jwk.NewSet(keys...).MarshalJSON()
	if err != nil || !odd {
		return doc, err
	}
	// {"keys":[...]} → {"keys":[...,ODD]}
	i := bytes.LastIndexByte(doc, ']')
	if i < 0 {
		return doc, nil
	}
	oddKey := `{"kty":"jwttest-unknown","kid":"` + OddKeyID + `","use":"sig"}`
	sep := ","
	if len(keys) == 0 {
		sep = ""
	}
	out := append([]byte{}, doc[:i]...)
	out = append(out, sep+oddKey...)
	return append(out, doc[i:]...), nil
}
