package jwt_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
)

// Issue 20 item 1, followed at any depth: pointers and interfaces are
// followed until the innermost non-nil pointer to a non-interface type,
// which is the claims value (RFC 7519 section 7.2: its Validate runs, the
// candidates are of its type, it is filled only on success), or the value
// is refused with ErrEncoding.

// nestedHolders put a *tenantClaims behind pointers and interfaces nested
// more than one level deep and return the argument a caller would pass and
// a check that every level still holds what it held.
var nestedHolders = map[string]func(held *tenantClaims) (arg any, intact func() bool){
	"**any holding *T": func(held *tenantClaims) (any, func() bool) {
		var c any = held
		p := &c
		return &p, func() bool { return p == &c && c == any(held) }
	},
	"***any holding *T": func(held *tenantClaims) (any, func() bool) {
		var c any = held
		p := &c
		pp := &p
		return &pp, func() bool { return pp == &p && p == &c && c == any(held) }
	},
	"**T": func(held *tenantClaims) (any, func() bool) {
		p := held
		return &p, func() bool { return p == held }
	},
	"**jwt.ClaimsValidator holding *T": func(held *tenantClaims) (any, func() bool) {
		var c jwt.ClaimsValidator = held
		p := &c
		return &p, func() bool { return p == &c && c == jwt.ClaimsValidator(held) }
	},
	"*any holding **T": func(held *tenantClaims) (any, func() bool) {
		p := held
		var c any = &p
		return &c, func() bool { return p == held }
	},
	"*any holding **any holding *T": func(held *tenantClaims) (any, func() bool) {
		var in any = held
		p := &in
		var c any = &p
		return &c, func() bool { return p == &in && in == any(held) }
	},
}

// TestRFC7519_7_2_ValidateRunsThroughNestedPointersAndInterfaces: on
// every path and key source, with or without a WithValidator check, a
// refused token (Validate's error) leaves every level as it was, and an
// accepted one fills the innermost pointer, which Token.Claims is.
func TestRFC7519_7_2_ValidateRunsThroughNestedPointersAndInterfaces(t *testing.T) {
	now := rtNow()
	good := rtSign(t, map[string]any{"iss": ifaceIssuer, "sub": "good", "tenant": "acme", "exp": now.Unix() + 60})
	bad := rtSign(t, map[string]any{"iss": ifaceIssuer, "sub": "evil", "tenant": "other", "exp": now.Unix() + 60})
	checks := map[string][]jwt.Option{
		"no check":      {rtClock(now)},
		"WithValidator": {rtClock(now), jwt.WithValidator(func(_ context.Context, _ *jwt.Token) error { return nil })},
	}
	for srcName, key := range ifaceKeySources() {
		for checkName, opts := range checks {
			for pathName, parse := range ifaceParsePaths(t, key, opts...) {
				for holderName, hold := range nestedHolders {
					name := srcName + "/" + checkName + "/" + pathName + "/" + holderName
					held := &tenantClaims{Tenant: "before"}
					arg, intact := hold(held)
					_, err := parse(bad, arg)
					if !errors.Is(err, jwt.ErrTokenInvalidClaims) || !errors.Is(err, errWrongTenant) {
						t.Errorf("%s: a wrong tenant: %v, want Validate's error", name, err)
					}
					var ve *jwt.ValidationError
					if errors.As(err, &ve) {
						if got, ok := ve.Token.Claims.(*tenantClaims); !ok || got == held || got.Subject != "evil" {
							t.Errorf("%s: ValidationError claims %#v, want a new *tenantClaims", name, ve.Token.Claims)
						}
					} else {
						t.Errorf("%s: no *ValidationError", name)
					}
					if held.Tenant != "before" || held.Subject != "" || !intact() {
						t.Errorf("%s: a refused token changed the caller's value: %+v", name, *held)
					}
					tok, err := parse(good, arg)
					if err != nil {
						t.Errorf("%s: a good tenant: %v", name, err)
						continue
					}
					if held.Tenant != "acme" || held.Subject != "good" || !intact() {
						t.Errorf("%s: accepted, but the held value is %+v (levels intact: %v)", name, *held, intact())
					}
					if tok.Claims != any(held) {
						t.Errorf("%s: Token.Claims is %T, want the innermost pointer", name, tok.Claims)
					}
				}
			}
		}
	}
}

