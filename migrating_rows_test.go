package jwt_test

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/corpus"
	"github.com/jotlib/jwt/jwk"
)

// Tests for MIGRATING.md rows that no other test shows (TestMigrating_*).

// TestMigrating_ExpZeroIsExpired: an "exp" of 0 is a valid NumericDate, the
// epoch (RFC 7519 section 2), so the token is expired (section 4.1.4):
// ErrTokenExpired, not ErrTokenMalformed (golang-jwt's MapClaims accept it).
func TestMigrating_ExpZeroIsExpired(t *testing.T) {
	tok := rtSign(t, map[string]any{"sub": "u", "exp": 0})
	_, err := jwt.Parse(tok, rtSecret)
	if !errors.Is(err, jwt.ErrTokenExpired) || errors.Is(err, jwt.ErrTokenMalformed) {
		t.Fatalf("got %v, want ErrTokenExpired and not ErrTokenMalformed", err)
	}
}

// TestMigrating_OneAudienceIsWrittenAsAString: claims.Audience writes one
// audience as a JSON string (RFC 7519 section 4.1.3 allows either), where
// golang-jwt writes an array by default: the token differs from
// golang-jwt's for the same claims; two audiences are an array in both.
func TestMigrating_OneAudienceIsWrittenAsAString(t *testing.T) {
	for aud, want := range map[string]string{"a": `"aud":"a"`, "a b": `"aud":["a","b"]`} {
		tok := rtSign(t, claims.Registered{Audience: strings.Fields(aud)})
		_, payload, _ := strings.Cut(tok, ".")
		payload, _, _ = strings.Cut(payload, ".")
		raw, _ := base64.RawURLEncoding.DecodeString(payload)
		if !strings.Contains(string(raw), want) {
			t.Errorf("aud %q written as %s, want %s", aud, raw, want)
		}
	}
}

// TestMigrating_OwnAudFieldShadowsRegisteredAudience: a claims type that
// embeds claims.Registered and declares its own "aud" field (a []string,
// to write one audience as an array) shadows Registered.Audience, by
// encoding/json's rule for embedded fields: decoding fills the outer field
// and leaves Registered.Audience empty. Token.Registered() has the
// audience whatever the claims type.
func TestMigrating_OwnAudFieldShadowsRegisteredAudience(t *testing.T) {
	type arrayAud struct {
		claims.Registered
		Aud []string `json:"aud"`
	}
	tok := rtSign(t, arrayAud{Registered: claims.Registered{Subject: "u"}, Aud: []string{"api"}})
	_, payload, _ := strings.Cut(tok, ".")
	payload, _, _ = strings.Cut(payload, ".")
	if raw, _ := base64.RawURLEncoding.DecodeString(payload); !strings.Contains(string(raw), `"aud":["api"]`) {
		t.Fatalf("payload %s", raw)
	}
	var c arrayAud
	parsed, err := jwt.ParseWithClaims(tok, &c, rtSecret, jwt.WithAudience("api"))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Registered.Audience) != 0 || len(c.Aud) != 1 {
		t.Errorf("Registered.Audience %q, Aud %q: the outer field no longer shadows the embedded one", c.Registered.Audience, c.Aud)
	}
	if got := parsed.Registered().Audience; len(got) != 1 || got[0] != "api" {
		t.Errorf("Token.Registered().Audience = %q", got)
	}
}

// TestMigrating_UnusableKeyIsErrInvalidKeyOnly: a key that cannot be used
// at all (a KeyFunc returning nil, a string or a plain slice, a key set of
// nil keys, an RSA key under 2048 bits or a short HMAC secret: RFC 7518
// sections 3.2 and 3.3) is ErrInvalidKey only, where golang-jwt reports
// ErrTokenSignatureInvalid (wrapping ErrInvalidKeyType): no signature was
// checked, so it is never ErrSignatureInvalid. A key of another family is
// ErrAlgorithmNotAllowed (RFC 8725 section 3.1), never ErrSignatureInvalid.
func TestMigrating_UnusableKeyIsErrInvalidKeyOnly(t *testing.T) {
	k := corpus.Keys()
	weak, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	hs := rtSign(t, claims.Registered{Subject: "u"})
	rs, err := jwt.Sign(jwt.RS256, claims.Registered{Subject: "u"}, k.RSA)
	if err != nil {
		t.Fatal(err)
	}
	giving := func(key any) jwt.KeyFunc { return func(*jwt.Header) (any, error) { return key, nil } }
	for name, tc := range map[string]struct {
		tok  string
		key  any
		want error
	}{
		"key func giving nil":       {hs, giving(nil), jwt.ErrInvalidKey},
		"key func giving a string":  {hs, giving("a string"), jwt.ErrInvalidKey},
		"key func giving a slice":   {hs, giving([]any{rtSecret}), jwt.ErrInvalidKey},
		"key set of nil keys":       {hs, rtKeySet{keys: []any{nil, nil}}, jwt.ErrInvalidKey},
		"1024-bit RSA for RS256":    {rs, &weak.PublicKey, jwt.ErrInvalidKey},
		"short secret for HS256":    {hs, []byte("short"), jwt.ErrInvalidKey},
		"RSA key for HS256":         {hs, &k.RSA.PublicKey, jwt.ErrAlgorithmNotAllowed},
		"key func giving an EC key": {rs, giving(&k.P256.PublicKey), jwt.ErrAlgorithmNotAllowed},
	} {
		_, err := jwt.Parse(tc.tok, tc.key)
		if !errors.Is(err, tc.want) || errors.Is(err, jwt.ErrSignatureInvalid) {
			t.Errorf("%s: got %v, want %v and not ErrSignatureInvalid", name, err, tc.want)
		}
	}
}

