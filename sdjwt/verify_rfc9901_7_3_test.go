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

// boundSDJWT is an SD-JWT with the holder's cnf and one Disclosure.
func boundSDJWT(t *testing.T) string {
	t.Helper()
	d := prop(t, "given_name", "John")
	return sdJWT(issuerJWT(t, obj{"iss": "https://issuer.example", "cnf": cnf(t), "_sd": []any{dg(d)}}), d)
}

func TestRFC9901_7_3_Step5_KeyBoundPresentationAccepted(t *testing.T) {
	r := mustVerify(t, verifier(t, sdjwt.Config{}), withKB(t, boundSDJWT(t)))
	if !r.KeyBound || r.KeyBinding == nil || r.Payload["given_name"] != "John" {
		t.Errorf("result %+v", r)
	}
}

func TestRFC9901_7_3_Step2_RequiredKeyBindingWithoutKBJWTRefused(t *testing.T) {
	refused(t, verifier(t, sdjwt.Config{}), boundSDJWT(t), sdjwt.ErrKeyBindingMissing)
}

func TestRFC9901_7_3_Step1_ForbiddenPolicyRefusesKBJWT(t *testing.T) {
	v := verifier(t, sdjwt.Config{KeyBinding: sdjwt.KeyBindingForbidden})
	if _, err := v.Verify(context.Background(), withKB(t, boundSDJWT(t)), sdjwt.Checks{}, nil); !errors.Is(err, sdjwt.ErrKeyBindingUnexpected) {
		t.Errorf("KB-JWT: %v", err)
	}
	if r, err := v.Verify(context.Background(), boundSDJWT(t), sdjwt.Checks{}, nil); err != nil || r.KeyBound {
		t.Errorf("bare SD-JWT: %v", err)
	}
	// Checks it would never apply are a mistake, not ignored.
	if _, err := v.Verify(context.Background(), boundSDJWT(t), checks, nil); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("Checks with KeyBindingForbidden: %v", err)
	}
}

func TestRFC9901_7_3_Step1_OptionalPolicyVerifiesAKBJWTThatCame(t *testing.T) {
	v := verifier(t, optional)
	if r := mustVerify(t, v, boundSDJWT(t)); r.KeyBound {
		t.Error("KeyBound without a KB-JWT")
	}
	sd := boundSDJWT(t)
	refused(t, v, sd+kbJWT(t, testOtherKey, sdjwt.KeyBindingType, kbClaims(sd)), sdjwt.ErrKeyBindingInvalid, jwt.ErrSignatureInvalid)
}

func TestRFC9901_7_3_Step5_1_NoUsableHolderKeyRefused(t *testing.T) {
	jwkOf := cnf(t)["jwk"].(obj)
	private := obj{}
	for k, v := range jwkOf {
		private[k] = v
	}
	private["d"] = "AAAA"
	for name, c := range map[string]any{
		"no cnf":     nil,
		"jkt only":   obj{"jkt": "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs"},
		"not object": "key",
		"private":    obj{"jwk": private},
		"oct":        obj{"jwk": obj{"kty": "oct", "k": "c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0"}},
		"broken":     obj{"jwk": obj{"kty": "EC", "crv": "P-256", "x": "AA"}},
	} {
		t.Run(name, func(t *testing.T) {
			p := obj{"a": 1}
			if c != nil {
				p["cnf"] = c
			}
			refused(t, verifier(t, sdjwt.Config{}), withKB(t, issuerJWT(t, p)+"~"), sdjwt.ErrHolderKey, jwt.ErrInvalidKey)
		})
	}
}

func TestRFC9901_7_3_Step5_2_KBAlgorithmOutsidePolicyRefused(t *testing.T) {
	v := verifier(t, sdjwt.Config{KeyBindingAlgorithms: []jwt.Algorithm{jwt.EdDSA}})
	refused(t, v, withKB(t, boundSDJWT(t)), sdjwt.ErrKeyBindingInvalid, jwt.ErrAlgorithmNotAllowed)
}

func TestRFC9901_7_3_Step5_3_KBJWTOfAnotherKeyRefused(t *testing.T) {
	sd := boundSDJWT(t)
	refused(t, verifier(t, sdjwt.Config{}), sd+kbJWT(t, testOtherKey, sdjwt.KeyBindingType, kbClaims(sd)), jwt.ErrSignatureInvalid)
}

