package jwt_test

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/corpus"
)

// rtEncodingJSON is an Encoder that calls encoding/json and nothing else:
// what StdEncoder must be indistinguishable from.
type rtEncodingJSON struct{}

func (rtEncodingJSON) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (rtEncodingJSON) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// rtTyped is a claims type with typed private claims, so that type
// mismatches (and encoding/json's errors for them) are exercised too.
type rtTyped struct {
	claims.Registered
	Name  string   `json:"name"`
	Admin bool     `json:"admin"`
	Roles []string `json:"roles"`
	Level int8     `json:"level"`
}

// TestStdEncoderDecodesAsEncodingJSON: the default encoder gives the verdict
// and the decoded claims encoding/json gives, for every corpus token and
// every kind of claims value.
func TestStdEncoderDecodesAsEncodingJSON(t *testing.T) {
	targets := []func() any{
		func() any { return &map[string]any{} },
		func() any { var m map[string]any; return &m },
		func() any { return &claims.Registered{} },
		func() any { return &rtUser{} },
		func() any { return &rtTyped{} },
		func() any {
			return &struct {
				Sub *string `json:"sub"`
			}{}
		},
	}
	for _, c := range corpus.Cases() {
		for _, newTarget := range targets {
			got, want := newTarget(), newTarget()
			_, errGot := jwt.ParseWithClaims(c.Token, got, c.Key, append(c.Opts, jwt.WithEncoder(jwt.StdEncoder{}))...)
			_, errWant := jwt.ParseWithClaims(c.Token, want, c.Key, append(c.Opts, jwt.WithEncoder(rtEncodingJSON{}))...)
			if (errGot == nil) != (errWant == nil) || corpus.Verdict(errGot) != corpus.Verdict(errWant) {
				t.Errorf("%s into %T: StdEncoder says %v, encoding/json says %v", c.Name, got, errGot, errWant)
				continue
			}
			if errGot == nil && !reflect.DeepEqual(got, want) {
				t.Errorf("%s into %T:\n got %#v\nwant %#v", c.Name, got, got, want)
			}
		}
	}
}

// rtEpoch has AppendText and no MarshalText: Go 1.27's encoding/json
// writes it as a string.
type rtEpoch int64

func (e rtEpoch) AppendText(b []byte) ([]byte, error) { return append(b, "t="...), nil }

// TestStdEncoderSignsAsEncodingJSON: the same claims give the same token
// (or the same refusal) through the default encoder and encoding/json.
func TestStdEncoderSignsAsEncodingJSON(t *testing.T) {
	exp := claims.NewNumericDate(time.Unix(4102444800, 0))
	sub := "a subject longer than sixteen bytes"
	type rtNode struct {
		Next *rtNode `json:"next"`
		Name string  `json:"name"`
	}
	values := []any{
		rtTyped{Registered: claims.Registered{Issuer: "a<b>&c", Audience: claims.Audience{"x"}, ExpiresAt: exp}, Name: "é\u2028", Roles: []string{}},
		&rtTyped{Roles: nil, Level: -128},
		rtUser{Name: map[string]any{"z": 1.5, "a": []any{nil, true, "s"}}, Admin: 1e21, Roles: 1e-7},
		map[string]any{"sub": "s", "n": 0.1, "big": 123456789012.0, "neg": math.Copysign(0, -1)},
		map[string]any{"exp": 1e300},
		map[string]any{"iss": 7.0},
		map[string]string{"sub": "\xff"},
		claims.Registered{NotBefore: claims.NewNumericDate(time.Unix(-1, 5e8))},
		struct {
			A string `json:",omitempty"`
			B any    `json:"b,omitempty"`
			C *int   `json:"-"`
		}{},
		// Held in an interface word despite their zero-size first field.
		struct {
			_   [0]func()
			Sub *string `json:"sub"`
		}{Sub: &sub},
		struct {
			_    struct{}
			Data *rtNode `json:"data"`
		}{Data: &rtNode{Name: "outer", Next: &rtNode{Name: "inner"}}},
		map[string]any{"nested": struct {
			_   struct{}
			Sub *string `json:"sub"`
		}{Sub: &sub}},
		struct {
			Exp rtEpoch `json:"exp"`
		}{Exp: 4102444800},
	}
	for _, v := range values {
		got, errGot := jwt.Sign(jwt.HS256, v, rtSecret, jwt.WithEncoder(jwt.StdEncoder{}))
		want, errWant := jwt.Sign(jwt.HS256, v, rtSecret, jwt.WithEncoder(rtEncodingJSON{}))
		if got != want || (errGot == nil) != (errWant == nil) {
			t.Errorf("%#v:\n StdEncoder %s, %v\n encoding/json %s, %v", v, got, errGot, want, errWant)
		}
	}
}
