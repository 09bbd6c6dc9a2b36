package vc_test

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/sdjwt"
	"github.com/jotlib/jwt/sdjwt/vc"
)

// TestRFC9901_A_3_ExampleSDJWTVCVerifies: the SD-JWT VC of RFC 9901
// appendix A.3 (typ dc+sd-jwt, vct urn:eudi:pid:de:1, an SD-JWT+KB bound
// to the examples' holder key) verifies through vc.Verifier with the
// appendix A.5 issuer key, gives the RFC's Processed SD-JWT Payload and
// vct, and is refused for another vct than the allowed one.
func TestRFC9901_A_3_ExampleSDJWTVCVerifies(t *testing.T) {
	read := func(name string, v any) {
		t.Helper()
		b, err := os.ReadFile("../testdata/rfc9901/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatal(err)
		}
	}
	var keys struct {
		Issuer     json.RawMessage `json:"issuer"`
		VerifierID string          `json:"verifier_id"`
		Nonce      string          `json:"key_binding_nonce"`
	}
	read("keys.json", &keys)
	var ex struct {
		Presentation     string          `json:"presentation"`
		KBJWTPayload     json.RawMessage `json:"kb_jwt_payload"`
		ProcessedPayload json.RawMessage `json:"processed_payload"`
	}
	read("A_3_sd_jwt_based_verifiable_credentials_sd_jwt_vc.json", &ex)
	k, err := jwk.ParseKey(keys.Issuer)
	if err != nil {
		t.Fatal(err)
	}
	var kb struct {
		IAT int64 `json:"iat"`
	}
	if err := json.Unmarshal(ex.KBJWTPayload, &kb); err != nil {
		t.Fatal(err)
	}
	now := time.Unix(kb.IAT+60, 0)
	newVerifier := func(vcts ...string) *vc.Verifier {
		t.Helper()
		v, err := vc.NewVerifier(k.PublicKey(), vc.Config{
			SD:   sdjwt.Config{Audience: keys.VerifierID, Now: func() time.Time { return now }},
			Vcts: vcts,
		}, jwt.WithAlgorithms(jwt.ES256), jwt.WithIssuer("https://pid-issuer.bund.de.example"))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	res, err := newVerifier("urn:eudi:pid:de:1").Verify(t.Context(), ex.Presentation, sdjwt.Checks{Nonce: keys.Nonce}, nil)
	if err != nil {
		t.Fatalf("the RFC's SD-JWT VC refused: %v", err)
	}
	got, err := json.Marshal(res.Payload)
	if err != nil {
		t.Fatal(err)
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(ex.ProcessedPayload, &w); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("processed payload\n%s\nthe RFC's\n%s", got, ex.ProcessedPayload)
	}
	if res.Vct != "urn:eudi:pid:de:1" || !res.KeyBound {
		t.Errorf("vct %q, key bound %v", res.Vct, res.KeyBound)
	}
	_, err = newVerifier("urn:eudi:pid:1").Verify(t.Context(), ex.Presentation, sdjwt.Checks{Nonce: keys.Nonce}, nil)
	if !errors.Is(err, vc.ErrVctNotAllowed) {
		t.Errorf("another vct allowed only: %v", err)
	}
}
