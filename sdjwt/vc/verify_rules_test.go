package vc_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
	"github.com/jotlib/jwt/sdjwt/vc"
)

// The "typ" rule is the Verifier's (section 2.2.1): a jwt.WithType that
// would replace it is refused, never silently overridden.
func TestSDJWTVC_2_2_1_ConflictingWithTypeRefused(t *testing.T) {
	k := newIssuerKey(t, "k1")
	for name, c := range map[string]struct {
		cfg  vc.Config
		typs []string
	}{
		"JWT":              {vc.Config{}, []string{"JWT"}},
		"LegacyWithoutOpt": {vc.Config{}, []string{vc.LegacyType}},
		"Untyped":          {vc.Config{}, []string{vc.Type, ""}},
		"OnlyOneOfTwo":     {vc.Config{AcceptLegacyType: true}, []string{vc.Type}},
	} {
		if _, err := vc.NewVerifier(&k.priv.PublicKey, c.cfg, jwt.WithType(c.typs...)); !errors.Is(err, vc.ErrInvalidOption) {
			t.Errorf("%s: got %v; want ErrInvalidOption", name, err)
		}
	}
	for name, c := range map[string]struct {
		cfg  vc.Config
		typs []string
	}{
		"Same":           {vc.Config{}, []string{vc.Type}},
		"MediaTypeSpelt": {vc.Config{}, []string{"application/DC+SD-JWT"}},
		"BothLegacy":     {vc.Config{AcceptLegacyType: true}, []string{vc.LegacyType, vc.Type}},
	} {
		if _, err := vc.NewVerifier(&k.priv.PublicKey, c.cfg, jwt.WithType(c.typs...)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// aka_vcts are the issuer's word only (the draft's security
// considerations: no evidence the issuer is authorised for those types):
// Config.Vcts matches "vct" alone unless Config.MatchAkaVcts.
func TestSDJWTVC_2_2_2_2_AkaVctsNotMatchedByDefault(t *testing.T) {
	k := newIssuerKey(t, "k1")
	p := basePayload()
	p["aka_vcts"] = []any{"urn:example:pid"}
	cred := credential(t, k, vc.Type, p)
	v := newVerifier(t, k, vc.Config{Vcts: []string{"urn:example:pid"}})
	if _, err := v.Verify(context.Background(), cred, sdjwt.Checks{}, nil); !errors.Is(err, vc.ErrVctNotAllowed) {
		t.Fatalf("got %v; want ErrVctNotAllowed", err)
	}
	v = newVerifier(t, k, vc.Config{Vcts: []string{"urn:example:pid"}, MatchAkaVcts: true})
	if _, err := v.Verify(context.Background(), cred, sdjwt.Checks{}, nil); err != nil {
		t.Fatalf("MatchAkaVcts: %v", err)
	}
	if _, err := vc.NewVerifier(&k.priv.PublicKey, vc.Config{MatchAkaVcts: true}); !errors.Is(err, vc.ErrInvalidOption) {
		t.Fatalf("MatchAkaVcts without Vcts: got %v; want ErrInvalidOption (an option that does nothing)", err)
	}
}

// A payload the Encoder cannot decode into dst leaves dst as it was.
func TestSDJWTVC_DecodeErrorLeavesDstUntouched(t *testing.T) {
	k := newIssuerKey(t, "k1")
	p := basePayload()
	p["given_name"] = "Erika"
	type person struct {
		GivenName string `json:"given_name"`
		Exp       string `json:"exp"` // a number in the payload: the decode fails after given_name
	}
	dst := person{GivenName: "kept"}
	_, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), credential(t, k, vc.Type, p), sdjwt.Checks{}, &dst)
	if !errors.Is(err, jwt.ErrEncoding) {
		t.Fatalf("got %v; want jwt.ErrEncoding", err)
	}
	if dst != (person{GivenName: "kept"}) {
		t.Fatalf("dst partly written: %+v", dst)
	}
	var notPtr person
	var nilPtr *person
	for _, bad := range []any{notPtr, nilPtr} {
		if _, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), credential(t, k, vc.Type, basePayload()), sdjwt.Checks{}, bad); !errors.Is(err, vc.ErrInvalidOption) {
			t.Fatalf("dst %T: got %v; want ErrInvalidOption", bad, err)
		}
	}
}
