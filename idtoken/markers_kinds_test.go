package idtoken_test

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/logout"
)

// untypedLogoutToken is what logout.Signer mints for idIssuer and idClient
// ("sub", "exp", "events", no "nonce"), re-signed by hand with jwt.Sign
// without its "typ" "logout+jwt": the one shape idtoken's "typ" rule
// lets through.
func untypedLogoutToken(t *testing.T) string {
	t.Helper()
	s, err := logout.NewSigner(jwt.EdDSA, idKey)
	if err != nil {
		t.Fatal(err)
	}
	typed, err := s.Sign(logout.Claims{Registered: claims.Registered{
		Issuer: idIssuer, Subject: "248289761001", Audience: claims.Audience{idClient},
		IssuedAt: claims.NewNumericDate(idNow.Add(-time.Second)), ExpiresAt: claims.NewNumericDate(idNow.Add(time.Minute)),
	}})
	if err != nil {
		t.Fatal(err)
	}
	payload, err := base64.RawURLEncoding.DecodeString(strings.Split(typed, ".")[1])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(payload, &m); err != nil {
		t.Fatal(err)
	}
	tok, err := jwt.Sign(jwt.EdDSA, m, idKey, jwt.WithType(""))
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// OpenID Connect Back-Channel Logout 1.0 section 2.4 and RFC 8725 sections
// 3.11/3.12: an untyped logout token (no "typ", "sub", "exp", "events")
// carries "events", which no ID token does: it is refused as ErrOtherKind
// (jwt.ErrInvalidType, jwt.ErrTokenInvalidClaims) with no Checks, through
// Verify and VerifyInto; with Checks.Nonce it is refused too, the missing
// "nonce" reported beside. Config.AllowScopeClaim does not loosen it.
func TestBCL_2_4_UntypedLogoutTokenRefusedAsIDToken(t *testing.T) {
	tok := untypedLogoutToken(t)
	for _, allowScope := range []bool{false, true} {
		v := idVerifier(t, func(c *idtoken.Config) { c.AllowScopeClaim = allowScope })
		got, err := v.Verify(idCtx, tok, idtoken.Checks{})
		if got != nil {
			t.Errorf("AllowScopeClaim %v: claims returned with an error", allowScope)
		}
		idRefused(t, err, idtoken.ErrOtherKind, jwt.ErrInvalidType, jwt.ErrTokenInvalidClaims)
		if err != nil && !strings.Contains(err.Error(), `"events"`) {
			t.Errorf("error does not name the marker: %v", err)
		}
		var dst emailClaims
		if err := v.VerifyInto(idCtx, tok, idtoken.Checks{}, &dst); !errors.Is(err, idtoken.ErrOtherKind) || dst.Subject != "" {
			t.Errorf("VerifyInto: %v, %+v", err, dst)
		}
		_, err = v.Verify(idCtx, tok, idtoken.Checks{Nonce: "n-0S6_WzA2Mj"})
		idRefused(t, err, idtoken.ErrOtherKind, idtoken.ErrInvalidNonce, jwt.ErrMissingClaim)
	}
}

// RFC 9449 section 4.2 and RFC 8725 section 3.12: "htm" and "htu" are a
// DPoP proof's claims, which no ID token carries: a token with either,
// whatever its "typ" ("JWT", none), is refused as ErrOtherKind; a null one
// is an absent one.
func TestRFC9449_4_2_DPoPProofClaimsRefusedInIDToken(t *testing.T) {
	for _, name := range []string{"htm", "htu"} {
		for _, typ := range []string{"JWT", ""} {
			m := idClaimsMap()
			m[name] = "POST"
			_, err := idVerifier(t, nil).Verify(idCtx, idRaw(t, typ, m), idtoken.Checks{Nonce: "n-0S6_WzA2Mj"})
			idRefused(t, err, idtoken.ErrOtherKind, jwt.ErrInvalidType, jwt.ErrTokenInvalidClaims)
		}
		m := idClaimsMap()
		m[name] = nil
		if _, err := idVerifier(t, nil).Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{Nonce: "n-0S6_WzA2Mj"}); err != nil {
			t.Errorf("null %s: %v", name, err)
		}
	}
	// "events" of any value marks it, as "scope" does.
	for _, events := range []any{map[string]any{}, "x", 0} {
		m := idClaimsMap()
		m["events"] = events
		_, err := idVerifier(t, nil).Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{Nonce: "n-0S6_WzA2Mj"})
		idRefused(t, err, idtoken.ErrOtherKind)
	}
}
