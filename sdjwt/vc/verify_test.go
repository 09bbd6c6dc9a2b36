package vc_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
	"github.com/jotlib/jwt/sdjwt/vc"
)

const testVct = "https://credentials.example.com/identity_credential"

// credential signs payload (with "_sd" digests of discs added at the top
// level) as an Issuer-signed JWT of type typ and returns the SD-JWT with
// all discs.
func credential(t *testing.T, k issuerKey, typ string, payload map[string]any, discs ...sdjwt.Disclosure) string {
	t.Helper()
	var sd []any
	for _, d := range discs {
		sd = append(sd, d.Digest(sdjwt.SHA256))
	}
	if len(sd) > 0 {
		payload["_sd"] = sd
		payload["_sd_alg"] = "sha-256"
	}
	tok := k.sign(t, payload, jwt.WithType(typ))
	var b strings.Builder
	b.WriteString(tok + "~")
	for _, d := range discs {
		b.WriteString(d.Encoded + "~")
	}
	return b.String()
}

func disclosure(t *testing.T, name string, value any) sdjwt.Disclosure {
	t.Helper()
	d, err := sdjwt.NewDisclosure(name, value, false, "2GLC42sKQveCfGfryNRN9w")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func newVerifier(t *testing.T, k issuerKey, cfg vc.Config) *vc.Verifier {
	t.Helper()
	if cfg.SD.KeyBinding == sdjwt.KeyBindingRequired {
		cfg.SD.KeyBinding = sdjwt.KeyBindingForbidden
	}
	v, err := vc.NewVerifier(&k.priv.PublicKey, cfg, jwt.WithAlgorithms(jwt.ES256))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func basePayload() map[string]any {
	return map[string]any{"iss": "https://issuer.example.com", "vct": testVct, "exp": int64(4102444800)}
}

func TestSDJWTVC_2_4_CredentialVerifiedAndProcessed(t *testing.T) {
	k := newIssuerKey(t, "k1")
	p := basePayload()
	p["status"] = map[string]any{"status_list": map[string]any{"idx": 0, "uri": "https://example.com/statuslists/1"}}
	p["aka_vcts"] = []any{"urn:example:pid"}
	cred := credential(t, k, vc.Type, p, disclosure(t, "given_name", "Erika"), disclosure(t, "sub", "user-1"))
	var dst struct {
		GivenName string `json:"given_name"`
		Vct       string `json:"vct"`
	}
	res, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), cred, sdjwt.Checks{}, &dst)
	if err != nil {
		t.Fatal(err)
	}
	if res.Vct != testVct || dst.Vct != testVct || dst.GivenName != "Erika" || len(res.AkaVcts) != 1 || res.Status == nil || res.VctIntegrity != "" {
		t.Fatalf("result %+v, dst %+v", res, dst)
	}
	if len(res.Disclosed) != 2 {
		t.Fatalf("disclosed %v", res.Disclosed)
	}
}

func TestSDJWTVC_2_2_1_TypOtherThanDcSdJwtRefused(t *testing.T) {
	k := newIssuerKey(t, "k1")
	for _, typ := range []string{"JWT", "example+sd-jwt", vc.LegacyType, "", "dc+sd-jwt+x"} {
		cred := credential(t, k, typ, basePayload())
		_, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), cred, sdjwt.Checks{}, nil)
		if !errors.Is(err, vc.ErrInvalidType) || !errors.Is(err, jwt.ErrInvalidType) {
			t.Errorf("typ %q: got %v; want ErrInvalidType", typ, err)
		}
	}
}

func TestSDJWTVC_2_2_1_TypComparedAsMediaType(t *testing.T) {
	k := newIssuerKey(t, "k1")
	for _, typ := range []string{"dc+sd-jwt", "DC+SD-JWT", "application/dc+sd-jwt"} {
		if _, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), credential(t, k, typ, basePayload()), sdjwt.Checks{}, nil); err != nil {
			t.Errorf("typ %q: %v", typ, err)
		}
	}
}

