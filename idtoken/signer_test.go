package idtoken_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
)

// emailClaims is a relying party's claims type with a standard claim of
// section 5.1.
type emailClaims struct {
	idtoken.Claims
	Email         string `json:"email"`
	EmailVerified bool   `json:"email_verified"`
}

// OpenID Connect Core 1.0 section 2: the Signer refuses to mint an ID
// token without "iss", "sub", "aud" (or with an empty audience), "exp" or
// "iat" (jwt.ErrMissingClaim, naming it).
func TestOIDCCore_2_SignerRefusesMissingRequiredClaims(t *testing.T) {
	s, err := idtoken.NewSigner(jwt.EdDSA, idKey)
	if err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string]func(*idtoken.Claims){
		"iss":  func(c *idtoken.Claims) { c.Issuer = "" },
		"sub":  func(c *idtoken.Claims) { c.Subject = "" },
		"aud":  func(c *idtoken.Claims) { c.Audience = nil },
		"aud ": func(c *idtoken.Claims) { c.Audience = claims.Audience{idClient, ""} },
		"exp":  func(c *idtoken.Claims) { c.ExpiresAt = nil },
		"iat":  func(c *idtoken.Claims) { c.IssuedAt = nil },
	} {
		c := idClaims()
		edit(&c)
		tok, err := s.Sign(c)
		if !errors.Is(err, jwt.ErrMissingClaim) || tok != "" || !strings.Contains(err.Error(), strings.TrimSpace(name)) {
			t.Errorf("%s: %q, %v; want ErrMissingClaim naming it", name, tok, err)
		}
	}
	var zero idtoken.Signer
	if _, err := zero.Sign(idClaims()); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("zero Signer: %v", err)
	}
	if s.Algorithm() != jwt.EdDSA || zero.Algorithm() != "" {
		t.Errorf("Algorithm %q, zero %q", s.Algorithm(), zero.Algorithm())
	}
}

// OpenID Connect Core 1.0 section 5.1's standard claims through
// VerifyInto: the caller's type is filled only when every rule passed; a
// refused token's claims are in the *jwt.ValidationError, in a new value of
// the caller's type.
func TestOIDCCore_5_1_VerifyIntoCallersType(t *testing.T) {
	v := idVerifier(t, nil)
	m := idClaimsMap()
	m["email"], m["email_verified"] = "janedoe@example.com", true
	tok := idRaw(t, "JWT", m)
	var dst emailClaims
	if err := v.VerifyInto(idCtx, tok, idtoken.Checks{Nonce: "n-0S6_WzA2Mj"}, &dst); err != nil {
		t.Fatal(err)
	}
	if dst.Email != "janedoe@example.com" || !dst.EmailVerified || dst.Nonce != "n-0S6_WzA2Mj" {
		t.Errorf("got %+v", dst)
	}
	mine := emailClaims{Email: "mine"}
	dst = mine
	err := v.VerifyInto(idCtx, tok, idtoken.Checks{Nonce: "other"}, &dst)
	var ve *jwt.ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, idtoken.ErrInvalidNonce) {
		t.Fatalf("%v", err)
	}
	if dst.Email != "mine" || dst.Subject != "" {
		t.Errorf("the caller's value changed: %+v", dst)
	}
	if got, ok := ve.Token.Claims.(*emailClaims); !ok || got.Email != "janedoe@example.com" {
		t.Errorf("ValidationError claims %T %+v", ve.Token.Claims, ve.Token.Claims)
	}
	if err := v.VerifyInto(idCtx, tok, idtoken.Checks{}, (*emailClaims)(nil)); !errors.Is(err, jwt.ErrEncoding) {
		t.Errorf("nil pointer: %v", err)
	}
}
