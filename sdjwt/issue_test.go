package sdjwt_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

// plain strips the SD markers of a payload description: what a holder
// disclosing everything reveals.
func plain(v any) any {
	switch x := v.(type) {
	case sdjwt.Disclosable:
		return plain(x.Value)
	case sdjwt.Object:
		o := map[string]any{}
		for k, e := range x {
			o[k] = plain(e)
		}
		return o
	case sdjwt.Array:
		a := []any{}
		for _, e := range x {
			a = append(a, plain(e))
		}
		return a
	}
	return v
}

func credential() sdjwt.Object {
	return sdjwt.Object{
		"iss":        "https://issuer.example.com",
		"iat":        1683000000,
		"sub":        "user_42",
		"given_name": sdjwt.SD("John"),
		"email":      sdjwt.SD("johndoe@example.com"),
		"address": sdjwt.SD(sdjwt.Object{
			"street_address": sdjwt.SD("123 Main St"),
			"locality":       sdjwt.SD("Anytown"),
			"country":        "US",
		}),
		"nationalities": sdjwt.Array{sdjwt.SD("US"), "DE", sdjwt.SD(sdjwt.Object{"x": sdjwt.SD(1)})},
		"html":          sdjwt.SD("<a&b>"),
		"nothing":       nil,
	}
}

func TestRFC9901_4_IssueRoundTripsEveryClaim(t *testing.T) {
	is, pub := testIssuer(t, nil)
	issued, discs, err := is.Issue(credential())
	if err != nil {
		t.Fatal(err)
	}
	s, err := sdjwt.Split(issued)
	if err != nil || s.KeyBinding != "" || !strings.HasSuffix(issued, "~") || len(s.Disclosures) != len(discs) {
		t.Fatalf("%+v %v", s, err)
	}
	for i, d := range discs {
		p, err := sdjwt.ParseDisclosure(s.Disclosures[i])
		if err != nil || p.Encoded != d.Encoded || !bytes.Equal(p.Value, d.Value) {
			t.Fatalf("disclosure %d: %v", i, err)
		}
	}
	payload := signedPayload(t, issued, pub)
	if payload["_sd_alg"] != "sha-256" {
		t.Errorf("_sd_alg %v", payload["_sd_alg"])
	}
	for _, hidden := range []string{"given_name", "email", "address", "html"} {
		if _, ok := payload[hidden]; ok {
			t.Errorf("%s in plaintext", hidden)
		}
	}
	got, used, decoys := reveal(t, payload, discs, sdjwt.SHA256)
	if used != len(discs) || decoys != 0 || len(discs) != 9 {
		t.Errorf("used %d of %d, %d decoys", used, len(discs), decoys)
	}
	if canon(t, got) != canon(t, plain(credential())) {
		t.Errorf("revealed\n%s\nwant\n%s", canon(t, got), canon(t, plain(credential())))
	}
}

func TestRFC9901_4_2_4_1_SDArraySortedAndArrayElementsInPlace(t *testing.T) {
	is, pub := testIssuer(t, nil)
	issued, _, err := is.Issue(credential())
	if err != nil {
		t.Fatal(err)
	}
	payload := signedPayload(t, issued, pub)
	var list []string
	for _, d := range payload["_sd"].([]any) {
		list = append(list, d.(string))
	}
	for i := 1; i < len(list); i++ {
		if list[i-1] >= list[i] {
			t.Fatalf("_sd not sorted: %v", list)
		}
	}
	nat := payload["nationalities"].([]any)
	if len(nat) != 3 || nat[1] != "DE" {
		t.Fatalf("nationalities %v", nat)
	}
	for _, i := range []int{0, 2} {
		m, ok := nat[i].(map[string]any)
		if !ok || len(m) != 1 || len(m["..."].(string)) != 43 {
			t.Fatalf("element %d: %v", i, nat[i])
		}
	}
}