func TestSDJWTVC_2_2_1_LegacyVcSdJwtOnlyByOption(t *testing.T) {
	k := newIssuerKey(t, "k1")
	cred := credential(t, k, vc.LegacyType, basePayload())
	if _, err := newVerifier(t, k, vc.Config{AcceptLegacyType: true}).Verify(context.Background(), cred, sdjwt.Checks{}, nil); err != nil {
		t.Fatal(err)
	}
}

func TestSDJWTVC_2_2_2_3_VctRequired(t *testing.T) {
	k := newIssuerKey(t, "k1")
	p := basePayload()
	delete(p, "vct")
	_, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), credential(t, k, vc.Type, p), sdjwt.Checks{}, nil)
	if !errors.Is(err, vc.ErrMissingVct) || !errors.Is(err, jwt.ErrMissingClaim) {
		t.Fatalf("got %v; want ErrMissingVct", err)
	}
}

func TestSDJWTVC_2_2_2_ClaimValuesRefused(t *testing.T) {
	k := newIssuerKey(t, "k1")
	for name, set := range map[string]map[string]any{
		"VctNotString":          {"vct": 1},
		"VctEmpty":              {"vct": ""},
		"VctNull":               {"vct": nil},
		"VctIntegrityNotString": {"vct#integrity": 1},
		"VctIntegrityNotSRI":    {"vct#integrity": "vJKakJAQkDYkIhGrT1M3nxRuSj9udH0l1PXB06QHto8="},
		"AkaVctsEmpty":          {"aka_vcts": []any{}},
		"AkaVctsNotArray":       {"aka_vcts": "urn:x"},
		"AkaVctsNotStrings":     {"aka_vcts": []any{1}},
		"AkaVctsContainsVct":    {"aka_vcts": []any{testVct}},
		"AkaVctsDuplicate":      {"aka_vcts": []any{"urn:x", "urn:x"}},
		"StatusNotObject":       {"status": "revoked?"},
	} {
		p := basePayload()
		for n, v := range set {
			p[n] = v
		}
		_, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), credential(t, k, vc.Type, p), sdjwt.Checks{}, nil)
		if !errors.Is(err, vc.ErrInvalidClaim) || !errors.Is(err, jwt.ErrTokenInvalidClaims) {
			t.Errorf("%s: got %v; want ErrInvalidClaim", name, err)
		}
	}
}

func TestSDJWTVC_2_2_2_3_RegisteredClaimDisclosedRefused(t *testing.T) {
	k := newIssuerKey(t, "k1")
	for _, name := range vc.NotDisclosable {
		p := basePayload()
		delete(p, name)
		var value any = "x"
		if name == "vct" {
			value = testVct
		}
		_, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), credential(t, k, vc.Type, p, disclosure(t, name, value)), sdjwt.Checks{}, nil)
		if err == nil || !errors.Is(err, jwt.ErrTokenInvalidClaims) && !errors.Is(err, jwt.ErrMissingClaim) {
			t.Errorf("%s disclosed: got %v", name, err)
		}
	}
}

func TestSDJWTVC_2_2_2_3_SubClaimOfStatusDisclosedRefused(t *testing.T) {
	k := newIssuerKey(t, "k1")
	d := disclosure(t, "status_list", map[string]any{"idx": 1, "uri": "https://example.com/sl"})
	p := basePayload()
	p["status"] = map[string]any{"_sd": []any{d.Digest(sdjwt.SHA256)}}
	p["_sd_alg"] = "sha-256"
	tok := k.sign(t, p, jwt.WithType(vc.Type))
	_, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), tok+"~"+d.Encoded+"~", sdjwt.Checks{}, nil)
	if !errors.Is(err, vc.ErrClaimDisclosed) {
		t.Fatalf("got %v; want ErrClaimDisclosed", err)
	}
}

