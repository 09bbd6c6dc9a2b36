package sdjwt_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/sdjwt"
)

// The tests of this file hold the package to the examples of RFC 9901
// byte for byte. testdata/rfc9901 holds them as extracted from the text
// the RFC was published from (draft-ietf-oauth-selective-disclosure-jwt-22;
// see testdata/rfc9901/README.md): every Disclosure with its digest, the
// issued SD-JWTs and SD-JWT+KBs, the SD-JWT payloads and the Processed
// SD-JWT Payloads, and the example keys of appendix A.5.

// rfcExample is one example of RFC 9901 as testdata/rfc9901 holds it.
type rfcExample struct {
	File        string
	Section     string `json:"section"`
	Title       string `json:"title"`
	Disclosures []struct {
		Claim   *string `json:"claim"` // nil for an array element
		Digest  string  `json:"digest"`
		Encoded string  `json:"encoded"`
	} `json:"disclosures"`
	DecoyDigests     []string        `json:"decoy_digests"`
	IssuerJWT        string          `json:"issuer_jwt"`
	Issued           string          `json:"issued"`
	Presentation     string          `json:"presentation"`
	UserClaims       json.RawMessage `json:"user_claims"`
	SDJWTPayload     json.RawMessage `json:"sd_jwt_payload"`
	KBJWTPayload     json.RawMessage `json:"kb_jwt_payload"`
	ProcessedPayload json.RawMessage `json:"processed_payload"`
}

// rfcKeys is testdata/rfc9901/keys.json: the example keys.
type rfcKeys struct {
	Issuer     json.RawMessage `json:"issuer"`
	Holder     json.RawMessage `json:"holder"`
	IssuerID   string          `json:"issuer_id"`
	VerifierID string          `json:"verifier_id"`
	Nonce      string          `json:"key_binding_nonce"`
}

func rfcExamples(t testing.TB) []rfcExample {
	t.Helper()
	files, err := filepath.Glob("testdata/rfc9901/[0-9A-Z]_*.json")
	if err != nil {
		t.Fatal(err)
	}
	var out []rfcExample
	for _, f := range files {
		if strings.HasPrefix(filepath.Base(f), "4_2_") {
			continue // rfcDisclosureVectors
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var ex rfcExample
		if err := json.Unmarshal(b, &ex); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		ex.File = filepath.Base(f)
		out = append(out, ex)
	}
	if len(out) < 8 {
		t.Fatalf("testdata/rfc9901 holds %d examples, want 8", len(out))
	}
	return out
}

func rfcExampleKeys(t testing.TB) rfcKeys {
	t.Helper()
	b, err := os.ReadFile("testdata/rfc9901/keys.json")
	if err != nil {
		t.Fatal(err)
	}
	var k rfcKeys
	if err := json.Unmarshal(b, &k); err != nil {
		t.Fatal(err)
	}
	return k
}

// rfcKey parses one of the example JWKs; public drops the private part.
func rfcKey(t testing.TB, raw json.RawMessage, public bool) any {
	t.Helper()
	k, err := jwk.ParseKey(raw)
	if err != nil {
		t.Fatal(err)
	}
	if public {
		return k.PublicKey()
	}
	return k.Key()
}

// rfcExampleTime is a moment inside every example's validity (iat
// 1683000000, exp 1883000000) and a minute after the KB-JWTs' iat.
func rfcExampleTime(t testing.TB, kbJWTPayload json.RawMessage) time.Time {
	t.Helper()
	if len(kbJWTPayload) == 0 {
		return time.Unix(1700000000, 0)
	}
	var kb struct {
		IAT int64 `json:"iat"`
	}
	if err := json.Unmarshal(kbJWTPayload, &kb); err != nil {
		t.Fatal(err)
	}
	return time.Unix(kb.IAT+60, 0)
}

// jsonEqual compares two JSON texts as values.
func jsonEqual(t testing.TB, got, want []byte) bool {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("got: %v: %s", err, got)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("want: %v: %s", err, want)
	}
	return reflect.DeepEqual(g, w)
}

