package sdjwt_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

// The fuzz targets of this package: the compact parser (Split), the
// Disclosure parser (ParseDisclosure) and the disclosure processor (Verify
// and the holder's Parse over a fuzzed issuer-signed payload and fuzzed
// Disclosures). None may panic; what they accept must hold RFC 9901's
// invariants; every refusal must be a typed error. Seeds: the RFC's
// examples (testdata/rfc9901) and hand-made attacks. Run one with e.g.
//
//	go test -run '^$' -fuzz '^FuzzProcess$' -fuzztime 60s -fuzzminimizetime 2s ./sdjwt/
//
// (a short -fuzzminimizetime: each run signs a token, and minimizing every
// new input for the default 60s leaves little time to fuzz).

// FuzzSplit: Split never panics; what it accepts joins back to the same
// bytes (RFC 9901 section 4, 5), has no empty Disclosure, and its
// WithoutKeyBinding is the input up to and including its last '~'; what
// it refuses is ErrInvalidFormat.
func FuzzSplit(f *testing.F) {
	for _, ex := range rfcExamples(f) {
		f.Add(ex.Issued)
		f.Add(ex.Presentation)
	}
	for _, s := range []string{"", "~", "a.b.c", "a.b.c~", "a.b.c~~", "a.b.c~d~", "a.b.c~d~e.f.g", "a.b.c~d~e.f", "~a.b.c~", "a.b.c~d~e.f.g~", ".b.c~", "a.b.c.d~"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sd, err := sdjwt.Split(s)
		if err != nil {
			if !errors.Is(err, sdjwt.ErrInvalidFormat) || !errors.Is(err, jwt.ErrTokenMalformed) {
				t.Fatalf("Split(%q): untyped error %v", s, err)
			}
			return
		}
		if got := sd.String(); got != s {
			t.Fatalf("Split(%q).String() = %q", s, got)
		}
		wo := sd.WithoutKeyBinding()
		if !strings.HasSuffix(wo, "~") || wo != s[:strings.LastIndexByte(s, '~')+1] {
			t.Fatalf("Split(%q).WithoutKeyBinding() = %q", s, wo)
		}
		for _, d := range sd.Disclosures {
			if d == "" || strings.Contains(d, "~") {
				t.Fatalf("Split(%q): disclosure %q", s, d)
			}
		}
		if strings.Contains(sd.IssuerJWT, "~") || strings.Contains(sd.KeyBinding, "~") || strings.Count(sd.IssuerJWT, ".") != 2 {
			t.Fatalf("Split(%q): issuer JWT %q, KB-JWT %q", s, sd.IssuerJWT, sd.KeyBinding)
		}
	})
}

