package clientauth_test

import (
	"context"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/clientauth"
	"github.com/jotlib/jwt/idtoken"
)

// worstCase are registered claims another kind of token would need to
// pass as client-1's assertion: "iss" = "sub" = client-1, "aud" the
// authorization server, a "jti", signed with client-1's own key (a client
// that is also a provider, signing its tokens with the key it registered).
func worstCase() claims.Registered {
	return claims.Registered{
		Issuer: testClient, Subject: testClient, Audience: claims.Audience{testIssuer}, ID: "other-kind",
		IssuedAt: claims.NewNumericDate(testNow), ExpiresAt: claims.NewNumericDate(testNow.Add(time.Minute)),
	}
}

// TestRFC8725_3_12_AccessTokenRefusedAsAssertion: an access token
// (accesstoken.Signer: "typ" at+jwt, "scope") is not a client assertion.
func TestRFC8725_3_12_AccessTokenRefusedAsAssertion(t *testing.T) {
	cs := newClients(t)
	s, err := accesstoken.NewSigner(jwt.ES256, cs.keys[testClient])
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(accesstoken.Claims{Registered: worstCase(), ClientID: testClient, Scope: "openid"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = cs.verifier(t, nil).VerifyForm(context.Background(), form(tok))
	refused(t, "access token", err, jwt.ErrInvalidType)
}

// TestRFC8725_3_12_IDTokenRefusedAsAssertion: an ID token with "nonce" is
// refused by its claims; with RequireExplicitType, any ID token ("typ"
// JWT) is, markers or not (without it an ID token whose claims are an
// assertion's is indistinguishable from an RFC 7523 assertion: the reason
// the draft types them).
func TestRFC8725_3_12_IDTokenRefusedAsAssertion(t *testing.T) {
	cs := newClients(t)
	s, err := idtoken.NewSigner(jwt.ES256, cs.keys[testClient])
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(idtoken.Claims{Registered: worstCase(), Nonce: "n-0S6_WzA2Mj"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = cs.verifier(t, nil).VerifyForm(context.Background(), form(tok))
	refused(t, "ID token with nonce", err, clientauth.ErrOtherKind)
	bare, _ := s.Sign(idtoken.Claims{Registered: worstCase()})
	_, err = cs.verifier(t, func(c *clientauth.Config) { c.RequireExplicitType = true }).VerifyForm(context.Background(), form(bare))
	refused(t, "ID token, explicit type required", err, jwt.ErrInvalidType)
}

// TestRFC8725_3_12_LogoutTokenRefusedAsAssertion: a logout token ("typ"
// logout+jwt, "events"; OpenID Connect Back-Channel Logout 1.0 section 2.4)
// is refused by its type, and untyped by its "events".
func TestRFC8725_3_12_LogoutTokenRefusedAsAssertion(t *testing.T) {
	cs := newClients(t)
	cl := map[string]any{
		"iss": testClient, "sub": testClient, "aud": testIssuer, "jti": "logout-1",
		"iat": testNow.Unix(), "exp": testNow.Add(time.Minute).Unix(),
		"events": map[string]any{"http://schemas.openid.net/event/backchannel-logout": map[string]any{}},
	}
	v := cs.verifier(t, nil)
	_, err := v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "logout+jwt", cl)))
	refused(t, "typed logout token", err, jwt.ErrInvalidType)
	_, err = v.VerifyForm(context.Background(), form(cs.raw(t, testClient, "", cl)))
	refused(t, "untyped logout token", err, clientauth.ErrOtherKind)
}

// TestRFC8725_3_11_AssertionRefusedByOtherVerifiers: a client assertion
// (typed client-authentication+jwt) is refused as an access token and as
// an ID token, even by verifiers configured with its issuer and audience.
func TestRFC8725_3_11_AssertionRefusedByOtherVerifiers(t *testing.T) {
	cs := newClients(t)
	tok, err := cs.signer(t, testClient).Assertion(testIssuer)
	if err != nil {
		t.Fatal(err)
	}
	pub := &cs.keys[testClient].PublicKey
	at, err := accesstoken.NewVerifier(pub, accesstoken.Config{Issuer: testClient, Audience: testIssuer, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	_, err = at.Verify(context.Background(), tok)
	refused(t, "as an access token", err, jwt.ErrInvalidType)
	at, err = accesstoken.NewVerifier(pub, accesstoken.Config{Issuer: testClient, Audience: testIssuer, Now: fixedNow, AllowJWTType: true})
	if err != nil {
		t.Fatal(err)
	}
	_, err = at.Verify(context.Background(), tok)
	refused(t, "as an access token, JWT type allowed", err, jwt.ErrInvalidType)
	id, err := idtoken.NewVerifier(pub, idtoken.Config{Issuer: testClient, ClientID: testIssuer, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	_, err = id.Verify(context.Background(), tok, idtoken.Checks{})
	refused(t, "as an ID token", err, jwt.ErrInvalidType)
}