// TestRFC9901_4_2_3_EveryExampleDigestReproduced: every Disclosure of
// every example parses strictly and hashes, over its exact base64url
// bytes, to the digest the RFC prints beside it; its claim name and kind
// (object property or array element) are the RFC's.
func TestRFC9901_4_2_3_EveryExampleDigestReproduced(t *testing.T) {
	n := 0
	for _, ex := range rfcExamples(t) {
		for _, want := range ex.Disclosures {
			d, err := sdjwt.ParseDisclosure(want.Encoded)
			if err != nil {
				t.Errorf("%s: ParseDisclosure(%s): %v", ex.File, want.Encoded, err)
				continue
			}
			if got := d.Digest(sdjwt.SHA256); got != want.Digest {
				t.Errorf("%s: digest of %s = %s, the RFC says %s", ex.File, want.Encoded, got, want.Digest)
			}
			if d.Encoded != want.Encoded {
				t.Errorf("%s: Encoded = %s, want the received bytes %s", ex.File, d.Encoded, want.Encoded)
			}
			if want.Claim == nil {
				if !d.IsArrayElement || d.Name != "" {
					t.Errorf("%s: %s: got name %q, array element %v; the RFC lists an array entry", ex.File, want.Encoded, d.Name, d.IsArrayElement)
				}
			} else if d.IsArrayElement || d.Name != *want.Claim {
				t.Errorf("%s: %s: got name %q, array element %v; the RFC lists claim %s", ex.File, want.Encoded, d.Name, d.IsArrayElement, *want.Claim)
			}
			n++
		}
	}
	if n < 80 {
		t.Fatalf("checked %d disclosures, the examples hold 87", n)
	}
}

// TestRFC9901_4_2_1_NewDisclosureReproducesExampleBytes: a Disclosure made
// from the example's salt, claim name and the value's JSON text is the
// RFC's Disclosure byte for byte (the examples write "[salt, name, value]"
// with ", " between elements, as NewDisclosure does), so its digest is the
// RFC's too.
func TestRFC9901_4_2_1_NewDisclosureReproducesExampleBytes(t *testing.T) {
	for _, ex := range rfcExamples(t) {
		for _, want := range ex.Disclosures {
			p, err := sdjwt.ParseDisclosure(want.Encoded)
			if err != nil {
				t.Fatalf("%s: %v", ex.File, err)
			}
			d, err := sdjwt.NewDisclosure(p.Name, p.Value, p.IsArrayElement, p.Salt)
			if err != nil {
				t.Errorf("%s: NewDisclosure(%q, %s, %v, %q): %v", ex.File, p.Name, p.Value, p.IsArrayElement, p.Salt, err)
				continue
			}
			if d.Encoded != want.Encoded || d.Digest(sdjwt.SHA256) != want.Digest {
				t.Errorf("%s: NewDisclosure(%q, %s, %v, %q) = %s (digest %s), the RFC's is %s (digest %s)",
					ex.File, p.Name, p.Value, p.IsArrayElement, p.Salt, d.Encoded, d.Digest(sdjwt.SHA256), want.Encoded, want.Digest)
			}
		}
	}
}

// TestRFC9901_4_2_1_NewDisclosureFromGoValuesReproducesSection5: the
// Disclosures of section 5 made from plain Go values (strings, a bool, a
// number) and the example's salts are the RFC's byte for byte.
func TestRFC9901_4_2_1_NewDisclosureFromGoValuesReproducesSection5(t *testing.T) {
	var ex rfcExample
	for _, e := range rfcExamples(t) {
		if e.Section == "5" {
			ex = e
		}
	}
	values := map[string]any{
		"given_name": "John", "family_name": "Doe", "email": "johndoe@example.com",
		"phone_number": "+1-202-555-0101", "phone_number_verified": true,
		"birthdate": "1940-01-01", "updated_at": 1570000000,
		"#US": "US", "#DE": "DE",
	}
	got := 0
	for _, want := range ex.Disclosures {
		p, err := sdjwt.ParseDisclosure(want.Encoded)
		if err != nil {
			t.Fatal(err)
		}
		key := p.Name
		if p.IsArrayElement {
			key = "#" + strings.Trim(string(p.Value), `"`)
		}
		v, ok := values[key]
		if !ok {
			continue // address: an object, written with Python's ", " and ": "
		}
		d, err := sdjwt.NewDisclosure(p.Name, v, p.IsArrayElement, p.Salt)
		if err != nil {
			t.Fatal(err)
		}
		if d.Encoded != want.Encoded {
			t.Errorf("NewDisclosure(%q, %#v, %v, %q) = %s, the RFC's is %s", p.Name, v, p.IsArrayElement, p.Salt, d.Encoded, want.Encoded)
		}
		got++
	}
	if got != len(values) {
		t.Fatalf("checked %d disclosures, want %d", got, len(values))
	}
}

// rfcDisclosureVector is one Disclosure of testdata/rfc9901/4_2_disclosures.json.
type rfcDisclosureVector struct {
	Section string          `json:"section"`
	Note    string          `json:"note"`
	Claim   *string         `json:"claim"`
	Salt    string          `json:"salt"`
	Value   json.RawMessage `json:"value"`
	Digest  string          `json:"digest"`
	JSON    string          `json:"json"`
	Encoded string          `json:"encoded"`
}

