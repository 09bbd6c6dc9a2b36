package sdjwt_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

// holderCredential is an issued SD-JWT: given_name, address{street,
// locality}, nationalities[DE, FR] all selectively disclosable.
func holderCredential(t *testing.T) (string, map[string]sdjwt.Disclosure) {
	t.Helper()
	ds := map[string]sdjwt.Disclosure{
		"given_name": prop(t, "given_name", "John"),
		"street":     prop(t, "street", "Main St 1"),
		"locality":   prop(t, "locality", "Berlin"),
		"de":         elem(t, "DE"),
		"fr":         elem(t, "FR"),
	}
	ds["address"] = prop(t, "address", obj{"_sd": []any{dg(ds["street"]), dg(ds["locality"])}, "country": "DE"})
	iss := issuerJWT(t, obj{"iss": "https://issuer.example", "cnf": cnf(t),
		"_sd":           []any{dg(ds["given_name"]), dg(ds["address"])},
		"nationalities": []any{obj{"...": dg(ds["de"])}, obj{"...": "decoy"}, obj{"...": dg(ds["fr"])}}})
	return sdJWT(iss, ds["given_name"], ds["address"], ds["street"], ds["locality"], ds["de"], ds["fr"]), ds
}

func parseIssued(t *testing.T, s string) *sdjwt.Issued {
	t.Helper()
	is, err := sdjwt.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return is
}

func TestRFC9901_7_2_ParseProcessesEveryDisclosure(t *testing.T) {
	s, _ := holderCredential(t)
	is := parseIssued(t, s)
	if got := js(t, is.Payload["address"]); got != `{"country":"DE","locality":"Berlin","street":"Main St 1"}` {
		t.Errorf("address %s", got)
	}
	if got := js(t, is.Paths); got != `[["given_name"],["address"],["address","street"],["address","locality"],["nationalities",0],["nationalities",1]]` {
		t.Errorf("Paths %s", got)
	}
}

