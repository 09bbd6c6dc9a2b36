package jwt_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
)

// rmnRole is a claims struct that encoding/json would fill from "role",
// "ROLE" or "Role" alike.
type rmnRole struct {
	Role string `json:"role"`
}

// rmnParsers are the public ways to verify a token, each decoding its
// claims somewhere different.
var rmnParsers = map[string]func(tok string) error{
	"jwt.Parse": func(tok string) error { _, err := jwt.Parse(tok, rtSecret); return err },
	"jwt.ParseWithClaims into a struct": func(tok string) error {
		_, err := jwt.ParseWithClaims(tok, &rmnRole{}, rtSecret)
		return err
	},
	"jwt.ParseWithClaims into a map": func(tok string) error {
		m := map[string]any{}
		_, err := jwt.ParseWithClaims(tok, &m, rtSecret)
		return err
	},
	"Verifier.Parse": func(tok string) error {
		v, err := jwt.NewVerifier(rtSecret)
		if err != nil {
			return err
		}
		_, err = v.Parse(tok)
		return err
	},
}

// rmnLookAlikes are JSON objects (without their braces) with two names of
// one object, at some depth, equal under Unicode simple case folding or
// under lower- or upper-casing.
var rmnLookAlikes = map[string]string{
	"role/ROLE":               `"role":"user","ROLE":"admin"`,
	"ROLE/role":               `"ROLE":"admin","role":"user"`,
	"Role/rOLE":               `"Role":"user","rOLE":"admin"`,
	"escaped \\u0052OLE":      `"role":"user","\u0052OLE":"admin"`,
	"nested object":           `"perm":{"role":"user","ROLE":"admin"}`,
	"object in an array":      `"perms":[{"role":"user"},{"role":"user","Role":"admin"}]`,
	"Kelvin sign and k":       `"kind":"a","\u212aind":"b"`,
	"long s and s":            "\"scope\":\"a\",\"\u017fcope\":\"b\"",
	"dotted capital I and i":  "\"id\":1,\"\u0130d\":2",
	"dotless i and I":         "\"ID\":1,\"\u0131D\":2",
	"as the 17th name":        rmnMany(16) + `,"ROLE":1`,
	"as the 40th, of the 3rd": rmnMany(39) + `,"NAME2":1`,
}

// rmnMany is n distinct members, "role" and name0, name1, ...
func rmnMany(n int) string {
	m := []string{`"role":"user"`}
	for i := 1; i < n; i++ {
		m = append(m, `"name`+strconv.Itoa(i)+`":1`)
	}
	return strings.Join(m, ",")
}

// TestMemberNamesEqualUnderCaseFoldingAreRefused_LookAlike_Claims: two
// claim names of one object at any depth that are equal under Unicode
// simple case folding or under lower- or upper-casing make the token
// malformed, whatever the claims are decoded into: {"role":"user",
// "ROLE":"admin"} would read role=user into a map and admin into a struct.
func TestMemberNamesEqualUnderCaseFoldingAreRefused_LookAlike_Claims(t *testing.T) {
	for name, members := range rmnLookAlikes {
		tok := rtHS256(`{"alg":"HS256"}`, `{"sub":"a",`+members+`}`)
		for via, parse := range rmnParsers {
			if err := parse(tok); !errors.Is(err, jwt.ErrTokenMalformed) || !strings.Contains(err.Error(), "look-alike") {
				t.Errorf("%s, %s: got %v, want ErrTokenMalformed for a look-alike", name, via, err)
			}
		}
	}
}

// TestMemberNamesEqualUnderCaseFoldingAreRefused_LookAlike_Header: the same
// rule for the header's parameters, before the signature is checked.
func TestMemberNamesEqualUnderCaseFoldingAreRefused_LookAlike_Header(t *testing.T) {
	for name, members := range rmnLookAlikes {
		tok := rtHS256(`{"alg":"HS256",`+members+`}`, `{"sub":"a"}`)
		for via, parse := range rmnParsers {
			if err := parse(tok); !errors.Is(err, jwt.ErrTokenMalformed) || !strings.Contains(err.Error(), "look-alike") {
				t.Errorf("%s, %s: got %v, want ErrTokenMalformed for a look-alike", name, via, err)
			}
		}
	}
	// A wrong signature does not hide it: the header is checked first.
	tok := rtRaw(`{"alg":"HS256","role":1,"ROLE":2}`, `{}`, rtHMAC([]byte("another-secret-of-32-bytes-long!")))
	if _, err := jwt.Parse(tok, rtSecret); !errors.Is(err, jwt.ErrTokenMalformed) {
		t.Errorf("wrong signature: got %v, want ErrTokenMalformed", err)
	}
}

// TestMemberNamesEqualUnderCaseFoldingAreRefused_LookAlike_Sign: a Signer
// refuses claims whose encoding has look-alike names, from a map or from
// a struct, at any depth.
func TestMemberNamesEqualUnderCaseFoldingAreRefused_LookAlike_Sign(t *testing.T) {
	type twoRoles struct {
		Role  string `json:"role"`
		Upper string `json:"ROLE"`
	}
	for name, claims := range map[string]any{
		"map role/ROLE":    map[string]any{"role": "user", "ROLE": "admin"},
		"map K/Kelvin":     map[string]any{"kind": 1, "\u212aind": 2},
		"nested map":       map[string]any{"sub": "a", "perm": map[string]any{"Role": "user", "rOLE": "admin"}},
		"map in an array":  map[string]any{"perms": []any{map[string]any{"role": 1, "ROLE": 2}}},
		"struct role/ROLE": twoRoles{Role: "user", Upper: "admin"},
	} {
		if tok, err := jwt.Sign(jwt.HS256, claims, rtSecret); !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s: got %q, %v; want ErrTokenMalformed", name, tok, err)
		}
	}
}

// TestMemberNamesNotEqualUnderCaseFoldingAreAccepted_LookAlike: names that
// differ otherwise, equal only after Unicode normalization, or in
// different objects verify and decode as they are.
func TestMemberNamesNotEqualUnderCaseFoldingAreAccepted_LookAlike(t *testing.T) {
	for name, members := range map[string]string{
		"role and roles":              `"role":"user","roles":["a"]`,
		"a and b":                     `"a":1,"b":2`,
		"é and e + U+0301":            `"é":1,"e\u0301":2`,
		"ss and sharp s":              "\"ss\":1,\"\u00df\":2",
		"fold-equal in other objects": `"a":{"role":"user"},"b":{"ROLE":"admin"}`,
		"parent and child":            `"perm":{"PERM":1}`,
		"many distinct":               rmnMany(100),
	} {
		header := `{"alg":"HS256",` + members + `}`
		tok := rtHS256(header, `{"sub":"a",`+members+`}`)
		for via, parse := range rmnParsers {
			if err := parse(tok); err != nil {
				t.Errorf("%s, %s: %v", name, via, err)
			}
		}
	}
	tok, err := jwt.Sign(jwt.HS256, map[string]any{"role": "user", "roles": []string{"a"}, "é": 1, "e\u0301": 2}, rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	got, err := jwt.Parse(tok, rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	if m := got.Claims.(map[string]any); m["role"] != "user" || m["e\u0301"] != 2.0 {
		t.Errorf("claims %v", m)
	}
}