// TestRFC9901_4_2_1_OneClaimManyEncodingsEachItsOwnDigest: the four
// encodings of family_name "Möbius" in section 4.2.1 (umlaut as UTF-8 or
// \u00f6, with or without white space, with newlines) all parse to the
// same salt, name and value, and each has its own digest, computed over
// the bytes as received: no canonicalization. Section 4.2.3's digest of
// the first and section 4.2.4.2's digest of the "FR" array element are
// reproduced.
func TestRFC9901_4_2_1_OneClaimManyEncodingsEachItsOwnDigest(t *testing.T) {
	b, err := os.ReadFile("testdata/rfc9901/4_2_disclosures.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Disclosures []rfcDisclosureVector `json:"disclosures"`
	}
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	digests := map[string]bool{}
	for _, v := range file.Disclosures {
		d, err := sdjwt.ParseDisclosure(v.Encoded)
		if err != nil {
			t.Errorf("%s %s: %v", v.Section, v.Note, err)
			continue
		}
		var gotValue, wantValue any
		if err := json.Unmarshal(d.Value, &gotValue); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(v.Value, &wantValue); err != nil {
			t.Fatal(err)
		}
		if d.Salt != v.Salt || gotValue != wantValue || (v.Claim == nil) != d.IsArrayElement || (v.Claim != nil && *v.Claim != d.Name) {
			t.Errorf("%s %s: got salt %q name %q value %s array %v", v.Section, v.Note, d.Salt, d.Name, d.Value, d.IsArrayElement)
		}
		if !strings.Contains(v.JSON, string(d.Value)) {
			t.Errorf("%s %s: Value %s is not the value's bytes as they appear in %s", v.Section, v.Note, d.Value, v.JSON)
		}
		dg := d.Digest(sdjwt.SHA256)
		if v.Digest != "" && dg != v.Digest {
			t.Errorf("%s %s: digest %s, the RFC says %s", v.Section, v.Note, dg, v.Digest)
		}
		if digests[dg] {
			t.Errorf("%s %s: digest %s shared with another encoding", v.Section, v.Note, dg)
		}
		digests[dg] = true
	}
	if len(digests) != 5 {
		t.Fatalf("%d distinct digests, want 5", len(digests))
	}
}

// TestRFC9901_4_SplitReproducesExampleSDJWTs: every issued SD-JWT and
// every presentation of the examples splits into the RFC's issuer-signed
// JWT and Disclosures (in order) and joins back to the same bytes; the
// issued SD-JWTs carry no KB-JWT and end with '~' (section 4).
func TestRFC9901_4_SplitReproducesExampleSDJWTs(t *testing.T) {
	for _, ex := range rfcExamples(t) {
		known := map[string]bool{}
		for _, d := range ex.Disclosures {
			known[d.Encoded] = true
		}
		for kind, s := range map[string]string{"issued": ex.Issued, "presentation": ex.Presentation} {
			if s == "" {
				continue
			}
			sd, err := sdjwt.Split(s)
			if err != nil {
				t.Errorf("%s %s: Split: %v", ex.File, kind, err)
				continue
			}
			if got := sd.String(); got != s {
				t.Errorf("%s %s: String() is not the input:\n%s\n%s", ex.File, kind, got, s)
			}
			if got := sd.WithoutKeyBinding() + sd.KeyBinding; got != s {
				t.Errorf("%s %s: WithoutKeyBinding()+KeyBinding is not the input", ex.File, kind)
			}
			if ex.IssuerJWT != "" && sd.IssuerJWT != ex.IssuerJWT {
				t.Errorf("%s %s: issuer-signed JWT %s, the RFC's is %s", ex.File, kind, sd.IssuerJWT, ex.IssuerJWT)
			}
			for _, d := range sd.Disclosures {
				if !known[d] {
					t.Errorf("%s %s: disclosure %s is not one the RFC lists", ex.File, kind, d)
				}
			}
			if kind == "issued" {
				if sd.KeyBinding != "" || !strings.HasSuffix(s, "~") {
					t.Errorf("%s: the issued SD-JWT split with KB-JWT %q", ex.File, sd.KeyBinding)
				}
				if len(sd.Disclosures) != len(ex.Disclosures) {
					t.Errorf("%s: issued with %d disclosures, the RFC lists %d", ex.File, len(sd.Disclosures), len(ex.Disclosures))
				}
				for i, d := range sd.Disclosures {
					if d != ex.Disclosures[i].Encoded {
						t.Errorf("%s: disclosure %d is %s, the RFC lists %s", ex.File, i, d, ex.Disclosures[i].Encoded)
					}
				}
			}
		}
	}
}

