package claimrules_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/strictjson"
)

// TestExtractedTypeChecksTheRegisteredClaims_Rule7: exp, nbf, iat finite
// NumericDates in range; iss, sub, jti strings; aud a string or an array of
// strings; no member folding to a registered name.
func TestExtractedTypeChecksTheRegisteredClaims_Rule7(t *testing.T) {
	bad := []string{
		`{"exp":"1"}`, `{"exp":null}`, `{"exp":true}`, `{"exp":[1]}`, `{"exp":1e300}`, `{"nbf":-1e19}`, `{"iat":{}}`,
		`{"iss":1}`, `{"sub":null}`, `{"jti":["a"]}`, `{"aud":1}`, `{"aud":[1]}`, `{"aud":["a",null]}`, `{"aud":{}}`,
		`{"Exp":1}`, `{"EXP":1}`, `{"ſub":"a"}`, `{"\u017fub":"a"}`, `{"AUD":"a"}`, `{"jTI":"a"}`, `{"\u0045xp":1}`,
		`{"ıss":1}`, `{"İat":"x"}`, `{"İSS":"x"}`,
	}
	for _, payload := range bad {
		var e claimrules.Extracted
		err := strictjson.Object([]byte(payload), e.Member)
		if !errors.Is(err, claimrules.ErrInvalidClaim) {
			t.Errorf("%s: got %v, want ErrInvalidClaim", payload, err)
		}
	}
	good := []string{
		`{}`, `{"exp":1,"nbf":2,"iat":3.5}`, `{"iss":"","sub":"s","jti":"j"}`, `{"aud":"a"}`, `{"aud":[]}`, `{"aud":["a","b"]}`,
		`{"exp_":"x"}`, `{"expires":"x"}`, `{"x":{"Exp":1}}`, `{"\u0065xp":1}`,
	}
	for _, payload := range good {
		var e claimrules.Extracted
		if err := strictjson.Object([]byte(payload), e.Member); err != nil {
			t.Errorf("%s: %v", payload, err)
		}
	}
}

// TestExtractedRegisteredDecodesTheValues.
func TestExtractedRegisteredDecodesTheValues(t *testing.T) {
	e := extract(t, `{"iss":"i\/x","sub":"s","jti":"\u006a","aud":["a","\u0062"],"exp":1000.5,"nbf":10,"iat":-1}`)
	r := e.Registered()
	if r.Issuer != "i/x" || r.Subject != "s" || r.ID != "j" || strings.Join(r.Audience, ",") != "a,b" {
		t.Errorf("strings: %+v", r)
	}
	if !r.ExpiresAt.Equal(time.Unix(1000, 500_000_000)) {
		t.Errorf("exp %v", r.ExpiresAt)
	}
	if !r.NotBefore.Equal(time.Unix(10, 0)) || !r.IssuedAt.Equal(time.Unix(-1, 0)) {
		t.Errorf("nbf %v iat %v", r.NotBefore, r.IssuedAt)
	}
	if !e.AudienceContains("b") || e.AudienceContains("c") {
		t.Error("AudienceContains")
	}
	single := extract(t, `{"aud":"only"}`)
	if got := single.Registered().Audience; len(got) != 1 || got[0] != "only" || !single.AudienceContains("only") {
		t.Errorf("single aud: %v", got)
	}
	empty := extract(t, `{}`).Registered()
	if empty.ExpiresAt != nil || empty.Audience != nil || empty.Issuer != "" {
		t.Errorf("empty: %+v", empty)
	}
}
