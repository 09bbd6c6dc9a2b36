package claimrules_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/sentinel"
)

// RFC 7519 sections 4.1.5 and 4.1.6 with FutureLeeway: the rules that
// refuse a time still in the future ("nbf", "iat") allow the larger of
// FutureLeeway and Leeway, and say so; "exp" and the maximum age keep
// Leeway only.
func TestFutureLeewayOnNotBeforeAndIssuedAtOnly_RFC7519_4_1_5_And_4_1_6(t *testing.T) {
	now := time.Unix(1_700_000_000, 0).Add(-100 * time.Millisecond) // 100 ms behind the issuer
	v := claimrules.Validator{Now: func() time.Time { return now }, FutureLeeway: 5 * time.Second, CheckIssuedAt: true}
	for _, payload := range []string{`{"iat":1700000000}`, `{"nbf":1700000000}`, `{"iat":1700000004,"nbf":1700000004}`} {
		if err := v.Validate(extract(t, payload)); err != nil {
			t.Errorf("%s: %v", payload, err)
		}
	}
	err := v.Validate(extract(t, `{"iat":1700000006}`))
	if !errors.Is(err, sentinel.TokenUsedBeforeIssued) || !strings.Contains(err.Error(), "(leeway 5s)") {
		t.Errorf("iat 6 s ahead: %v", err)
	}
	if err := v.Validate(extract(t, `{"nbf":1700000006}`)); !errors.Is(err, sentinel.TokenNotValidYet) {
		t.Errorf("nbf 6 s ahead: %v", err)
	}
	if err := v.Validate(extract(t, `{"exp":1699999999}`)); !errors.Is(err, sentinel.TokenExpired) || strings.Contains(err.Error(), "leeway") {
		t.Errorf("exp 1 s ago: %v, want expired with no leeway", err)
	}
	v.MaxAge = time.Minute
	if err := v.Validate(extract(t, `{"iat":1699999939}`)); !errors.Is(err, sentinel.TokenExpired) {
		t.Errorf("issued 61 s ago, max age 1m: %v", err)
	}
	v.Leeway = 10 * time.Second // the larger applies
	if err := v.Validate(extract(t, `{"iat":1700000009}`)); err != nil {
		t.Errorf("Leeway larger than FutureLeeway: %v", err)
	}
	if got := v.Future(); got != 10*time.Second {
		t.Errorf("Future() = %v", got)
	}
}