// TestRFC9901_4_3_1_ExampleSDHashReproduced: the sd_hash of every example
// KB-JWT is the SHA-256 digest of the presentation's bytes up to and
// including the last '~' (WithoutKeyBinding), and the KB-JWT's payload is
// the one the RFC prints.
func TestRFC9901_4_3_1_ExampleSDHashReproduced(t *testing.T) {
	n := 0
	for _, ex := range rfcExamples(t) {
		if len(ex.KBJWTPayload) == 0 {
			continue
		}
		sd, err := sdjwt.Split(ex.Presentation)
		if err != nil {
			t.Fatalf("%s: %v", ex.File, err)
		}
		if sd.KeyBinding == "" {
			t.Fatalf("%s: the presentation has no KB-JWT", ex.File)
		}
		u, err := jwt.ReadUnverified(sd.KeyBinding)
		if err != nil {
			t.Fatalf("%s: %v", ex.File, err)
		}
		var payload json.RawMessage
		if err := u.Claims(&payload); err != nil {
			t.Fatalf("%s: %v", ex.File, err)
		}
		if !jsonEqual(t, payload, ex.KBJWTPayload) {
			t.Errorf("%s: KB-JWT payload %s, the RFC prints %s", ex.File, payload, ex.KBJWTPayload)
		}
		var kb struct {
			SDHash string `json:"sd_hash"`
		}
		if err := json.Unmarshal(payload, &kb); err != nil {
			t.Fatal(err)
		}
		if got := sdjwt.SHA256.Digest(sd.WithoutKeyBinding()); got != kb.SDHash {
			t.Errorf("%s: sd_hash over the presented bytes is %s, the KB-JWT says %s", ex.File, got, kb.SDHash)
		}
		n++
	}
	if n != 2 {
		t.Fatalf("checked %d KB-JWTs, the examples hold 2 (sections 5.2 and A.3)", n)
	}
}

// TestRFC9901_A_5_ExampleIssuerJWTsVerifyWithTheExampleKey: the
// issuer-signed JWT of every example verifies under the core verifier with
// the public key of appendix A.5 (ES256), its payload is the RFC's SD-JWT
// payload, and every KB-JWT verifies with the holder key of the examples'
// cnf claim (typ kb+jwt, section 4.3).
func TestRFC9901_A_5_ExampleIssuerJWTsVerifyWithTheExampleKey(t *testing.T) {
	keys := rfcExampleKeys(t)
	issuerPub := rfcKey(t, keys.Issuer, true)
	holderPub := rfcKey(t, keys.Holder, true)
	for _, ex := range rfcExamples(t) {
		s := ex.Issued
		if s == "" {
			s = ex.Presentation
		}
		if s == "" {
			continue // section 6: payloads and disclosures only
		}
		sd, err := sdjwt.Split(s)
		if err != nil {
			t.Fatal(err)
		}
		now := rfcExampleTime(t, ex.KBJWTPayload)
		v, err := jwt.NewVerifier(issuerPub, jwt.WithAlgorithms(jwt.ES256), jwt.WithTimeFunc(func() time.Time { return now }),
			jwt.WithType("example+sd-jwt", "vc+sd-jwt", "dc+sd-jwt"))
		if err != nil {
			t.Fatal(err)
		}
		var payload json.RawMessage
		if _, err := v.ParseWithClaims(sd.IssuerJWT, &payload); err != nil {
			t.Errorf("%s: the issuer-signed JWT does not verify with the appendix A.5 key: %v", ex.File, err)
			continue
		}
		if len(ex.SDJWTPayload) > 0 && !jsonEqual(t, payload, ex.SDJWTPayload) {
			t.Errorf("%s: the issuer-signed payload is not the RFC's SD-JWT payload", ex.File)
		}
		if ex.Presentation == "" {
			continue
		}
		if p, _ := sdjwt.Split(ex.Presentation); p.KeyBinding != "" {
			kv, err := jwt.NewVerifier(holderPub, jwt.WithAlgorithms(jwt.ES256), jwt.WithTimeFunc(func() time.Time { return now }),
				jwt.WithType("kb+jwt"), jwt.WithAudience(keys.VerifierID))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := kv.ParseWithClaims(p.KeyBinding, &payload); err != nil {
				t.Errorf("%s: the KB-JWT does not verify with the holder key: %v", ex.File, err)
			}
		}
	}
}