// FuzzParseDisclosure: ParseDisclosure never panics; what it accepts keeps
// the received bytes as Encoded (the digest input, RFC 9901 section
// 4.2.3), no name if it is an array element, a Value that is valid JSON,
// and is made again by NewDisclosure from its own parts with the same
// parts (but for the reserved names "_sd" and "...", which NewDisclosure
// refuses, section 4.2.1, and the Verifier too, section 7.1 step
// 3.2.2.2.3); what it refuses is ErrInvalidDisclosure.
func FuzzParseDisclosure(f *testing.F) {
	for _, ex := range rfcExamples(f) {
		for _, d := range ex.Disclosures {
			f.Add(d.Encoded)
		}
	}
	for _, raw := range []string{
		`["s","n","v"]`, `["s","v"]`, `["s"]`, `["s","n","v",1]`, `[1,"n","v"]`, `["s",1,"v"]`, `["s","_sd","v"]`,
		`["s","...","v"]`, `["s","n","v"] `, ` ["s","n","v"]`, `{"s":"n"}`, `["s","n",{"a":1,"a":2}]`, `["s","\ud800","v"]`,
		"[\"s\",\"n\",\"\xff\"]", `["s","n",1e400]`, `["s","n",[[[[[[[[[[]]]]]]]]]]]`, `[]`, `null`,
	} {
		f.Add(b64(raw))
	}
	f.Add("WyJzIiwibiIsInYiXQ==") // padded
	f.Add("WyJzIiwibiIsInYiXR")   // non-canonical last character
	f.Add("WyJz+iwibiIsInYiXQ")   // standard alphabet
	f.Fuzz(func(t *testing.T, s string) {
		d, err := sdjwt.ParseDisclosure(s)
		if err != nil {
			if !errors.Is(err, sdjwt.ErrInvalidDisclosure) || !errors.Is(err, jwt.ErrTokenMalformed) {
				t.Fatalf("ParseDisclosure(%q): untyped error %v", s, err)
			}
			return
		}
		if d.Encoded != s {
			t.Fatalf("ParseDisclosure(%q).Encoded = %q", s, d.Encoded)
		}
		if d.IsArrayElement && d.Name != "" {
			t.Fatalf("ParseDisclosure(%q): name %q, array element %v", s, d.Name, d.IsArrayElement)
		}
		if !json.Valid(d.Value) {
			t.Fatalf("ParseDisclosure(%q): Value %q is not JSON", s, d.Value)
		}
		if d.Digest(sdjwt.SHA256) != sdjwt.SHA256.Digest(s) {
			t.Fatal("the digest is not over the received bytes")
		}
		again, err := sdjwt.NewDisclosure(d.Name, d.Value, d.IsArrayElement, d.Salt)
		if d.Name == "_sd" || d.Name == "..." {
			// Parsed (the Verifier refuses the name, section 7.1 step
			// 3.2.2.2.3), never made (section 4.2.1).
			if !errors.Is(err, sdjwt.ErrInvalidDisclosure) {
				t.Fatalf("NewDisclosure with the reserved name %q: %v", d.Name, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("NewDisclosure from the parts of %q: %v", s, err)
		}
		if d.Salt == "" {
			// An empty salt parses (the verifier does not judge salts);
			// NewDisclosure takes "" as "draw one" (section 9.3).
			again.Salt = ""
		}
		if again.Salt != d.Salt || again.Name != d.Name || again.IsArrayElement != d.IsArrayElement || !bytes.Equal(again.Value, d.Value) {
			t.Fatalf("NewDisclosure from the parts of %q made %+v, parsed %+v", s, again, d)
		}
	})
}

// fuzzKey is the fixed HMAC key of FuzzProcess's issuer JWTs (HS256 keeps
// each run cheap; the processing is the same whatever the algorithm).
var fuzzKey = []byte("sdjwt fuzz issuer key, 32 bytes!")

// FuzzProcess: an issuer-signed payload and Disclosures, both fuzzed, are
// signed with a fixed key and presented without key binding. Verify and
// the holder's Parse never panic and refuse with a typed error; what
// Verify accepts, Parse accepts with the same processed payload (Verify
// adds only MustNotBeDisclosed); an accepted processed payload has no
// "_sd", no "_sd_alg" at the top, no {"...": digest} array element (RFC
// 9901 section 7.1 steps 3.3 to 5), and one Disclosed path per
// Disclosure (step 4: none unused).
func FuzzProcess(f *testing.F) {
	for _, ex := range rfcExamples(f) {
		var ds []string
		for _, d := range ex.Disclosures {
			ds = append(ds, d.Encoded)
		}
		if len(ex.SDJWTPayload) > 0 {
			f.Add([]byte(ex.SDJWTPayload), strings.Join(ds, "~"))
		}
	}
	d1 := b64(`["salt1","a","x"]`)
	d2 := b64(`["salt2","b",{"_sd":["` + sdjwt.SHA256.Digest(d1) + `"]}]`)
	d3 := b64(`["salt3","y"]`)
	for _, seed := range []struct{ payload, disclosures string }{
		{`{"_sd":["` + sdjwt.SHA256.Digest(d1) + `"]}`, d1},
		{`{"_sd":["` + sdjwt.SHA256.Digest(d1) + `","` + sdjwt.SHA256.Digest(d1) + `"]}`, d1},            // digest twice
		{`{"_sd":["` + sdjwt.SHA256.Digest(d1) + `"],"a":1}`, d1},                                        // name clash
		{`{"_sd":["` + sdjwt.SHA256.Digest(d2) + `"]}`, d2 + "~" + d1},                                   // recursive
		{`{"_sd":["` + sdjwt.SHA256.Digest(d2) + `","` + sdjwt.SHA256.Digest(d1) + `"]}`, d2 + "~" + d1}, // found twice
		{`{"arr":[{"...":"` + sdjwt.SHA256.Digest(d3) + `"},1]}`, d3},
		{`{"arr":[{"...":"` + sdjwt.SHA256.Digest(d3) + `","x":1}]}`, d3},   // extra member
		{`{"_sd":["` + sdjwt.SHA256.Digest(d3) + `"]}`, d3},                 // element digest in _sd
		{`{"arr":[{"...":"` + sdjwt.SHA256.Digest(d1) + `"}]}`, d1},         // property digest in array
		{`{"_sd":["` + sdjwt.SHA256.Digest(d1) + `"],"_sd_alg":"md5"}`, d1}, // unknown alg
		{`{"_sd":"x"}`, ""}, {`{"_sd":[1]}`, ""}, {`{}`, d1}, {`{"a":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}`, ""},
	} {
		f.Add([]byte(seed.payload), seed.disclosures)
	}
	signer, err := jwt.NewSigner(jwt.HS256, fuzzKey)
	if err != nil {
		f.Fatal(err)
	}
	now := time.Unix(1700000000, 0)
	v, err := sdjwt.NewVerifier(fuzzKey, sdjwt.Config{KeyBinding: sdjwt.KeyBindingOptional, Now: func() time.Time { return now }}, jwt.WithAlgorithms(jwt.HS256))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, payload []byte, disclosures string) {
		tok, err := signer.Sign(json.RawMessage(payload))
		if err != nil {
			return // not a JSON object the core signs
		}
		pres := tok + "~"
		if disclosures != "" {
			pres += disclosures + "~"
		}
		res, verr := v.Verify(t.Context(), pres, sdjwt.Checks{}, nil)
		is, perr := sdjwt.Parse(pres)
		for _, err := range []error{verr, perr} {
			if err != nil && !errors.Is(err, jwt.ErrTokenMalformed) && !errors.Is(err, jwt.ErrTokenInvalidClaims) && !errors.Is(err, jwt.ErrTokenExpired) && !errors.Is(err, jwt.ErrTokenNotValidYet) {
				t.Fatalf("untyped error %v", err)
			}
		}
		if verr != nil {
			return
		}
		if perr != nil {
			t.Fatalf("Verify accepted what Parse refused (%v): %s", perr, pres)
		}
		if !reflect.DeepEqual(res.Payload, is.Payload) {
			t.Fatalf("Verify processed %v, Parse %v", res.Payload, is.Payload)
		}
		sd, _ := sdjwt.Split(pres)
		if len(res.Disclosed) != len(sd.Disclosures) {
			t.Fatalf("%d Disclosed paths for %d disclosures", len(res.Disclosed), len(sd.Disclosures))
		}
		if _, ok := res.Payload["_sd_alg"]; ok {
			t.Fatalf("_sd_alg left in %v", res.Payload)
		}
		checkProcessed(t, res.Payload)
	})
}

