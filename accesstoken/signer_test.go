package accesstoken_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
)

// RFC 9068 section 2.2: the Signer refuses to mint a token without any of
// "iss", "exp", "aud", "sub", "client_id", "iat" and "jti"
// (jwt.ErrMissingClaim, naming it); an empty audience is no audience.
func TestRFC9068_2_2_SignerRefusesMissingRequiredClaims(t *testing.T) {
	s, err := accesstoken.NewSigner(jwt.EdDSA, atKey)
	if err != nil {
		t.Fatal(err)
	}
	edits := map[string]func(*accesstoken.Claims){
		"iss":       func(c *accesstoken.Claims) { c.Issuer = "" },
		"exp":       func(c *accesstoken.Claims) { c.ExpiresAt = nil },
		"aud":       func(c *accesstoken.Claims) { c.Audience = nil },
		"aud ":      func(c *accesstoken.Claims) { c.Audience = claims.Audience{""} },
		"sub":       func(c *accesstoken.Claims) { c.Subject = "" },
		"client_id": func(c *accesstoken.Claims) { c.ClientID = "" },
		"iat":       func(c *accesstoken.Claims) { c.IssuedAt = nil },
		"jti":       func(c *accesstoken.Claims) { c.ID = "" },
	}
	for name, edit := range edits {
		c := atClaims()
		edit(&c)
		tok, err := s.Sign(c)
		if !errors.Is(err, jwt.ErrMissingClaim) || tok != "" || !strings.Contains(err.Error(), strings.TrimSpace(name)) {
			t.Errorf("%s: %q, %v; want ErrMissingClaim naming it", name, tok, err)
		}
	}
	if _, err := s.Sign(accesstoken.Claims{}); !errors.Is(err, jwt.ErrMissingClaim) {
		t.Errorf("zero claims: %v", err)
	}
	var zero accesstoken.Signer
	if _, err := zero.Sign(atClaims()); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("zero Signer: %v, want ErrInvalidKey", err)
	}
	if s.Algorithm() != jwt.EdDSA || zero.Algorithm() != "" {
		t.Errorf("Algorithm %q, zero %q", s.Algorithm(), zero.Algorithm())
	}
	if _, err := accesstoken.NewSigner(jwt.HS256, []byte("short")); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("weak key: %v, want ErrInvalidKey", err)
	}
}