func TestSDJWTVC_2_2_2_3_SubMayBeDisclosed(t *testing.T) {
	k := newIssuerKey(t, "k1")
	p := basePayload()
	_, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), credential(t, k, vc.Type, p, disclosure(t, "sub", "user-1")), sdjwt.Checks{}, nil)
	if err != nil {
		t.Fatal(err)
	}
}

func TestSDJWTVC_VctAllowList(t *testing.T) {
	k := newIssuerKey(t, "k1")
	v := newVerifier(t, k, vc.Config{Vcts: []string{"urn:example:pid"}, MatchAkaVcts: true})
	if _, err := v.Verify(context.Background(), credential(t, k, vc.Type, basePayload()), sdjwt.Checks{}, nil); !errors.Is(err, vc.ErrVctNotAllowed) {
		t.Fatalf("got %v; want ErrVctNotAllowed", err)
	}
	p := basePayload()
	p["aka_vcts"] = []any{"urn:example:pid"}
	if _, err := v.Verify(context.Background(), credential(t, k, vc.Type, p), sdjwt.Checks{}, nil); err != nil {
		t.Fatalf("aka_vcts match: %v", err)
	}
	p = basePayload()
	p["vct"] = "urn:example:PID"
	if _, err := v.Verify(context.Background(), credential(t, k, vc.Type, p), sdjwt.Checks{}, nil); !errors.Is(err, vc.ErrVctNotAllowed) {
		t.Fatalf("case differs: got %v; want ErrVctNotAllowed", err)
	}
}

func TestSDJWTVC_RefusedCredentialLeavesDstUntouched(t *testing.T) {
	k := newIssuerKey(t, "k1")
	p := basePayload()
	p["aka_vcts"] = []any{}
	dst := map[string]any{"kept": true}
	if _, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), credential(t, k, vc.Type, p), sdjwt.Checks{}, &dst); err == nil {
		t.Fatal("accepted")
	}
	if len(dst) != 1 || dst["kept"] != true {
		t.Fatalf("dst changed: %v", dst)
	}
}

func TestSDJWTVC_6_VctIntegrityReturnedAndChecked(t *testing.T) {
	k := newIssuerKey(t, "k1")
	doc := []byte(`{"vct":"` + testVct + `"}`)
	sum := sha256.Sum256(doc)
	p := basePayload()
	p["vct#integrity"] = "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
	res, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), credential(t, k, vc.Type, p), sdjwt.Checks{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := vc.VerifyIntegrity(res.VctIntegrity, doc); err != nil {
		t.Fatal(err)
	}
}

func TestSDJWTVC_VerifierConfigAndZeroValue(t *testing.T) {
	k := newIssuerKey(t, "k1")
	if _, err := vc.NewVerifier(&k.priv.PublicKey, vc.Config{Vcts: []string{""}}); !errors.Is(err, vc.ErrInvalidOption) {
		t.Fatalf("empty vct: %v", err)
	}
	if _, err := vc.NewVerifier(nil, vc.Config{}); !errors.Is(err, jwt.ErrInvalidOption) && !errors.Is(err, jwt.ErrInvalidKey) {
		t.Fatalf("nil key: %v", err)
	}
	for _, v := range []*vc.Verifier{nil, {}} {
		if _, err := v.Verify(context.Background(), "x~", sdjwt.Checks{}, nil); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Fatalf("zero verifier: %v", err)
		}
	}
}

// The draft lets "iat" be disclosed; sdjwt's Verifier takes it from the
// issuer in plaintext (sdjwt.DefaultMustNotBeDisclosed), and so does this
// one: documented in the package doc.
func TestSDJWTVC_2_2_2_3_DisclosedIatRefusedStricterThanDraft(t *testing.T) {
	k := newIssuerKey(t, "k1")
	_, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), credential(t, k, vc.Type, basePayload(), disclosure(t, "iat", 1683000000)), sdjwt.Checks{}, nil)
	if !errors.Is(err, sdjwt.ErrMustNotBeDisclosed) {
		t.Fatalf("got %v; want sdjwt.ErrMustNotBeDisclosed", err)
	}
}