// checkProcessed fails on any "_sd" member or {"...": ...} array element
// left in a processed payload.
func checkProcessed(t *testing.T, v any) {
	t.Helper()
	switch x := v.(type) {
	case map[string]any:
		if _, ok := x["_sd"]; ok {
			t.Fatalf("_sd left in %v", x)
		}
		for _, e := range x {
			checkProcessed(t, e)
		}
	case []any:
		for _, e := range x {
			if m, ok := e.(map[string]any); ok && len(m) == 1 {
				if _, ok := m["..."]; ok {
					t.Fatalf("array element digest left in %v", x)
				}
			}
			checkProcessed(t, e)
		}
	}
}

// b64 is base64url without padding of s.
func b64(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

// FuzzKeyBinding: a fuzzed KB-JWT payload, signed by the holder's key
// (Ed25519, the "cnf" of a fixed SD-JWT) with a fuzzed "typ", is appended
// to a fixed presentation. Verify never panics and refuses with a typed
// error; what it accepts is key bound with typ kb+jwt, the expected nonce
// and audience, and the sd_hash of the presented bytes (RFC 9901 section
// 7.3 step 5).
func FuzzKeyBinding(f *testing.F) {
	holderPub, holderKey, err := ed25519.GenerateKey(nil)
	if err != nil {
		f.Fatal(err)
	}
	signer, err := jwt.NewSigner(jwt.HS256, fuzzKey)
	if err != nil {
		f.Fatal(err)
	}
	iss, err := sdjwt.NewIssuer(signer, sdjwt.WithHolderKey(holderPub))
	if err != nil {
		f.Fatal(err)
	}
	issued, _, err := iss.Issue(sdjwt.Object{"iss": "https://issuer.example", "a": sdjwt.SD("x"), "b": sdjwt.Array{sdjwt.SD(1)}})
	if err != nil {
		f.Fatal(err)
	}
	now := time.Unix(1700000000, 0)
	const aud, nonce = "https://verifier.example", "n-0S6"
	sdHash := sdjwt.SHA256.Digest(issued)
	v, err := sdjwt.NewVerifier(fuzzKey, sdjwt.Config{Audience: aud, Now: func() time.Time { return now }}, jwt.WithAlgorithms(jwt.HS256))
	if err != nil {
		f.Fatal(err)
	}
	good := `{"iat":1700000000,"aud":"` + aud + `","nonce":"` + nonce + `","sd_hash":"` + sdHash + `"}`
	kbSigner, err := jwt.NewSigner(jwt.EdDSA, holderKey, jwt.WithType(sdjwt.KeyBindingType))
	if err != nil {
		f.Fatal(err)
	}
	kb, err := kbSigner.Sign(json.RawMessage(good))
	if err != nil {
		f.Fatal(err)
	}
	if _, err := v.Verify(f.Context(), issued+kb, sdjwt.Checks{Nonce: nonce}, nil); err != nil {
		f.Fatalf("the good seed is refused: %v", err)
	}
	f.Add([]byte(good), "kb+jwt")
	f.Add([]byte(good), "JWT")
	f.Add([]byte(good), "")
	f.Add([]byte(`{"iat":1700000000,"aud":["`+aud+`"],"nonce":"`+nonce+`","sd_hash":"`+sdHash+`"}`), "kb+jwt")
	f.Add([]byte(`{"iat":"1700000000","aud":"`+aud+`","nonce":"`+nonce+`","sd_hash":"`+sdHash+`"}`), "kb+jwt")
	f.Add([]byte(`{"iat":1700000000,"aud":"`+aud+`","nonce":"`+nonce+`","sd_hash":"`+sdHash+`","sd_hash":"x"}`), "kb+jwt")
	f.Add([]byte(`{"iat":1600000000,"aud":"`+aud+`","nonce":"`+nonce+`","sd_hash":"`+sdHash+`"}`), "kb+jwt")
	f.Add([]byte(`{"iat":1700000000,"aud":"`+aud+`","nonce":1,"sd_hash":"`+sdHash+`"}`), "kb+jwt")
	f.Add([]byte(`{"iat":1700000000,"aud":"`+aud+`","nonce":"`+nonce+`"}`), "kb+jwt")
	f.Fuzz(func(t *testing.T, payload []byte, typ string) {
		var opts []jwt.Option
		if typ != "" {
			opts = append(opts, jwt.WithType(typ))
		}
		kbSigner, err := jwt.NewSigner(jwt.EdDSA, holderKey, opts...)
		if err != nil {
			return
		}
		kb, err := kbSigner.Sign(json.RawMessage(payload))
		if err != nil {
			return
		}
		res, err := v.Verify(t.Context(), issued+kb, sdjwt.Checks{Nonce: nonce}, nil)
		if err != nil {
			if !errors.Is(err, jwt.ErrTokenMalformed) && !errors.Is(err, jwt.ErrTokenInvalidClaims) && !errors.Is(err, jwt.ErrSignatureInvalid) && !errors.Is(err, jwt.ErrInvalidType) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		var claims struct {
			IAT    json.Number `json:"iat"`
			Aud    any         `json:"aud"`
			Nonce  any         `json:"nonce"`
			SDHash any         `json:"sd_hash"`
		}
		if err := json.Unmarshal(payload, &claims); err != nil {
			t.Fatalf("accepted a KB-JWT payload encoding/json refuses: %v", err)
		}
		if !res.KeyBound || typ != sdjwt.KeyBindingType || claims.Aud != aud || claims.Nonce != nonce || claims.SDHash != sdHash {
			t.Fatalf("accepted KB-JWT typ %q claims %+v (KeyBound %v)", typ, claims, res.KeyBound)
		}
	})
}
