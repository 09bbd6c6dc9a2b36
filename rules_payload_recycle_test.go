package jwt_test

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/bytesview"
	"github.com/jotlib/jwt/internal/verified"
)

// keepsText keeps the text its UnmarshalText is given.
type keepsText struct{ raw []byte }

func (k *keepsText) UnmarshalText(b []byte) error { k.raw = b; return nil }

// keptBy decodes a token into a fresh value of its claims type and returns
// what the value kept of the token's bytes.
type keptBy struct {
	name  string
	parse func(v *jwt.Verifier, tok string) ([]byte, error)
}

// parseKept parses tok into a new T with v and returns raw(t).
func parseKept[T any](raw func(*T) []byte) func(*jwt.Verifier, string) ([]byte, error) {
	return func(v *jwt.Verifier, tok string) ([]byte, error) {
		var c T
		if _, err := v.ParseWithClaims(tok, &c); err != nil {
			return nil, err
		}
		return raw(&c), nil
	}
}

// keepingClaimsTypes are claims types that reach, each in its own way, a
// method that keeps the bytes it is given.
func keepingClaimsTypes() []keptBy {
	type field struct {
		Sub keepsInput `json:"sub"`
	}
	type pointer struct {
		Sub *keepsInput `json:"sub"`
	}
	type slice struct {
		Subs []keepsInput `json:"subs"`
	}
	type text struct {
		Sub keepsText `json:"sub"`
	}
	type inMap struct {
		M map[string]keepsInput `json:"m"`
	}
	return []keptBy{
		{"an UnmarshalJSON field", parseKept(func(c *field) []byte { return c.Sub.raw })},
		{"an UnmarshalJSON behind a pointer", parseKept(func(c *pointer) []byte { return c.Sub.raw })},
		{"UnmarshalJSON slice elements", parseKept(func(c *slice) []byte { return c.Subs[0].raw })},
		{"an UnmarshalText field", parseKept(func(c *text) []byte { return c.Sub.raw })},
		{"UnmarshalJSON map elements", parseKept(func(c *inMap) []byte { return c.M["k"].raw })},
	}
}

// TestBytesKeptByAClaimsTypeMethodAreNeverReused: the default Encoder
// decodes most tokens in a recycled buffer, but never for a claims type
// that hands the bytes to a method of the caller's that may keep them,
// wherever it is in the type: what such a method kept is never a later
// token's claims.
func TestBytesKeptByAClaimsTypeMethodAreNeverReused(t *testing.T) {
	first := `{"sub":"first-subject","subs":["first-0"],"m":{"k":"first-k"}}`
	later := `{"sub":"later-subject","subs":["later-0"],"m":{"k":"later-k"}}`
	tokFirst := rtHS256(`{"alg":"HS256"}`, first)
	tokLater := rtHS256(`{"alg":"HS256"}`, later)
	v, err := jwt.NewVerifier(rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range append(keepingClaimsTypes(), keepingClaimsTypesGo127()...) {
		t.Run(k.name, func(t *testing.T) {
			kept, err := k.parse(v, tokFirst)
			if err != nil {
				t.Fatal(err)
			}
			want := string(kept)
			for range 100 {
				if _, err := k.parse(v, tokLater); err != nil {
					t.Fatal(err)
				}
			}
			if string(kept) != want || !bytes.Contains(kept, []byte("first")) {
				t.Fatalf("kept %q, want %q", kept, want)
			}
		})
	}
}

// plainClaims keeps nothing of the bytes it is decoded from.
type plainClaims struct {
	claims.Registered
	Name  string   `json:"name"`
	Roles []string `json:"roles"`
}

// wrappedStd is encoding/json under another Encoder type: the core cannot
// know it keeps nothing, so its claims get a buffer of their own.
type wrappedStd struct{ jwt.StdEncoder }

// TestDefaultEncoderRecyclesThePayloadOfClaimsThatKeepNothing: decoding
// into a claims type that keeps nothing (claims.Registered's types
// included) with StdEncoder costs one allocation less than with an
// Encoder the core does not know, the payload's buffer.
func TestDefaultEncoderRecyclesThePayloadOfClaimsThatKeepNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector drops pooled buffers at random")
	}
	tok := rtHS256(`{"alg":"HS256"}`, `{"sub":"s","exp":4102444800,"aud":["a","b"],"name":"n","roles":["r"]}`)
	allocs := func(enc jwt.Encoder) float64 {
		v, err := jwt.NewVerifier(rtSecret, jwt.WithEncoder(enc))
		if err != nil {
			t.Fatal(err)
		}
		return testing.AllocsPerRun(200, func() {
			var c plainClaims
			if _, err := v.ParseWithClaims(tok, &c); err != nil {
				t.Fatal(err)
			}
		})
	}
	std, other := allocs(jwt.StdEncoder{}), allocs(wrappedStd{})
	if std != other-1 {
		t.Fatalf("StdEncoder: %v allocations, another Encoder: %v; want one fewer", std, other)
	}
	numbers := jwt.StdEncoder{UseNumber: true}
	if std, other := allocs(&numbers), allocs(wrappedStd{numbers}); std != other-1 {
		t.Fatalf("*StdEncoder with UseNumber: %v allocations, another Encoder: %v; want one fewer", std, other)
	}
}

// viewKeeper is a profile's rules that wrongly keep the views Member is
// given (verified.Rules says to copy what is kept).
type viewKeeper struct{ names, values []string }

func (*viewKeeper) Registered() *claims.Registered { return nil }
func (k *viewKeeper) Member(name string, value []byte) {
	k.names = append(k.names, name)
	k.values = append(k.values, bytesview.String(value))
}
func (*viewKeeper) Check(context.Context, any) error { return nil }

// TestViewsGivenToRulesAreNeverRecycled: a parse with a profile's rules,
// which are handed views into the claims buffer, never works in a recycled
// one, even for claims that keep nothing: a view kept by mistake (as
// claimsources once kept names) holds its own token's bytes, never a later
// token's.
func TestViewsGivenToRulesAreNeverRecycled(t *testing.T) {
	v, err := jwt.NewVerifier(rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	parse := func(payload string) *viewKeeper {
		k := &viewKeeper{}
		var c plainClaims
		if _, err := verified.Parse(context.Background(), v, rtHS256(`{"alg":"HS256"}`, payload), &c, k); err != nil {
			t.Fatal(err)
		}
		return k
	}
	first := parse(`{"sub":"first-subject","shoe_size":1}`)
	for range 100 {
		parse(`{"sub":"later-subject","SECRET_XX":2}`)
	}
	if want := []string{"sub", "shoe_size"}; !slices.Equal(first.names, want) {
		t.Fatalf("kept names %q, want %q", first.names, want)
	}
	if want := []string{`"first-subject"`, "1"}; !slices.Equal(first.values, want) {
		t.Fatalf("kept values %q, want %q", first.values, want)
	}
}
