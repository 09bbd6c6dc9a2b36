package jwt_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// Issue 20 item 9: the caller's claims value is filled only when the token
// is accepted, also when the Encoder fails part-way through the claims.

// untouchedNote is reached through a pointer of the caller's claims.
type untouchedNote struct {
	Note string `json:"note"`
}

// untouchedClaims has a private claim ("count") that a token can give the
// wrong type, after members a codec decodes first.
type untouchedClaims struct {
	claims.Registered
	Tenant string         `json:"tenant"`
	Extra  *untouchedNote `json:"extra"`
	Count  int            `json:"count"`
}

// untouchedParsePaths are the entry points that take a claims value, with
// and without custom rules (a WithValidator check).
func untouchedParsePaths(t *testing.T, enc jwt.Encoder) map[string]func(tok string, c any) error {
	t.Helper()
	paths := map[string]func(string, any) error{}
	for checkName, opts := range map[string][]jwt.Option{
		"":               {jwt.WithEncoder(enc)},
		"/WithValidator": {jwt.WithEncoder(enc), jwt.WithValidator(func(context.Context, *jwt.Token) error { return nil })},
	} {
		for srcName, key := range ifaceKeySources() {
			v, err := jwt.NewVerifier(key, opts...)
			if err != nil {
				t.Fatal(err)
			}
			paths["ParseWithClaims/"+srcName+checkName] = func(tok string, c any) error {
				_, err := jwt.ParseWithClaims(tok, c, key, opts...)
				return err
			}
			paths["Verifier.ParseWithClaims/"+srcName+checkName] = func(tok string, c any) error {
				_, err := v.ParseWithClaims(tok, c)
				return err
			}
			paths["Verifier.ParseWithClaimsContext/"+srcName+checkName] = func(tok string, c any) error {
				_, err := v.ParseWithClaimsContext(context.Background(), tok, c)
				return err
			}
		}
	}
	return paths
}

// claimsUntouchedWhenDecodeFails checks, with enc, that a verified token
// whose claims the Encoder cannot decode into the caller's type (a private
// claim of the wrong type, after members decoded first) leaves the caller's
// value, and what it points to, as it was, on every path; and that an
// accepted token then fills it.
func claimsUntouchedWhenDecodeFails(t *testing.T, enc jwt.Encoder) {
	t.Helper()
	broken := rtSign(t, map[string]any{
		"iss": ifaceIssuer, "sub": "evil", "tenant": "other", "extra": map[string]any{"note": "theirs"}, "count": "not a number",
	})
	good := rtSign(t, map[string]any{"iss": ifaceIssuer, "sub": "good", "tenant": "acme", "count": 3})
	for name, parse := range untouchedParsePaths(t, enc) {
		note := &untouchedNote{Note: "mine"}
		c := untouchedClaims{Registered: claims.Registered{Subject: "before"}, Tenant: "mine", Extra: note, Count: 7}
		before := c
		err := parse(broken, &c)
		if !errors.Is(err, jwt.ErrEncoding) || !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s: %v, want ErrEncoding and ErrTokenMalformed", name, err)
		}
		if !reflect.DeepEqual(c, before) || c.Extra != note || note.Note != "mine" {
			t.Errorf("%s: a token that failed to decode changed the caller's value: %+v, note %q", name, c, note.Note)
		}
		var z untouchedClaims // the zero value: decoded into, zeroed again on failure
		if err := parse(broken, &z); err == nil || !reflect.DeepEqual(z, untouchedClaims{}) {
			t.Errorf("%s, a zero value: %v, the caller's value is %+v", name, err, z)
		}
		var p *untouchedClaims
		if err := parse(broken, &p); err == nil || p != nil {
			t.Errorf("%s, &p: %v, the caller's pointer is %+v", name, err, p)
		}
		held := &untouchedClaims{Tenant: "mine"}
		var h any = held
		if err := parse(broken, &h); err == nil || h != any(held) || held.Tenant != "mine" || held.Subject != "" {
			t.Errorf("%s, *any: %v, the held value is %+v", name, err, *held)
		}
		if err := parse(good, &c); err != nil || c.Subject != "good" || c.Tenant != "acme" || c.Count != 3 {
			t.Errorf("%s: a good token: %v, %+v", name, err, c)
		}
		if c.Extra != nil || note.Note != "mine" {
			t.Errorf("%s: an accepted token's absent claim kept the caller's old value, or wrote through it: %+v, note %q", name, c, note.Note)
		}
	}
	if c, tok, err := jwt.ParseAs[untouchedClaims](broken, rtSecret, jwt.WithEncoder(enc)); err == nil || c != nil || tok != nil {
		t.Errorf("ParseAs: %v, %+v", err, c)
	}
}

// TestClaimsUntouchedWhenDecodeFails_DefaultEncoder: encoding/json, which
// goes on past a mistyped member and fills what follows.
func TestClaimsUntouchedWhenDecodeFails_DefaultEncoder(t *testing.T) {
	claimsUntouchedWhenDecodeFails(t, jwt.StdEncoder{})
	t.Run("UseNumber", func(t *testing.T) { claimsUntouchedWhenDecodeFails(t, jwt.StdEncoder{UseNumber: true}) })
}

// TestClaimsUntouchedWhenARuleAndTheDecodeFail: an expired token whose
// claims also fail to decode is refused by its rule, and the caller's value
// is untouched.
func TestClaimsUntouchedWhenARuleAndTheDecodeFail(t *testing.T) {
	now := rtNow()
	tok := rtSign(t, map[string]any{"sub": "evil", "exp": now.Unix() - 60, "count": "x"})
	c := untouchedClaims{Tenant: "mine"}
	if _, err := jwt.ParseWithClaims(tok, &c, rtSecret, rtClock(now)); !errors.Is(err, jwt.ErrTokenExpired) || c.Tenant != "mine" || c.Subject != "" {
		t.Errorf("%v, %+v", err, c)
	}
}
