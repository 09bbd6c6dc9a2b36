package userinfo_test

import (
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/userinfo"
)

// TestRFC8725_3_12_IDTokenAuthenticationClaimsRefusedAsSignedResponse: an
// ID token without "nonce" but with "auth_time" or "azp", claims of an ID
// token that OpenID Connect Core 1.0 section 5.1 does not list for
// UserInfo, is refused as ErrOtherKind; null stands for absent.
func TestRFC8725_3_12_IDTokenAuthenticationClaimsRefusedAsSignedResponse(t *testing.T) {
	o := newOP(t)
	c := o.client(t, nil)
	now := time.Now()
	id, err := idtoken.NewSigner(jwt.ES256, opKey, jwt.WithKeyID("op-1"))
	if err != nil {
		t.Fatal(err)
	}
	reg := claims.Registered{Issuer: o.issuer, Subject: subject, Audience: claims.Audience{clientID},
		IssuedAt: claims.NewNumericDate(now), ExpiresAt: claims.NewNumericDate(now.Add(time.Hour))}
	for name, ic := range map[string]idtoken.Claims{
		"auth_time": {Registered: reg, AuthTime: claims.NewNumericDate(now.Add(-time.Minute))},
		"azp":       {Registered: reg, AuthorizedParty: clientID},
	} {
		tok, err := id.Sign(ic)
		if err != nil {
			t.Fatal(err)
		}
		o.answer("application/jwt", tok)
		got, err := fetch(c)
		if !errors.Is(err, userinfo.ErrOtherKind) || !errors.Is(err, userinfo.ErrResponse) {
			t.Errorf("ID token with %s: %v, want ErrOtherKind", name, err)
		}
		if got.Subject != "" {
			t.Errorf("%s: dst written", name)
		}
		nulled := o.signedClaims()
		nulled[name] = nil
		o.answer("application/jwt", sign(t, opKey, nulled))
		if _, err := fetch(c); err != nil {
			t.Errorf("null %s: %v", name, err)
		}
	}
}
