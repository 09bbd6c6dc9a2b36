package claims_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// cfJKT is RFC 9449 section 6.1's example thumbprint.
const cfJKT = "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"

// RFC 7800 section 3.1, RFC 9449 section 6.1: "cnf" is an object whose
// "jkt" is the base64url SHA-256 JWK thumbprint; written and read back.
func TestRFC9449_6_1_ConfirmationJKTRoundTrip(t *testing.T) {
	b, err := json.Marshal(struct {
		Cnf *claims.Confirmation `json:"cnf,omitempty"`
	}{&claims.Confirmation{JKT: cfJKT}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"cnf":{"jkt":"` + cfJKT + `"}}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	for _, in := range []string{
		`{"jkt":"` + cfJKT + `"}`,
		` { "jkt" : "` + cfJKT + `" , "x5t#S256":"other method" } `,
		`{"kid":"k1","jkt":"` + cfJKT + `","jwk":{"kty":"EC"}}`,
	} {
		var c claims.Confirmation
		if err := json.Unmarshal([]byte(in), &c); err != nil || c.JKT != cfJKT {
			t.Errorf("%s: %+v, %v", in, c, err)
		}
	}
	var c claims.Confirmation
	if err := json.Unmarshal([]byte(`{"x5t#S256":"bwcK0esc3ACC3DB2Y5_lESsXE8o9ltc05O89jdN-dg2"}`), &c); err != nil || c.JKT != "" {
		t.Errorf("another method only: %+v, %v", c, err)
	}
	c = claims.Confirmation{JKT: cfJKT}
	if err := json.Unmarshal([]byte(`null`), &c); err != nil || c.JKT != cfJKT {
		t.Errorf("null: %+v, %v", c, err)
	}
}

// RFC 9449 section 6.1 and RFC 7519 section 4: a "cnf" that is not an
// object, a "jkt" that is not a thumbprint's base64url, and a member that
// folds to "jkt" are jwt.ErrTokenMalformed, so no codec reads another
// binding than the one checked; MarshalJSON will not write a "cnf" that
// binds nothing or a malformed "jkt".
func TestRFC9449_6_1_MalformedConfirmationRefused(t *testing.T) {
	for _, in := range []string{
		`"` + cfJKT + `"`, `[]`, `1`, `{`, `{"jkt":1}`, `{"jkt":null}`, `{"jkt":""}`,
		`{"jkt":"` + cfJKT + `="}`, `{"jkt":"` + cfJKT[:42] + `"}`, `{"jkt":"` + strings.Repeat("+", 43) + `"}`,
		`{"jkt":"` + cfJKT + `","jkt":"` + cfJKT + `"}`,
		`{"JKT":"` + cfJKT + `"}`, `{"Jkt":"x"}`, `{"jkt":"` + cfJKT + `","jKt":"x"}`,
		`{"jkt":"` + cfJKT + `"} x`,
	} {
		var c claims.Confirmation
		if err := c.UnmarshalJSON([]byte(in)); !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s: %v, want ErrTokenMalformed", in, err)
		}
		if c.JKT != "" {
			t.Errorf("%s: a refused cnf set JKT %q", in, c.JKT)
		}
	}
	for _, jkt := range []string{"", "abc", cfJKT + "A", strings.Repeat("=", 43), "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4\n"} {
		if _, err := (claims.Confirmation{JKT: jkt}).MarshalJSON(); !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("MarshalJSON %q: %v, want ErrTokenMalformed", jkt, err)
		}
	}
	if err := (*claims.Confirmation)(nil).UnmarshalJSON([]byte(`{}`)); !errors.Is(err, jwt.ErrTokenMalformed) {
		t.Errorf("nil *Confirmation: %v", err)
	}
}
