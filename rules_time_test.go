package jwt_test

import (
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// TestTimeRulesOverTheCorpus_RFC7519_4_1_4_and_4_1_5 runs the corpus's time
// cases: exp at, before and after now, fractional and exponent forms,
// leeway on both sides, nbf, iat, WithExpirationRequired, the default clock.
func TestTimeRulesOverTheCorpus_RFC7519_4_1_4_and_4_1_5(t *testing.T) {
	rtRunCorpus(t, "time/")
}

// rtTimeCase is one clock, leeway and claims set.
type rtTimeCase struct {
	name   string
	claims string
	now    time.Time
	leeway time.Duration
	want   error
}

func rtRunTime(t *testing.T, tests []rtTimeCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tok := rtHS256(`{"alg":"HS256"}`, tc.claims)
			opts := []jwt.Option{rtClock(tc.now), jwt.WithLeeway(tc.leeway)}
			var reg claims.Registered
			_, errStruct := jwt.ParseWithClaims(tok, &reg, rtSecret, opts...)
			_, errMap := jwt.Parse(tok, rtSecret, opts...)
			for path, err := range map[string]error{"struct": errStruct, "map": errMap} {
				if tc.want == nil && err != nil {
					t.Errorf("%s: got %v, want valid", path, err)
				}
				if tc.want != nil && !errors.Is(err, tc.want) {
					t.Errorf("%s: got %v, want %v", path, err, tc.want)
				}
			}
		})
	}
}

// TestExpiredWhenNowIsAtOrAfterExp_RFC7519_4_1_4: "the current date/time
// MUST be before the expiration date/time listed in the "exp" claim".
func TestExpiredWhenNowIsAtOrAfterExp_RFC7519_4_1_4(t *testing.T) {
	exp := time.Unix(1_700_000_000, 0)
	rtRunTime(t, []rtTimeCase{
		{"now one second before exp", `{"exp":1700000000}`, exp.Add(-time.Second), 0, nil},
		{"now one nanosecond before exp", `{"exp":1700000000}`, exp.Add(-1), 0, nil},
		{"now equals exp", `{"exp":1700000000}`, exp, 0, jwt.ErrTokenExpired},
		{"now one nanosecond after exp", `{"exp":1700000000}`, exp.Add(1), 0, jwt.ErrTokenExpired},
		{"now long after exp", `{"exp":1700000000}`, exp.Add(24 * time.Hour), 0, jwt.ErrTokenExpired},
		{"leeway covers now after exp", `{"exp":1700000000}`, exp.Add(59 * time.Second), time.Minute, nil},
		{"now equals exp plus leeway", `{"exp":1700000000}`, exp.Add(time.Minute), time.Minute, jwt.ErrTokenExpired},
		{"no exp", `{}`, exp.Add(1000 * time.Hour), 0, nil},
		{"exp zero", `{"exp":0}`, exp, 0, jwt.ErrTokenExpired},
		{"exp negative", `{"exp":-1}`, exp, 0, jwt.ErrTokenExpired},
	})
}

// TestExpMayBeFractional_RFC7519_2_NumericDate: "a JSON numeric value ...
// non-integer values can be represented".
func TestExpMayBeFractional_RFC7519_2_NumericDate(t *testing.T) {
	rtRunTime(t, []rtTimeCase{
		{"1000.5 at 1000.4", `{"exp":1000.5}`, time.Unix(1000, 400_000_000), 0, nil},
		{"1000.5 at 1000.499999999", `{"exp":1000.5}`, time.Unix(1000, 499_999_999), 0, nil},
		{"1000.5 at 1000.5", `{"exp":1000.5}`, time.Unix(1000, 500_000_000), 0, jwt.ErrTokenExpired},
		{"1000.5 at 1000.6", `{"exp":1000.5}`, time.Unix(1000, 600_000_000), 0, jwt.ErrTokenExpired},
		{"exponent form 1.0005e3 at 1000.4", `{"exp":1.0005e3}`, time.Unix(1000, 400_000_000), 0, nil},
		{"exponent form 1.0005E+3 at 1000.5", `{"exp":1.0005E+3}`, time.Unix(1000, 500_000_000), 0, jwt.ErrTokenExpired},
		{"integer exponent 17e8", `{"exp":17e8}`, time.Unix(1_699_999_999, 0), 0, nil},
		{"nanosecond fraction", `{"exp":1000.000000001}`, time.Unix(1000, 0), 0, nil},
	})
}

// TestNotValidYetWhenNowIsBeforeNbf_RFC7519_4_1_5: "the current date/time
// MUST be after or equal to the not-before date/time".
func TestNotValidYetWhenNowIsBeforeNbf_RFC7519_4_1_5(t *testing.T) {
	nbf := time.Unix(1_700_000_000, 0)
	rtRunTime(t, []rtTimeCase{
		{"now equals nbf", `{"nbf":1700000000}`, nbf, 0, nil},
		{"now after nbf", `{"nbf":1700000000}`, nbf.Add(time.Second), 0, nil},
		{"now one nanosecond before nbf", `{"nbf":1700000000}`, nbf.Add(-1), 0, jwt.ErrTokenNotValidYet},
		{"leeway covers now before nbf", `{"nbf":1700000000}`, nbf.Add(-59 * time.Second), time.Minute, nil},
		{"now equals nbf minus leeway", `{"nbf":1700000000}`, nbf.Add(-time.Minute), time.Minute, nil},
		{"now before nbf minus leeway", `{"nbf":1700000000}`, nbf.Add(-time.Minute - 1), time.Minute, jwt.ErrTokenNotValidYet},
		{"fractional nbf", `{"nbf":1700000000.25}`, nbf.Add(200 * time.Millisecond), 0, jwt.ErrTokenNotValidYet},
		{"iat in the future is no rule", `{"iat":1800000000}`, nbf, 0, nil},
	})
}

