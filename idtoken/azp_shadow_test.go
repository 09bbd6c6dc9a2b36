package idtoken_test

import (
	"errors"
	"testing"

	"github.com/jotlib/jwt/idtoken"
)

// azpShadowed and audShadowed are caller types whose own field shadows
// Claims' "azp" or "aud", so the decoded Claims leave it empty.
type azpShadowed struct {
	idtoken.Claims
	AZP string `json:"azp"`
}

type audShadowed struct {
	idtoken.Claims
	Aud any `json:"aud"`
}

// TestVerifyInto_AZPSteps4And5ReadTheTokenNotTheDecodedValue_Core3_1_3_7:
// OpenID Connect Core 1.0 section 3.1.3.7 steps 4 and 5 of errata set 1
// (AZPErrata1: "If the ID Token contains multiple audiences, the Client
// SHOULD verify that an azp Claim is present"; "If an azp (authorized
// party) Claim is present, the Client SHOULD verify that its client_id is
// the Claim Value") hold for VerifyInto whatever the caller's type: one
// whose field shadows Claims' "azp" or "aud" does not hide them from the
// policy.
func TestVerifyInto_AZPSteps4And5ReadTheTokenNotTheDecodedValue_Core3_1_3_7(t *testing.T) {
	v := idVerifier(t, func(c *idtoken.Config) { c.AZP = idtoken.AZPErrata1 })
	other := idClaimsMap()
	other["azp"] = "another-client"
	several := idClaimsMap()
	several["aud"] = []string{idClient, "another-client"}
	for name, tc := range map[string]struct {
		claims map[string]any
		dst    idtoken.Extended
	}{
		"step 5, azp shadowed":     {other, &azpShadowed{}},
		"step 4, aud shadowed":     {several, &audShadowed{}},
		"step 4, azp shadowed":     {several, &azpShadowed{}},
		"step 5, plain Claims too": {other, &idtoken.Claims{}},
	} {
		tok := idRaw(t, "JWT", tc.claims)
		err := v.VerifyInto(idCtx, tok, idtoken.Checks{}, tc.dst)
		if !errors.Is(err, idtoken.ErrInvalidAuthorizedParty) {
			t.Errorf("%s: %v, want ErrInvalidAuthorizedParty", name, err)
		}
	}
	// The policy still sees the token's azp when the caller shadows it.
	good := idClaimsMap()
	good["azp"] = idClient
	good["aud"] = []string{idClient, "another-client"}
	var dst azpShadowed
	if err := v.VerifyInto(idCtx, idRaw(t, "JWT", good), idtoken.Checks{}, &dst); err != nil || dst.AZP != idClient {
		t.Errorf("azp = client id, shadowed: %v (%q)", err, dst.AZP)
	}
}
