package jsoniterext_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jsoniterext"
)

// untouchedNote is reached through a pointer of the caller's claims.
type untouchedNote struct {
	Note string `json:"note"`
}

// untouchedClaims has a private claim ("count") that a token can give the
// wrong type, after members the codec decodes first.
type untouchedClaims struct {
	claims.Registered
	Tenant string         `json:"tenant"`
	Extra  *untouchedNote `json:"extra"`
	Count  int            `json:"count"`
}

// TestClaimsUntouchedWhenDecodeFails_Jsoniterext (issue 20 item 9): with
// jsoniterext, which stops at a mistyped member after filling the ones
// before it, a verified token whose claims fail to decode leaves the
// caller's value, and what it points to, as it was, on every path that
// takes a claims value (with and without a WithValidator check); an
// accepted token then replaces it.
func TestClaimsUntouchedWhenDecodeFails_Jsoniterext(t *testing.T) {
	key := []byte("jsoniterext-untouched-secret-32b")
	enc := jsoniterext.New()
	sign := func(c map[string]any) string {
		tok, err := jwt.Sign(jwt.HS256, c, key, jwt.WithEncoder(enc))
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	broken := sign(map[string]any{"sub": "evil", "tenant": "other", "extra": map[string]any{"note": "theirs"}, "count": "not a number"})
	good := sign(map[string]any{"sub": "good", "tenant": "acme", "count": 3})
	if err := enc.Unmarshal([]byte(`{"sub":"evil","count":"x"}`), new(untouchedClaims)); err == nil {
		t.Fatal("jsoniterext decodes a string into an int: the test proves nothing")
	}
	paths := map[string]func(tok string, c any) error{}
	for checkName, opts := range map[string][]jwt.Option{
		"":               {jwt.WithEncoder(enc)},
		"/WithValidator": {jwt.WithEncoder(enc), jwt.WithValidator(func(context.Context, *jwt.Token) error { return nil })},
	} {
		v, err := jwt.NewVerifier(key, opts...)
		if err != nil {
			t.Fatal(err)
		}
		paths["ParseWithClaims"+checkName] = func(tok string, c any) error {
			_, err := jwt.ParseWithClaims(tok, c, key, opts...)
			return err
		}
		paths["Verifier.ParseWithClaimsContext"+checkName] = func(tok string, c any) error {
			_, err := v.ParseWithClaimsContext(context.Background(), tok, c)
			return err
		}
	}
	for name, parse := range paths {
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
		var z untouchedClaims
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
		if err := parse(good, &c); err != nil || c.Subject != "good" || c.Tenant != "acme" || c.Count != 3 || c.Extra != nil || note.Note != "mine" {
			t.Errorf("%s: a good token: %v, %+v, note %q", name, err, c, note.Note)
		}
	}
}
