package logout_test

import (
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/logout"
)

// TestRFC8725_3_12_IDTokenRefusedAsLogoutToken: an ID token of the same
// issuer, for the same client, signed with the same key (section 2.6 step
// 2), is refused: no back-channel logout event, and its "nonce" (section
// 4.1, Cross-JWT Confusion).
func TestRFC8725_3_12_IDTokenRefusedAsLogoutToken(t *testing.T) {
	s, err := idtoken.NewSigner(jwt.EdDSA, loKey)
	if err != nil {
		t.Fatal(err)
	}
	c := idtoken.Claims{Registered: claims.Registered{
		Issuer: loIssuer, Subject: "248289761001", Audience: claims.Audience{loClient},
		IssuedAt: claims.NewNumericDate(loNow.Add(-time.Second)), ExpiresAt: claims.NewNumericDate(loNow.Add(time.Hour)), ID: "id-1",
	}}
	for _, nonce := range []string{"", "n-0S6_WzA2Mj"} {
		c.Nonce = nonce
		tok, err := s.Sign(c)
		if err != nil {
			t.Fatal(err)
		}
		// typ "JWT": refused by the type rule, and by the claims once
		// "JWT" is allowed.
		if _, err := loVerifier(t, nil).Verify(loCtx, tok); !errors.Is(err, jwt.ErrInvalidType) {
			t.Errorf("nonce %q: err %v, want ErrInvalidType", nonce, err)
		}
		_, err = loVerifier(t, allowJWT).Verify(loCtx, tok)
		if !errors.Is(err, jwt.ErrMissingClaim) {
			t.Errorf("nonce %q, AllowJWTType: err %v, want ErrMissingClaim (no events)", nonce, err)
		}
	}
	untyped, err := idtoken.NewSigner(jwt.EdDSA, loKey, jwt.WithType(""))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := untyped.Sign(c)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := loVerifier(t, nil).Verify(loCtx, tok); !errors.Is(err, jwt.ErrMissingClaim) {
		t.Errorf("untyped ID token: err %v, want ErrMissingClaim (no events)", err)
	}
}

func allowJWT(c *logout.Config) { c.AllowJWTType = true }

// TestRFC8725_3_11_AccessTokenRefusedAsLogoutToken: an RFC 9068 access
// token ("typ" "at+jwt") of the same issuer is refused by its "typ".
func TestRFC8725_3_11_AccessTokenRefusedAsLogoutToken(t *testing.T) {
	s, err := accesstoken.NewSigner(jwt.EdDSA, loKey)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(accesstoken.Claims{
		Registered: claims.Registered{
			Issuer: loIssuer, Subject: "248289761001", Audience: claims.Audience{loClient},
			IssuedAt: claims.NewNumericDate(loNow.Add(-time.Second)), ExpiresAt: claims.NewNumericDate(loNow.Add(time.Hour)), ID: "at-1",
		},
		ClientID: loClient,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, edit := range []func(*logout.Config){nil, allowJWT} {
		if _, err := loVerifier(t, edit).Verify(loCtx, tok); !errors.Is(err, jwt.ErrInvalidType) {
			t.Errorf("err %v, want ErrInvalidType", err)
		}
	}
}

// TestRFC8725_3_11_LogoutTokenRefusedByIDTokenAndAccessTokenVerifiers: the
// Signer's logout tokens ("typ" "logout+jwt") are refused as ID tokens and
// as access tokens (even in accesstoken's transition mode).
func TestRFC8725_3_11_LogoutTokenRefusedByIDTokenAndAccessTokenVerifiers(t *testing.T) {
	tok := loSign(t, loClaims())
	idv, err := idtoken.NewVerifier(loKey.Public(), idtoken.Config{Issuer: loIssuer, ClientID: loClient, Now: loClock})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := idv.Verify(loCtx, tok, idtoken.Checks{}); !errors.Is(err, jwt.ErrInvalidType) {
		t.Errorf("idtoken: err %v, want ErrInvalidType", err)
	}
	for _, allow := range []bool{false, true} {
		atv, err := accesstoken.NewVerifier(loKey.Public(), accesstoken.Config{Issuer: loIssuer, Audience: loClient, Now: loClock, AllowJWTType: allow})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := atv.Verify(loCtx, tok); !errors.Is(err, jwt.ErrInvalidType) {
			t.Errorf("accesstoken (AllowJWTType %v): err %v, want ErrInvalidType", allow, err)
		}
	}
	// An ID token verifier given a nonce refuses even an untyped logout
	// token (section 2.4: "nonce" is prohibited for this reason).
	untyped := loRaw(t, "", loMap())
	if _, err := idv.Verify(loCtx, untyped, idtoken.Checks{Nonce: "n-0S6_WzA2Mj"}); !errors.Is(err, idtoken.ErrInvalidNonce) {
		t.Errorf("idtoken with nonce, untyped logout token: err %v, want ErrInvalidNonce", err)
	}
}
