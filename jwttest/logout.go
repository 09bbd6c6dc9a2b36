package jwttest

import (
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/logout"
)

// SignLogoutToken mints a logout token (OpenID Connect Back-Channel Logout
// 1.0 section 2.4) with the signing key through logout.Signer: "typ"
// "logout+jwt", the back-channel logout event, a random "jti". The claims
// c leaves zero are defaulted: "iss" Issuer, "aud" ClientID, "sub"
// DefaultSubject when c has neither "sub" nor "sid", "iat" Now, "exp"
// "iat" plus logout.DefaultLifetime (section 4: two minutes). Set a field
// to override it. Verify it with logout.NewVerifier(p.Discovery(), ...).
// Use it off the test's goroutine; LogoutToken fails the test instead of
// returning an error.
func (p *Provider) SignLogoutToken(c logout.Claims) (string, error) {
	k, err := p.signer()
	if err != nil {
		return "", err
	}
	r := &c.Registered
	if r.Issuer == "" {
		r.Issuer = p.Issuer()
	}
	if len(r.Audience) == 0 {
		r.Audience = claims.Audience{p.cfg.clientID}
	}
	if r.Subject == "" && c.SessionID == "" {
		r.Subject = DefaultSubject
	}
	if r.IssuedAt == nil {
		r.IssuedAt = claims.NewNumericDate(p.Now())
	}
	if r.ExpiresAt == nil {
		r.ExpiresAt = claims.NewNumericDate(r.IssuedAt.Add(logout.DefaultLifetime))
	}
	return k.lo.Sign(c)
}

// LogoutToken is SignLogoutToken that fails the test (t.Fatal) on an
// error; call it from the test's goroutine. Empty for a nil Provider.
func (p *Provider) LogoutToken(c logout.Claims) string {
	if !p.ok() {
		return ""
	}
	p.t.Helper()
	tok, err := p.SignLogoutToken(c)
	if err != nil {
		p.t.Fatalf("jwttest: LogoutToken: %v", err)
	}
	return tok
}
