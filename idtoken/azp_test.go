package idtoken_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
)

// withAud is idClaims with audiences aud and "azp" azp.
func withAud(azp string, aud ...string) idtoken.Claims {
	c := idClaims()
	c.Audience = claims.Audience(aud)
	c.AuthorizedParty = azp
	return c
}

// OpenID Connect Core 1.0 section 3.1.3.7 step 4 (as published with errata
// set 1): "If the ID Token contains multiple audiences, the Client SHOULD
// verify that an azp Claim is present." One audience needs no "azp";
// several without one are refused by the default policy.
func TestOIDCCore_3_1_3_7_Step4_SeveralAudiencesNeedAZP(t *testing.T) {
	v := idVerifier(t, nil)
	if _, err := v.Verify(idCtx, idSign(t, withAud("", idClient)), idtoken.Checks{}); err != nil {
		t.Errorf("single aud, no azp: %v", err)
	}
	_, err := v.Verify(idCtx, idSign(t, withAud("", idClient, "https://api.example.com")), idtoken.Checks{})
	idRefused(t, err, idtoken.ErrInvalidAuthorizedParty, jwt.ErrMissingClaim, jwt.ErrTokenInvalidClaims)
	if _, err := v.Verify(idCtx, idSign(t, withAud(idClient, idClient, "https://api.example.com")), idtoken.Checks{}); err != nil {
		t.Errorf("several aud with azp = client: %v", err)
	}
	// An empty "azp" is no "azp".
	m := idClaimsMap()
	m["aud"] = []string{idClient, "other"}
	m["azp"] = ""
	_, err = v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{})
	idRefused(t, err, idtoken.ErrInvalidAuthorizedParty)
}

// OpenID Connect Core 1.0 section 3.1.3.7 step 5: "If an azp (authorized
// party) Claim is present, the Client SHOULD verify that its client_id is
// the Claim Value." An "azp" of another client is refused, with one
// audience or several; one equal to the client id passes.
func TestOIDCCore_3_1_3_7_Step5_AZPMustBeTheClient(t *testing.T) {
	v := idVerifier(t, nil)
	if _, err := v.Verify(idCtx, idSign(t, withAud(idClient, idClient)), idtoken.Checks{}); err != nil {
		t.Errorf("azp = client, single aud: %v", err)
	}
	for _, c := range []idtoken.Claims{
		withAud("other-client", idClient),
		withAud("other-client", idClient, "other-client"),
		withAud("S6BhdRkqt3", idClient),
	} {
		_, err := v.Verify(idCtx, idSign(t, c), idtoken.Checks{})
		ve := idRefused(t, err, idtoken.ErrInvalidAuthorizedParty, jwt.ErrTokenInvalidClaims)
		if errors.Is(err, jwt.ErrMissingClaim) {
			t.Errorf("a present azp reported missing: %v", err)
		}
		if got := ve.Token.Claims.(*idtoken.Claims).AuthorizedParty; got != c.AuthorizedParty {
			t.Errorf("ValidationError azp %q", got)
		}
	}
}

// OpenID Connect Core 1.0 section 3.1.3.7 steps 3 to 5 with a policy of
// the caller's: some providers (mobile sign-in) issue ID tokens whose
// "azp" is another client of the same project and whose "aud" is the
// server's client id. A Config.AZP accepting those, and refusing the
// rest, replaces the default; a plain error it returns still matches
// ErrInvalidAuthorizedParty and jwt.ErrTokenInvalidClaims.
func TestOIDCCore_3_1_3_7_CustomAZPPolicy(t *testing.T) {
	sameProject := func(c *idtoken.Claims, clientID string) error {
		project := strings.SplitN(clientID, "-", 2)[0]
		if c.AuthorizedParty == "" || c.AuthorizedParty == clientID || strings.HasPrefix(c.AuthorizedParty, project+"-") {
			return nil
		}
		return errors.New("azp is not a client of this project")
	}
	const server = "407408718192-server.apps.example.com"
	v := idVerifier(t, func(c *idtoken.Config) { c.ClientID = server; c.AZP = sameProject })
	if _, err := v.Verify(idCtx, idSign(t, withAud("407408718192-android.apps.example.com", server)), idtoken.Checks{}); err != nil {
		t.Errorf("azp of the same project: %v", err)
	}
	_, err := v.Verify(idCtx, idSign(t, withAud("999999999999-web.apps.example.com", server)), idtoken.Checks{})
	idRefused(t, err, idtoken.ErrInvalidAuthorizedParty, jwt.ErrTokenInvalidClaims)
	if err != nil && !strings.Contains(err.Error(), "not a client of this project") {
		t.Errorf("the policy's error is lost: %v", err)
	}
	// The default refuses the same-project azp.
	def := idVerifier(t, func(c *idtoken.Config) { c.ClientID = server })
	_, err = def.Verify(idCtx, idSign(t, withAud("407408718192-android.apps.example.com", server)), idtoken.Checks{})
	idRefused(t, err, idtoken.ErrInvalidAuthorizedParty)
	// A policy can refuse untrusted extra audiences (step 3) and build on
	// DefaultAZP.
	strict := idVerifier(t, func(c *idtoken.Config) {
		c.AZP = func(c *idtoken.Claims, clientID string) error {
			if len(c.Audience) > 1 {
				return idtoken.ErrInvalidAuthorizedParty
			}
			return idtoken.DefaultAZP(c, clientID)
		}
	})
	_, err = strict.Verify(idCtx, idSign(t, withAud(idClient, idClient, "untrusted")), idtoken.Checks{})
	idRefused(t, err, idtoken.ErrInvalidAuthorizedParty)
}

// OpenID Connect Core 1.0 section 3.1.3.7 steps 4 and 5: DefaultAZP on its
// own.
func TestOIDCCore_3_1_3_7_DefaultAZP(t *testing.T) {
	cases := []struct {
		c    idtoken.Claims
		want error
	}{
		{withAud("", "c"), nil},
		{withAud("c", "c"), nil},
		{withAud("c", "c", "d"), nil},
		{withAud("", "c", "d"), jwt.ErrMissingClaim},
		{withAud("d", "c"), idtoken.ErrInvalidAuthorizedParty},
		{withAud("d", "c", "d"), idtoken.ErrInvalidAuthorizedParty},
	}
	for _, tc := range cases {
		err := idtoken.DefaultAZP(&tc.c, "c")
		if (tc.want == nil) != (err == nil) || (tc.want != nil && (!errors.Is(err, tc.want) || !errors.Is(err, idtoken.ErrInvalidAuthorizedParty))) {
			t.Errorf("azp %q aud %v: %v, want %v", tc.c.AuthorizedParty, tc.c.Audience, err, tc.want)
		}
	}
}

// The package's errors each match jwt.ErrTokenInvalidClaims (and nothing
// of the header or signature side).
func TestErrorsMatchTheUmbrellaClaimsError(t *testing.T) {
	for _, err := range []error{idtoken.ErrInvalidNonce, idtoken.ErrInvalidAccessTokenHash, idtoken.ErrInvalidCodeHash, idtoken.ErrInvalidAuthorizedParty} {
		if !errors.Is(err, jwt.ErrTokenInvalidClaims) || errors.Is(err, jwt.ErrInvalidType) || errors.Is(err, jwt.ErrSignatureInvalid) {
			t.Errorf("%v", err)
		}
	}
}
