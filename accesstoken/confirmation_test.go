package accesstoken_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/dpop"
)

// RFC 9449 section 6.1 (RFC 7800 section 3.1; RFC 9068 allows "cnf"): an
// authorization server binds the access token to the client's DPoP key by
// writing the key's thumbprint as "cnf" "jkt"; the Signer writes it, the
// Verifier reads it back, and it is the proof signer's JKT.
func TestRFC9449_6_1_AccessTokenCarriesCnfJKT(t *testing.T) {
	k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	client, err := dpop.NewSigner(jwt.ES256, k)
	if err != nil {
		t.Fatal(err)
	}
	c := atClaims()
	c.Confirmation = &claims.Confirmation{JKT: client.JKT()}
	tok := atSign(t, c)
	payload, _ := base64.RawURLEncoding.DecodeString(strings.Split(tok, ".")[1])
	var raw struct {
		Cnf map[string]any `json:"cnf"`
	}
	if err := json.Unmarshal(payload, &raw); err != nil || len(raw.Cnf) != 1 || raw.Cnf["jkt"] != client.JKT() {
		t.Errorf("payload %s: %v", payload, err)
	}
	got, err := atVerifier(t, nil).Verify(atCtx, tok)
	if err != nil {
		t.Fatal(err)
	}
	if got.Confirmation == nil || got.Confirmation.JKT != client.JKT() {
		t.Errorf("Confirmation %+v, want jkt %s", got.Confirmation, client.JKT())
	}
	// Unbound: no "cnf" written, none read.
	tok = atSign(t, atClaims())
	if strings.Contains(tok, "cnf") {
		t.Error("cnf written for an unbound token")
	}
	if got, err := atVerifier(t, nil).Verify(atCtx, tok); err != nil || got.Confirmation != nil {
		t.Errorf("unbound: %+v, %v", got, err)
	}
}

// RFC 9449 section 6.1 and RFC 7519 section 4: a "cnf" that is not an
// object, a "jkt" that is not a SHA-256 thumbprint's base64url, and a claim
// that folds to "cnf" or to its "jkt" are jwt.ErrTokenMalformed whatever
// the Encoder (the rule reads the token's bytes), so no codec reads
// another binding than the one checked; the Signer will not write a "cnf"
// that binds nothing.
func TestRFC9449_6_1_MalformedCnfRefused(t *testing.T) {
	const jkt = "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"
	v := atVerifier(t, nil)
	for name, cnf := range map[string]any{
		"a string":       jkt,
		"an array":       []string{jkt},
		"jkt a number":   map[string]any{"jkt": 1},
		"jkt empty":      map[string]any{"jkt": ""},
		"jkt short":      map[string]any{"jkt": jkt[:40]},
		"jkt padded":     map[string]any{"jkt": jkt + "="},
		"jkt look-alike": map[string]any{"JKT": jkt},
	} {
		m := atClaimsMap()
		m["cnf"] = cnf
		if _, err := v.Verify(atCtx, atRaw(t, "at+jwt", m)); !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s: %v, want ErrTokenMalformed", name, err)
		}
	}
	for _, name := range []string{"CNF", "Cnf", "cNf"} {
		m := atClaimsMap()
		m[name] = map[string]any{"jkt": jkt}
		if _, err := v.Verify(atCtx, atRaw(t, "at+jwt", m)); !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s: %v, want ErrTokenMalformed", name, err)
		}
	}
	// Other confirmation methods (RFC 7800 section 3, RFC 8705 section 3.1)
	// and null pass, read as no "jkt".
	for name, cnf := range map[string]any{
		"x5t#S256": map[string]any{"x5t#S256": "bwcK0esc3ACC3DB2Y5_lESsXE8o9ltc05O89jdN-dg2"},
		"null":     nil,
	} {
		m := atClaimsMap()
		m["cnf"] = cnf
		got, err := v.Verify(atCtx, atRaw(t, "at+jwt", m))
		if err != nil || (got.Confirmation != nil && got.Confirmation.JKT != "") {
			t.Errorf("%s: %+v, %v", name, got, err)
		}
	}
	s, err := accesstoken.NewSigner(jwt.EdDSA, atKey)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"", "not-a-thumbprint"} {
		c := atClaims()
		c.Confirmation = &claims.Confirmation{JKT: bad}
		if tok, err := s.Sign(c); err == nil {
			t.Errorf("jkt %q signed: %s", bad, tok)
		}
	}
}
