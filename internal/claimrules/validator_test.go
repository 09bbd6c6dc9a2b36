package claimrules_test

import (
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/internal/strictjson"
)

// extract runs the strict pass over a claims object, as the parser does.
func extract(t *testing.T, payload string) *claimrules.Extracted {
	t.Helper()
	var e claimrules.Extracted
	if err := strictjson.Object([]byte(payload), e.Member); err != nil {
		t.Fatalf("%s: %v", payload, err)
	}
	return &e
}

// TestValidatorAppliesTheClaimRules_RFC7519_4_1: exp (now before it), nbf
// (now on or after it), leeway, aud any-of, iss and sub exact, and a
// required exp; every failure reported together.
func TestValidatorAppliesTheClaimRules_RFC7519_4_1(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	clock := func() time.Time { return now }
	tests := []struct {
		name    string
		payload string
		v       claimrules.Validator
		want    []error
	}{
		{"empty claims, zero rules", `{}`, claimrules.Validator{Now: clock}, nil},
		{"exp after now", `{"exp":1700000001}`, claimrules.Validator{Now: clock}, nil},
		{"exp equals now", `{"exp":1700000000}`, claimrules.Validator{Now: clock}, []error{sentinel.TokenExpired}},
		{"exp fraction after now", `{"exp":1700000000.001}`, claimrules.Validator{Now: clock}, nil},
		{"exp within leeway", `{"exp":1699999990}`, claimrules.Validator{Now: clock, Leeway: 10*time.Second + 1}, nil},
		{"exp at leeway", `{"exp":1699999990}`, claimrules.Validator{Now: clock, Leeway: 10 * time.Second}, []error{sentinel.TokenExpired}},
		{"nbf equals now", `{"nbf":1700000000}`, claimrules.Validator{Now: clock}, nil},
		{"nbf after now", `{"nbf":1700000000.5}`, claimrules.Validator{Now: clock}, []error{sentinel.TokenNotValidYet}},
		{"nbf within leeway", `{"nbf":1700000010}`, claimrules.Validator{Now: clock, Leeway: 10 * time.Second}, nil},
		{"missing exp required", `{}`, claimrules.Validator{Now: clock, RequireExpiration: true}, []error{sentinel.MissingClaim}},
		{"aud string", `{"aud":"api"}`, claimrules.Validator{Now: clock, Audiences: []string{"api"}}, nil},
		{"aud array any-of", `{"aud":["x","api"]}`, claimrules.Validator{Now: clock, Audiences: []string{"api"}}, nil},
		{"several audiences any-of", `{"aud":"web"}`, claimrules.Validator{Now: clock, Audiences: []string{"api", "web"}}, nil},
		{"aud missing", `{}`, claimrules.Validator{Now: clock, Audiences: []string{"api"}}, []error{sentinel.InvalidAudience}},
		{"aud empty array", `{"aud":[]}`, claimrules.Validator{Now: clock, Audiences: []string{"api"}}, []error{sentinel.InvalidAudience}},
		{"aud escaped", `{"aud":"\u0061pi"}`, claimrules.Validator{Now: clock, Audiences: []string{"api"}}, nil},
		{"iss exact", `{"iss":"a"}`, claimrules.Validator{Now: clock, Issuer: "a", IssuerSet: true}, nil},
		{"iss differs", `{"iss":"A"}`, claimrules.Validator{Now: clock, Issuer: "a", IssuerSet: true}, []error{sentinel.InvalidIssuer}},
		{"iss missing", `{}`, claimrules.Validator{Now: clock, Issuer: "", IssuerSet: true}, []error{sentinel.InvalidIssuer}},
		{"iss empty string required", `{"iss":""}`, claimrules.Validator{Now: clock, Issuer: "", IssuerSet: true}, nil},
		{"sub differs", `{"sub":"x"}`, claimrules.Validator{Now: clock, Subject: "y", SubjectSet: true}, []error{sentinel.InvalidSubject}},
		{"sub missing", `{}`, claimrules.Validator{Now: clock, Subject: "y", SubjectSet: true}, []error{sentinel.InvalidSubject}},
		{"everything fails together", `{"exp":1,"nbf":4102444800,"aud":"x","iss":"x","sub":"x"}`,
			claimrules.Validator{Now: clock, Audiences: []string{"api"}, Issuer: "i", IssuerSet: true, Subject: "s", SubjectSet: true},
			[]error{sentinel.TokenExpired, sentinel.TokenNotValidYet, sentinel.InvalidAudience, sentinel.InvalidIssuer, sentinel.InvalidSubject}},
	}
	all := []error{sentinel.TokenExpired, sentinel.TokenNotValidYet, sentinel.InvalidAudience, sentinel.InvalidIssuer, sentinel.InvalidSubject, sentinel.MissingClaim}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.v.Validate(extract(t, tc.payload))
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("got %v", err)
				}
				return
			}
			for _, e := range all {
				wanted := false
				for _, w := range tc.want {
					wanted = wanted || w == e
				}
				if errors.Is(err, e) != wanted {
					t.Errorf("errors.Is(%v, %v) = %v, want %v", err, e, !wanted, wanted)
				}
			}
		})
	}
}

// TestZeroValidatorUsesTimeNow.
func TestZeroValidatorUsesTimeNow(t *testing.T) {
	var v claimrules.Validator
	if err := v.Validate(extract(t, `{"exp":4102444800,"nbf":946684800}`)); err != nil {
		t.Errorf("valid today: %v", err)
	}
	if err := v.Validate(extract(t, `{"exp":946684800}`)); !errors.Is(err, sentinel.TokenExpired) {
		t.Errorf("exp in 2000: %v", err)
	}
}
