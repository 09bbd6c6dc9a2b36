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

// OpenID Connect Core 1.0 section 3.1.3.7 steps 4 and 5 as errata set 2
// (December 2023) writes them: "If the implementation is using extensions
// (which are beyond the scope of this specification) that result in the
// azp (authorized party) Claim being present, it SHOULD validate the azp
// value as specified by those extensions", and section 2: implementations
// not using such extensions "are encouraged to not use azp and to ignore
// it when it does occur". The default policy requires no "azp" with
// several audiences and ignores a present one, on Verify and VerifyInto.
func TestOIDCCore_3_1_3_7_Errata2_AZPNotRequired(t *testing.T) {
	v := idVerifier(t, nil)
	for _, c := range []idtoken.Claims{
		withAud("", idClient),
		withAud("", idClient, "https://api.example.com"),
		withAud(idClient, idClient, "https://api.example.com"),
		withAud("407408718192-android.apps.example.com", idClient),
		withAud("other-client", idClient, "other-client"),
	} {
		got, err := v.Verify(idCtx, idSign(t, c), idtoken.Checks{})
		if err != nil || got.AuthorizedParty != c.AuthorizedParty {
			t.Errorf("azp %q aud %v: %+v, %v", c.AuthorizedParty, c.Audience, got, err)
		}
		var dst azpShadowed
		if err := v.VerifyInto(idCtx, idSign(t, c), idtoken.Checks{}, &dst); err != nil {
			t.Errorf("azp %q aud %v, VerifyInto: %v", c.AuthorizedParty, c.Audience, err)
		}
	}
	// Ignored is not unchecked: "azp" is still a string (section 2).
	m := idClaimsMap()
	m["azp"] = 7
	if _, err := v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{}); !errors.Is(err, jwt.ErrTokenMalformed) {
		t.Errorf("azp a number: %v, want ErrTokenMalformed", err)
	}
}