func TestRFC9901_9_3_SaltsAre128BitsAndFresh(t *testing.T) {
	is, _ := testIssuer(t, nil)
	_, a, err := is.Issue(credential())
	if err != nil {
		t.Fatal(err)
	}
	_, b, _ := is.Issue(credential())
	seen := map[string]bool{}
	for _, d := range append(a, b...) {
		raw, err := base64.RawURLEncoding.DecodeString(d.Salt)
		if err != nil || len(raw) < 16 {
			t.Fatalf("salt %q: %v", d.Salt, err)
		}
		if seen[d.Salt] {
			t.Fatalf("salt %q reused", d.Salt)
		}
		seen[d.Salt] = true
	}
}

// zeros is a salt reader that is the same every time: issuance becomes
// reproducible.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestWithSaltReader_ReproducibleIssuance(t *testing.T) {
	is, _ := testIssuer(t, nil, sdjwt.WithSaltReader(zeros{}))
	_, d, err := is.Issue(sdjwt.Object{"a": sdjwt.SD(1)})
	if err != nil || len(d) != 1 || d[0].Salt != "AAAAAAAAAAAAAAAAAAAAAA" {
		t.Fatalf("%+v %v", d, err)
	}
	want, _ := sdjwt.NewDisclosure("a", 1, false, "AAAAAAAAAAAAAAAAAAAAAA")
	if d[0].Encoded != want.Encoded {
		t.Fatalf("%s != %s", d[0].Encoded, want.Encoded)
	}
}

type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, errors.New("entropy gone") }

func TestWithSaltReader_FailureIsAnError(t *testing.T) {
	is, _ := testIssuer(t, nil, sdjwt.WithSaltReader(failing{}))
	if _, _, err := is.Issue(sdjwt.Object{"a": sdjwt.SD(1)}); !errors.Is(err, jwt.ErrSigningFailed) {
		t.Fatal(err)
	}
}

func TestRFC9901_4_2_5_DecoysAddedAndUnresolvable(t *testing.T) {
	is, pub := testIssuer(t, nil, sdjwt.WithDecoys(2, 5))
	for range 5 {
		issued, discs, err := is.Issue(credential())
		if err != nil {
			t.Fatal(err)
		}
		payload := signedPayload(t, issued, pub)
		got, used, decoys := reveal(t, payload, discs, sdjwt.SHA256)
		// Decoys in the top level, address, nationalities and the nested {"x"} object.
		if used != len(discs) || decoys < 4*2 || decoys > 4*5 {
			t.Fatalf("used %d, decoys %d", used, decoys)
		}
		if canon(t, got) != canon(t, plain(credential())) {
			t.Fatalf("decoys changed the revealed payload: %s", canon(t, got))
		}
	}
	exact, pub2 := testIssuer(t, nil, sdjwt.WithDecoys(3, 3))
	issued, discs, _ := exact.Issue(sdjwt.Object{"a": sdjwt.SD(1), "b": "plain"})
	if _, _, decoys := reveal(t, signedPayload(t, issued, pub2), discs, sdjwt.SHA256); decoys != 3 {
		t.Fatalf("decoys %d, want 3", decoys)
	}
	// No SD claim, no "_sd" and no decoys: an object without one is left as is.
	issued, _, _ = exact.Issue(sdjwt.Object{"b": "plain"})
	if _, ok := signedPayload(t, issued, pub2)["_sd"]; ok {
		t.Fatal("decoys in an object without SD claims")
	}
}

func TestRFC9901_4_1_1_HashAlgWrittenAndUsed(t *testing.T) {
	for _, a := range []sdjwt.HashAlg{sdjwt.SHA256, sdjwt.SHA384, sdjwt.SHA512, sdjwt.SHA3_256, sdjwt.SHA3_384, sdjwt.SHA3_512} {
		is, pub := testIssuer(t, nil, sdjwt.WithHashAlg(a))
		issued, discs, err := is.Issue(credential())
		if err != nil {
			t.Fatal(err)
		}
		payload := signedPayload(t, issued, pub)
		if payload["_sd_alg"] != string(a) {
			t.Errorf("%s: _sd_alg %v", a, payload["_sd_alg"])
		}
		if _, used, decoys := reveal(t, payload, discs, a); used != len(discs) || decoys != 0 {
			t.Errorf("%s: used %d of %d", a, used, len(discs))
		}
	}
}

