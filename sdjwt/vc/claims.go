package vc

import (
	"fmt"
	"slices"

	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/sdjwt"
)

// Type is the "typ" of an SD-JWT VC's Issuer-signed JWT
// (draft-ietf-oauth-sd-jwt-vc section 2.2.1), and LegacyType the one the
// draft used until November 2024, accepted only with
// Config.AcceptLegacyType.
const (
	Type       = "dc+sd-jwt"
	LegacyType = "vc+sd-jwt"
)

// NotDisclosable are the claims that, "including any of their sub-claims",
// "MUST NOT be included in Disclosures" of an SD-JWT VC
// (draft-ietf-oauth-sd-jwt-vc section 2.2.2.3). "sub" and "iat" MAY be.
var NotDisclosable = []string{"iss", "nbf", "exp", "cnf", "vct", "vct#integrity", "aka_vcts", "status"}

// claims are the SD-JWT VC claims of a processed payload.
type claims struct {
	vct       string
	integrity string
	aka       []string
	status    map[string]any
}

// checkClaims applies section 2.2.2 to a verified SD-JWT: no Disclosure
// at or under a NotDisclosable claim, "vct" a non-empty string,
// "vct#integrity" integrity metadata, "aka_vcts" a non-empty array of
// distinct non-empty strings without "vct", "status" an object, "iss" a
// string; then the allow-list of types, matched against "vct", and
// against "aka_vcts" too when aka.
func checkClaims(res *sdjwt.Result, allowed []string, aka bool) (claims, error) {
	for _, p := range res.Disclosed {
		if len(p) == 0 {
			continue
		}
		if name, ok := p[0].(string); ok && slices.Contains(NotDisclosable, name) {
			return claims{}, fmt.Errorf("%w: a Disclosure at %v, under %q (draft-ietf-oauth-sd-jwt-vc section 2.2.2.3)", ErrClaimDisclosed, p, name)
		}
	}
	var c claims
	pl := res.Payload
	v, ok := pl["vct"]
	if !ok {
		return c, fmt.Errorf("%w (draft-ietf-oauth-sd-jwt-vc section 2.2.2.3: REQUIRED)", ErrMissingVct)
	}
	if c.vct, ok = v.(string); !ok || c.vct == "" {
		return c, fmt.Errorf("%w: vct is not a non-empty string (section 2.2.2.1)", ErrInvalidClaim)
	}
	if v, ok := pl["vct#integrity"]; ok {
		if c.integrity, ok = v.(string); !ok {
			return c, fmt.Errorf("%w: vct#integrity is not a string (section 6)", ErrInvalidClaim)
		}
		if err := ParseIntegrity(c.integrity); err != nil {
			return c, err
		}
	}
	if v, ok := pl["aka_vcts"]; ok {
		arr, ok := v.([]any)
		if !ok || len(arr) == 0 {
			return c, fmt.Errorf("%w: aka_vcts is not a non-empty array (section 2.2.2.2)", ErrInvalidClaim)
		}
		for _, e := range arr {
			s, ok := e.(string)
			switch {
			case !ok || s == "":
				return c, fmt.Errorf("%w: aka_vcts has an element that is not a non-empty string (section 2.2.2.2)", ErrInvalidClaim)
			case s == c.vct:
				return c, fmt.Errorf("%w: aka_vcts contains the vct value (section 2.2.2.2: MUST NOT)", ErrInvalidClaim)
			case slices.Contains(c.aka, s):
				return c, fmt.Errorf("%w: aka_vcts has %s twice", ErrInvalidClaim, bounded.Quote(s))
			}
			c.aka = append(c.aka, s)
		}
	}
	if v, ok := pl["status"]; ok {
		if c.status, ok = v.(map[string]any); !ok {
			return c, fmt.Errorf("%w: status is not a JSON object (section 2.2.2.3, RFC 7519 status claim)", ErrInvalidClaim)
		}
	}
	if v, ok := pl["iss"]; ok {
		if _, ok := v.(string); !ok {
			return c, fmt.Errorf("%w: iss is not a string (RFC 7519 section 4.1.1)", ErrInvalidClaim)
		}
	}
	if len(allowed) > 0 && !slices.Contains(allowed, c.vct) &&
		!(aka && slices.ContainsFunc(c.aka, func(s string) bool { return slices.Contains(allowed, s) })) {
		if len(c.aka) > 0 && !aka {
			return c, fmt.Errorf("%w: vct %s (aka_vcts are not matched without Config.MatchAkaVcts)", ErrVctNotAllowed, bounded.Quote(c.vct))
		}
		return c, fmt.Errorf("%w: vct %s", ErrVctNotAllowed, bounded.Quote(c.vct))
	}
	return c, nil
}