// OpenID Connect Core 1.0 section 3.1.3.7 step 5 (errata set 2): "This
// validation MAY include that when an azp (authorized party) Claim is
// present, the Client SHOULD verify that its client_id is the Claim
// Value." AZPMatchesClientID refuses an "azp" of another client, with one
// audience or several; several audiences need no "azp".
func TestOIDCCore_3_1_3_7_Errata2_Step5_AZPMatchesClientID(t *testing.T) {
	v := idVerifier(t, func(c *idtoken.Config) { c.AZP = idtoken.AZPMatchesClientID })
	for _, c := range []idtoken.Claims{withAud(idClient, idClient), withAud("", idClient, "https://api.example.com")} {
		if _, err := v.Verify(idCtx, idSign(t, c), idtoken.Checks{}); err != nil {
			t.Errorf("azp %q aud %v: %v", c.AuthorizedParty, c.Audience, err)
		}
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

// OpenID Connect Core 1.0 section 3.1.3.7 steps 4 and 5 as published with
// errata set 1, kept as AZPErrata1: "If the ID Token contains multiple
// audiences, the Client SHOULD verify that an azp Claim is present" and
// "If an azp (authorized party) Claim is present, the Client SHOULD verify
// that its client_id is the Claim Value." Both are enforced; an empty
// "azp" is no "azp".
func TestOIDCCore_3_1_3_7_Errata1_Steps4And5(t *testing.T) {
	v := idVerifier(t, func(c *idtoken.Config) { c.AZP = idtoken.AZPErrata1 })
	if _, err := v.Verify(idCtx, idSign(t, withAud("", idClient)), idtoken.Checks{}); err != nil {
		t.Errorf("single aud, no azp: %v", err)
	}
	_, err := v.Verify(idCtx, idSign(t, withAud("", idClient, "https://api.example.com")), idtoken.Checks{})
	idRefused(t, err, idtoken.ErrInvalidAuthorizedParty, jwt.ErrMissingClaim, jwt.ErrTokenInvalidClaims)
	if _, err := v.Verify(idCtx, idSign(t, withAud(idClient, idClient, "https://api.example.com")), idtoken.Checks{}); err != nil {
		t.Errorf("several aud with azp = client: %v", err)
	}
	m := idClaimsMap()
	m["aud"] = []string{idClient, "other"}
	m["azp"] = ""
	_, err = v.Verify(idCtx, idRaw(t, "JWT", m), idtoken.Checks{})
	idRefused(t, err, idtoken.ErrInvalidAuthorizedParty)
	_, err = v.Verify(idCtx, idSign(t, withAud("other-client", idClient)), idtoken.Checks{})
	idRefused(t, err, idtoken.ErrInvalidAuthorizedParty)
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
	// AZPMatchesClientID refuses the same-project azp; the default ignores it.
	match := idVerifier(t, func(c *idtoken.Config) { c.ClientID = server; c.AZP = idtoken.AZPMatchesClientID })
	_, err = match.Verify(idCtx, idSign(t, withAud("407408718192-android.apps.example.com", server)), idtoken.Checks{})
	idRefused(t, err, idtoken.ErrInvalidAuthorizedParty)
	// A policy can refuse untrusted extra audiences (step 3) and build on
	// a policy of the package's.
	strict := idVerifier(t, func(c *idtoken.Config) {
		c.AZP = func(c *idtoken.Claims, clientID string) error {
			if len(c.Audience) > 1 {
				return idtoken.ErrInvalidAuthorizedParty
			}
			return idtoken.AZPMatchesClientID(c, clientID)
		}
	})
	_, err = strict.Verify(idCtx, idSign(t, withAud(idClient, idClient, "untrusted")), idtoken.Checks{})
	idRefused(t, err, idtoken.ErrInvalidAuthorizedParty)
}

// OpenID Connect Core 1.0 section 3.1.3.7 steps 4 and 5: the three
// policies on their own (errata set 2's default, its step 5, errata set 1).
func TestOIDCCore_3_1_3_7_AZPPolicies(t *testing.T) {
	policies := map[string]func(*idtoken.Claims, string) error{
		"DefaultAZP": idtoken.DefaultAZP, "AZPMatchesClientID": idtoken.AZPMatchesClientID, "AZPErrata1": idtoken.AZPErrata1,
	}
	cases := []struct {
		c    idtoken.Claims
		want map[string]error // by policy; absent: accepted
	}{
		{withAud("", "c"), nil},
		{withAud("c", "c"), nil},
		{withAud("c", "c", "d"), nil},
		{withAud("", "c", "d"), map[string]error{"AZPErrata1": jwt.ErrMissingClaim}},
		{withAud("d", "c"), map[string]error{"AZPMatchesClientID": idtoken.ErrInvalidAuthorizedParty, "AZPErrata1": idtoken.ErrInvalidAuthorizedParty}},
		{withAud("d", "c", "d"), map[string]error{"AZPMatchesClientID": idtoken.ErrInvalidAuthorizedParty, "AZPErrata1": idtoken.ErrInvalidAuthorizedParty}},
	}
	for _, tc := range cases {
		for name, policy := range policies {
			want := tc.want[name]
			err := policy(&tc.c, "c")
			if (want == nil) != (err == nil) || (want != nil && (!errors.Is(err, want) || !errors.Is(err, idtoken.ErrInvalidAuthorizedParty))) {
				t.Errorf("%s: azp %q aud %v: %v, want %v", name, tc.c.AuthorizedParty, tc.c.Audience, err, want)
			}
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

// Issue 20 item 5: a long "azp" reaches the error cut to a bounded length,
// marked (internal/bounded), in both policies that quote it.
func TestAZPErrorBoundsTheValue(t *testing.T) {
	c := withAud(strings.Repeat("a", 10_000), "c")
	for name, policy := range map[string]func(*idtoken.Claims, string) error{"AZPMatchesClientID": idtoken.AZPMatchesClientID, "AZPErrata1": idtoken.AZPErrata1} {
		err := policy(&c, "c")
		if !errors.Is(err, idtoken.ErrInvalidAuthorizedParty) || len(err.Error()) > 400 || !strings.Contains(err.Error(), "bytes)") {
			t.Errorf("%s: %d bytes: %.200s", name, len(err.Error()), err)
		}
	}
}
