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

// errNestedTenant is nestedClaims' Validate error.
var errNestedTenant = errors.New("nested: wrong tenant")

// nestedClaims has a rule of its own (RFC 7519 section 7.2).
type nestedClaims struct {
	claims.Registered
	Tenant string `json:"tenant"`
	Count  int    `json:"count"`
}

func (c *nestedClaims) Validate() error {
	if c.Tenant != "acme" {
		return errNestedTenant
	}
	return nil
}

// TestRFC7519_7_2_ValidateRunsThroughNestedPointers_Jsoniterext (issue 20
// item 1 at any depth): with jsoniterext, a claims value behind pointers
// and interfaces nested deeper than one level (`var c any = &T{}; p := &c`,
// then &p; &p for p := &T{}; an interface holding a pointer to a pointer)
// is the innermost pointer: Validate refuses a wrong tenant, a token that
// fails to decode leaves every level as it was, and an accepted one fills
// the innermost value, on every path, with and without a WithValidator
// check.
func TestRFC7519_7_2_ValidateRunsThroughNestedPointers_Jsoniterext(t *testing.T) {
	key := []byte("jsoniterext-untouched-secret-32b")
	enc := jsoniterext.New()
	sign := func(c map[string]any) string {
		tok, err := jwt.Sign(jwt.HS256, c, key, jwt.WithEncoder(enc))
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	wrong := sign(map[string]any{"sub": "evil", "tenant": "other"})
	broken := sign(map[string]any{"sub": "evil", "tenant": "acme", "count": "not a number"})
	good := sign(map[string]any{"sub": "good", "tenant": "acme", "count": 3})
	holders := map[string]func(held *nestedClaims) (any, func() bool){
		"**any": func(held *nestedClaims) (any, func() bool) {
			var c any = held
			p := &c
			return &p, func() bool { return p == &c && c == any(held) }
		},
		"**T": func(held *nestedClaims) (any, func() bool) {
			p := held
			return &p, func() bool { return p == held }
		},
		"*any holding **any": func(held *nestedClaims) (any, func() bool) {
			var in any = held
			p := &in
			var c any = &p
			return &c, func() bool { return p == &in && in == any(held) }
		},
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
	for pathName, parse := range paths {
		for holderName, hold := range holders {
			name := pathName + "/" + holderName
			held := &nestedClaims{Tenant: "before"}
			arg, intact := hold(held)
			if err := parse(wrong, arg); !errors.Is(err, errNestedTenant) || !errors.Is(err, jwt.ErrTokenInvalidClaims) {
				t.Errorf("%s: a wrong tenant: %v, want Validate's error", name, err)
			}
			if err := parse(broken, arg); !errors.Is(err, jwt.ErrEncoding) {
				t.Errorf("%s: a claim of the wrong type: %v, want ErrEncoding", name, err)
			}
			if held.Tenant != "before" || held.Subject != "" || !intact() {
				t.Errorf("%s: a refused token changed the caller's value: %+v", name, *held)
			}
			if err := parse(good, arg); err != nil || held.Tenant != "acme" || held.Count != 3 || !intact() {
				t.Errorf("%s: a good token: %v, %+v, levels intact %v", name, err, *held, intact())
			}
		}
	}
	if _, _, err := jwt.ParseAs[**nestedClaims](wrong, key, jwt.WithEncoder(enc)); !errors.Is(err, errNestedTenant) {
		t.Errorf("ParseAs[**T]: %v, want Validate's error", err)
	}
}
