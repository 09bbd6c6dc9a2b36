package userinfo_test

import (
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/clientauth"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/logout"
	"github.com/jotlib/jwt/userinfo"
)

// TestRFC8725_3_11_OtherKindsRefusedAsSignedResponse: a signed response
// that is another kind of JWT of the same provider, for the same client
// and subject, is refused (ErrResponse): an access token (accesstoken.Signer:
// "typ" at+jwt; untyped, its "scope"), a logout token (logout.Signer:
// "typ" logout+jwt; untyped, its "events"), an ID token with "nonce",
// "at_hash" or "c_hash" (idtoken.Signer; ErrOtherKind), a client assertion
// (clientauth.Signer: its "typ" and its "iss", the client).
func TestRFC8725_3_11_OtherKindsRefusedAsSignedResponse(t *testing.T) {
	o := newOP(t)
	c := o.client(t, nil)
	now := time.Now()
	reg := claims.Registered{Issuer: o.issuer, Subject: subject, Audience: claims.Audience{clientID},
		IssuedAt: claims.NewNumericDate(now), ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)), ID: "j-1"}

	at, err := accesstoken.NewSigner(jwt.ES256, opKey, jwt.WithKeyID("op-1"))
	if err != nil {
		t.Fatal(err)
	}
	accessToken, err := at.Sign(accesstoken.Claims{Registered: reg, ClientID: clientID, Scope: "openid"})
	if err != nil {
		t.Fatal(err)
	}
	lo, err := logout.NewSigner(jwt.ES256, opKey, jwt.WithKeyID("op-1"))
	if err != nil {
		t.Fatal(err)
	}
	logoutToken, err := lo.Sign(logout.Claims{Registered: reg})
	if err != nil {
		t.Fatal(err)
	}
	id, err := idtoken.NewSigner(jwt.ES256, opKey, jwt.WithKeyID("op-1"))
	if err != nil {
		t.Fatal(err)
	}
	ca, err := clientauth.NewSigner(jwt.ES256, opKey, clientID, jwt.WithKeyID("op-1"))
	if err != nil {
		t.Fatal(err)
	}
	assertion, err := ca.Assertion(o.issuer)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]struct {
		token string
		want  error
	}{
		"access token (at+jwt)":          {accessToken, jwt.ErrInvalidType},
		"access token untyped (scope)":   {sign(t, opKey, map[string]any{"iss": o.issuer, "sub": subject, "aud": clientID, "scope": "openid", "client_id": clientID}), userinfo.ErrOtherKind},
		"logout token (logout+jwt)":      {logoutToken, jwt.ErrInvalidType},
		"logout token untyped (events)":  {sign(t, opKey, map[string]any{"iss": o.issuer, "sub": subject, "aud": clientID, "events": map[string]any{logout.EventBackChannelLogout: map[string]any{}}}), userinfo.ErrOtherKind},
		"client assertion":               {assertion, jwt.ErrInvalidType},
		"client assertion untyped (iss)": {sign(t, opKey, map[string]any{"iss": clientID, "sub": clientID, "aud": o.issuer, "jti": "x"}), jwt.ErrInvalidIssuer},
	}
	for _, marker := range []string{"nonce", "at_hash", "c_hash"} {
		ic := idtoken.Claims{Registered: reg}
		switch marker {
		case "nonce":
			ic.Nonce = "n-0S6_WzA2Mj"
		case "at_hash":
			ic.AccessTokenHash = "77QmUPtjPfzWtF2AnpK9RQ"
		case "c_hash":
			ic.CodeHash = "LDktKdoQak3Pk0cnXxCltA"
		}
		tok, err := id.Sign(ic)
		if err != nil {
			t.Fatal(err)
		}
		kinds["ID token with "+marker] = struct {
			token string
			want  error
		}{tok, userinfo.ErrOtherKind}
	}
	for name, k := range kinds {
		o.answer("application/jwt", k.token)
		got, err := fetch(c)
		if !errors.Is(err, userinfo.ErrResponse) || !errors.Is(err, k.want) {
			t.Errorf("%s: %v, want ErrResponse and %v", name, err, k.want)
		}
		if got.Subject != "" {
			t.Errorf("%s: dst written", name)
		}
	}
	// A null marker is no marker (as the profiles read it).
	claims := o.signedClaims()
	claims["nonce"] = nil
	o.answer("application/jwt", sign(t, opKey, claims))
	if _, err := fetch(c); err != nil {
		t.Fatalf("null nonce: %v", err)
	}
}

// TestRFC8725_3_11_SignedResponseRefusedByTheOtherVerifiers: a signed
// UserInfo response ("typ" JWT, no "exp") is no access token: the
// accesstoken Verifier refuses it (its "typ", its missing claims).
func TestRFC8725_3_11_SignedResponseRefusedByTheOtherVerifiers(t *testing.T) {
	o := newOP(t)
	resp := sign(t, opKey, o.signedClaims(), jwt.WithType("JWT"))
	av, err := accesstoken.NewVerifier(&opKey.PublicKey, accesstoken.Config{Issuer: o.issuer, Audience: clientID})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := av.Verify(t.Context(), resp); err == nil {
		t.Fatal("the access token verifier accepted a UserInfo response")
	}
	iv, err := idtoken.NewVerifier(&opKey.PublicKey, idtoken.Config{Issuer: o.issuer, ClientID: clientID})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := iv.Verify(t.Context(), resp, idtoken.Checks{}); !errors.Is(err, jwt.ErrMissingClaim) {
		t.Fatalf("the ID token verifier: %v, want ErrMissingClaim (no exp, iat)", err)
	}
}
