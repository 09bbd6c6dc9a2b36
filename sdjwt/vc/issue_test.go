package vc_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
	"github.com/jotlib/jwt/sdjwt/vc"
)

func vcIssuer(t *testing.T, k issuerKey, opts ...sdjwt.IssuerOption) *vc.Issuer {
	t.Helper()
	s, err := jwt.NewSigner(jwt.ES256, k.priv, jwt.WithKeyID(k.kid), jwt.WithType(vc.Type))
	if err != nil {
		t.Fatal(err)
	}
	is, err := vc.NewIssuer(s, testVct, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return is
}

func TestSDJWTVC_2_IssuedCredentialHasTypAndVctInPlaintext(t *testing.T) {
	k := newIssuerKey(t, "k1")
	issued, discs, err := vcIssuer(t, k).Issue(sdjwt.Object{
		"iss": "https://issuer.example.com", "given_name": sdjwt.SD("Erika"),
		"address": sdjwt.SD(sdjwt.Object{"locality": sdjwt.SD("Berlin")}),
		"status":  sdjwt.Object{"status_list": sdjwt.Object{"idx": 3, "uri": "https://example.com/sl"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(discs) != 3 {
		t.Fatalf("%d disclosures", len(discs))
	}
	res, err := newVerifier(t, k, vc.Config{Vcts: []string{testVct}}).Verify(context.Background(), issued, sdjwt.Checks{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Issuer.Header.Type != vc.Type || res.Vct != testVct || res.Payload["given_name"] != "Erika" || res.Status == nil {
		t.Fatalf("result %+v", res)
	}
	for _, d := range discs {
		if d.Name == "vct" {
			t.Fatal("vct disclosed")
		}
	}
}

func TestSDJWTVC_2_2_2_3_IssuerRefusesSDAtOrUnderRegisteredClaims(t *testing.T) {
	k := newIssuerKey(t, "k1")
	is := vcIssuer(t, k)
	for _, name := range vc.NotDisclosable {
		for _, obj := range []sdjwt.Object{
			{name: sdjwt.SD("x")},
			{name: sdjwt.Object{"sub": sdjwt.SD("x")}},
			{name: map[string]any{"a": []any{sdjwt.SD(1)}}},
		} {
			if _, _, err := is.Issue(obj); !errors.Is(err, sdjwt.ErrInvalidPayload) {
				t.Errorf("%s: %v; want ErrInvalidPayload", name, err)
			}
		}
	}
	if _, _, err := is.Issue(sdjwt.Object{"status": sdjwt.Object{"x": sdjwt.SD(1)}}); !errors.Is(err, vc.ErrClaimDisclosed) {
		t.Errorf("status sub-claim: %v; want ErrClaimDisclosed", err)
	}
}

func TestSDJWTVC_2_2_2_IssuerRefusesBadClaimValues(t *testing.T) {
	k := newIssuerKey(t, "k1")
	is := vcIssuer(t, k)
	for name, obj := range map[string]sdjwt.Object{
		"OtherVct":         {"vct": "urn:other"},
		"BadIntegrity":     {"vct#integrity": "nope"},
		"IntegrityNumber":  {"vct#integrity": 1},
		"AkaEmpty":         {"aka_vcts": []any{}},
		"AkaWithVct":       {"aka_vcts": []string{testVct}},
		"AkaDuplicate":     {"aka_vcts": sdjwt.Array{"urn:a", "urn:a"}},
		"AkaNotArray":      {"aka_vcts": "urn:a"},
		"StatusNotObject":  {"status": "x"},
		"SDClaimReserved":  {"_sd": []any{}},
		"ReservedDotsName": {"...": 1},
	} {
		if _, _, err := is.Issue(obj); !errors.Is(err, sdjwt.ErrInvalidPayload) {
			t.Errorf("%s: %v; want ErrInvalidPayload", name, err)
		}
	}
	if _, _, err := is.Issue(sdjwt.Object{"vct": testVct, "aka_vcts": []string{"urn:a"}}); err != nil {
		t.Errorf("same vct and good aka_vcts: %v", err)
	}
}

func TestSDJWTVC_2_2_2_5_NoSDClaimsMeansNoSDClaim(t *testing.T) {
	k := newIssuerKey(t, "k1")
	issued, discs, err := vcIssuer(t, k).Issue(sdjwt.Object{"iss": "https://issuer.example.com"})
	if err != nil || len(discs) != 0 {
		t.Fatal(err, len(discs))
	}
	res, err := newVerifier(t, k, vc.Config{}).Verify(context.Background(), issued, sdjwt.Checks{}, nil)
	if err != nil || res.Vct != testVct {
		t.Fatal(err)
	}
	// With decoys configured but nothing disclosable, still no "_sd".
	issued, _, err = vcIssuer(t, k, sdjwt.WithDecoys(1, 2)).Issue(sdjwt.Object{"a": 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err = newVerifier(t, k, vc.Config{}).Verify(context.Background(), issued, sdjwt.Checks{}, nil); err != nil {
		t.Fatal(err)
	}
	payload, err := base64.RawURLEncoding.DecodeString(strings.Split(issued, ".")[1])
	if err != nil || strings.Contains(string(payload), `"_sd"`) {
		t.Fatal(`"_sd" in a credential without disclosable claims`)
	}
}

func TestSDJWTVC_2_2_1_IssuerSignerWithOtherTypRefused(t *testing.T) {
	k := newIssuerKey(t, "k1")
	s, _ := jwt.NewSigner(jwt.ES256, k.priv)
	is, err := vc.NewIssuer(s, testVct)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := is.Issue(sdjwt.Object{"a": sdjwt.SD(1)}); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Fatalf("got %v; want ErrInvalidOption", err)
	}
}

func TestSDJWTVC_IssuerConfigAndZeroValue(t *testing.T) {
	k := newIssuerKey(t, "k1")
	s, _ := jwt.NewSigner(jwt.ES256, k.priv, jwt.WithType(vc.Type))
	if _, err := vc.NewIssuer(s, ""); !errors.Is(err, vc.ErrInvalidOption) {
		t.Fatalf("empty vct: %v", err)
	}
	if _, err := vc.NewIssuer(nil, testVct); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Fatalf("nil signer: %v", err)
	}
	for _, is := range []*vc.Issuer{nil, {}} {
		if _, _, err := is.Issue(sdjwt.Object{}); !errors.Is(err, jwt.ErrInvalidKey) {
			t.Fatalf("zero issuer: %v", err)
		}
	}
}

// The whole flow: issuance with cnf, presentation with a KB-JWT, and
// verification with the issuer's keys discovered from its JWT VC Issuer
// Metadata (sections 2.4, 2.5, 4).
func TestSDJWTVC_2_5_KeyBoundPresentationVerifiedWithDiscoveredKeys(t *testing.T) {
	k := newIssuerKey(t, "issuer-key")
	holder, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	var ms *metadataServer
	ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
		serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks":%s}`, ms.URL, setJSON(t, k)))(w, r)
	})
	issued, _, err := vcIssuer(t, k, sdjwt.WithHolderKey(&holder.PublicKey)).Issue(sdjwt.Object{
		"iss": ms.URL, "given_name": sdjwt.SD("Erika"), "family_name": sdjwt.SD("Mustermann"),
	})
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := sdjwt.Parse(issued)
	if err != nil {
		t.Fatal(err)
	}
	kbSigner, _ := jwt.NewSigner(jwt.ES256, holder, jwt.WithType(sdjwt.KeyBindingType))
	pres, err := parsed.Present([]sdjwt.Path{{"given_name"}}, &sdjwt.KeyBinding{Signer: kbSigner, Audience: "https://verifier.example", Nonce: "n-0S6_WzA2Mj"})
	if err != nil {
		t.Fatal(err)
	}
	keys := metadataKeys(t, ms, ms.URL)
	v, err := vc.NewVerifier(keys, vc.Config{SD: sdjwt.Config{Audience: "https://verifier.example", MaxKeyBindingAge: time.Minute}}, jwt.WithAlgorithms(jwt.ES256))
	if err != nil {
		t.Fatal(err)
	}
	res, err := v.Verify(context.Background(), pres, sdjwt.Checks{Nonce: "n-0S6_WzA2Mj"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.KeyBound || res.Payload["given_name"] != "Erika" || res.Payload["family_name"] != nil || res.Vct != testVct {
		t.Fatalf("result %+v", res)
	}
	if _, err := v.Verify(context.Background(), pres, sdjwt.Checks{Nonce: "other"}, nil); err == nil {
		t.Fatal("wrong nonce accepted")
	}
	other := newIssuerKey(t, "issuer-key")
	forged, _, _ := vcIssuer(t, other, sdjwt.WithHolderKey(&holder.PublicKey)).Issue(sdjwt.Object{"iss": ms.URL})
	p2, _ := sdjwt.Parse(forged)
	pres2, _ := p2.Present(nil, &sdjwt.KeyBinding{Signer: kbSigner, Audience: "https://verifier.example", Nonce: "n"})
	if _, err := v.Verify(context.Background(), pres2, sdjwt.Checks{Nonce: "n"}, nil); !errors.Is(err, jwt.ErrSignatureInvalid) {
		t.Fatalf("another key's credential: %v", err)
	}
}
