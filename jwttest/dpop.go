package jwttest

import (
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/dpop"
)

// NewDPoPSigner returns a DPoP proof Signer (RFC 9449 section 4.2) with a
// fresh private key of alg: a client's key, not one of the provider's
// (it is not in the JWK Set). alg is any WithAlgorithm takes ("" is
// DefaultAlgorithm); another is ErrUnsupportedAlgorithm. Use it off the
// test's goroutine; DPoPSigner fails the test instead of returning an
// error. It needs no Provider: a nil one works.
func (p *Provider) NewDPoPSigner(alg jwt.Algorithm) (*dpop.Signer, error) {
	if alg == "" {
		alg = DefaultAlgorithm
	}
	priv, err := generateKey(alg)
	if err != nil {
		return nil, err
	}
	return dpop.NewSigner(alg, priv)
}

// DPoPSigner is NewDPoPSigner that fails the test (t.Fatal) on an error;
// call it from the test's goroutine. Nil for a nil Provider.
//
//	s := p.DPoPSigner(jwt.ES256)
//	tok := p.BoundAccessToken(accesstoken.Claims{}, s.JKT())
//	client := &http.Client{Transport: &dpop.Transport{Signer: s, AccessToken: tok, Base: p.Client().Transport}}
func (p *Provider) DPoPSigner(alg jwt.Algorithm) *dpop.Signer {
	if !p.ok() {
		return nil
	}
	p.t.Helper()
	s, err := p.NewDPoPSigner(alg)
	if err != nil {
		p.t.Fatalf("jwttest: DPoPSigner: %v", err)
	}
	return s
}

// SignBoundAccessToken is SignAccessToken for a DPoP-bound access token
// (RFC 9449 section 6.1): "cnf" {"jkt": jkt}, the RFC 7638 thumbprint of
// the client's proof key (dpop.Signer.JKT), replacing any Confirmation of
// c. A jkt that is not a thumbprint (43 base64url characters), the empty
// one included, mints no token: its error matches jwt.ErrEncoding (the
// Signer's; claims.Confirmation's MarshalJSON refuses it). Mint a token bound to another key
// than the proofs' to test that binding check (RFC 9449 section 4.3 check
// 12).
func (p *Provider) SignBoundAccessToken(c accesstoken.Claims, jkt string) (string, error) {
	c.Confirmation = &claims.Confirmation{JKT: jkt}
	return p.SignAccessToken(c)
}

// BoundAccessToken is SignBoundAccessToken that fails the test (t.Fatal)
// on an error; call it from the test's goroutine. Empty for a nil
// Provider.
func (p *Provider) BoundAccessToken(c accesstoken.Claims, jkt string) string {
	if !p.ok() {
		return ""
	}
	p.t.Helper()
	tok, err := p.SignBoundAccessToken(c, jkt)
	if err != nil {
		p.t.Fatalf("jwttest: BoundAccessToken: %v", err)
	}
	return tok
}
