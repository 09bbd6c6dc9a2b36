package jwttest

import (
	"crypto/rand"
	"fmt"
	"time"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
)

// signer returns the key that signs now.
func (p *Provider) signer() (*signingKey, error) {
	if !p.ok() {
		return nil, ErrNoProvider
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.keys[0], nil
}

// defaults fills the registered claims c leaves zero: "iss" the issuer,
// "sub" DefaultSubject, "aud" aud, "iat" Now, "exp" "iat" plus
// DefaultLifetime, "jti" random (RFC 7519 section 4.1).
func (p *Provider) defaults(r *claims.Registered, aud string, jti bool) {
	now := p.Now()
	if r.Issuer == "" {
		r.Issuer = p.Issuer()
	}
	if r.Subject == "" {
		r.Subject = DefaultSubject
	}
	if len(r.Audience) == 0 {
		r.Audience = claims.Audience{aud}
	}
	if r.IssuedAt == nil {
		r.IssuedAt = claims.NewNumericDate(now)
	}
	if r.ExpiresAt == nil {
		r.ExpiresAt = claims.NewNumericDate(r.IssuedAt.Add(DefaultLifetime))
	}
	if jti && r.ID == "" {
		r.ID = rand.Text()
	}
}

// SignAccessToken mints a JWT access token (RFC 9068 section 2) with the
// signing key, "typ" "at+jwt" (section 2.1). The claims c leaves zero are
// defaulted (section 2.2's required ones): "iss" Issuer, "aud" Audience,
// "sub" DefaultSubject, "client_id" ClientID, "iat" Now, "exp" "iat" plus
// DefaultLifetime, "jti" random. Set a field to override it. "scope" is not
// defaulted: the token carries none unless c.Scope says so, and
// PathUserInfo answers 403 insufficient_scope to a token without "openid"
// (OpenID Connect Core 1.0 section 5.3): mint one for the UserInfo
// Endpoint with accesstoken.Claims{Scope: "openid"}. Use it off the test's
// goroutine; AccessToken fails the test instead of returning an error.
func (p *Provider) SignAccessToken(c accesstoken.Claims) (string, error) {
	k, err := p.signer()
	if err != nil {
		return "", err
	}
	p.defaults(&c.Registered, p.cfg.audience, true)
	if c.ClientID == "" {
		c.ClientID = p.cfg.clientID
	}
	return k.at.Sign(c)
}

// AccessToken is SignAccessToken that fails the test (t.Fatal) on an error;
// call it from the test's goroutine. Empty for a nil Provider. For
// PathUserInfo mint with Scope: "openid"
// (p.AccessToken(accesstoken.Claims{Scope: "openid"})): no "scope" is
// defaulted, and the UserInfo Endpoint refuses a token without "openid"
// (403 insufficient_scope, OpenID Connect Core 1.0 section 5.3).
func (p *Provider) AccessToken(c accesstoken.Claims) string {
	if !p.ok() {
		return ""
	}
	p.t.Helper()
	tok, err := p.SignAccessToken(c)
	if err != nil {
		p.t.Fatalf("jwttest: AccessToken: %v", err)
	}
	return tok
}

// IDOption adds a claim to an ID token (OpenID Connect Core 1.0 section 2).
type IDOption func(*idOptions)

type idOptions struct {
	nonce, azp        string
	authTime          time.Time
	accessToken, code string
	hashAccess        bool
	hashCode          bool
	hasAuthTime       bool
}

// WithNonce writes "nonce" (OpenID Connect Core 1.0 section 2; checked by
// step 11 of section 3.1.3.7).
func WithNonce(nonce string) IDOption { return func(o *idOptions) { o.nonce = nonce } }

// WithAZP writes "azp", the authorized party (OpenID Connect Core 1.0
// section 2).
func WithAZP(azp string) IDOption { return func(o *idOptions) { o.azp = azp } }

// WithAuthTime writes "auth_time" (OpenID Connect Core 1.0 section 2),
// when the end-user authenticated; the zero time writes the provider's Now.
func WithAuthTime(t time.Time) IDOption {
	return func(o *idOptions) { o.authTime, o.hasAuthTime = t, true }
}

// WithAccessTokenHash writes "at_hash" of accessToken (OpenID Connect
// Core 1.0 sections 3.1.3.6 and 3.2.2.10): the left half of its hash with
// the signing algorithm's hash function (idtoken.LeftHalfHash). OpenID
// Connect Core names none for ML-DSA: with an ML-DSA key the token is not
// minted (jwt.ErrAlgorithmNotAllowed, as for WithCodeHash).
func WithAccessTokenHash(accessToken string) IDOption {
	return func(o *idOptions) { o.accessToken, o.hashAccess = accessToken, true }
}

// WithCodeHash writes "c_hash" of the authorization code (OpenID Connect
// Core 1.0 section 3.3.2.11), as idtoken.LeftHalfHash computes it.
func WithCodeHash(code string) IDOption {
	return func(o *idOptions) { o.code, o.hashCode = code, true }
}

// SignIDToken mints an ID token (OpenID Connect Core 1.0 section 2) with
// the signing key, "typ" "JWT". The claims c leaves zero are defaulted
// (section 2's required ones): "iss" Issuer, "aud" ClientID, "sub"
// DefaultSubject, "iat" Now, "exp" "iat" plus DefaultLifetime; opts add
// "nonce", "azp", "auth_time", "at_hash" and "c_hash" (an option wins over
// the field of c). Use it off the test's goroutine; IDToken fails the
// test instead of returning an error.
func (p *Provider) SignIDToken(c idtoken.Claims, opts ...IDOption) (string, error) {
	k, err := p.signer()
	if err != nil {
		return "", err
	}
	if err := p.idDefaults(k, &c, opts); err != nil {
		return "", err
	}
	return k.id.Sign(c)
}

// idDefaults fills the zero claims of c and applies opts, as SignIDToken
// documents, for a token signed with k.
func (p *Provider) idDefaults(k *signingKey, c *idtoken.Claims, opts []IDOption) error {
	var o idOptions
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	p.defaults(&c.Registered, p.cfg.clientID, false)
	if o.nonce != "" {
		c.Nonce = o.nonce
	}
	if o.azp != "" {
		c.AuthorizedParty = o.azp
	}
	if o.hasAuthTime {
		at := o.authTime
		if at.IsZero() {
			at = p.Now()
		}
		c.AuthTime = claims.NewNumericDate(at)
	}
	var err error
	if o.hashAccess {
		if c.AccessTokenHash, err = idtoken.LeftHalfHash(k.alg, o.accessToken); err != nil {
			return fmt.Errorf("jwttest: at_hash: %w", err)
		}
	}
	if o.hashCode {
		if c.CodeHash, err = idtoken.LeftHalfHash(k.alg, o.code); err != nil {
			return fmt.Errorf("jwttest: c_hash: %w", err)
		}
	}
	return nil
}

// IDToken is SignIDToken that fails the test (t.Fatal) on an error; call
// it from the test's goroutine. Empty for a nil Provider.
func (p *Provider) IDToken(c idtoken.Claims, opts ...IDOption) string {
	if !p.ok() {
		return ""
	}
	p.t.Helper()
	tok, err := p.SignIDToken(c, opts...)
	if err != nil {
		p.t.Fatalf("jwttest: IDToken: %v", err)
	}
	return tok
}
