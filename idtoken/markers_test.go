package idtoken_test

import (
	"crypto/ed25519"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/internal/profiletest"
)

// rfc9068Shaped is an RFC 9068 section 2.2 access token's claims (iss,
// exp, aud, sub, client_id, iat, jti, scope) from the ID tokens' issuer,
// with the client id among its audiences, and without "nonce".
func rfc9068Shaped() map[string]any {
	m := idClaimsMap()
	delete(m, "nonce")
	m["aud"] = []string{"https://api.example.com", idClient}
	m["client_id"] = idClient
	m["jti"] = "at-7"
	m["scope"] = "openid profile orders:read"
	return m
}

// RFC 8725 section 3.12 ("Use Mutually Exclusive Validation Rules for
// Different Kinds of JWTs") and RFC 9068 section 2.2.3: an access token
// whose server writes "typ" "JWT", or none, still carries "scope", which
// OpenID Connect Core 1.0 section 2 defines for no ID token: it is refused
// as ErrAccessToken (matching jwt.ErrInvalidType and
// jwt.ErrTokenInvalidClaims) through Verify and VerifyInto, with no
// Checks, on every key path, even with the client id among its audiences.
func TestRFC8725_3_12_IDTokenVerifierRefusesAccessTokenMarkers(t *testing.T) {
	for _, typ := range []string{"JWT", ""} {
		tok := idRaw(t, typ, rfc9068Shaped())
		for _, key := range profiletest.Keys(t, idKey.Public().(ed25519.PublicKey)) {
			v, err := idtoken.NewVerifier(key.Key, idtoken.Config{Issuer: idIssuer, ClientID: idClient, Now: idClock})
			if err != nil {
				t.Fatal(err)
			}
			label := "typ " + typ + "/" + key.Name
			got, err := v.Verify(idCtx, tok, idtoken.Checks{})
			if got != nil {
				t.Errorf("%s: claims returned with an error", label)
			}
			idRefused(t, err, idtoken.ErrAccessToken, jwt.ErrInvalidType, jwt.ErrTokenInvalidClaims)
			var dst emailClaims
			if err := v.VerifyInto(idCtx, tok, idtoken.Checks{}, &dst); !errors.Is(err, idtoken.ErrAccessToken) || dst.Subject != "" {
				t.Errorf("%s: VerifyInto: %v, %+v", label, err, dst)
			}
		}
	}
	// "scope" of any type marks it; a null "scope" is an absent one.
	for _, scope := range []any{"", "openid", []string{"openid"}, 7} {
		m := idClaimsMap()
		m["scope"] = scope
		_, err := idVerifier(t, nil).Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{})
		idRefused(t, err, idtoken.ErrAccessToken)
	}
	m := idClaimsMap()
	m["scope"] = nil
	if _, err := idVerifier(t, nil).Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{}); err != nil {
		t.Errorf("null scope: %v", err)
	}
}

// RFC 8725 section 3.12, the other side: what real ID tokens carry beyond
// OpenID Connect Core 1.0 section 2 is not a marker. ZITADEL writes
// "client_id" and "jti" into its ID tokens, Keycloak "typ":"ID", "sid"
// and "session_state", Microsoft Entra ID "nbf", "tid" and "uti"; none of
// them is refused.
func TestRFC8725_3_12_ProviderExtraClaimsAreNotMarkers(t *testing.T) {
	m := idClaimsMap()
	m["client_id"] = idClient
	m["jti"] = "900"
	m["sid"] = "666"
	m["typ"] = "ID"
	m["session_state"] = "c3a1"
	m["nbf"] = m["iat"]
	m["tid"] = "9188040d"
	m["azp"] = idClient
	if _, err := idVerifier(t, nil).Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{Nonce: "n-0S6_WzA2Mj"}); err != nil {
		t.Errorf("ID token with provider claims: %v", err)
	}
}

// RFC 8725 section 3.12: Config.AllowScopeClaim loosens the marker rule for
// a provider that writes "scope" into its ID tokens; the "typ" rule still
// refuses "at+jwt", and Checks.Nonce still refuses a token without the
// nonce sent.
func TestRFC8725_3_12_AllowScopeClaim(t *testing.T) {
	v := idVerifier(t, func(c *idtoken.Config) { c.AllowScopeClaim = true })
	m := idClaimsMap()
	m["scope"] = "openid email"
	c, err := v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{Nonce: "n-0S6_WzA2Mj"})
	if err != nil || c.Subject != "248289761001" {
		t.Fatalf("scope allowed: %+v, %v", c, err)
	}
	_, err = v.Verify(idCtx, idRaw(t, "JWT", rfc9068Shaped()), idtoken.Checks{Nonce: "n-0S6_WzA2Mj"})
	idRefused(t, err, idtoken.ErrInvalidNonce, jwt.ErrMissingClaim)
	_, err = v.Verify(idCtx, idRaw(t, "at+jwt", rfc9068Shaped()), idtoken.Checks{})
	idRefused(t, err, jwt.ErrInvalidType)
}
