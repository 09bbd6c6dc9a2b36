package dpop_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
)

// TestRFC9449_6_1_CheckBindingSameKeyAccepted: an access token whose
// "cnf" "jkt" is the proof key's thumbprint is bound to it.
func TestRFC9449_6_1_CheckBindingSameKeyAccepted(t *testing.T) {
	k := vfKeyOf(t, jwt.ES256)
	p, err := vfVerifier(t, vfConfig()).Verify(context.Background(), vfProof(t, k, nil, nil), vfReq)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckBinding(vfJKT(t, k.priv)); err != nil {
		t.Errorf("CheckBinding: %v", err)
	}
}

// TestRFC9449_6_1_CheckBindingOtherKeyRefused: a token bound to another
// key is ErrBindingMismatch (section 7.1: invalid_token), as is the same
// thumbprint in another spelling.
func TestRFC9449_6_1_CheckBindingOtherKeyRefused(t *testing.T) {
	k := vfKeyOf(t, jwt.ES256)
	p, err := vfVerifier(t, vfConfig()).Verify(context.Background(), vfProof(t, k, nil, nil), vfReq)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base64.RawURLEncoding.DecodeString(p.JKT)
	for _, jkt := range []string{vfJKT(t, vfES256(t).priv), base64.URLEncoding.EncodeToString(raw), p.JKT + "A", p.JKT[1:]} {
		if err := p.CheckBinding(jkt); !errors.Is(err, dpop.ErrBindingMismatch) {
			t.Errorf("CheckBinding(%q): %v, want ErrBindingMismatch", jkt, err)
		}
	}
}

// TestRFC9449_6_1_CheckBindingUnboundTokenRefused: a token without
// "cnf" "jkt" presented with the DPoP scheme is ErrNotBound (section 7.1).
func TestRFC9449_6_1_CheckBindingUnboundTokenRefused(t *testing.T) {
	p, err := vfVerifier(t, vfConfig()).Verify(context.Background(), vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil), vfReq)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckBinding(""); !errors.Is(err, dpop.ErrNotBound) {
		t.Errorf("CheckBinding(\"\"): %v, want ErrNotBound", err)
	}
}

// vfToken is an unsigned-looking compact JWT with claims (BoundKey reads a
// verified token's claims; the signature is not its to check).
func vfToken(claims string) string {
	return "eyJhbGciOiJFUzI1NiJ9." + base64.RawURLEncoding.EncodeToString([]byte(claims)) + ".c2ln"
}

// TestRFC9449_6_1_BoundKeyReadsCnfJKT: BoundKey reads "cnf" "jkt" (RFC
// 7800 section 3.1); no "cnf", a null one or an empty one is unbound: "".
func TestRFC9449_6_1_BoundKeyReadsCnfJKT(t *testing.T) {
	const jkt = "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"
	for claims, want := range map[string]string{
		`{"sub":"a","cnf":{"jkt":"` + jkt + `"}}`:                            jkt,
		`{"cnf":{"x5t#S256":"abc","jkt":"` + jkt + `"},"sub":"a"}`:           jkt,
		`{"cnf":{"jkt":"\u0030ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"}}`: jkt,
		`{"sub":"a"}`:                    "",
		`{"cnf":null}`:                   "",
		`{"cnf":{}}`:                     "",
		`{"nested":{"cnf":{"jkt":"x"}}}`: "",
	} {
		got, err := dpop.BoundKey(vfToken(claims))
		if err != nil || got != want {
			t.Errorf("BoundKey(%s) = %q, %v; want %q", claims, got, err, want)
		}
	}
}

