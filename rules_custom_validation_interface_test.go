package jwt_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
)

// Issue 20 item 1: a claims value reached through an interface (`var c any
// = &MyClaims{}`, then &c) is the pointer it holds, on every parse path and
// with every key source; Validate is never skipped.

const ifaceIssuer = "https://iss.example"

// ifaceKeySources are the key sources a Verifier takes, each giving rtSecret.
func ifaceKeySources() map[string]any {
	return map[string]any{
		"key":          rtSecret,
		"KeyFunc":      jwt.KeyFunc(func(*jwt.Header) (any, error) { return rtSecret, nil }),
		"KeySet":       rtKeySet{keys: []any{rtSecret}},
		"IssuerKeySet": &fakeIssuers{keys: map[string][]byte{ifaceIssuer: rtSecret}},
	}
}

// ifaceParsePaths are the entry points that take a claims value.
func ifaceParsePaths(t *testing.T, key any, opts ...jwt.Option) map[string]func(tok string, c any) (*jwt.Token, error) {
	t.Helper()
	v, err := jwt.NewVerifier(key, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]func(string, any) (*jwt.Token, error){
		"ParseWithClaims":          func(tok string, c any) (*jwt.Token, error) { return jwt.ParseWithClaims(tok, c, key, opts...) },
		"Verifier.ParseWithClaims": v.ParseWithClaims,
		"Verifier.ParseWithClaimsContext": func(tok string, c any) (*jwt.Token, error) {
			return v.ParseWithClaimsContext(context.Background(), tok, c)
		},
	}
}

// ifaceHolders put a *tenantClaims in an interface and return the pointer
// to the interface, as a caller would pass it.
var ifaceHolders = map[string]func(held *tenantClaims) (arg any, holds func() any){
	"*any": func(held *tenantClaims) (any, func() any) {
		var c any = held
		return &c, func() any { return c }
	},
	"*jwt.ClaimsValidator": func(held *tenantClaims) (any, func() any) {
		var c jwt.ClaimsValidator = held
		return &c, func() any { return c }
	},
	"*any holding *any": func(held *tenantClaims) (any, func() any) {
		var inner any = held
		var c any = &inner
		return &c, func() any { return inner }
	},
}

// TestValidateRunsThroughInterfacePointer_RFC7519_7_2: a pointer to an
// interface holding a non-nil pointer behaves exactly as that pointer:
// Validate runs, a refused token leaves the held value untouched (and the
// interface holding it), an accepted one fills the held value, which
// Token.Claims is; with or without a WithValidator check, with every key
// source.
func TestValidateRunsThroughInterfacePointer_RFC7519_7_2(t *testing.T) {
	now := rtNow()
	good := rtSign(t, map[string]any{"iss": ifaceIssuer, "sub": "good", "tenant": "acme", "exp": now.Unix() + 60})
	bad := rtSign(t, map[string]any{"iss": ifaceIssuer, "sub": "evil", "tenant": "other", "exp": now.Unix() + 60})
	checks := map[string][]jwt.Option{
		"no check":      {rtClock(now)},
		"WithValidator": {rtClock(now), jwt.WithValidator(func(context.Context, *jwt.Token) error { return nil })},
	}
	for srcName, key := range ifaceKeySources() {
		for checkName, opts := range checks {
			for pathName, parse := range ifaceParsePaths(t, key, opts...) {
				for holderName, hold := range ifaceHolders {
					name := srcName + "/" + checkName + "/" + pathName + "/" + holderName
					held := &tenantClaims{Tenant: "before"}
					arg, holds := hold(held)
					_, err := parse(bad, arg)
					if !errors.Is(err, jwt.ErrTokenInvalidClaims) || !errors.Is(err, errWrongTenant) {
						t.Errorf("%s: a wrong tenant: %v, want Validate's error", name, err)
					}
					var ve *jwt.ValidationError
					if !errors.As(err, &ve) {
						t.Errorf("%s: no *ValidationError", name)
					} else if got, ok := ve.Token.Claims.(*tenantClaims); !ok || got == held || got.Subject != "evil" {
						t.Errorf("%s: ValidationError claims %#v, want a new *tenantClaims", name, ve.Token.Claims)
					}
					if held.Tenant != "before" || held.Subject != "" || holds() != any(held) {
						t.Errorf("%s: a refused token changed the caller's value: %+v, holder %T", name, *held, holds())
					}
					tok, err := parse(good, arg)
					if err != nil {
						t.Errorf("%s: a good tenant: %v", name, err)
						continue
					}
					if held.Tenant != "acme" || held.Subject != "good" || holds() != any(held) {
						t.Errorf("%s: accepted, but the held value is %+v, holder %T", name, *held, holds())
					}
					if tok.Claims != any(held) {
						t.Errorf("%s: Token.Claims is %T, want the held pointer", name, tok.Claims)
					}
				}
			}
		}
	}
}

