package jwttest_test

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/jwttest"
	"github.com/jotlib/jwt/logout"
)

// OpenID Connect Back-Channel Logout 1.0 sections 2.4 and 2.6: the
// provider's logout token ("typ" "logout+jwt", its signing key's "kid",
// "iss" Issuer, "aud" ClientID, "sub" DefaultSubject, "iat", "exp", a
// "jti", the event) passes logout.Verifier given p.Discovery(), once
// (step 8: a second delivery is logout.ErrReplayed); with a "sid" and no
// "sub" too; the ID token verifier refuses it (RFC 8725 section 3.11). The
// provider's clock (SetNow) dates it.
func TestOIDCBCL_2_4_ProviderLogoutTokenVerifies(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	v, err := logout.NewVerifier(p.Discovery(), logout.Config{Issuer: p.Issuer(), ClientID: p.ClientID()})
	if err != nil {
		t.Fatal(err)
	}
	tok := p.LogoutToken(logout.Claims{})
	c, err := v.Verify(t.Context(), tok)
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if c.Subject != jwttest.DefaultSubject || c.ID == "" || c.ExpiresAt == nil || c.IssuedAt == nil ||
		c.ExpiresAt.Sub(c.IssuedAt.Time) != logout.DefaultLifetime {
		t.Errorf("claims %+v", c)
	}
	h := jwsHeader(t, tok)
	if h["typ"] != logout.Type || h["kid"] != p.KeyID() || h["alg"] != string(p.Algorithm()) {
		t.Errorf("header %v", h)
	}
	if _, err := v.Verify(t.Context(), tok); !errors.Is(err, logout.ErrReplayed) {
		t.Errorf("second delivery: %v, want ErrReplayed", err)
	}
	c, err = v.Verify(t.Context(), p.LogoutToken(logout.Claims{SessionID: "s-1"}))
	if err != nil || c.Subject != "" || c.SessionID != "s-1" {
		t.Errorf("sid only: %+v, %v", c, err)
	}
	iv, err := idtoken.NewVerifier(p.Discovery(), idtoken.Config{Issuer: p.Issuer(), ClientID: p.ClientID()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := iv.Verify(t.Context(), p.LogoutToken(logout.Claims{}), idtoken.Checks{}); !errors.Is(err, jwt.ErrInvalidType) {
		t.Errorf("idtoken: %v, want ErrInvalidType", err)
	}
	// SetNow dates the token: three minutes ago is past DefaultMaxAge.
	p.SetNow(time.Now().Add(-3 * time.Minute))
	old := p.LogoutToken(logout.Claims{})
	p.SetNow(time.Time{})
	if _, err := v.Verify(t.Context(), old); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Errorf("token dated 3 min ago: %v, want ErrTokenExpired", err)
	}
	var nilP *jwttest.Provider
	if tok, err := nilP.SignLogoutToken(logout.Claims{}); tok != "" || !errors.Is(err, jwttest.ErrNoProvider) {
		t.Errorf("nil Provider: %q, %v", tok, err)
	}
	if nilP.LogoutToken(logout.Claims{}) != "" {
		t.Error("nil Provider minted a logout token")
	}
}

// jwsHeader decodes a compact JWS's header (RFC 7515 section 7.1).
func jwsHeader(t *testing.T, tok string) map[string]any {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(strings.Split(tok, ".")[0])
	if err != nil {
		t.Fatal(err)
	}
	var h map[string]any
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	return h
}