func TestRFC9901_7_2_Step2_SelectingANestedClaimSelectsItsParents(t *testing.T) {
	s, ds := holderCredential(t)
	is := parseIssued(t, s)
	p, err := is.Present([]sdjwt.Path{{"address", "street"}, {"nationalities", 1}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := sdJWT(is.IssuerJWT, ds["address"], ds["street"], ds["fr"])
	if p != want {
		t.Errorf("presentation\n%s\nwant\n%s", p, want)
	}
	r := mustVerify(t, verifier(t, optional), p)
	if got := js(t, r.Payload); !strings.Contains(got, `"address":{"country":"DE","street":"Main St 1"}`) || !strings.Contains(got, `"nationalities":["FR"]`) || strings.Contains(got, "John") {
		t.Errorf("verified payload %s", got)
	}
}

func TestRFC9901_7_2_SelectingAPlaintextClaimUnderADisclosureSelectsIt(t *testing.T) {
	s, ds := holderCredential(t)
	is := parseIssued(t, s)
	p, err := is.Present([]sdjwt.Path{{"address", "country"}, {"address"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p != sdJWT(is.IssuerJWT, ds["address"]) {
		t.Errorf("presentation %s", p)
	}
}

func TestRFC9901_7_2_NoSelectionPresentsNoDisclosure(t *testing.T) {
	s, _ := holderCredential(t)
	is := parseIssued(t, s)
	p, err := is.Present(nil, nil)
	if err != nil || p != is.IssuerJWT+"~" {
		t.Errorf("got %q, %v", p, err)
	}
}

func TestRFC9901_7_2_PathNamingNoClaimRefused(t *testing.T) {
	s, _ := holderCredential(t)
	is := parseIssued(t, s)
	for _, p := range []sdjwt.Path{{}, {"family_name"}, {"address", 0}, {"nationalities", 2}, {"nationalities", -1}, {"address", int64(1)}, {"given_name", "x"}, {[]int{1}}} {
		if _, err := is.Present([]sdjwt.Path{p}, nil); !errors.Is(err, sdjwt.ErrPathNotFound) || !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%v: got %v", p, err)
		}
	}
}

func TestRFC9901_7_2_HolderRefusesAnSDJWTPlusKB(t *testing.T) {
	s, _ := holderCredential(t)
	if _, err := sdjwt.Parse(withKB(t, s)); !errors.Is(err, sdjwt.ErrKeyBindingUnexpected) {
		t.Errorf("got %v", err)
	}
}

func TestRFC9901_7_2_HolderParseRunsTheProcessingRules(t *testing.T) {
	d := prop(t, "a", 1)
	if _, err := sdjwt.Parse(sdJWT(issuerJWT(t, obj{"_sd": []any{dg(d), dg(d)}}), d)); !errors.Is(err, sdjwt.ErrDigestRepeated) {
		t.Errorf("got %v", err)
	}
	if _, err := sdjwt.Parse(sdJWT(issuerJWT(t, obj{}), d)); !errors.Is(err, sdjwt.ErrDisclosureUnused) {
		t.Errorf("got %v", err)
	}
	if _, err := sdjwt.Parse("a.b.c"); !errors.Is(err, sdjwt.ErrInvalidFormat) {
		t.Errorf("got %v", err)
	}
}

func holderKB(t *testing.T, key any, typ string) *sdjwt.KeyBinding {
	t.Helper()
	s, err := jwt.NewSigner(jwt.ES256, key, jwt.WithType(typ))
	if err != nil {
		t.Fatal(err)
	}
	return &sdjwt.KeyBinding{Signer: s, Audience: checks.Audience, Nonce: checks.Nonce, IssuedAt: testNow}
}

func TestRFC9901_4_3_PresentWithKeyBindingVerifies(t *testing.T) {
	s, _ := holderCredential(t)
	is := parseIssued(t, s)
	p, err := is.Present([]sdjwt.Path{{"given_name"}}, holderKB(t, testHolderKey, sdjwt.KeyBindingType))
	if err != nil {
		t.Fatal(err)
	}
	r := mustVerify(t, verifier(t, sdjwt.Config{}), p)
	if !r.KeyBound || r.Payload["given_name"] != "John" {
		t.Errorf("result %+v", r)
	}
	u, err := jwt.ReadUnverified(p[strings.LastIndexByte(p, '~')+1:])
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]any
	if err := u.Claims(&c); err != nil {
		t.Fatal(err)
	}
	if u.Header.Type != "kb+jwt" || c["aud"] != checks.Audience || c["nonce"] != checks.Nonce || c["iat"] != float64(testNow.Unix()) ||
		c["sd_hash"] != sdjwt.SHA256.Digest(p[:strings.LastIndexByte(p, '~')+1]) || len(c) != 4 {
		t.Errorf("KB-JWT header %+v claims %v", u.Header, c)
	}
}

func TestRFC9901_4_3_KeyBindingMissingARequiredMemberRefused(t *testing.T) {
	s, _ := holderCredential(t)
	is := parseIssued(t, s)
	for name, kb := range map[string]*sdjwt.KeyBinding{
		"no signer":   {Audience: "a", Nonce: "n"},
		"no audience": {Signer: holderKB(t, testHolderKey, sdjwt.KeyBindingType).Signer, Nonce: "n"},
		"no nonce":    {Signer: holderKB(t, testHolderKey, sdjwt.KeyBindingType).Signer, Audience: "a"},
		"typ JWT":     holderKB(t, testHolderKey, "JWT"),
	} {
		if _, err := is.Present(nil, kb); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: got %v", name, err)
		}
	}
}

func TestRFC9901_4_3_KeyBindingByAKeyOtherThanCnfRefused(t *testing.T) {
	s, _ := holderCredential(t)
	is := parseIssued(t, s)
	if _, err := is.Present(nil, holderKB(t, testOtherKey, sdjwt.KeyBindingType)); !errors.Is(err, sdjwt.ErrHolderKey) || !errors.Is(err, jwt.ErrSignatureInvalid) {
		t.Errorf("got %v", err)
	}
	unbound := parseIssued(t, issuerJWT(t, obj{"a": 1})+"~")
	if _, err := unbound.Present(nil, holderKB(t, testHolderKey, sdjwt.KeyBindingType)); !errors.Is(err, sdjwt.ErrHolderKey) {
		t.Errorf("no cnf: got %v", err)
	}
}

func TestRFC9901_4_3_KeyBindingIssuedAtDefaultsToNow(t *testing.T) {
	s, _ := holderCredential(t)
	kb := holderKB(t, testHolderKey, sdjwt.KeyBindingType)
	kb.IssuedAt = time.Time{}
	p, err := parseIssued(t, s).Present(nil, kb)
	if err != nil {
		t.Fatal(err)
	}
	v, err := sdjwt.NewVerifier(&testIssuerKey.PublicKey, sdjwt.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(context.Background(), p, checks, nil); err != nil {
		t.Error(err)
	}
}

func TestRFC9901_7_2_ZeroIssuedRefusesWithoutPanic(t *testing.T) {
	for _, is := range []*sdjwt.Issued{nil, {}, {IssuerJWT: "a.b.c", Paths: []sdjwt.Path{{"x"}}}} {
		if _, err := is.Present(nil, nil); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("got %v", err)
		}
	}
}