func TestRFC9901_7_3_Step5_4_KBJWTTypOtherThanKbJwtRefused(t *testing.T) {
	sd := boundSDJWT(t)
	for _, typ := range []string{"JWT", "dpop+jwt", "kb+jwt2", "KB+JWT", "application/kb+jwt"} {
		refused(t, verifier(t, sdjwt.Config{}), sd+kbJWT(t, testHolderKey, typ, kbClaims(sd)), sdjwt.ErrKeyBindingInvalid, jwt.ErrInvalidType)
	}
}

func TestRFC9901_7_3_Step5_5_KBJWTIatOutsideWindowRefused(t *testing.T) {
	sd := boundSDJWT(t)
	for name, c := range map[string]struct {
		iat  any
		want error
	}{
		"too old":   {testNow.Add(-sdjwt.DefaultMaxKeyBindingAge - time.Second).Unix(), jwt.ErrTokenExpired},
		"in future": {testNow.Add(time.Minute).Unix(), jwt.ErrTokenUsedBeforeIssued},
		"absent":    {nil, jwt.ErrMissingClaim},
	} {
		t.Run(name, func(t *testing.T) {
			claims := kbClaims(sd)
			if c.iat == nil {
				delete(claims, "iat")
			} else {
				claims["iat"] = c.iat
			}
			refused(t, verifier(t, sdjwt.Config{}), sd+kbJWT(t, testHolderKey, sdjwt.KeyBindingType, claims), sdjwt.ErrKeyBindingInvalid, c.want)
		})
	}
	// The leeway admits a small skew, MaxKeyBindingAge a longer age.
	claims := kbClaims(sd)
	claims["iat"] = testNow.Add(-time.Hour).Unix()
	mustVerify(t, verifier(t, sdjwt.Config{MaxKeyBindingAge: 2 * time.Hour}), sd+kbJWT(t, testHolderKey, sdjwt.KeyBindingType, claims))
}

func TestRFC9901_7_3_Step5_6_KBJWTNonceAndAudienceChecked(t *testing.T) {
	sd := boundSDJWT(t)
	for name, c := range map[string]struct {
		member string
		value  any
		want   error
	}{
		"other nonce":    {"nonce", "replayed", sdjwt.ErrNonceMismatch},
		"nonce number":   {"nonce", 5, jwt.ErrTokenMalformed},
		"no nonce":       {"nonce", nil, sdjwt.ErrNonceMismatch},
		"other audience": {"aud", "https://other.example", jwt.ErrInvalidAudience},
		"audience array": {"aud", []any{"https://verifier.example"}, jwt.ErrInvalidAudience},
		"no audience":    {"aud", nil, jwt.ErrInvalidAudience},
	} {
		t.Run(name, func(t *testing.T) {
			claims := kbClaims(sd)
			if c.value == nil {
				delete(claims, c.member)
			} else {
				claims[c.member] = c.value
			}
			refused(t, verifier(t, sdjwt.Config{}), sd+kbJWT(t, testHolderKey, sdjwt.KeyBindingType, claims), sdjwt.ErrKeyBindingInvalid, c.want)
		})
	}
}

func TestRFC9901_7_3_Step5_6_NoNonceOrAudienceExpectedRefused(t *testing.T) {
	p := withKB(t, boundSDJWT(t))
	v := verifier(t, sdjwt.Config{})
	for _, c := range []sdjwt.Checks{{Audience: checks.Audience}, {Nonce: checks.Nonce}} {
		if _, err := v.Verify(context.Background(), p, c, nil); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%+v: got %v", c, err)
		}
	}
}

func TestRFC9901_7_3_Step5_6_ConfigAudienceAndVerifyNonceUsed(t *testing.T) {
	p := withKB(t, boundSDJWT(t))
	var seen string
	cfg := sdjwt.Config{Audience: checks.Audience, VerifyNonce: func(_ context.Context, n string) error {
		seen = n
		if n != checks.Nonce {
			return errors.New("unknown nonce")
		}
		return nil
	}}
	if _, err := verifier(t, cfg).Verify(context.Background(), p, sdjwt.Checks{}, nil); err != nil || seen != checks.Nonce {
		t.Fatalf("got %v, saw %q", err, seen)
	}
	cfg.VerifyNonce = func(context.Context, string) error { return errors.New("consumed") }
	if _, err := verifier(t, cfg).Verify(context.Background(), p, sdjwt.Checks{}, nil); !errors.Is(err, sdjwt.ErrNonceMismatch) {
		t.Errorf("got %v", err)
	}
}

