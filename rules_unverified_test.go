package jwt_test

import (
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// TestReadUnverifiedReadsWithoutVerifying: for logs and routing, a token
// signed with an unknown key, expired, is read: header, claims, registered
// claims.
func TestReadUnverifiedReadsWithoutVerifying(t *testing.T) {
	tok := rtRaw(`{"alg":"HS256","kid":"k9","tenant":"acme"}`, `{"iss":"https://idp","sub":"u","exp":1,"x":2}`, rtHMAC([]byte("some-key-nobody-here-knows-32-by")))
	u, err := jwt.ReadUnverified(tok)
	if err != nil {
		t.Fatal(err)
	}
	if u.Header.KeyID != "k9" || u.Raw != tok {
		t.Errorf("header %+v", u.Header)
	}
	if raw, ok := u.Header.Get("tenant"); !ok || string(raw) != `"acme"` {
		t.Errorf("tenant %q %v", raw, ok)
	}
	if r := u.Registered(); r.Issuer != "https://idp" || r.Subject != "u" || r.ExpiresAt.Unix() != 1 {
		t.Errorf("registered %+v", r)
	}
	var m map[string]any
	if err := u.Claims(&m); err != nil || m["x"] != 2.0 {
		t.Errorf("claims %v %v", m, err)
	}
}

// TestReadUnverifiedAppliesTheParsersFormAndJSONRules_RFC7515_7_1_RFC7519_7_2:
// the same compact-form, base64url and strict-JSON rules as a parse.
func TestReadUnverifiedAppliesTheParsersFormAndJSONRules_RFC7515_7_1_RFC7519_7_2(t *testing.T) {
	sig := rtHMAC(rtSecret)
	for name, tok := range map[string]string{
		"two segments":          "eyJhbGciOiJIUzI1NiJ9.e30",
		"padded payload":        rtB64(`{"alg":"HS256"}`) + "." + rtB64(`{}`) + "=." + "AA",
		"bad signature segment": rtB64(`{"alg":"HS256"}`) + "." + rtB64(`{}`) + ".A",
		"duplicate claim":       rtRaw(`{"alg":"HS256"}`, `{"sub":"a","sub":"b"}`, sig),
		"look-alike claim":      rtRaw(`{"alg":"HS256"}`, `{"EXP":1}`, sig),
		"exp a string":          rtRaw(`{"alg":"HS256"}`, `{"exp":"1"}`, sig),
		"null registered claim": rtRaw(`{"alg":"HS256"}`, `{"iss":null}`, sig),
		"no alg":                rtRaw(`{"typ":"JWT"}`, `{}`, sig),
		"crit":                  rtRaw(`{"alg":"HS256","crit":["x"],"x":1}`, `{}`, sig),
		"claims not an object":  rtRaw(`{"alg":"HS256"}`, `[1]`, sig),
	} {
		if _, err := jwt.ReadUnverified(tok); !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s: got %v, want ErrTokenMalformed", name, err)
		}
	}
	if _, err := jwt.ReadUnverified(rtSign(t, map[string]any{}), jwt.WithMaxTokenSize(10)); !errors.Is(err, jwt.ErrTokenTooLarge) {
		t.Errorf("size cap: %v", err)
	}
}

// TestTokenRegisteredIsTypedWhateverTheClaimsType: a parse into a map or
// into a struct without claims.Registered still gives the typed registered
// claims.
func TestTokenRegisteredIsTypedWhateverTheClaimsType(t *testing.T) {
	tok := rtSign(t, map[string]any{"iss": "i", "sub": "s", "aud": []string{"a", "b"}, "exp": int64(4102444800), "nbf": 1, "iat": 2, "jti": "j"})
	parsed, err := jwt.Parse(tok, rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	var other struct {
		Scope string `json:"scope"`
	}
	parsed2, err := jwt.ParseWithClaims(tok, &other, rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []claims.Registered{parsed.Registered(), parsed2.Registered()} {
		if r.Issuer != "i" || r.Subject != "s" || len(r.Audience) != 2 || r.ExpiresAt.Unix() != 4102444800 || r.NotBefore.Unix() != 1 || r.IssuedAt.Unix() != 2 || r.ID != "j" {
			t.Errorf("registered %+v", r)
		}
	}
	var zero *jwt.Token
	if r := zero.Registered(); r.Issuer != "" {
		t.Error("nil token")
	}
	if r := (&jwt.Token{Raw: "garbage"}).Registered(); r.Issuer != "" || r.ExpiresAt != nil {
		t.Error("a token not made by the library")
	}
}
