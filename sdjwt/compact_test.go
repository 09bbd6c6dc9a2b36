package sdjwt_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

const jws = "eyJhbGciOiJFUzI1NiJ9.e30.c2ln"

func TestRFC9901_4_SDJWTWithoutKeyBindingSplits(t *testing.T) {
	s, err := sdjwt.Split(jws + "~WyJhIiwiYiJd~WyJjIiwiZCJd~")
	if err != nil {
		t.Fatal(err)
	}
	if s.IssuerJWT != jws || len(s.Disclosures) != 2 || s.Disclosures[1] != "WyJjIiwiZCJd" || s.KeyBinding != "" {
		t.Fatalf("got %+v", s)
	}
	if s.String() != jws+"~WyJhIiwiYiJd~WyJjIiwiZCJd~" || s.WithoutKeyBinding() != s.String() {
		t.Fatalf("String %q", s.String())
	}
}

func TestRFC9901_4_NoDisclosuresSplits(t *testing.T) {
	s, err := sdjwt.Split(jws + "~")
	if err != nil || len(s.Disclosures) != 0 || s.KeyBinding != "" {
		t.Fatalf("%+v %v", s, err)
	}
}

func TestRFC9901_4_SDJWTKBSplitsAndSdHashInputExcludesKB(t *testing.T) {
	s, err := sdjwt.Split(jws + "~WyJhIiwiYiJd~" + "a.b.c")
	if err != nil {
		t.Fatal(err)
	}
	if s.KeyBinding != "a.b.c" || s.WithoutKeyBinding() != jws+"~WyJhIiwiYiJd~" || s.String() != jws+"~WyJhIiwiYiJd~a.b.c" {
		t.Fatalf("%+v", s)
	}
}

func TestRFC9901_4_MalformedCompactRefused(t *testing.T) {
	for name, in := range map[string]string{
		"no tilde (a plain JWT)":        jws,
		"empty disclosure between ~~":   jws + "~WyJhIiwiYiJd~~",
		"empty first disclosure":        jws + "~~WyJhIiwiYiJd~",
		"issuer JWT not a compact JWS":  "abc~",
		"issuer JWT with four segments": jws + ".x~",
		"empty issuer JWT":              "~WyJhIiwiYiJd~",
		"trailing part not a KB-JWT":    jws + "~WyJhIiwiYiJd",
		"KB-JWT with two segments":      jws + "~a.b",
		"empty":                         "",
	} {
		if _, err := sdjwt.Split(in); !errors.Is(err, sdjwt.ErrInvalidFormat) || !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestSplit_BoundedSizeAndCount(t *testing.T) {
	big := jws + "~" + strings.Repeat("A", 100) + "~"
	if _, err := sdjwt.SplitLimited(big, sdjwt.Limits{MaxSize: 50}); !errors.Is(err, jwt.ErrTokenTooLarge) || !errors.Is(err, sdjwt.ErrInvalidFormat) {
		t.Errorf("size: %v", err)
	}
	many := jws + "~" + strings.Repeat("WyJhIiwiYiJd~", 5)
	if _, err := sdjwt.SplitLimited(many, sdjwt.Limits{MaxDisclosures: 4}); !errors.Is(err, sdjwt.ErrInvalidFormat) {
		t.Errorf("count: %v", err)
	}
	if s, err := sdjwt.SplitLimited(many, sdjwt.Limits{MaxDisclosures: 5}); err != nil || len(s.Disclosures) != 5 {
		t.Errorf("count at the cap: %v", err)
	}
	if _, err := sdjwt.Split(jws + "~" + strings.Repeat("WyJhIiwiYiJd~", sdjwt.DefaultMaxDisclosures+1)); !errors.Is(err, sdjwt.ErrInvalidFormat) {
		t.Errorf("default count: %v", err)
	}
}

func TestSDJWT_ZeroValue(t *testing.T) {
	var s sdjwt.SDJWT
	if s.String() != "~" || s.WithoutKeyBinding() != "~" {
		t.Fatal(s.String())
	}
}