func TestRFC9901_7_3_Step5_7_SdHashOverOtherDisclosuresRefused(t *testing.T) {
	a, b := prop(t, "a", 1), prop(t, "b", 2)
	iss := issuerJWT(t, obj{"cnf": cnf(t), "_sd": []any{dg(a), dg(b)}})
	full := sdJWT(iss, a, b)
	kb := kbJWT(t, testHolderKey, sdjwt.KeyBindingType, kbClaims(full))
	mustVerify(t, verifier(t, sdjwt.Config{}), full+kb)
	// A Disclosure dropped or reordered after the KB-JWT was made.
	refused(t, verifier(t, sdjwt.Config{}), sdJWT(iss, a)+kb, sdjwt.ErrSDHashMismatch, sdjwt.ErrKeyBindingInvalid)
	refused(t, verifier(t, sdjwt.Config{}), sdJWT(iss, b, a)+kb, sdjwt.ErrSDHashMismatch)
	claims := kbClaims(full)
	delete(claims, "sd_hash")
	refused(t, verifier(t, sdjwt.Config{}), full+kbJWT(t, testHolderKey, sdjwt.KeyBindingType, claims), sdjwt.ErrSDHashMismatch)
}

func TestRFC9901_4_3_1_SdHashUsesTheSdAlg(t *testing.T) {
	d := prop(t, "a", 1)
	sd := sdJWT(issuerJWT(t, obj{"_sd_alg": "sha-512", "cnf": cnf(t), "_sd": []any{d.Digest(sdjwt.SHA512)}}), d)
	claims := kbClaims(sd)
	refused(t, verifier(t, sdjwt.Config{}), sd+kbJWT(t, testHolderKey, sdjwt.KeyBindingType, claims), sdjwt.ErrSDHashMismatch)
	claims["sd_hash"] = sdjwt.SHA512.Digest(sd)
	mustVerify(t, verifier(t, sdjwt.Config{}), sd+kbJWT(t, testHolderKey, sdjwt.KeyBindingType, claims))
}

func TestRFC9901_7_3_ConfigOutsideItsDomainRefused(t *testing.T) {
	for name, cfg := range map[string]sdjwt.Config{
		"policy":         {KeyBinding: 7},
		"age":            {MaxKeyBindingAge: -1},
		"leeway":         {Leeway: -1},
		"depth":          {MaxDepth: -1},
		"depth one":      {MaxDepth: 1},
		"hash":           {HashAlgorithms: []sdjwt.HashAlg{"md5"}},
		"no hash":        {HashAlgorithms: []sdjwt.HashAlg{}},
		"kb algs empty":  {KeyBindingAlgorithms: []jwt.Algorithm{}},
		"kb alg HS256":   {KeyBindingAlgorithms: []jwt.Algorithm{jwt.HS256}},
		"empty must-not": {MustNotBeDisclosed: []string{""}},
	} {
		if _, err := sdjwt.NewVerifier(&testIssuerKey.PublicKey, cfg); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: got %v", name, err)
		}
	}
	for _, o := range []jwt.Option{jwt.WithLeeway(time.Second), jwt.WithTimeFunc(time.Now), jwt.WithAudience()} {
		if _, err := sdjwt.NewVerifier(&testIssuerKey.PublicKey, sdjwt.Config{}, o); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("core option: got %v", err)
		}
	}
	if _, err := sdjwt.NewVerifier(nil, sdjwt.Config{}); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("nil key: got %v", err)
	}
}

func TestRFC9901_7_3_ZeroVerifierRefusesWithoutPanic(t *testing.T) {
	for _, v := range []*sdjwt.Verifier{nil, {}} {
		if _, err := v.Verify(context.Background(), "x~", checks, nil); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("got %v", err)
		}
	}
	//lint:ignore SA1012 a nil context is refused nowhere: it is the background
	if _, err := verifier(t, optional).Verify(nil, issuerJWT(t, obj{})+"~", sdjwt.Checks{}, nil); err != nil { //nolint:staticcheck
		t.Errorf("nil ctx: %v", err)
	}
	if _, err := verifier(t, optional).Verify(context.Background(), strings.Repeat("~", 3), checks, nil); !errors.Is(err, sdjwt.ErrInvalidFormat) {
		t.Errorf("got %v", err)
	}
}
