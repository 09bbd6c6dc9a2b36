package sdjwt_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

func TestRFC9901_7_1_ProcessedPayloadHasDisclosedClaimsInPlace(t *testing.T) {
	given, street := prop(t, "given_name", "John"), prop(t, "street", "Main St 1")
	addr := prop(t, "address", obj{"_sd": []any{dg(street)}, "country": "DE"})
	de, us := elem(t, "DE"), elem(t, "US")
	iss := issuerJWT(t, obj{"iss": "https://issuer.example", "_sd_alg": "sha-256",
		"_sd":           []any{dg(given), dg(addr), "decoy-digest-never-disclosed"},
		"nationalities": []any{obj{"...": dg(de)}, "FR", obj{"...": dg(us)}}})
	var got struct {
		GivenName     string   `json:"given_name"`
		Nationalities []string `json:"nationalities"`
		Address       struct{ Street, Country string }
	}
	r, err := verifier(t, optional).Verify(context.Background(), sdJWT(iss, given, addr, street, us), sdjwt.Checks{}, &got)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"address":{"country":"DE","street":"Main St 1"},"given_name":"John","iss":"https://issuer.example","nationalities":["FR","US"]}`
	if js(t, r.Payload) != want {
		t.Errorf("payload %s, want %s", js(t, r.Payload), want)
	}
	if got.GivenName != "John" || got.Address.Street != "Main St 1" || strings.Join(got.Nationalities, ",") != "FR,US" {
		t.Errorf("decoded %+v", got)
	}
	if paths := js(t, r.Disclosed); paths != `[["given_name"],["address"],["address","street"],["nationalities",1]]` {
		t.Errorf("Disclosed %s", paths)
	}
	if r.KeyBound || r.HashAlg != sdjwt.SHA256 || r.Issuer == nil {
		t.Errorf("result %+v", r)
	}
}

func TestRFC9901_7_1_Step1_SDJWTWithoutFinalTildeRefused(t *testing.T) {
	d := prop(t, "a", 1)
	iss := issuerJWT(t, obj{"_sd": []any{dg(d)}})
	refused(t, verifier(t, optional), iss+"~"+d.Encoded, sdjwt.ErrInvalidFormat)
}

func TestRFC9901_7_1_Step2_1_UnsignedIssuerJWTRefused(t *testing.T) {
	enc := base64.RawURLEncoding.EncodeToString
	iss := enc([]byte(`{"alg":"none"}`)) + "." + enc([]byte(`{"a":1}`)) + "."
	refused(t, verifier(t, optional), iss+"~", jwt.ErrAlgorithmNotAllowed)
	refused(t, verifier(t, optional), iss+"c2ln~", jwt.ErrAlgorithmNotAllowed)
}

func TestRFC9901_7_1_Step2_2_IssuerJWTOfAnotherKeyRefused(t *testing.T) {
	s, _ := jwt.NewSigner(jwt.ES256, testOtherKey)
	iss, _ := s.Sign(obj{"a": 1})
	refused(t, verifier(t, optional), iss+"~", jwt.ErrSignatureInvalid)
}

func TestRFC9901_7_1_Step2_3_IssuerOfAnotherRefused(t *testing.T) {
	iss := issuerJWT(t, obj{"iss": "https://evil.example"})
	refused(t, verifier(t, optional, jwt.WithIssuer("https://issuer.example")), iss+"~", jwt.ErrInvalidIssuer)
}

func TestRFC9901_9_11_TypeRuleOfTheOptionsApplied(t *testing.T) {
	iss := issuerJWT(t, obj{"a": 1})
	refused(t, verifier(t, optional, jwt.WithType("dc+sd-jwt")), iss+"~", jwt.ErrInvalidType)
	mustVerify(t, verifier(t, optional, jwt.WithType("example+sd-jwt")), iss+"~")
}

func TestRFC9901_7_1_Step2_5_UnknownSdAlgRefused(t *testing.T) {
	for _, alg := range []any{"md5", "SHA-256", 256} {
		iss := issuerJWT(t, obj{"_sd_alg": alg})
		refused(t, verifier(t, optional), iss+"~", sdjwt.ErrUnsupportedHashAlg)
	}
}

func TestRFC9901_7_1_Step2_5_SdAlgOutsideVerifierPolicyRefused(t *testing.T) {
	iss := issuerJWT(t, obj{"_sd_alg": "sha-512"})
	cfg := optional
	cfg.HashAlgorithms = []sdjwt.HashAlg{sdjwt.SHA256}
	refused(t, verifier(t, cfg), iss+"~", sdjwt.ErrUnsupportedHashAlg)
}

func TestRFC9901_4_1_1_SdAlgNamesTheDigestAlgorithm(t *testing.T) {
	d := prop(t, "a", 1)
	iss := issuerJWT(t, obj{"_sd_alg": "sha-384", "_sd": []any{d.Digest(sdjwt.SHA384)}})
	r := mustVerify(t, verifier(t, optional), sdJWT(iss, d))
	if r.HashAlg != sdjwt.SHA384 || js(t, r.Payload) != `{"a":1}` {
		t.Errorf("got %v %s", r.HashAlg, js(t, r.Payload))
	}
	// The sha-256 digest of the same Disclosure is not referenced.
	iss = issuerJWT(t, obj{"_sd_alg": "sha-384", "_sd": []any{dg(d)}})
	refused(t, verifier(t, optional), sdJWT(iss, d), sdjwt.ErrDisclosureUnused)
}

func TestRFC9901_4_1_1_SdAlgBelowTopLevelRefused(t *testing.T) {
	iss := issuerJWT(t, obj{"address": obj{"_sd_alg": "sha-256"}})
	refused(t, verifier(t, optional), iss+"~", sdjwt.ErrInvalidSDPayload)
}

func TestRFC9901_7_1_Step3_1_DigestOverTheExactReceivedBytes(t *testing.T) {
	d := rawDisclosure(t, `["c2FsdHNhbHRzYWx0c2FsdA","a",1]`)
	// Same JSON, other bytes: another digest, so not referenced.
	other := rawDisclosure(t, `["c2FsdHNhbHRzYWx0c2FsdA", "a", 1]`)
	iss := issuerJWT(t, obj{"_sd": []any{dg(d)}})
	mustVerify(t, verifier(t, optional), sdJWT(iss, d))
	refused(t, verifier(t, optional), sdJWT(iss, other), sdjwt.ErrDisclosureUnused)
}

func TestRFC9901_7_1_Step3_1_MalformedDisclosureRefused(t *testing.T) {
	iss := issuerJWT(t, obj{"a": 1})
	for _, enc := range []string{"bm90IGpzb24", base64.RawURLEncoding.EncodeToString([]byte(`["s","a",1,2]`)), base64.RawURLEncoding.EncodeToString([]byte(`["s","a",1]`)) + "="} {
		refused(t, verifier(t, optional), iss+"~"+enc+"~", jwt.ErrTokenMalformed)
	}
}

func TestRFC9901_7_1_Step3_2_1_SdThatIsNotAnArrayOfStringsRefused(t *testing.T) {
	for _, sd := range []any{"digest", []any{1}, obj{"a": "b"}} {
		iss := issuerJWT(t, obj{"_sd": sd})
		refused(t, verifier(t, optional), iss+"~", sdjwt.ErrInvalidSDPayload)
	}
}

func TestRFC9901_4_2_4_2_ArrayDigestWithAnotherMemberRefused(t *testing.T) {
	d := elem(t, "x")
	for _, el := range []any{obj{"...": dg(d), "extra": 1}, obj{"...": 5}} {
		iss := issuerJWT(t, obj{"list": []any{el}})
		refused(t, verifier(t, optional), sdJWT(iss, d), sdjwt.ErrInvalidSDPayload)
	}
}

func TestRFC9901_4_1_EllipsisMemberOutsideArrayRefused(t *testing.T) {
	iss := issuerJWT(t, obj{"address": obj{"...": "x"}})
	refused(t, verifier(t, optional), iss+"~", sdjwt.ErrInvalidSDPayload)
}

func TestRFC9901_7_1_Step3_3_1_DigestWithoutDisclosureIgnored(t *testing.T) {
	iss := issuerJWT(t, obj{"_sd": []any{"decoy1"}, "list": []any{obj{"...": "decoy2"}, 1}, "o": obj{"_sd": []any{}}})
	r := mustVerify(t, verifier(t, optional), iss+"~")
	if got := js(t, r.Payload); got != `{"list":[1],"o":{}}` {
		t.Errorf("payload %s", got)
	}
}

func TestRFC9901_7_1_Step3_3_2_1_ArrayElementDisclosureInSdRefused(t *testing.T) {
	d := elem(t, "x")
	iss := issuerJWT(t, obj{"_sd": []any{dg(d)}})
	refused(t, verifier(t, optional), sdJWT(iss, d), sdjwt.ErrDisclosureMismatch)
}

func TestRFC9901_7_1_Step3_3_2_2_ReservedDisclosedNameRefused(t *testing.T) {
	for _, name := range []string{"_sd", "...", "_sd_alg"} {
		b, _ := json.Marshal(name)
		d := rawDisclosure(t, `["c2FsdHNhbHRzYWx0c2FsdA",`+string(b)+`,["x"]]`)
		iss := issuerJWT(t, obj{"o": obj{"_sd": []any{dg(d)}}})
		refused(t, verifier(t, optional), sdJWT(iss, d), sdjwt.ErrReservedClaimName)
	}
}

func TestRFC9901_7_1_Step3_3_2_3_DisclosedNameAlreadyPresentRefused(t *testing.T) {
	d := prop(t, "given_name", "Mallory")
	iss := issuerJWT(t, obj{"given_name": "John", "_sd": []any{dg(d)}})
	refused(t, verifier(t, optional), sdJWT(iss, d), sdjwt.ErrClaimNameClash)
	// Two Disclosures of one name at one level.
	d2 := prop(t, "given_name", "Eve")
	iss = issuerJWT(t, obj{"_sd": []any{dg(d), dg(d2)}})
	refused(t, verifier(t, optional), sdJWT(iss, d, d2), sdjwt.ErrClaimNameClash)
}

func TestRFC9901_7_1_Step3_3_2_5_RecursiveDisclosuresProcessed(t *testing.T) {
	locality := prop(t, "locality", "Berlin")
	de := elem(t, obj{"_sd": []any{dg(locality)}})
	list := prop(t, "places", []any{obj{"...": dg(de)}})
	iss := issuerJWT(t, obj{"_sd": []any{dg(list)}})
	r := mustVerify(t, verifier(t, optional), sdJWT(iss, locality, list, de))
	if got := js(t, r.Payload); got != `{"places":[{"locality":"Berlin"}]}` {
		t.Errorf("payload %s", got)
	}
	if got := js(t, r.Disclosed); got != `[["places",0,"locality"],["places"],["places",0]]` {
		t.Errorf("Disclosed %s", got)
	}
}

func TestRFC9901_7_1_Step3_3_3_1_ObjectDisclosureInArrayRefused(t *testing.T) {
	d := prop(t, "x", 1)
	iss := issuerJWT(t, obj{"list": []any{obj{"...": dg(d)}}})
	refused(t, verifier(t, optional), sdJWT(iss, d), sdjwt.ErrDisclosureMismatch)
}

func TestRFC9901_7_1_Step3_4_UndisclosedArrayElementsRemoved(t *testing.T) {
	a, b, c := elem(t, "DE"), elem(t, "FR"), elem(t, "US")
	iss := issuerJWT(t, obj{"n": []any{obj{"...": dg(a)}, obj{"...": dg(b)}, obj{"...": dg(c)}}})
	r := mustVerify(t, verifier(t, optional), sdJWT(iss, c, a))
	if got := js(t, r.Payload); got != `{"n":["DE","US"]}` {
		t.Errorf("payload %s", got)
	}
	if got := js(t, r.Disclosed); got != `[["n",1],["n",0]]` {
		t.Errorf("Disclosed %s", got)
	}
}

func TestRFC9901_7_1_Step3_5_SdRemovedEmptyObjectKept(t *testing.T) {
	iss := issuerJWT(t, obj{"_sd": []any{"x"}, "address": obj{"_sd": []any{"y"}}})
	r := mustVerify(t, verifier(t, optional), iss+"~")
	if got := js(t, r.Payload); got != `{"address":{}}` {
		t.Errorf("payload %s", got)
	}
}

func TestRFC9901_7_1_Step3_6_SdAlgRemoved(t *testing.T) {
	iss := issuerJWT(t, obj{"_sd_alg": "sha-256", "a": 1})
	r := mustVerify(t, verifier(t, optional), iss+"~")
	if got := js(t, r.Payload); got != `{"a":1}` {
		t.Errorf("payload %s", got)
	}
}

func TestRFC9901_7_1_Step4_DigestFoundTwiceRefused(t *testing.T) {
	d := prop(t, "a", 1)
	for name, p := range map[string]obj{
		"same _sd":         {"_sd": []any{dg(d), dg(d)}},
		"two objects":      {"_sd": []any{dg(d)}, "o": obj{"_sd": []any{dg(d)}}},
		"decoy twice":      {"_sd": []any{"decoy", "decoy"}},
		"array and object": {"_sd": []any{"decoy"}, "l": []any{obj{"...": "decoy"}}},
	} {
		t.Run(name, func(t *testing.T) {
			refused(t, verifier(t, optional), sdJWT(issuerJWT(t, p), d), sdjwt.ErrDigestRepeated)
		})
	}
	// Once in the payload, once inside a disclosed value.
	inner := prop(t, "b", obj{"_sd": []any{dg(d)}})
	iss := issuerJWT(t, obj{"_sd": []any{dg(d), dg(inner)}})
	refused(t, verifier(t, optional), sdJWT(iss, d, inner), sdjwt.ErrDigestRepeated)
}

func TestRFC9901_7_1_Step5_UnreferencedDisclosureRefused(t *testing.T) {
	d, stray := prop(t, "a", 1), prop(t, "b", 2)
	iss := issuerJWT(t, obj{"_sd": []any{dg(d)}})
	refused(t, verifier(t, optional), sdJWT(iss, d, stray), sdjwt.ErrDisclosureUnused)
}

func TestRFC9901_4_SameDisclosureSentTwiceRefused(t *testing.T) {
	d := prop(t, "a", 1)
	iss := issuerJWT(t, obj{"_sd": []any{dg(d)}})
	refused(t, verifier(t, optional), sdJWT(iss, d, d), sdjwt.ErrDisclosureUnused)
}

func TestRFC9901_7_1_Step6_ExpiredIssuerJWTRefused(t *testing.T) {
	iss := issuerJWT(t, obj{"exp": testNow.Add(-1e9 * 3600).Unix()})
	refused(t, verifier(t, optional), iss+"~", jwt.ErrTokenExpired)
}

func TestRFC9901_9_7_ValidityClaimAsDisclosureRefused(t *testing.T) {
	for _, name := range sdjwt.DefaultMustNotBeDisclosed {
		if name == "_sd_alg" {
			continue // ErrReservedClaimName, above
		}
		d := prop(t, name, "x")
		iss := issuerJWT(t, obj{"_sd": []any{dg(d)}})
		refused(t, verifier(t, optional), sdJWT(iss, d), sdjwt.ErrMustNotBeDisclosed, jwt.ErrTokenInvalidClaims)
	}
}

func TestRFC9901_9_7_ConfiguredNameAsDisclosureRefusedAtTopLevelOnly(t *testing.T) {
	cfg := optional
	cfg.MustNotBeDisclosed = []string{"vct"}
	d := prop(t, "vct", "x")
	refused(t, verifier(t, cfg), sdJWT(issuerJWT(t, obj{"_sd": []any{dg(d)}}), d), sdjwt.ErrMustNotBeDisclosed)
	nested := prop(t, "exp", "2030")
	mustVerify(t, verifier(t, cfg), sdJWT(issuerJWT(t, obj{"passport": obj{"_sd": []any{dg(nested)}}}), nested))
}

func TestRFC9901_4_2_6_RecursionBounded(t *testing.T) {
	cfg := optional
	cfg.MaxDepth = 4 // four levels of objects and arrays
	deep := obj{"a": obj{"b": obj{"c": obj{"d": []any{1}}}}}
	refused(t, verifier(t, cfg), issuerJWT(t, deep)+"~", sdjwt.ErrLimitExceeded)
	// Depth counts through Disclosures too.
	d := prop(t, "c", obj{"d": []any{1}})
	iss := issuerJWT(t, obj{"a": obj{"b": obj{"_sd": []any{dg(d)}}}})
	refused(t, verifier(t, cfg), sdJWT(iss, d), sdjwt.ErrLimitExceeded)
	mustVerify(t, verifier(t, cfg), issuerJWT(t, obj{"a": obj{"b": obj{"c": 1}}})+"~")
}

func TestRFC9901_7_1_DisclosureCountBounded(t *testing.T) {
	cfg := optional
	cfg.MaxDisclosures = 1
	a, b := prop(t, "a", 1), prop(t, "b", 1)
	refused(t, verifier(t, cfg), sdJWT(issuerJWT(t, obj{"_sd": []any{dg(a), dg(b)}}), a, b), sdjwt.ErrInvalidFormat)
}

func TestRFC9901_7_1_NumbersKeptExactly(t *testing.T) {
	d := prop(t, "big", json.RawMessage(`12345678901234567890123`))
	r := mustVerify(t, verifier(t, optional), sdJWT(issuerJWT(t, obj{"_sd": []any{dg(d)}}), d))
	if got := js(t, r.Payload); got != `{"big":12345678901234567890123}` {
		t.Errorf("payload %s", got)
	}
}

func TestRFC9901_7_1_DecodeFailureIntoDstIsEncodingError(t *testing.T) {
	d := prop(t, "age", "forty")
	iss := issuerJWT(t, obj{"_sd": []any{dg(d)}})
	var dst struct {
		Age int `json:"age"`
	}
	_, err := verifier(t, optional).Verify(context.Background(), sdJWT(iss, d), sdjwt.Checks{}, &dst)
	if !errors.Is(err, jwt.ErrEncoding) {
		t.Errorf("got %v", err)
	}
}