// TestClockIsWithTimeFuncElseTimeNow_Rule8: WithTimeFunc sets the clock (default time.Now); a nil
// clock or a negative leeway is an invalid option.
func TestClockIsWithTimeFuncElseTimeNow_Rule8(t *testing.T) {
	future := rtHS256(`{"alg":"HS256"}`, `{"exp":4102444800}`)
	past := rtHS256(`{"alg":"HS256"}`, `{"exp":946684800}`)
	if _, err := jwt.Parse(future, rtSecret); err != nil {
		t.Errorf("default clock, exp in 2100: %v", err)
	}
	if _, err := jwt.Parse(past, rtSecret); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Errorf("default clock, exp in 2000: got %v", err)
	}
	if _, err := jwt.Parse(past, rtSecret, rtClock(time.Date(1999, 1, 1, 0, 0, 0, 0, time.UTC))); err != nil {
		t.Errorf("clock in 1999, exp in 2000: %v", err)
	}
	for name, opt := range map[string]jwt.Option{"nil clock": jwt.WithTimeFunc(nil), "negative leeway": jwt.WithLeeway(-time.Second)} {
		if _, err := jwt.NewVerifier(rtSecret, opt); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: got %v, want ErrInvalidOption", name, err)
		}
	}
}

// TestWithExpirationRequiredRefusesTokensWithoutExp: WithExpirationRequired refuses a token without
// "exp" with ErrMissingClaim.
func TestWithExpirationRequiredRefusesTokensWithoutExp(t *testing.T) {
	req := jwt.WithExpirationRequired()
	now := rtClock(rtNow())
	if _, err := jwt.Parse(rtHS256(`{"alg":"HS256"}`, `{"sub":"a"}`), rtSecret, req, now); !errors.Is(err, jwt.ErrMissingClaim) {
		t.Errorf("without exp: got %v, want ErrMissingClaim", err)
	}
	if _, err := jwt.Parse(rtHS256(`{"alg":"HS256"}`, `{"exp":4102444800}`), rtSecret, req, now); err != nil {
		t.Errorf("with exp: %v", err)
	}
	if _, err := jwt.Parse(rtHS256(`{"alg":"HS256"}`, `{"sub":"a"}`), rtSecret, now); err != nil {
		t.Errorf("without exp, not required: %v", err)
	}
}

// TestEveryClaimFailureIsReportedTogetherWithErrorsJoin: errors.Join, so errors.Is finds
// each failed rule.
func TestEveryClaimFailureIsReportedTogetherWithErrorsJoin(t *testing.T) {
	tok := rtHS256(`{"alg":"HS256","typ":"at+jwt"}`, `{"exp":1,"nbf":4102444800,"aud":"web","iss":"x","sub":"y"}`)
	_, err := jwt.Parse(tok, rtSecret, jwt.WithAudience("api"), jwt.WithIssuer("iss"), jwt.WithSubject("sub"),
		jwt.WithType("JWT"), rtClock(rtNow()))
	for _, want := range []error{jwt.ErrTokenExpired, jwt.ErrTokenNotValidYet, jwt.ErrInvalidAudience, jwt.ErrInvalidIssuer, jwt.ErrInvalidSubject, jwt.ErrInvalidType} {
		if !errors.Is(err, want) {
			t.Errorf("error %v does not match %v", err, want)
		}
	}
	for _, not := range []error{jwt.ErrTokenMalformed, jwt.ErrSignatureInvalid, jwt.ErrMissingClaim} {
		if errors.Is(err, not) {
			t.Errorf("error %v also matches %v", err, not)
		}
	}
}

// TestAudienceIssuerSubjectAndTypeRules_RFC7519_4_1_and_RFC8725_3_11 runs
// the corpus's aud, iss, sub and typ cases.
func TestAudienceIssuerSubjectAndTypeRules_RFC7519_4_1_and_RFC8725_3_11(t *testing.T) {
	rtRunCorpus(t, "validate/")
}

// TestTypeIsComparedAsAMediaType_RFC7515_4_1_9: case-insensitive, with
// "application/" implied when the value has no '/'.
func TestTypeIsComparedAsAMediaType_RFC7515_4_1_9(t *testing.T) {
	tests := []struct {
		want, typ string
		ok        bool
	}{
		{"JWT", "JWT", true}, {"JWT", "jwt", true}, {"JWT", "application/jwt", true}, {"JWT", "Application/JWT", true},
		{"application/jwt", "JWT", true}, {"at+jwt", "application/at+jwt", true}, {"at+jwt", "AT+JWT", true},
		{"JWT", "at+jwt", false}, {"JWT", "", false}, {"JWT", "text/jwt", false}, {"JWT", "application/", false},
		{"JWT", "applicationjwt", false}, {"at+jwt", "jwt", false}, {"JWT", "application/application/jwt", false},
	}
	for _, tc := range tests {
		header := `{"alg":"HS256"}`
		if tc.typ != "" {
			header = `{"alg":"HS256","typ":"` + tc.typ + `"}`
		}
		_, err := jwt.Parse(rtHS256(header, `{}`), rtSecret, jwt.WithType(tc.want))
		if tc.ok && err != nil {
			t.Errorf("WithType(%q), typ %q: %v", tc.want, tc.typ, err)
		}
		if !tc.ok && !errors.Is(err, jwt.ErrInvalidType) {
			t.Errorf("WithType(%q), typ %q: got %v, want ErrInvalidType", tc.want, tc.typ, err)
		}
	}
	if _, err := jwt.NewVerifier(rtSecret, jwt.WithType("")); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("WithType(\"\"): got %v, want ErrInvalidOption", err)
	}
}
