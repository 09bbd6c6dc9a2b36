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
		{"aud missing", `{}`, claimrules.Validator{Now: clock, Audiences: []string{"api"}}, []error{sentinel.InvalidAudience, sentinel.MissingClaim}},
		{"aud empty array", `{"aud":[]}`, claimrules.Validator{Now: clock, Audiences: []string{"api"}}, []error{sentinel.InvalidAudience, sentinel.MissingClaim}},
		{"aud empty string names no principal", `{"aud":""}`, claimrules.Validator{Now: clock, Audiences: []string{"api"}}, []error{sentinel.InvalidAudience, sentinel.MissingClaim}},
		{"aud of empty strings names no principal", `{"aud":["",""]}`, claimrules.Validator{Now: clock, AllAudiences: []string{"api"}}, []error{sentinel.InvalidAudience, sentinel.MissingClaim}},
		{"aud with one principal is present", `{"aud":["","x"]}`, claimrules.Validator{Now: clock, Audiences: []string{"api"}}, []error{sentinel.InvalidAudience}},
		{"iss empty string, another required", `{"iss":""}`, claimrules.Validator{Now: clock, Issuer: "a", IssuerSet: true}, []error{sentinel.InvalidIssuer, sentinel.MissingClaim}},
		{"sub empty string, another required", `{"sub":""}`, claimrules.Validator{Now: clock, Subject: "a", SubjectSet: true}, []error{sentinel.InvalidSubject, sentinel.MissingClaim}},
		{"aud escaped", `{"aud":"\u0061pi"}`, claimrules.Validator{Now: clock, Audiences: []string{"api"}}, nil},
		{"iss exact", `{"iss":"a"}`, claimrules.Validator{Now: clock, Issuer: "a", IssuerSet: true}, nil},
		{"iss differs", `{"iss":"A"}`, claimrules.Validator{Now: clock, Issuer: "a", IssuerSet: true}, []error{sentinel.InvalidIssuer}},
		{"iss missing", `{}`, claimrules.Validator{Now: clock, Issuer: "", IssuerSet: true}, []error{sentinel.InvalidIssuer, sentinel.MissingClaim}},
		{"iss empty string required", `{"iss":""}`, claimrules.Validator{Now: clock, Issuer: "", IssuerSet: true}, nil},
		{"sub differs", `{"sub":"x"}`, claimrules.Validator{Now: clock, Subject: "y", SubjectSet: true}, []error{sentinel.InvalidSubject}},
		{"sub missing", `{}`, claimrules.Validator{Now: clock, Subject: "y", SubjectSet: true}, []error{sentinel.InvalidSubject, sentinel.MissingClaim}},
		// RFC 7519 section 4.1.3 with several required audiences.
		{"all audiences present", `{"aud":["a","b","c"]}`, claimrules.Validator{Now: clock, AllAudiences: []string{"a", "c"}}, nil},
		{"all audiences, one absent", `{"aud":["a","b"]}`, claimrules.Validator{Now: clock, AllAudiences: []string{"a", "c"}}, []error{sentinel.InvalidAudience}},
		{"all audiences, single string", `{"aud":"a"}`, claimrules.Validator{Now: clock, AllAudiences: []string{"a"}}, nil},
		{"all audiences, aud missing", `{}`, claimrules.Validator{Now: clock, AllAudiences: []string{"a"}}, []error{sentinel.InvalidAudience, sentinel.MissingClaim}},
		{"all-of and any-of both apply", `{"aud":["a","b"]}`, claimrules.Validator{Now: clock, AllAudiences: []string{"a"}, Audiences: []string{"x", "y"}}, []error{sentinel.InvalidAudience}},
		// RFC 7519 section 4.1.5 with "nbf" required.
		{"missing nbf required", `{}`, claimrules.Validator{Now: clock, RequireNotBefore: true}, []error{sentinel.MissingClaim}},
		{"nbf present when required", `{"nbf":1}`, claimrules.Validator{Now: clock, RequireNotBefore: true}, nil},
		// RFC 7519 section 4.1.6: a token cannot be used before it was issued.
		{"iat in the future, not checked", `{"iat":1700000100}`, claimrules.Validator{Now: clock}, nil},
		{"iat in the future, checked", `{"iat":1700000100}`, claimrules.Validator{Now: clock, CheckIssuedAt: true}, []error{sentinel.TokenUsedBeforeIssued}},
		{"iat now, checked", `{"iat":1700000000}`, claimrules.Validator{Now: clock, CheckIssuedAt: true}, nil},
		{"iat in the future within leeway", `{"iat":1700000010}`, claimrules.Validator{Now: clock, CheckIssuedAt: true, Leeway: 10 * time.Second}, nil},
		{"iat missing, checked", `{}`, claimrules.Validator{Now: clock, CheckIssuedAt: true}, nil},
		// Maximum age: "iat" required and not too old.
		{"max age, fresh", `{"iat":1699999000}`, claimrules.Validator{Now: clock, MaxAge: time.Hour}, nil},
		{"max age, too old", `{"iat":1699990000}`, claimrules.Validator{Now: clock, MaxAge: time.Hour}, []error{sentinel.TokenExpired}},
		{"max age, old within leeway", `{"iat":1699996000}`, claimrules.Validator{Now: clock, MaxAge: time.Hour, Leeway: time.Hour}, nil},
		{"max age, iat missing", `{}`, claimrules.Validator{Now: clock, MaxAge: time.Hour}, []error{sentinel.MissingClaim}},
		{"max age, iat in the future", `{"iat":1700000100}`, claimrules.Validator{Now: clock, MaxAge: time.Hour}, []error{sentinel.TokenUsedBeforeIssued}},
		{"everything fails together", `{"exp":1,"nbf":4102444800,"aud":"x","iss":"x","sub":"x"}`,
			claimrules.Validator{Now: clock, Audiences: []string{"api"}, Issuer: "i", IssuerSet: true, Subject: "s", SubjectSet: true},
			[]error{sentinel.TokenExpired, sentinel.TokenNotValidYet, sentinel.InvalidAudience, sentinel.InvalidIssuer, sentinel.InvalidSubject}},
	}
	all := []error{sentinel.TokenExpired, sentinel.TokenNotValidYet, sentinel.TokenUsedBeforeIssued, sentinel.InvalidAudience, sentinel.InvalidIssuer, sentinel.InvalidSubject, sentinel.MissingClaim}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.v.Validate(extract(t, tc.payload))
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("got %v", err)
				}
				return
			}
			if !errors.Is(err, sentinel.TokenInvalidClaims) {
				t.Errorf("%v does not match TokenInvalidClaims", err)
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

// TestTimeErrorsSayByHowMuch: an expired, not-yet-valid or
// used-before-issued token's error gives the difference to now.
func TestTimeErrorsSayByHowMuch(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	v := claimrules.Validator{Now: func() time.Time { return now }, CheckIssuedAt: true}
	for payload, want := range map[string]string{
		`{"exp":1699999910}`: "jwt: token is expired by 1m30s",
		`{"nbf":1700000010}`: "jwt: token is not valid yet for another 10s",
		`{"iat":1700000005}`: "jwt: token used before issued by 5s",
	} {
		if err := v.Validate(extract(t, payload)); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %q", payload, err, want)
		}
	}
	v.Leeway = time.Second
	if err := v.Validate(extract(t, `{"exp":1699999910}`)); err == nil || err.Error() != "jwt: token is expired by 1m30s (leeway 1s)" {
		t.Errorf("with leeway: %v", err)
	}
}

// TestRequiredClaimsMustBePresentAndNotNull: WithRequiredClaims' names,
// compared exactly, escaped or not.
func TestRequiredClaimsMustBePresentAndNotNull(t *testing.T) {
	v := claimrules.Validator{Required: []string{"tenant", "exp", "scope"}}
	for payload, missing := range map[string]bool{
		`{"tenant":"a","exp":4102444800,"scope":""}`:       false,
		`{"tenant":"a","exp":4102444800,"\u0073cope":[]}`:  false,
		`{"tenant":null,"exp":4102444800,"scope":"x"}`:     true,
		`{"Tenant":"a","exp":4102444800,"scope":"x"}`:      true,
		`{"tenant":"a","scope":"x"}`:                       true,
		`{"x":{"tenant":"a"},"exp":4102444800,"scope":""}`: true,
	} {
		var e claimrules.Extracted
		e.Track(v.Required)
		if err := strictjson.Object([]byte(payload), e.Member); err != nil {
			t.Fatalf("%s: %v", payload, err)
		}
		err := v.Validate(&e)
		if errors.Is(err, sentinel.MissingClaim) != missing {
			t.Errorf("%s: got %v, want missing=%v", payload, err, missing)
		}
	}
}
