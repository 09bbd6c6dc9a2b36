package sdjwt_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/sdjwt"
)

// The keys of the verification tests: the issuer's and the holder's.
var (
	testIssuerKey = mustKey()
	testHolderKey = mustKey()
	testOtherKey  = mustKey()
	testNow       = time.Unix(1_800_000_000, 0)
)

func mustKey() *ecdsa.PrivateKey {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	return k
}

// obj is a JSON object for payloads.
type obj = map[string]any

// prop makes an object property Disclosure.
func prop(t *testing.T, name string, value any) sdjwt.Disclosure {
	t.Helper()
	d, err := sdjwt.NewDisclosure(name, value, false, "")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// elem makes an array element Disclosure.
func elem(t *testing.T, value any) sdjwt.Disclosure {
	t.Helper()
	d, err := sdjwt.NewDisclosure("", value, true, "")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// rawDisclosure makes a Disclosure from its JSON text as is, for names
// NewDisclosure refuses.
func rawDisclosure(t *testing.T, js string) sdjwt.Disclosure {
	t.Helper()
	d, err := sdjwt.ParseDisclosure(base64.RawURLEncoding.EncodeToString([]byte(js)))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// dg is a Disclosure's sha-256 digest.
func dg(d sdjwt.Disclosure) string { return d.Digest(sdjwt.SHA256) }

// cnf is the "cnf" claim of the holder's key.
func cnf(t *testing.T) obj {
	t.Helper()
	k, err := jwk.NewKey(&testHolderKey.PublicKey, jwk.Params{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := k.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var m obj
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return obj{"jwk": m}
}

// issuerJWT signs payload with the issuer key, "typ" example+sd-jwt.
func issuerJWT(t *testing.T, payload obj) string {
	t.Helper()
	s, err := jwt.NewSigner(jwt.ES256, testIssuerKey, jwt.WithType("example+sd-jwt"))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(payload)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// sdJWT is `<jwt>~<d1>~...~<dn>~`.
func sdJWT(issuer string, ds ...sdjwt.Disclosure) string {
	var b strings.Builder
	b.WriteString(issuer)
	b.WriteByte('~')
	for _, d := range ds {
		b.WriteString(d.Encoded)
		b.WriteByte('~')
	}
	return b.String()
}

// kbJWT signs claims with key as a KB-JWT ("typ" typ).
func kbJWT(t *testing.T, key any, typ string, claims obj) string {
	t.Helper()
	s, err := jwt.NewSigner(jwt.ES256, key, jwt.WithType(typ))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(claims)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// kbClaims are valid KB-JWT claims over presented.
func kbClaims(presented string) obj {
	return obj{"iat": testNow.Unix(), "aud": "https://verifier.example", "nonce": "n-0S6_WzA2Mj", "sd_hash": sdjwt.SHA256.Digest(presented)}
}

// withKB appends a valid KB-JWT by the holder to the SD-JWT sd.
func withKB(t *testing.T, sd string) string {
	t.Helper()
	return sd + kbJWT(t, testHolderKey, sdjwt.KeyBindingType, kbClaims(sd))
}

// checks are the per-call expectations matching kbClaims.
var checks = sdjwt.Checks{Nonce: "n-0S6_WzA2Mj", Audience: "https://verifier.example"}

// checksFor is checks for a presentation with a KB-JWT, none for a bare
// SD-JWT (which a Verifier refuses with Checks: nothing to check them on).
func checksFor(presentation string) sdjwt.Checks {
	if strings.HasSuffix(presentation, "~") {
		return sdjwt.Checks{}
	}
	return checks
}

// verifier makes a Verifier with the issuer key and cfg (clock testNow).
func verifier(t *testing.T, cfg sdjwt.Config, opts ...jwt.Option) *sdjwt.Verifier {
	t.Helper()
	if cfg.Now == nil {
		cfg.Now = func() time.Time { return testNow }
	}
	v, err := sdjwt.NewVerifier(&testIssuerKey.PublicKey, cfg, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// optional is a Config that accepts a bare SD-JWT.
var optional = sdjwt.Config{KeyBinding: sdjwt.KeyBindingOptional}

// mustVerify verifies and fails the test on error.
func mustVerify(t *testing.T, v *sdjwt.Verifier, presentation string) *sdjwt.Result {
	t.Helper()
	r, err := v.Verify(context.Background(), presentation, checksFor(presentation), nil)
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	return r
}

// refused checks that Verify refuses with an error matching each of want.
func refused(t *testing.T, v *sdjwt.Verifier, presentation string, want ...error) {
	t.Helper()
	r, err := v.Verify(context.Background(), presentation, checksFor(presentation), nil)
	if err == nil {
		t.Fatalf("Verify accepted: %v", r.Payload)
	}
	for _, w := range want {
		if !errors.Is(err, w) {
			t.Errorf("Verify error %v does not match %v", err, w)
		}
	}
}

// js renders v as JSON for comparisons.
func js(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