func TestRFC9901_4_2_4_ReservedAndPlaintextOnlyNamesRefused(t *testing.T) {
	k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	is, _ := testIssuer(t, nil, sdjwt.WithHolderKey(k.Public()), sdjwt.WithNotDisclosable("vct"))
	type m = sdjwt.Object
	for name, obj := range map[string]sdjwt.Object{
		"_sd at the top":              {"_sd": []any{}},
		"... at the top":              {"...": 1},
		"_sd nested":                  {"a": m{"_sd": 1}},
		"... nested in an SD value":   {"a": sdjwt.SD(m{"...": 1})},
		"SD named _sd":                {"_sd": sdjwt.SD(1)},
		"_sd_alg set by the caller":   {"_sd_alg": "sha-256"},
		"cnf with WithHolderKey":      {"cnf": m{"jwk": m{}}},
		"SD iss (9.7)":                {"iss": sdjwt.SD("x")},
		"SD aud":                      {"aud": sdjwt.SD("x")},
		"SD exp":                      {"exp": sdjwt.SD(1)},
		"SD nbf":                      {"nbf": sdjwt.SD(1)},
		"SD iat":                      {"iat": sdjwt.SD(1)},
		"SD cnf":                      {"cnf": sdjwt.SD(1)},
		"SD vct (WithNotDisclosable)": {"vct": sdjwt.SD("x")},
		"SD of SD":                    {"a": sdjwt.SD(sdjwt.SD(1))},
		"SD in a struct":              {"a": struct{ X any }{sdjwt.SD(1)}},
		"SD in another map type":      {"a": map[string]sdjwt.Disclosable{"x": sdjwt.SD(1)}},
		"unencodable":                 {"a": func() {}},
		"raw JSON with duplicates":    {"a": json.RawMessage(`{"x":1,"x":2}`)},
		"SD raw JSON duplicates":      {"a": sdjwt.SD(json.RawMessage(`{"x":1,"x":2}`))},
	} {
		if _, _, err := is.Issue(obj); !errors.Is(err, sdjwt.ErrInvalidPayload) || !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Nested, the registered names are ordinary claims.
	if _, _, err := is.Issue(m{"address": m{"iss": sdjwt.SD("x"), "exp": sdjwt.SD(1)}}); err != nil {
		t.Errorf("nested iss/exp: %v", err)
	}
}

func TestRFC9901_4_2_SelfContainingMapRefusedNotOverflowed(t *testing.T) {
	is, _ := testIssuer(t, nil)
	loop := map[string]any{}
	loop["self"] = loop
	if _, _, err := is.Issue(sdjwt.Object{"a": sdjwt.SD(loop)}); !errors.Is(err, sdjwt.ErrInvalidPayload) {
		t.Fatal(err)
	}
}

func TestRFC9901_4_1_RegisteredClaimTypesCheckedBySigner(t *testing.T) {
	is, _ := testIssuer(t, nil)
	if _, _, err := is.Issue(sdjwt.Object{"exp": "tomorrow"}); !errors.Is(err, jwt.ErrTokenMalformed) {
		t.Fatal(err)
	}
}

func TestRFC9901_4_1_2_HolderKeyWrittenAsCnfJWK(t *testing.T) {
	holder, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	for name, key := range map[string]any{"public key": holder.Public(), "private key": holder} {
		is, pub := testIssuer(t, nil, sdjwt.WithHolderKey(key))
		issued, _, err := is.Issue(sdjwt.Object{"a": sdjwt.SD(1)})
		if err != nil {
			t.Fatal(err)
		}
		cnf, _ := signedPayload(t, issued, pub)["cnf"].(map[string]any)
		j, _ := cnf["jwk"].(map[string]any)
		if j["kty"] != "EC" || j["crv"] != "P-256" || j["x"] == nil || j["d"] != nil || len(cnf) != 1 {
			t.Errorf("%s: cnf %v", name, cnf)
		}
	}
	for name, bad := range map[string]any{
		"nil":              nil,
		"HMAC secret":      []byte("0123456789abcdef0123456789abcdef"),
		"nil ECDSA":        (*ecdsa.PrivateKey)(nil),
		"nil ECDSA public": (*ecdsa.PublicKey)(nil),
		"a string":         "key",
	} {
		s, _ := jwt.NewSigner(jwt.ES256, holder)
		if _, err := sdjwt.NewIssuer(s, sdjwt.WithHolderKey(bad)); !errors.Is(err, jwt.ErrInvalidOption) || !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestRFC9901_9_11_WithTypeMustMatchTheSigner(t *testing.T) {
	is, pub := testIssuer(t, []jwt.Option{jwt.WithType("example+sd-jwt")}, sdjwt.WithType("example+sd-jwt"))
	issued, _, err := is.Issue(sdjwt.Object{"a": sdjwt.SD(1)})
	if err != nil {
		t.Fatal(err)
	}
	signedPayload(t, issued, pub)
	hdr, _ := base64.RawURLEncoding.DecodeString(strings.Split(issued, ".")[0])
	if !strings.Contains(string(hdr), `"typ":"example+sd-jwt"`) {
		t.Fatalf("header %s", hdr)
	}
	wrong, _ := testIssuer(t, nil, sdjwt.WithType("example+sd-jwt"))
	if _, _, err := wrong.Issue(sdjwt.Object{}); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Fatalf("a Signer writing typ JWT: %v", err)
	}
	none, _ := testIssuer(t, []jwt.Option{jwt.WithType("")}, sdjwt.WithType("example+sd-jwt"))
	if _, _, err := none.Issue(sdjwt.Object{}); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Fatalf("a Signer writing no typ: %v", err)
	}
}

func TestNewIssuer_BadOptionsAndSignersRefused(t *testing.T) {
	k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	s, _ := jwt.NewSigner(jwt.ES256, k)
	for name, c := range map[string]struct {
		s    *jwt.Signer
		o    sdjwt.IssuerOption
		want error
	}{
		"nil signer":          {nil, nil, jwt.ErrInvalidKey},
		"zero signer":         {&jwt.Signer{}, nil, jwt.ErrInvalidKey},
		"nil option":          {s, nil, jwt.ErrInvalidOption},
		"unknown hash":        {s, sdjwt.WithHashAlg("md5"), sdjwt.ErrUnsupportedHashAlg},
		"unknown hash option": {s, sdjwt.WithHashAlg("SHA-256"), jwt.ErrInvalidOption},
		"negative decoys":     {s, sdjwt.WithDecoys(-1, 2), jwt.ErrInvalidOption},
		"min over max":        {s, sdjwt.WithDecoys(3, 2), jwt.ErrInvalidOption},
		"too many decoys":     {s, sdjwt.WithDecoys(0, sdjwt.MaxDecoys+1), jwt.ErrInvalidOption},
		"nil salt reader":     {s, sdjwt.WithSaltReader(nil), jwt.ErrInvalidOption},
		"empty type":          {s, sdjwt.WithType(""), jwt.ErrInvalidOption},
		"empty name":          {s, sdjwt.WithNotDisclosable(""), jwt.ErrInvalidOption},
	} {
		var err error
		if name == "nil signer" || name == "zero signer" {
			_, err = sdjwt.NewIssuer(c.s)
		} else {
			_, err = sdjwt.NewIssuer(c.s, c.o)
		}
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v", name, err)
		}
	}
	var zero *sdjwt.Issuer
	if _, _, err := zero.Issue(sdjwt.Object{}); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("nil Issuer: %v", err)
	}
	if _, _, err := (&sdjwt.Issuer{}).Issue(sdjwt.Object{}); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("zero Issuer: %v", err)
	}
}

