package jwt_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

var errWrongTenant = errors.New("wrong tenant")

// tenantClaims has a rule of its own, as golang-jwt's ClaimsValidator.
type tenantClaims struct {
	claims.Registered
	Tenant string `json:"tenant"`
	calls  *int
}

func (c *tenantClaims) Validate() error {
	if c.calls != nil {
		*c.calls++
	}
	if c.Tenant != "acme" {
		return errWrongTenant
	}
	return nil
}

// valueValidated has Validate on its value, so its pointer has it too.
type valueValidated struct {
	Tenant string `json:"tenant"`
}

func (c valueValidated) Validate() error {
	if c.Tenant != "acme" {
		return errWrongTenant
	}
	return nil
}

// parseEveryClaimsPath parses tok through every entry point that takes a
// claims value, with a fresh *tenantClaims each time.
func parseEveryClaimsPath(t *testing.T, tok string, opts ...jwt.Option) map[string]error {
	t.Helper()
	v, err := jwt.NewVerifier(rtSecret, opts...)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]error{}
	var c tenantClaims
	_, out["ParseWithClaims"] = jwt.ParseWithClaims(tok, &c, rtSecret, opts...)
	_, _, out["ParseAs"] = jwt.ParseAs[tenantClaims](tok, rtSecret, opts...)
	_, out["Verifier.ParseWithClaims"] = v.ParseWithClaims(tok, &tenantClaims{})
	_, out["Verifier.ParseWithClaimsContext"] = v.ParseWithClaimsContext(context.Background(), tok, &tenantClaims{})
	var vv valueValidated
	_, out["value receiver"] = jwt.ParseWithClaims(tok, &vv, rtSecret, opts...)
	return out
}

// TestClaimsValidateIsCalledAfterTheSignatureAndTheRegisteredClaims_RFC7519_7_2:
// a claims type's Validate method runs on every parse path once the
// signature and the registered claims pass; its error matches
// ErrTokenInvalidClaims and the caller's error.
func TestClaimsValidateIsCalledAfterTheSignatureAndTheRegisteredClaims_RFC7519_7_2(t *testing.T) {
	now := rtNow()
	good := rtSign(t, map[string]any{"sub": "u", "tenant": "acme", "exp": now.Unix() + 60})
	for path, err := range parseEveryClaimsPath(t, good, rtClock(now)) {
		if err != nil {
			t.Errorf("%s: a good tenant: %v", path, err)
		}
	}
	bad := rtSign(t, map[string]any{"sub": "u", "tenant": "other", "exp": now.Unix() + 60})
	for path, err := range parseEveryClaimsPath(t, bad, rtClock(now)) {
		if !errors.Is(err, jwt.ErrTokenInvalidClaims) || !errors.Is(err, errWrongTenant) {
			t.Errorf("%s: a wrong tenant: got %v, want ErrTokenInvalidClaims wrapping the caller's error", path, err)
		}
		var ve *jwt.ValidationError
		if !errors.As(err, &ve) || ve.Token == nil {
			t.Errorf("%s: no *ValidationError: %v", path, err)
		}
	}
}

// TestClaimsValidateIsNotCalledWhenAnEarlierRuleFails: not when the
// signature fails (RFC 7515 section 5.2), not when a registered claim fails.
func TestClaimsValidateIsNotCalledWhenAnEarlierRuleFails(t *testing.T) {
	now := rtNow()
	expired := rtSign(t, map[string]any{"tenant": "other", "exp": now.Unix() - 60})
	forged := rtRaw(`{"alg":"HS256","typ":"JWT"}`, `{"tenant":"other"}`, rtHMAC([]byte("another-secret-of-32-bytes-long!")))
	for name, tok := range map[string]string{"expired": expired, "forged": forged} {
		calls := 0
		c := tenantClaims{calls: &calls}
		_, err := jwt.ParseWithClaims(tok, &c, rtSecret, rtClock(now))
		if err == nil || calls != 0 || errors.Is(err, errWrongTenant) {
			t.Errorf("%s: Validate called %d times, err %v", name, calls, err)
		}
	}
}

// TestWithValidatorGetsTheContextAndTheVerifiedToken: a check that needs a
// context (revocation by "jti") runs after Validate, with the parse's
// context; the first error stops and is wrapped.
func TestWithValidatorGetsTheContextAndTheVerifiedToken(t *testing.T) {
	type ctxKey struct{}
	errRevoked := errors.New("revoked")
	var order []string
	revocation := jwt.WithValidator(func(ctx context.Context, tok *jwt.Token) error {
		order = append(order, "revocation")
		if ctx.Value(ctxKey{}) != "request" {
			t.Errorf("the check did not get the parse's context")
		}
		if tok.Registered().ID == "revoked-1" {
			return errRevoked
		}
		return nil
	})
	second := jwt.WithValidator(func(context.Context, *jwt.Token) error { order = append(order, "second"); return nil })
	v, err := jwt.NewVerifier(rtSecret, revocation, second)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.WithValue(context.Background(), ctxKey{}, "request")
	if _, err := v.ParseContext(ctx, rtSign(t, map[string]any{"jti": "ok-1"})); err != nil {
		t.Fatal(err)
	}
	if len(order) != 2 || order[0] != "revocation" || order[1] != "second" {
		t.Errorf("checks ran as %v", order)
	}
	order = nil
	_, err = v.ParseWithClaimsContext(ctx, rtSign(t, map[string]any{"jti": "revoked-1", "tenant": "acme"}), &tenantClaims{})
	if !errors.Is(err, errRevoked) || !errors.Is(err, jwt.ErrTokenInvalidClaims) || len(order) != 1 {
		t.Errorf("a revoked token: %v, checks %v", err, order)
	}
	if _, err := jwt.NewVerifier(rtSecret, jwt.WithValidator(nil)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("nil check: %v", err)
	}
}

// TestAFailedCustomRuleLeavesTheCallersClaimsUntouched: Validate sees the
// decoded claims, but the caller's value is only filled once every rule
// passed.
func TestAFailedCustomRuleLeavesTheCallersClaimsUntouched(t *testing.T) {
	c := tenantClaims{Tenant: "before"}
	_, err := jwt.ParseWithClaims(rtSign(t, map[string]any{"sub": "evil", "tenant": "other"}), &c, rtSecret)
	if !errors.Is(err, errWrongTenant) || c.Tenant != "before" || c.Subject != "" {
		t.Fatalf("got %v and %+v", err, c)
	}
	var ve *jwt.ValidationError
	if !errors.As(err, &ve) {
		t.Fatal("no *ValidationError")
	}
	if got, ok := ve.Token.Claims.(*tenantClaims); !ok || got == &c || got.Subject != "evil" {
		t.Fatalf("ValidationError claims: %#v", ve.Token.Claims)
	}
	tok, err := jwt.ParseWithClaims(rtSign(t, map[string]any{"sub": "good", "tenant": "acme"}), &c, rtSecret)
	if err != nil || c.Subject != "good" || tok.Claims != &c {
		t.Fatalf("a passing token: %v, %+v", err, c)
	}
}
