package interop

import (
	"context"
	"slices"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
)

// RFC 9449 section 6.1 (RFC 7800 section 3.1) with both Encoders: an
// access token's "cnf" "jkt" signed with either verifies with either to
// the same binding, and a malformed or look-alike "cnf" gets the same
// verdict from both (a codec that matches names by case, as jsoniter
// does, would read {"JKT":...} as "jkt": the rule reads the token's
// bytes).
func TestProfileAccessTokenCnfEncoders_RFC9449_6_1(t *testing.T) {
	ctx := context.Background()
	const jkt = "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"
	want := profileAccessClaims()
	want.Confirmation = &claims.Confirmation{JKT: jkt}
	for _, se := range profileEncoders {
		s, err := accesstoken.NewSigner(jwt.EdDSA, profileKey, jwt.WithEncoder(se.enc))
		if err != nil {
			t.Fatal(err)
		}
		tok, err := s.Sign(want)
		if err != nil {
			t.Fatalf("%s: %v", se.name, err)
		}
		for _, ve := range profileEncoders {
			v, err := accesstoken.NewVerifier(profileKey.Public(), accesstoken.Config{Issuer: profileIssuer, Audience: profileAudience},
				jwt.WithEncoder(ve.enc), jwt.WithTimeFunc(profileClock))
			if err != nil {
				t.Fatal(err)
			}
			got, err := v.Verify(ctx, tok)
			if err != nil {
				t.Fatalf("%s -> %s: %v", se.name, ve.name, err)
			}
			if got.Confirmation == nil || got.Confirmation.JKT != jkt || !profileSameJSON(t, *got, want) {
				t.Errorf("%s -> %s: %+v", se.name, ve.name, got.Confirmation)
			}
		}
	}
	for name, edit := range map[string]func(map[string]any){
		"JKT look-alike": func(m map[string]any) { m["cnf"] = map[string]any{"JKT": jkt} },
		"CNF look-alike": func(m map[string]any) { m["CNF"] = map[string]any{"jkt": jkt} },
		"jkt a number":   func(m map[string]any) { m["cnf"] = map[string]any{"jkt": 7} },
		"cnf a string":   func(m map[string]any) { m["cnf"] = jkt },
		"jkt not base64": func(m map[string]any) {
			m["cnf"] = map[string]any{"jkt": "0ZcOCORZNYy+DWpqq30jZyJGHTN0d2HglBV3uiguA4I"}
		},
		"other method":    func(m map[string]any) { m["cnf"] = map[string]any{"x5t#S256": "x"} },
		"cnf null":        func(m map[string]any) { m["cnf"] = nil },
		"jkt and unknown": func(m map[string]any) { m["cnf"] = map[string]any{"jkt": jkt, "kid": "k"} },
	} {
		m := profileAccessMap()
		edit(m)
		tok := profileRaw(t, "at+jwt", m)
		var verdicts [][]string
		var jkts []string
		for _, ve := range profileEncoders {
			v, err := accesstoken.NewVerifier(profileKey.Public(), accesstoken.Config{Issuer: profileIssuer, Audience: profileAudience},
				jwt.WithEncoder(ve.enc), jwt.WithTimeFunc(profileClock))
			if err != nil {
				t.Fatal(err)
			}
			got, err := v.Verify(ctx, tok)
			verdicts = append(verdicts, profileVerdict(err))
			if got != nil && got.Confirmation != nil {
				jkts = append(jkts, got.Confirmation.JKT)
			} else {
				jkts = append(jkts, "")
			}
		}
		if !slices.EqualFunc(verdicts[1:], verdicts[:1], slices.Equal) || jkts[0] != jkts[1] {
			t.Errorf("%s: verdicts %v, jkt %q", name, verdicts, jkts)
		}
		passes := name == "other method" || name == "cnf null" || name == "jkt and unknown"
		if refused := slices.Contains(verdicts[0], "Malformed"); refused == passes || (passes && verdicts[0] != nil) {
			t.Errorf("%s: verdict %v", name, verdicts[0])
		}
	}
}