// TestRFC7519_7_2_ParseAsOfNestedPointersRunsValidate: ParseAs[**T]
// allocates every level; Validate still runs.
func TestRFC7519_7_2_ParseAsOfNestedPointersRunsValidate(t *testing.T) {
	if _, _, err := jwt.ParseAs[**tenantClaims](rtSign(t, map[string]any{"tenant": "evil"}), rtSecret); !errors.Is(err, errWrongTenant) {
		t.Errorf("ParseAs[**T], a wrong tenant: %v, want Validate's error", err)
	}
	c, _, err := jwt.ParseAs[**tenantClaims](rtSign(t, map[string]any{"tenant": "acme"}), rtSecret)
	if err != nil || c == nil || *c == nil || **c == nil || (**c).Tenant != "acme" {
		t.Errorf("ParseAs[**T]: %v", err)
	}
}

// selfPointer is a pointer to itself: a chain of pointers with no end.
type selfPointer *selfPointer

// TestNestedClaimsArgumentsADecoderCannotFillAreRefused: where the
// innermost level is not a pointer the caller's value is reached through
// (a value in an interface, a nil non-empty interface a decoder would
// allocate), or the chain needs more than 8 levels followed or is a
// cycle, ErrEncoding
// at once, before the token is read, on every path.
func TestNestedClaimsArgumentsADecoderCannotFillAreRefused(t *testing.T) {
	args := map[string]func() any{
		"**any holding a struct": func() any { var c any = tenantClaims{}; p := &c; return &p },
		"**any holding a map":    func() any { var c any = map[string]any{}; p := &c; return &p },
		"**any holding a nil *T": func() any { var c any = (*tenantClaims)(nil); p := &c; return &p },
		"**jwt.ClaimsValidator(nil)": func() any {
			var c jwt.ClaimsValidator
			p := &c
			return &p
		},
		"a nil *jwt.ClaimsValidator": func() any { var p *jwt.ClaimsValidator; return &p },
		"a nil **jwt.ClaimsValidator": func() any {
			var p **jwt.ClaimsValidator
			return &p
		},
		"10 pointers (9 to follow)": func() any {
			held := &tenantClaims{}
			p1 := &held
			p2 := &p1
			p3 := &p2
			p4 := &p3
			p5 := &p4
			p6 := &p5
			p7 := &p6
			p8 := &p7
			return &p8
		},
		"a pointer cycle": func() any { var p selfPointer; p = &p; return &p },
		"a nil pointer cycle type": func() any {
			var p selfPointer
			return &p
		},
	}
	for name, arg := range args {
		for pathName, parse := range ifaceParsePaths(t, rtSecret) {
			_, err := parse("a.b.c", arg())
			if !errors.Is(err, jwt.ErrEncoding) || errors.Is(err, jwt.ErrTokenMalformed) {
				t.Errorf("%s, %s: %v, want ErrEncoding before the token is read", name, pathName, err)
			}
		}
	}
	if _, _, err := jwt.ParseAs[*jwt.ClaimsValidator]("a.b.c", rtSecret); !errors.Is(err, jwt.ErrEncoding) || errors.Is(err, jwt.ErrTokenMalformed) {
		t.Errorf("ParseAs[*jwt.ClaimsValidator]: %v, want ErrEncoding before the token is read", err)
	}
}

// TestNestedEmptyInterfaceHoldingNilIsFilledWithAMap: `var c any; p :=
// &c`, then &p, fills c with a map[string]any when the token is accepted,
// as &c does; a nil *any (&p for `var p *any`) is allocated and filled.
func TestNestedEmptyInterfaceHoldingNilIsFilledWithAMap(t *testing.T) {
	tok := rtSign(t, map[string]any{"sub": "good"})
	var c any
	p := &c
	if _, err := jwt.ParseWithClaims(tok, &p, rtSecret); err != nil || p != &c {
		t.Fatalf("**any: %v", err)
	}
	if m, ok := c.(map[string]any); !ok || m["sub"] != "good" {
		t.Errorf("**any: %#v", c)
	}
	var q *any
	if _, err := jwt.ParseWithClaims(tok, &q, rtSecret); err != nil || q == nil {
		t.Fatalf("nil *any: %v", err)
	}
	if m, ok := (*q).(map[string]any); !ok || m["sub"] != "good" {
		t.Errorf("nil *any: %#v", *q)
	}
}