// TestRFC9449_6_1_BoundKeyMalformedRefused: a "cnf" that is not an object,
// a "jkt" that is not a SHA-256 thumbprint (null and "" included) or a
// member folding to "jkt" (claims.Confirmation's rule, accesstoken's too),
// a second "cnf" or "jkt", and a token that is not a compact JWS are
// jwt.ErrTokenMalformed.
func TestRFC9449_6_1_BoundKeyMalformedRefused(t *testing.T) {
	for _, token := range []string{
		vfToken(`{"cnf":"jkt"}`), vfToken(`{"cnf":["jkt"]}`), vfToken(`{"cnf":{"jkt":1}}`), vfToken(`{"cnf":{"jkt":""}}`), vfToken(`{"cnf":{"jkt":null}}`),
		vfToken(`{"cnf":{"jkt":"too-short"}}`), vfToken(`{"cnf":{"JKT":"0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"}}`),
		vfToken(`{"cnf":{"jkt":{"a":1}}}`), vfToken(`{"cnf":{"jkt":"a"},"cnf":{"jkt":"b"}}`), vfToken(`{"cnf":{"jkt":"a","jkt":"b"}}`),
		vfToken(`[1]`), vfToken(`{"cnf":{"jkt":"a"`), "Bearer " + vfToken(`{}`),
		// A first segment some library could read as a JSON header is a JWS:
		// read, and refused when it is not strict.
		"eyJhbGciOiJFUzI1NiJ9=." + base64.RawURLEncoding.EncodeToString([]byte(`{}`)) + ".c2ln",
		base64.StdEncoding.EncodeToString([]byte(`{"alg":"ES256","x":"??>"}`)) + ".e30.c2ln",
		base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"ES256","alg":"none"}`)) + ".e30.c2ln",
		base64.RawURLEncoding.EncodeToString([]byte(` {"alg":"ES256"`)) + ".e30.c2ln",
	} {
		if got, err := dpop.BoundKey(token); !errors.Is(err, jwt.ErrTokenMalformed) || got != "" {
			t.Errorf("BoundKey(%q) = %q, %v; want ErrTokenMalformed", token, got, err)
		}
	}
}

// TestRFC9449_7_2_BoundKeyOfNotACompactJWSIsErrNotJWT: a token that is
// not three segments whose first is the base64url of a JSON object (an
// opaque token, RFC 7662; a JWE, five segments) has no claims to read:
// ErrNotJWT, matching no jwt sentinel, so an adapter can take it as
// unbound for the bearer rule.
func TestRFC9449_7_2_BoundKeyOfNotACompactJWSIsErrNotJWT(t *testing.T) {
	for _, token := range []string{
		"", "opaque-2YotnFZFEjr1zCsicMWpAA", "a.b", "a.b.c.d", "a.!!.c", "abc.def.ghi", "mF_9.B5f-4.1JqM",
		base64.RawURLEncoding.EncodeToString([]byte(`[1]`)) + ".e30.c2ln",
		"eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ.a.b.c.d", // a JWE
	} {
		got, err := dpop.BoundKey(token)
		if !errors.Is(err, dpop.ErrNotJWT) || got != "" {
			t.Errorf("BoundKey(%q) = %q, %v; want ErrNotJWT", token, got, err)
		}
		if errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("BoundKey(%q): %v matches jwt.ErrTokenMalformed", token, err)
		}
	}
}

// TestRFC7800_3_1_OtherConfirmationMethodIsErrUnsupportedBinding: a "cnf"
// without "jkt" that binds the token by another method ("x5t#S256" of RFC
// 8705 section 3, "jwk", "jwe", "jku", "kid" of RFC 7800, any member) is
// bound to a key this library does not check: ErrUnsupportedBinding
// (matching jwt.ErrTokenInvalidClaims), never an unbound token.
func TestRFC7800_3_1_OtherConfirmationMethodIsErrUnsupportedBinding(t *testing.T) {
	for _, cnf := range []string{
		`{"x5t#S256":"bwcK0esc3ACC3DB2Y5_lESsXE8o9ltc05O89jdN-dg2"}`, `{"jwk":{"kty":"EC"}}`, `{"jwe":"a.b.c.d.e"}`,
		`{"jku":"https://as.example/jwks","kid":"k1"}`, `{"kid":"k1"}`, `{"osc":"x"}`,
	} {
		got, err := dpop.BoundKey(vfToken(`{"sub":"a","cnf":` + cnf + `}`))
		if !errors.Is(err, dpop.ErrUnsupportedBinding) || !errors.Is(err, jwt.ErrTokenInvalidClaims) || got != "" {
			t.Errorf("BoundKey(cnf %s) = %q, %v; want ErrUnsupportedBinding", cnf, got, err)
		}
	}
}

// TestRFC9449_6_1_ThumbprintOfSection4_2Key: the jkt of the section 4.2
// example key is the one section 6.1 gives.
func TestRFC9449_6_1_ThumbprintOfSection4_2Key(t *testing.T) {
	k, err := jwk.ParseKey([]byte(rfc9449Key))
	if err != nil {
		t.Fatal(err)
	}
	jkt, err := dpop.Thumbprint(k)
	if jkt != "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I" || err != nil {
		t.Errorf("Thumbprint = %q, %v", jkt, err)
	}
	secret, _ := jwk.NewKey([]byte("0123456789abcdef0123456789abcdef"), jwk.Params{})
	if _, err := dpop.Thumbprint(secret); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("Thumbprint of an oct key: %v, want ErrInvalidKey", err)
	}
}

// rfc9449Key is the public key of RFC 9449 section 4.2's example.
const rfc9449Key = `{"kty":"EC","x":"l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs","y":"9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDA","crv":"P-256"}`

// rfc9449Proof is RFC 9449 section 4.2's example proof (Figure 3).
const rfc9449Proof = "eyJ0eXAiOiJkcG9wK2p3dCIsImFsZyI6IkVTMjU2IiwiandrIjp7Imt0eSI6Ik" +
	"VDIiwieCI6Imw4dEZyaHgtMzR0VjNoUklDUkRZOXpDa0RscEJoRjQyVVFVZldWQVdCR" +
	"nMiLCJ5IjoiOVZFNGpmX09rX282NHpiVFRsY3VOSmFqSG10NnY5VERWclUwQ2R2R1JE" +
	"QSIsImNydiI6IlAtMjU2In19.eyJqdGkiOiItQndDM0VTYzZhY2MybFRjIiwiaHRtIj" +
	"oiUE9TVCIsImh0dSI6Imh0dHBzOi8vc2VydmVyLmV4YW1wbGUuY29tL3Rva2VuIiwia" +
	"WF0IjoxNTYyMjYyNjE2fQ.2-GxA6T8lP4vfrg8v-FdWP0A0zdrj8igiMLvqRMUvwnQg" +
	"4PtFLbdLXiOSsX0x7NVY-FNyJK70nfbV37xRZT3Lg"

// TestRFC9449_4_2_ExampleProofParsed: the section 4.2 example's header
// and claims are what Figure 4 shows, and the proof verifies at its iat.
func TestRFC9449_4_2_ExampleProofParsed(t *testing.T) {
	parts := [3]string{}
	copy(parts[:], splitDots(rfc9449Proof))
	var header struct {
		Typ string          `json:"typ"`
		Alg string          `json:"alg"`
		JWK json.RawMessage `json:"jwk"`
	}
	var claims map[string]any
	h, _ := base64.RawURLEncoding.DecodeString(parts[0])
	c, _ := base64.RawURLEncoding.DecodeString(parts[1])
	if json.Unmarshal(h, &header) != nil || json.Unmarshal(c, &claims) != nil {
		t.Fatalf("example not JSON: %s %s", h, c)
	}
	if header.Typ != "dpop+jwt" || header.Alg != "ES256" || string(header.JWK) != rfc9449Key {
		t.Errorf("header %s", h)
	}
	if claims["jti"] != "-BwC3ESc6acc2lTc" || claims["htm"] != "POST" || claims["htu"] != "https://server.example.com/token" || claims["iat"] != 1562262616.0 {
		t.Errorf("claims %s", c)
	}
	cfg := vfConfig()
	cfg.Origins = []string{"https://server.example.com"}
	cfg.Now = func() time.Time { return time.Unix(1562262616, 0) }
	p, err := vfVerifier(t, cfg).Verify(context.Background(), rfc9449Proof, dpop.Request{Method: "POST", URL: "https://server.example.com/token"})
	if err != nil {
		t.Fatalf("the example proof: %v", err)
	}
	if p.JKT != "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I" || p.ID != "-BwC3ESc6acc2lTc" || p.Algorithm != jwt.ES256 {
		t.Errorf("%+v", p)
	}
	// A day later it is too old.
	cfg.Now = func() time.Time { return time.Unix(1562262616+86400, 0) }
	p, err = vfVerifier(t, cfg).Verify(context.Background(), rfc9449Proof, dpop.Request{Method: "POST", URL: "https://server.example.com/token"})
	vfRefused(t, "a day later", p, err, dpop.ErrInvalidProof, jwt.ErrTokenExpired)
}

func splitDots(s string) []string {
	var out []string
	for {
		i := indexDot(s)
		if i < 0 {
			return append(out, s)
		}
		out, s = append(out, s[:i]), s[i+1:]
	}
}

func indexDot(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return i
		}
	}
	return -1
}

// TestRFC9449_4_2_AccessTokenHash: ath is base64url(SHA-256(the ASCII
// access token)): section 7.1's example.
func TestRFC9449_4_2_AccessTokenHash(t *testing.T) {
	if got := dpop.AccessTokenHash("Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU"); got != "fUHyO2r2Z3DZ53EsNrWBb0xWXoaNy59IiKCAqksmQEo" {
		t.Errorf("AccessTokenHash = %q", got)
	}
}