func TestRFC9901_4_IssueNilObject(t *testing.T) {
	is, pub := testIssuer(t, nil)
	issued, discs, err := is.Issue(nil)
	if err != nil || len(discs) != 0 || !strings.HasSuffix(issued, "~") {
		t.Fatal(err)
	}
	if p := signedPayload(t, issued, pub); len(p) != 1 || p["_sd_alg"] != "sha-256" {
		t.Fatalf("%v", p)
	}
}

func TestRFC9901_4_IssueBoundedToWhatSplitAccepts(t *testing.T) {
	is, _ := testIssuer(t, nil)
	arr := sdjwt.Array{}
	for i := range sdjwt.DefaultMaxDisclosures + 1 {
		arr = append(arr, sdjwt.SD(i))
	}
	if _, _, err := is.Issue(sdjwt.Object{"a": arr}); !errors.Is(err, jwt.ErrTokenTooLarge) || !errors.Is(err, sdjwt.ErrInvalidPayload) {
		t.Fatalf("count: %v", err)
	}
}

// Every algorithm of the core signs the issuer JWT; ML-DSA under Go 1.27
// (GOTOOLCHAIN=go1.27.3 go test), skipped with a log line before.
func TestRFC9901_4_1_EveryAlgorithmIssues(t *testing.T) {
	algs := []jwt.Algorithm{jwt.HS256, jwt.HS384, jwt.HS512, jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512,
		jwt.ES256, jwt.ES384, jwt.ES512, jwt.EdDSA, jwt.Ed25519, jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87}
	for _, alg := range algs {
		if !alg.Available() {
			t.Logf("%s: not available in this Go build", alg)
			continue
		}
		var signKey, verifyKey any
		if strings.HasPrefix(string(alg), "HS") {
			secret := make([]byte, 64)
			rand.Read(secret)
			signKey, verifyKey = secret, secret
		} else {
			k, err := privateKey(alg)
			if err != nil {
				t.Fatal(alg, err)
			}
			signKey, verifyKey = k, k.Public()
		}
		s, err := jwt.NewSigner(alg, signKey)
		if err != nil {
			t.Fatal(alg, err)
		}
		is, err := sdjwt.NewIssuer(s)
		if err != nil {
			t.Fatal(alg, err)
		}
		issued, discs, err := is.Issue(credential())
		if err != nil {
			t.Fatal(alg, err)
		}
		got, used, _ := reveal(t, signedPayload(t, issued, verifyKey), discs, sdjwt.SHA256)
		if used != len(discs) || canon(t, got) != canon(t, plain(credential())) {
			t.Errorf("%s: round trip failed", alg)
		}
	}
}