// TestRFC9901_4_2_4_ExamplePayloadsReferenceEveryDisclosure: in every
// example each listed Disclosure's digest occurs exactly once, either in
// the SD-JWT payload or inside another Disclosure's value (recursive
// disclosure, section 6.3), and every listed decoy digest occurs in the
// payload (section 4.2.5): the data the processing tests rely on is whole.
func TestRFC9901_4_2_4_ExamplePayloadsReferenceEveryDisclosure(t *testing.T) {
	for _, ex := range rfcExamples(t) {
		if len(ex.SDJWTPayload) == 0 {
			continue
		}
		haystack := [][]byte{ex.SDJWTPayload}
		for _, d := range ex.Disclosures {
			p, err := sdjwt.ParseDisclosure(d.Encoded)
			if err != nil {
				t.Fatal(err)
			}
			haystack = append(haystack, p.Value)
		}
		all := bytes.Join(haystack, []byte{'\n'})
		for _, d := range ex.Disclosures {
			if c := bytes.Count(all, []byte(`"`+d.Digest+`"`)); c != 1 {
				t.Errorf("%s: digest %s occurs %d times", ex.File, d.Digest, c)
			}
		}
		for _, d := range ex.DecoyDigests {
			if !bytes.Contains(ex.SDJWTPayload, []byte(`"`+d+`"`)) {
				t.Errorf("%s: decoy digest %s is not in the payload", ex.File, d)
			}
		}
	}
}

