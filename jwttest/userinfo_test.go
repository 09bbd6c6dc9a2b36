package jwttest_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwttest"
	"github.com/jotlib/jwt/userinfo"
)

// userInfoClient is a userinfo.Client of p found by discovery alone
// (OpenID Connect Discovery 1.0 section 3 "userinfo_endpoint"), DPoP-bound
// with dpopSigner when given.
func userInfoClient(t *testing.T, p *jwttest.Provider, mod func(*userinfo.Config)) *userinfo.Client {
	t.Helper()
	cfg := userinfo.Config{Provider: p.Discovery(), ClientID: p.ClientID(), HTTPClient: p.Client()}
	if mod != nil {
		mod(&cfg)
	}
	c, err := userinfo.NewClient(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// OpenID Connect Core 1.0 section 5.3 end to end: a userinfo.Client that
// knows the provider only by discovery fetches, with an access token the
// provider minted with "scope" "openid", the claims SetUserInfo set plus
// "sub", the token's; as a Bearer token (RFC 6750 section 2.1) and
// DPoP-bound (RFC 9449 section 7.1). The "sub" the client expects is the
// ID token's (section 5.3.4): another one is ErrSubjectMismatch.
func TestOIDCCore_5_3_UserInfoClientAgainstProvider(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	p.SetUserInfo(jwttest.DefaultSubject, map[string]any{"name": "Jane Doe", "email": "janedoe@example.com", "email_verified": true})
	ctx := t.Context()

	var got userinfo.Claims
	tok := p.AccessToken(accesstoken.Claims{Scope: "openid profile email"})
	if err := userInfoClient(t, p, nil).Fetch(ctx, tok, jwttest.DefaultSubject, &got); err != nil {
		t.Fatalf("Bearer: %v", err)
	}
	if got.Subject != jwttest.DefaultSubject || got.Name != "Jane Doe" || got.Email != "janedoe@example.com" || !bool(got.EmailVerified) {
		t.Errorf("Bearer: claims %+v", got)
	}
	if err := userInfoClient(t, p, nil).Fetch(ctx, tok, "someone-else", &got); !errors.Is(err, userinfo.ErrSubjectMismatch) {
		t.Errorf("another ID token's sub: %v, want ErrSubjectMismatch", err)
	}

	s := p.DPoPSigner("")
	bound := p.BoundAccessToken(accesstoken.Claims{Scope: "openid"}, s.JKT())
	got = userinfo.Claims{}
	if err := userInfoClient(t, p, func(c *userinfo.Config) { c.DPoP = s }).Fetch(ctx, bound, jwttest.DefaultSubject, &got); err != nil {
		t.Fatalf("DPoP: %v", err)
	}
	if got.Name != "Jane Doe" {
		t.Errorf("DPoP: claims %+v", got)
	}
	// RFC 9449 section 7.2: the bound token without its proof is refused.
	if err := userInfoClient(t, p, nil).Fetch(ctx, bound, jwttest.DefaultSubject, &got); !errors.Is(err, userinfo.ErrInvalidToken) {
		t.Errorf("bound token as Bearer: %v, want ErrInvalidToken", err)
	}

	// An end-user without SetUserInfo gets "sub" alone.
	got = userinfo.Claims{}
	other := p.AccessToken(accesstoken.Claims{Registered: claims.Registered{Subject: "u-2"}, Scope: "openid"})
	if err := userInfoClient(t, p, nil).Fetch(ctx, other, "u-2", &got); err != nil || got.Subject != "u-2" || got.Name != "" {
		t.Errorf("no SetUserInfo: %+v, %v", got, err)
	}
}

// OpenID Connect Core 1.0 section 5.3.3 and RFC 6750 section 3.1: the
// endpoint refuses a token it did not mint for its Audience, one of
// another issuer's or expired, with 401 and WWW-Authenticate Bearer
// error="invalid_token" (userinfo.ErrInvalidToken), a token without
// "openid" with 403 insufficient_scope (userinfo.ErrInsufficientScope), a
// request without a token with 401 and a challenge without error code.
func TestOIDCCore_5_3_3_UserInfoRefusesBadTokens(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	ctx := t.Context()
	c := userInfoClient(t, p, nil)
	var got userinfo.Claims
	for name, tok := range map[string]string{
		"another audience": p.AccessToken(accesstoken.Claims{Registered: claims.Registered{Audience: claims.Audience{"https://other.example"}}, Scope: "openid"}),
		"another issuer":   p.AccessToken(accesstoken.Claims{Registered: claims.Registered{Issuer: "https://evil.example"}, Scope: "openid"}),
		"expired": p.AccessToken(accesstoken.Claims{Registered: claims.Registered{
			IssuedAt: claims.NewNumericDate(p.Now().Add(-2 * time.Hour)), ExpiresAt: claims.NewNumericDate(p.Now().Add(-time.Hour)),
		}, Scope: "openid"}),
		"an ID token": p.IDToken(idtoken.Claims{}),
		"not a JWT":   "opaque-token",
	} {
		if err := c.Fetch(ctx, tok, jwttest.DefaultSubject, &got); !errors.Is(err, userinfo.ErrInvalidToken) {
			t.Errorf("%s: %v, want ErrInvalidToken", name, err)
		}
		status, challenge := userInfoGET(t, p, "Bearer "+tok)
		if status != http.StatusUnauthorized || !strings.HasPrefix(challenge, "Bearer") || !strings.Contains(challenge, `error="invalid_token"`) {
			t.Errorf("%s: %d, WWW-Authenticate %q", name, status, challenge)
		}
	}
	noOpenID := p.AccessToken(accesstoken.Claims{Scope: "profile"})
	if err := c.Fetch(ctx, noOpenID, jwttest.DefaultSubject, &got); !errors.Is(err, userinfo.ErrInsufficientScope) {
		t.Errorf("no openid scope: %v, want ErrInsufficientScope", err)
	}
	if status, challenge := userInfoGET(t, p, ""); status != http.StatusUnauthorized || strings.Contains(challenge, "error=") || !strings.Contains(challenge, "Bearer") {
		t.Errorf("no token: %d, WWW-Authenticate %q", status, challenge)
	}
}

// OpenID Connect Core 1.0 section 5.3.1: GET and POST; a POST may carry
// the token in its form body (RFC 6750 section 2.2); another method is
// 405.
func TestOIDCCore_5_3_1_UserInfoMethods(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	tok := p.AccessToken(accesstoken.Claims{Scope: "openid"})
	post := func(header string, form url.Values) (int, map[string]any) {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, p.Issuer()+jwttest.PathUserInfo, strings.NewReader(form.Encode()))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if header != "" {
			req.Header.Set("Authorization", header)
		}
		resp, err := p.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body map[string]any
		json.NewDecoder(resp.Body).Decode(&body)
		return resp.StatusCode, body
	}
	if status, body := post("Bearer "+tok, nil); status != http.StatusOK || body["sub"] != jwttest.DefaultSubject {
		t.Errorf("POST, header: %d %v", status, body)
	}
	if status, body := post("", url.Values{"access_token": {tok}}); status != http.StatusOK || body["sub"] != jwttest.DefaultSubject {
		t.Errorf("POST, form: %d %v", status, body)
	}
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPut, p.Issuer()+jwttest.PathUserInfo, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := p.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, POST" {
		t.Errorf("PUT: %d, Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
}

// OpenID Connect Discovery 1.0 section 3 and Back-Channel Logout 1.0
// section 2.1: the metadata names the UserInfo Endpoint (typed by jwk as
// ProviderMetadata.UserInfoEndpoint) and says back-channel logout with
// "sid" is supported.
func TestOIDCDiscovery_3_MetadataListsUserInfoAndBackChannelLogout(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	d, err := p.Discover(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	m, ok := d.Metadata()
	if !ok || m.UserInfoEndpoint != p.Issuer()+jwttest.PathUserInfo {
		t.Errorf("userinfo_endpoint: %q (%v)", m.UserInfoEndpoint, ok)
	}
	resp, err := p.Client().Get(p.Issuer() + jwttest.PathOpenIDConfiguration)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var doc map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if doc["backchannel_logout_supported"] != true || doc["backchannel_logout_session_supported"] != true {
		t.Errorf("backchannel_logout_supported %v, backchannel_logout_session_supported %v",
			doc["backchannel_logout_supported"], doc["backchannel_logout_session_supported"])
	}
}

// OpenID Connect Core 1.0 section 5.3.2: "sub" is the token's; a
// SetUserInfo with an empty sub, a "sub" member of another value, or
// claims encoding/json cannot encode fails the test and sets nothing.
func TestOIDCCore_5_3_2_SetUserInfoRefusesWhatCannotBeAnswered(t *testing.T) {
	t.Parallel()
	r := &errRecorder{TB: t}
	p := jwttest.NewProvider(r)
	p.SetUserInfo("", map[string]any{"name": "x"})
	p.SetUserInfo(jwttest.DefaultSubject, map[string]any{"sub": "other", "name": "x"})
	p.SetUserInfo(jwttest.DefaultSubject, map[string]any{"name": func() {}})
	if len(r.errs) != 3 {
		t.Fatalf("Errorf calls: %q", r.errs)
	}
	p.SetUserInfo(jwttest.DefaultSubject, map[string]any{"sub": jwttest.DefaultSubject, "name": "ok"})
	if len(r.errs) != 3 {
		t.Fatalf("a matching sub failed: %q", r.errs)
	}
	var got userinfo.Claims
	tok := p.AccessToken(accesstoken.Claims{Scope: "openid"})
	if err := userInfoClient(t, p, nil).Fetch(t.Context(), tok, jwttest.DefaultSubject, &got); err != nil || got.Name != "ok" {
		t.Errorf("%+v, %v", got, err)
	}
	var nilP *jwttest.Provider
	nilP.SetUserInfo("a", nil) // no panic
}

// userInfoGET sends GET PathUserInfo with the Authorization header given
// ("" for none) and returns the status and WWW-Authenticate.
func userInfoGET(t *testing.T, p *jwttest.Provider, authorization string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, p.Issuer()+jwttest.PathUserInfo, nil)
	if err != nil {
		t.Fatal(err)
	}
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	resp, err := p.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("WWW-Authenticate")
}