// RFC 9901 section 9.7 lets an issuer make individual "aud" entries
// selectively disclosable; the core's claim rules (RFC 7519 section 4.1.3:
// "aud" a string or an array of strings) refuse the {"...": d} entry, so
// such an SD-JWT is never issued.
func TestRFC9901_9_7_AudEntrySelectivelyDisclosableRefusedBySigner(t *testing.T) {
	is, _ := testIssuer(t, nil)
	if _, _, err := is.Issue(sdjwt.Object{"aud": sdjwt.Array{"a", sdjwt.SD("b")}}); !errors.Is(err, jwt.ErrTokenMalformed) {
		t.Fatal(err)
	}
}

func TestRFC9901_4_IssueOverDefaultMaxSizeRefused(t *testing.T) {
	is, _ := testIssuer(t, nil)
	big := strings.Repeat("a", sdjwt.DefaultMaxSize)
	if _, _, err := is.Issue(sdjwt.Object{"photo": sdjwt.SD(big)}); !errors.Is(err, jwt.ErrTokenTooLarge) || !errors.Is(err, sdjwt.ErrInvalidPayload) {
		t.Fatal(err)
	}
}

func TestIssuer_ConcurrentUse(t *testing.T) {
	is, pub := testIssuer(t, nil, sdjwt.WithDecoys(0, 2))
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			_, _, err := is.Issue(credential())
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	issued, _, _ := is.Issue(credential())
	signedPayload(t, issued, pub)
}