// rfcVerifier is a Verifier with the example issuer key, clock and
// audience, and the typ values the examples use.
func rfcVerifier(t testing.TB, keys rfcKeys, now time.Time, policy sdjwt.KeyBindingPolicy) *sdjwt.Verifier {
	t.Helper()
	v, err := sdjwt.NewVerifier(rfcKey(t, keys.Issuer, true), sdjwt.Config{
		KeyBinding: policy,
		Audience:   keys.VerifierID,
		Now:        func() time.Time { return now },
	}, jwt.WithAlgorithms(jwt.ES256), jwt.WithType("example+sd-jwt", "vc+sd-jwt", "dc+sd-jwt"))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestRFC9901_7_3_ExamplePresentationsGiveTheRFCsProcessedPayload: every
// example presentation verifies (the SD-JWT+KBs of sections 5.2, A.3 and
// A.4 with key binding required, the others with it optional) and its
// Processed SD-JWT Payload is the one the RFC prints, value for value,
// decoded into a map and into the result; one Disclosed path per
// Disclosure presented.
func TestRFC9901_7_3_ExamplePresentationsGiveTheRFCsProcessedPayload(t *testing.T) {
	keys := rfcExampleKeys(t)
	n := 0
	for _, ex := range rfcExamples(t) {
		if ex.Presentation == "" || len(ex.ProcessedPayload) == 0 {
			continue
		}
		sd, err := sdjwt.Split(ex.Presentation)
		if err != nil {
			t.Fatal(err)
		}
		policy, kbPayload := sdjwt.KeyBindingOptional, json.RawMessage(nil)
		if sd.KeyBinding != "" {
			policy = sdjwt.KeyBindingRequired
			u, err := jwt.ReadUnverified(sd.KeyBinding)
			if err != nil {
				t.Fatal(err)
			}
			if err := u.Claims(&kbPayload); err != nil {
				t.Fatal(err)
			}
		}
		v := rfcVerifier(t, keys, rfcExampleTime(t, kbPayload), policy)
		var dst map[string]any
		kbChecks := sdjwt.Checks{Nonce: keys.Nonce}
		if strings.HasSuffix(ex.Presentation, "~") {
			kbChecks = sdjwt.Checks{} // a bare SD-JWT: no KB-JWT to check a nonce on
		}
		res, err := v.Verify(t.Context(), ex.Presentation, kbChecks, &dst)
		if err != nil {
			t.Errorf("%s: Verify: %v", ex.File, err)
			continue
		}
		got, err := json.Marshal(res.Payload)
		if err != nil {
			t.Fatal(err)
		}
		if !jsonEqual(t, got, ex.ProcessedPayload) {
			t.Errorf("%s: processed payload\n%s\nthe RFC's is\n%s", ex.File, got, ex.ProcessedPayload)
		}
		gotDst, err := json.Marshal(dst)
		if err != nil {
			t.Fatal(err)
		}
		if !jsonEqual(t, gotDst, ex.ProcessedPayload) {
			t.Errorf("%s: dst\n%s\nthe RFC's is\n%s", ex.File, gotDst, ex.ProcessedPayload)
		}
		if len(res.Disclosed) != len(sd.Disclosures) {
			t.Errorf("%s: %d Disclosed paths for %d disclosures", ex.File, len(res.Disclosed), len(sd.Disclosures))
		}
		if res.KeyBound != (sd.KeyBinding != "") || res.HashAlg != sdjwt.SHA256 {
			t.Errorf("%s: KeyBound %v, HashAlg %q", ex.File, res.KeyBound, res.HashAlg)
		}
		n++
	}
	if n != 5 {
		t.Fatalf("checked %d presentations, the examples hold 5 (sections 5.2, A.1 to A.4)", n)
	}
}

// TestRFC9901_7_3_ExampleSDJWTKBWithWrongNonceOrAudienceRefused: the
// section 5.2 SD-JWT+KB is refused for another nonce, another audience,
// an iat older than the allowed age, and with a Disclosure removed (the
// sd_hash no longer covers the presented bytes).
func TestRFC9901_7_3_ExampleSDJWTKBWithWrongNonceOrAudienceRefused(t *testing.T) {
	keys := rfcExampleKeys(t)
	var ex rfcExample
	for _, e := range rfcExamples(t) {
		if e.Section == "5" {
			ex = e
		}
	}
	now := rfcExampleTime(t, ex.KBJWTPayload)
	sd, err := sdjwt.Split(ex.Presentation)
	if err != nil {
		t.Fatal(err)
	}
	dropped := sd
	dropped.Disclosures = sd.Disclosures[1:]
	cases := []struct {
		name   string
		v      *sdjwt.Verifier
		pres   string
		checks sdjwt.Checks
		want   error
	}{
		{"nonce", rfcVerifier(t, keys, now, sdjwt.KeyBindingRequired), ex.Presentation, sdjwt.Checks{Nonce: "0987654321"}, sdjwt.ErrNonceMismatch},
		{"audience", rfcVerifier(t, keys, now, sdjwt.KeyBindingRequired), ex.Presentation, sdjwt.Checks{Nonce: keys.Nonce, Audience: "https://other.example.org"}, jwt.ErrInvalidAudience},
		{"stale", rfcVerifier(t, keys, now.Add(time.Hour), sdjwt.KeyBindingRequired), ex.Presentation, sdjwt.Checks{Nonce: keys.Nonce}, sdjwt.ErrKeyBindingInvalid},
		{"disclosure removed", rfcVerifier(t, keys, now, sdjwt.KeyBindingRequired), dropped.String(), sdjwt.Checks{Nonce: keys.Nonce}, sdjwt.ErrSDHashMismatch},
		{"kb forbidden", rfcVerifier(t, keys, now, sdjwt.KeyBindingForbidden), ex.Presentation, sdjwt.Checks{Nonce: keys.Nonce}, sdjwt.ErrKeyBindingUnexpected},
		{"kb stripped", rfcVerifier(t, keys, now, sdjwt.KeyBindingRequired), sd.WithoutKeyBinding(), sdjwt.Checks{Nonce: keys.Nonce}, sdjwt.ErrKeyBindingMissing},
	}
	for _, c := range cases {
		_, err := c.v.Verify(t.Context(), c.pres, c.checks, nil)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
}

// TestRFC9901_7_2_IssuedExamplesProcessToTheUserClaims: the holder's
// processing (Parse) of every issued example with all its Disclosures
// gives back the issuer's input claims (section 5.1 "input JWT Claims
// Set"), each at the path Parse reports, with the issuer's plaintext
// claims beside them.
func TestRFC9901_7_2_IssuedExamplesProcessToTheUserClaims(t *testing.T) {
	n := 0
	for _, ex := range rfcExamples(t) {
		if ex.Issued == "" || len(ex.UserClaims) == 0 {
			continue
		}
		is, err := sdjwt.Parse(ex.Issued)
		if err != nil {
			t.Errorf("%s: Parse: %v", ex.File, err)
			continue
		}
		if len(is.Paths) != len(ex.Disclosures) || is.HashAlg != sdjwt.SHA256 {
			t.Errorf("%s: %d paths for %d disclosures, HashAlg %q", ex.File, len(is.Paths), len(ex.Disclosures), is.HashAlg)
		}
		var user map[string]json.RawMessage
		if err := json.Unmarshal(ex.UserClaims, &user); err != nil {
			t.Fatal(err)
		}
		for name, want := range user {
			got, err := json.Marshal(is.Payload[name])
			if err != nil {
				t.Fatal(err)
			}
			if !jsonEqual(t, got, want) {
				t.Errorf("%s: %s = %s, the issuer's input is %s", ex.File, name, got, want)
			}
		}
		n++
	}
	if n != 3 {
		t.Fatalf("checked %d issued SD-JWTs, the examples hold 3 (sections 5.1, A.3, A.4)", n)
	}
}

// TestRFC9901_5_2_PresentingTheSection5SDJWTAsTheRFCDoes: the holder,
// selecting given_name, family_name, address and the first nationality of
// the section 5.1 SD-JWT and binding with the example holder key, presents
// exactly the RFC's four Disclosures with a KB-JWT whose claims are the
// RFC's but for sd_hash (which covers our order of Disclosures); the
// verifier's Processed SD-JWT Payload is the RFC's.
func TestRFC9901_5_2_PresentingTheSection5SDJWTAsTheRFCDoes(t *testing.T) {
	keys := rfcExampleKeys(t)
	var ex rfcExample
	for _, e := range rfcExamples(t) {
		if e.Section == "5" {
			ex = e
		}
	}
	is, err := sdjwt.Parse(ex.Issued)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := jwt.NewSigner(jwt.ES256, rfcKey(t, keys.Holder, false), jwt.WithType(sdjwt.KeyBindingType))
	if err != nil {
		t.Fatal(err)
	}
	now := rfcExampleTime(t, ex.KBJWTPayload)
	kbAt := now.Add(-time.Minute)
	pres, err := is.Present([]sdjwt.Path{{"given_name"}, {"family_name"}, {"address"}, {"nationalities", 0}},
		&sdjwt.KeyBinding{Signer: signer, Audience: keys.VerifierID, Nonce: keys.Nonce, IssuedAt: kbAt})
	if err != nil {
		t.Fatal(err)
	}
	ours, err := sdjwt.Split(pres)
	if err != nil {
		t.Fatal(err)
	}
	theirs, _ := sdjwt.Split(ex.Presentation)
	if ours.IssuerJWT != theirs.IssuerJWT {
		t.Error("the presentation's issuer-signed JWT is not the issued one")
	}
	set := func(ds []string) map[string]bool {
		m := map[string]bool{}
		for _, d := range ds {
			m[d] = true
		}
		return m
	}
	if !reflect.DeepEqual(set(ours.Disclosures), set(theirs.Disclosures)) || len(ours.Disclosures) != 4 {
		t.Errorf("presented %v, the RFC presents %v", ours.Disclosures, theirs.Disclosures)
	}
	u, err := jwt.ReadUnverified(ours.KeyBinding)
	if err != nil {
		t.Fatal(err)
	}
	var kb map[string]any
	if err := u.Claims(&kb); err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(ex.KBJWTPayload, &want); err != nil {
		t.Fatal(err)
	}
	if kb["sd_hash"] != sdjwt.SHA256.Digest(ours.WithoutKeyBinding()) {
		t.Errorf("sd_hash %v is not over the presented bytes", kb["sd_hash"])
	}
	delete(kb, "sd_hash")
	delete(want, "sd_hash")
	if !reflect.DeepEqual(kb, want) || u.Header.Type != sdjwt.KeyBindingType {
		t.Errorf("KB-JWT %v (typ %q), the RFC's %v", kb, u.Header.Type, want)
	}
	res, err := rfcVerifier(t, keys, now, sdjwt.KeyBindingRequired).Verify(t.Context(), pres, sdjwt.Checks{Nonce: keys.Nonce}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(res.Payload)
	if !jsonEqual(t, got, ex.ProcessedPayload) {
		t.Errorf("processed payload %s, the RFC's %s", got, ex.ProcessedPayload)
	}
}

// section5Issuance is the payload description of RFC 9901 section 5.1:
// every claim selectively disclosable but sub, the address as one block
// (its value given as the example's JSON text), both nationalities as
// disclosable array elements, iss/iat/exp in plaintext.
func section5Issuance() sdjwt.Object {
	return sdjwt.Object{
		"iss": "https://issuer.example.com", "iat": 1683000000, "exp": 1883000000,
		"sub":                   "user_42",
		"given_name":            sdjwt.SD("John"),
		"family_name":           sdjwt.SD("Doe"),
		"email":                 sdjwt.SD("johndoe@example.com"),
		"phone_number":          sdjwt.SD("+1-202-555-0101"),
		"phone_number_verified": sdjwt.SD(true),
		"address":               sdjwt.SD(json.RawMessage(`{"street_address": "123 Main St", "locality": "Anytown", "region": "Anystate", "country": "US"}`)),
		"birthdate":             sdjwt.SD("1940-01-01"),
		"updated_at":            sdjwt.SD(1570000000),
		"nationalities":         sdjwt.Array{sdjwt.SD("US"), sdjwt.SD("DE")},
	}
}

// recordingReader hands out 16-byte salts 0, 1, 2... (the index in the
// first byte) and errors past n reads, so one issuance shows which claim
// takes which read.
type recordingReader struct{ n, reads int }

func (r *recordingReader) Read(p []byte) (int, error) {
	if len(p) != 16 || r.reads == r.n {
		return 0, errors.New("unexpected read")
	}
	clear(p)
	p[0] = byte(r.reads)
	r.reads++
	return 16, nil
}

// TestRFC9901_5_1_IssuanceWithTheRFCsSaltsReproducesItsDisclosures: fed
// the example's salts (WithSaltReader), the Issuer makes the ten
// Disclosures of section 5.1 byte for byte, so with the RFC's digests,
// and an issuer-signed payload equal to the RFC's SD-JWT payload ("_sd"
// sorted, the array element digests in place, "_sd_alg", "cnf" from
// WithHolderKey); the example verifier processes it to the RFC's
// payload with every claim disclosed.
func TestRFC9901_5_1_IssuanceWithTheRFCsSaltsReproducesItsDisclosures(t *testing.T) {
	keys := rfcExampleKeys(t)
	var ex rfcExample
	for _, e := range rfcExamples(t) {
		if e.Section == "5" {
			ex = e
		}
	}
	signer, err := jwt.NewSigner(jwt.ES256, rfcKey(t, keys.Issuer, false), jwt.WithType("example+sd-jwt"))
	if err != nil {
		t.Fatal(err)
	}
	holder := rfcKey(t, keys.Holder, true)
	issue := func(r io.Reader) (string, []sdjwt.Disclosure) {
		t.Helper()
		is, err := sdjwt.NewIssuer(signer, sdjwt.WithSaltReader(r), sdjwt.WithHolderKey(holder), sdjwt.WithType("example+sd-jwt"))
		if err != nil {
			t.Fatal(err)
		}
		s, ds, err := is.Issue(section5Issuance())
		if err != nil {
			t.Fatal(err)
		}
		return s, ds
	}
	// Pass 1: which read salts which claim.
	rec := &recordingReader{n: len(ex.Disclosures)}
	_, first := issue(rec)
	if rec.reads != len(ex.Disclosures) || len(first) != len(ex.Disclosures) {
		t.Fatalf("%d reads, %d disclosures; want %d of each", rec.reads, len(first), len(ex.Disclosures))
	}
	rfcSalt := map[string]string{} // claim name or "#value" -> the RFC's salt
	for _, d := range ex.Disclosures {
		p, _ := sdjwt.ParseDisclosure(d.Encoded)
		key := p.Name
		if p.IsArrayElement {
			key = "#" + string(p.Value)
		}
		rfcSalt[key] = p.Salt
	}
	salts := make([][]byte, len(first))
	for _, d := range first {
		raw, err := base64.RawURLEncoding.DecodeString(d.Salt)
		if err != nil || len(raw) != 16 {
			t.Fatalf("salt %q", d.Salt)
		}
		key := d.Name
		if d.IsArrayElement {
			key = "#" + string(d.Value)
		}
		want, err := base64.RawURLEncoding.DecodeString(rfcSalt[key])
		if err != nil || len(want) != 16 {
			t.Fatalf("the RFC's salt for %s: %q", key, rfcSalt[key])
		}
		salts[raw[0]] = want
	}
	// Pass 2: the RFC's salts, in that order.
	issued, ds := issue(bytes.NewReader(bytes.Join(salts, nil)))
	byDigest := map[string]string{}
	for _, d := range ex.Disclosures {
		byDigest[d.Digest] = d.Encoded
	}
	for _, d := range ds {
		if want, ok := byDigest[d.Digest(sdjwt.SHA256)]; !ok || want != d.Encoded {
			t.Errorf("issued disclosure %s (digest %s) is not one of the RFC's", d.Encoded, d.Digest(sdjwt.SHA256))
		}
	}
	sd, err := sdjwt.Split(issued)
	if err != nil {
		t.Fatal(err)
	}
	u, err := jwt.ReadUnverified(sd.IssuerJWT)
	if err != nil {
		t.Fatal(err)
	}
	var payload json.RawMessage
	if err := u.Claims(&payload); err != nil {
		t.Fatal(err)
	}
	if !jsonEqual(t, payload, ex.SDJWTPayload) {
		t.Errorf("issuer-signed payload\n%s\nthe RFC's\n%s", payload, ex.SDJWTPayload)
	}
	res, err := rfcVerifier(t, keys, time.Unix(1700000000, 0), sdjwt.KeyBindingOptional).Verify(t.Context(), issued, sdjwt.Checks{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(res.Payload)
	var user map[string]any
	if err := json.Unmarshal(ex.UserClaims, &user); err != nil {
		t.Fatal(err)
	}
	user["iss"], user["iat"], user["exp"] = keys.IssuerID, 1683000000, 1883000000
	var cnf struct {
		Cnf any `json:"cnf"`
	}
	if err := json.Unmarshal(ex.SDJWTPayload, &cnf); err != nil {
		t.Fatal(err)
	}
	user["cnf"] = cnf.Cnf
	want, _ := json.Marshal(user)
	if !jsonEqual(t, got, want) {
		t.Errorf("processed payload\n%s\nwant\n%s", got, want)
	}
}
