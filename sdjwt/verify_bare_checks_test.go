package sdjwt_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

func TestRFC9901_7_3_OptionalPolicyBareSDJWTWithChecksRefused(t *testing.T) {
	v := verifier(t, optional)
	sd := sdJWT(issuerJWT(t, obj{"iss": "https://issuer.example", "cnf": cnf(t)}))
	for _, c := range []sdjwt.Checks{{Nonce: "n"}, {Audience: "a"}, checks} {
		if _, err := v.Verify(context.Background(), sd, c, nil); !errors.Is(err, sdjwt.ErrKeyBindingMissing) {
			t.Errorf("%+v: got %v", c, err)
		}
	}
	if _, err := v.Verify(context.Background(), sd, sdjwt.Checks{}, nil); err != nil {
		t.Errorf("no Checks: %v", err)
	}
	if _, err := v.Verify(context.Background(), withKB(t, sd), checks, nil); err != nil {
		t.Errorf("with a KB-JWT: %v", err)
	}
}

func TestRFC9901_7_1_DstUntouchedWhenTheDecodeFails(t *testing.T) {
	v := verifier(t, optional)
	sd := sdJWT(issuerJWT(t, obj{"a": "x", "b": "not a number", "c": "z"}))
	var s struct {
		A string `json:"a"`
		B int    `json:"b"`
		C string `json:"c"`
	}
	s.A, s.C = "before", "before"
	want := s
	if _, err := v.Verify(context.Background(), sd, sdjwt.Checks{}, &s); !errors.Is(err, jwt.ErrEncoding) {
		t.Fatalf("got %v", err)
	}
	if s != want {
		t.Errorf("dst written on refusal: %+v", s)
	}
	m := map[string]any{"keep": true}
	if _, err := v.Verify(context.Background(), sd, sdjwt.Checks{}, &struct {
		M *map[string]any `json:"a"`
	}{&m}); err == nil {
		t.Fatal("decoding a string into a map accepted")
	}
	if !reflect.DeepEqual(m, map[string]any{"keep": true}) {
		t.Errorf("map written on refusal: %v", m)
	}
}

func TestRFC9901_7_1_DstReplacedOnSuccess(t *testing.T) {
	v := verifier(t, optional)
	sd := sdJWT(issuerJWT(t, obj{"a": "x", "n": 1}))
	m := map[string]any{"stale": true}
	if _, err := v.Verify(context.Background(), sd, sdjwt.Checks{}, &m); err != nil {
		t.Fatal(err)
	}
	if m["a"] != "x" || m["n"] != float64(1) || m["stale"] != nil {
		t.Errorf("dst %v", m)
	}
}

func TestRFC9901_7_1_DstNotANonNilPointerRefusedBeforeVerifying(t *testing.T) {
	v := verifier(t, optional)
	var np *map[string]any
	for _, dst := range []any{map[string]any{}, struct{}{}, np} {
		if _, err := v.Verify(context.Background(), "garbage", sdjwt.Checks{}, dst); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%T: got %v", dst, err)
		}
	}
}