// TestInterfacePointerWithoutAPointerInsideIsRefused: a pointer to an
// interface holding a value (a struct, a map), a nil pointer, a nil
// non-empty interface, or itself gives a decoder nothing of the caller's to
// fill (it would be replaced by a map, or fail): ErrEncoding at once,
// before the token is read, on every path, as a map by value is.
func TestInterfacePointerWithoutAPointerInsideIsRefused(t *testing.T) {
	var cycle any
	cycle = &cycle
	args := map[string]func() any{
		"*any holding a struct":                  func() any { var c any = tenantClaims{}; return &c },
		"*jwt.ClaimsValidator holding a struct":  func() any { var c jwt.ClaimsValidator = valueValidated{}; return &c },
		"*any holding a map":                     func() any { var c any = map[string]any{}; return &c },
		"*any holding a nil *tenantClaims":       func() any { var c any = (*tenantClaims)(nil); return &c },
		"nil *jwt.ClaimsValidator":               func() any { var c jwt.ClaimsValidator; return &c },
		"*any holding a *any holding a struct":   func() any { var in any = tenantClaims{}; var c any = &in; return &c },
		"*any holding itself":                    func() any { return &cycle },
		"*any holding *jwt.ClaimsValidator(nil)": func() any { var in jwt.ClaimsValidator; var c any = &in; return &c },
	}
	u, err := jwt.ReadUnverified(rtSign(t, map[string]any{"sub": "s"}))
	if err != nil {
		t.Fatal(err)
	}
	for name, arg := range args {
		for pathName, parse := range ifaceParsePaths(t, rtSecret) {
			_, err := parse("a.b.c", arg())
			if !errors.Is(err, jwt.ErrEncoding) || errors.Is(err, jwt.ErrTokenMalformed) {
				t.Errorf("%s, %s: %v, want ErrEncoding before the token is read", name, pathName, err)
			}
		}
		if err := u.Claims(arg()); !errors.Is(err, jwt.ErrEncoding) || errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s, Unverified.Claims: %v, want ErrEncoding", name, err)
		}
	}
	if _, _, err := jwt.ParseAs[jwt.ClaimsValidator](rtSign(t, map[string]any{"tenant": "acme"}), rtSecret); !errors.Is(err, jwt.ErrEncoding) {
		t.Errorf("ParseAs[jwt.ClaimsValidator]: %v, want ErrEncoding", err)
	}
}

// TestEmptyInterfacePointerHoldingNilIsFilledWithAMap: `var c any`, then
// &c, decodes into a map[string]any as encoding/json does (there is no
// Validate to run), set only when the token is accepted.
func TestEmptyInterfacePointerHoldingNilIsFilledWithAMap(t *testing.T) {
	now := rtNow()
	good := rtSign(t, map[string]any{"sub": "good", "exp": now.Unix() + 60})
	expired := rtSign(t, map[string]any{"sub": "late", "exp": now.Unix() - 60})
	for pathName, parse := range ifaceParsePaths(t, rtSecret, rtClock(now)) {
		var c any
		if _, err := parse(expired, &c); !errors.Is(err, jwt.ErrTokenExpired) || c != nil {
			t.Errorf("%s: expired: %v, claims %#v", pathName, err, c)
		}
		tok, err := parse(good, &c)
		if m, ok := c.(map[string]any); err != nil || !ok || m["sub"] != "good" {
			t.Errorf("%s: %v, claims %#v", pathName, err, c)
		}
		if tok != nil && tok.Claims != any(&c) {
			t.Errorf("%s: Token.Claims is %T, want the caller's *any", pathName, tok.Claims)
		}
	}
	c, _, err := jwt.ParseAs[any](good, rtSecret, rtClock(now))
	if err != nil || c == nil {
		t.Fatalf("ParseAs[any]: %v", err)
	}
	if m, ok := (*c).(map[string]any); !ok || m["sub"] != "good" {
		t.Errorf("ParseAs[any]: %#v", *c)
	}
}
