package jwt_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
)

// TestClaimsValidateIsCalledThroughAPointerToAPointer_RFC7519_7_2: a
// claims type's Validate method runs on every parse path (issue 13 item 1)
// also when the claims are a pointer the decoder allocates: &p for a nil
// *T, ParseAs[*T]. A refused token leaves the caller's pointer nil.
func TestClaimsValidateIsCalledThroughAPointerToAPointer_RFC7519_7_2(t *testing.T) {
	bad := rtSign(t, map[string]any{"tenant": "evil"})
	good := rtSign(t, map[string]any{"tenant": "acme"})
	v, err := jwt.NewVerifier(rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	paths := map[string]func(tok string) (*tenantClaims, error){
		"ParseWithClaims(&p)": func(tok string) (*tenantClaims, error) {
			var p *tenantClaims
			_, err := jwt.ParseWithClaims(tok, &p, rtSecret)
			return p, err
		},
		"ParseAs[*T]": func(tok string) (*tenantClaims, error) {
			pp, _, err := jwt.ParseAs[*tenantClaims](tok, rtSecret)
			if pp == nil {
				return nil, err
			}
			return *pp, err
		},
		"Verifier.ParseWithClaimsContext(&p)": func(tok string) (*tenantClaims, error) {
			var p *tenantClaims
			_, err := v.ParseWithClaimsContext(context.Background(), tok, &p)
			return p, err
		},
		"value receiver, &p": func(tok string) (*tenantClaims, error) {
			var p *valueValidated
			_, err := jwt.ParseWithClaims(tok, &p, rtSecret)
			if p != nil {
				return &tenantClaims{Tenant: p.Tenant}, err
			}
			return nil, err
		},
	}
	for name, parse := range paths {
		c, err := parse(bad)
		if !errors.Is(err, jwt.ErrTokenInvalidClaims) || !errors.Is(err, errWrongTenant) {
			t.Errorf("%s: %v, want ErrTokenInvalidClaims wrapping the Validate error", name, err)
		}
		var ve *jwt.ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("%s: want a *ValidationError", name)
		}
		if c != nil {
			t.Errorf("%s: the caller's pointer was filled by a refused token: %+v", name, c)
		}
		if c, err := parse(good); err != nil || c == nil || c.Tenant != "acme" {
			t.Errorf("%s, valid token: %v, %+v", name, err, c)
		}
	}
}