// TestMigrating_RemoteSetRefusesHTTPOffLoopback: keyfunc fetches any URL;
// jwk.NewRemoteSet refuses http:// for a host other than the loopback
// interface (ErrInvalidOption; keys fetched without TLS can be forged on
// the way) unless jwk.WithInsecureHTTP is given.
func TestMigrating_RemoteSetRefusesHTTPOffLoopback(t *testing.T) {
	if _, err := jwk.NewRemoteSet("http://idp.example/jwks"); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("http off loopback: got %v, want ErrInvalidOption", err)
	}
	for _, u := range []string{"http://127.0.0.1:1/jwks", "http://localhost:1/jwks", "https://idp.example/jwks"} {
		set, err := jwk.NewRemoteSet(u)
		if err != nil {
			t.Errorf("%s: %v", u, err)
			continue
		}
		set.Close()
	}
	set, err := jwk.NewRemoteSet("http://idp.example/jwks", jwk.WithInsecureHTTP())
	if err != nil {
		t.Fatalf("WithInsecureHTTP: %v", err)
	}
	set.Close()
}

// TestMigrating_JWKSRSAKeyUnder2048BitsIsSkipped: keyfunc uses any RSA key
// of a JWK Set; jwk skips one under 2048 bits (RFC 7518 section 3.3),
// listed by Skipped() with ErrWeakKey, and a token signed with it is
// refused.
func TestMigrating_JWKSRSAKeyUnder2048BitsIsSkipped(t *testing.T) {
	weak, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	b64 := base64.RawURLEncoding.EncodeToString
	rsaJWK := func(kid string, pub *rsa.PublicKey) map[string]string {
		return map[string]string{"kty": "RSA", "kid": kid, "alg": "RS256", "n": b64(pub.N.Bytes()), "e": b64(big.NewInt(int64(pub.E)).Bytes())}
	}
	raw, _ := json.Marshal(map[string]any{"keys": []any{rsaJWK("weak", &weak.PublicKey), rsaJWK("good", &corpus.Keys().RSA.PublicKey)}})
	set, err := jwk.ParseSet(raw)
	if err != nil {
		t.Fatal(err)
	}
	skipped := set.Skipped()
	if len(skipped) != 1 || !errors.Is(skipped[0], jwk.ErrWeakKey) {
		t.Fatalf("Skipped() = %v, want one ErrWeakKey", skipped)
	}
	// A token signed with it (by a library that allows such keys) cannot verify.
	tok := rtRS256Weak(t, weak)
	if _, err := jwt.Parse(tok, set, rtClock(time.Unix(1_700_000_000, 0))); err == nil {
		t.Error("a token of the skipped key verified")
	}
}

// rtRS256Weak signs {"sub":"u"} with RS256 and key, which jwt.Sign refuses.
func rtRS256Weak(t *testing.T, key *rsa.PrivateKey) string {
	t.Helper()
	input := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"RS256","kid":"weak"}`)) + "." +
		base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"u"}`))
	sig, err := rtPKCS1v15SHA256(key, input)
	if err != nil {
		t.Fatal(err)
	}
	return input + "." + base64.RawURLEncoding.EncodeToString(sig)
}

func rtPKCS1v15SHA256(key *rsa.PrivateKey, input string) ([]byte, error) {
	digest := sha256.Sum256([]byte(input))
	return rsa.SignPKCS1v15(nil, key, crypto.SHA256, digest[:])
}
