package sdjwt_test

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

func enc(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

// The RFC's own example (section 4.2.1): the given_name disclosure and its
// SHA-256 digest.
func TestRFC9901_4_2_3_DigestOverEncodedBytes(t *testing.T) {
	const e = "WyIyR0xDNDJzS1F2ZUNmR2ZyeU5STjl3IiwgImdpdmVuX25hbWUiLCAiSm9obiJd"
	d, err := sdjwt.ParseDisclosure(e)
	if err != nil {
		t.Fatal(err)
	}
	if d.Salt != "2GLC42sKQveCfGfryNRN9w" || d.Name != "given_name" || string(d.Value) != `"John"` || d.IsArrayElement {
		t.Fatalf("%+v", d)
	}
	if got := d.Digest(sdjwt.SHA256); got != "jsu9yVulwQQlhFlM_3JlzMaSFzglhQG0DpfayQwLUK4" {
		t.Fatalf("digest %s", got)
	}
	n, err := sdjwt.NewDisclosure("given_name", "John", false, "2GLC42sKQveCfGfryNRN9w")
	if err != nil || n.Encoded != e {
		t.Fatalf("NewDisclosure %q %v", n.Encoded, err)
	}
}

func TestRFC9901_4_2_2_ArrayElementDisclosure(t *testing.T) {
	d, err := sdjwt.ParseDisclosure(enc(`["lklxF5jMYlGTPUovMNIvCA", "FR"]`))
	if err != nil || !d.IsArrayElement || d.Name != "" || string(d.Value) != `"FR"` {
		t.Fatalf("%+v %v", d, err)
	}
	n, err := sdjwt.NewDisclosure("", "FR", true, "lklxF5jMYlGTPUovMNIvCA")
	if err != nil || n.Encoded != enc(`["lklxF5jMYlGTPUovMNIvCA", "FR"]`) {
		t.Fatalf("%+v %v", n, err)
	}
	if _, err := sdjwt.NewDisclosure("x", "FR", true, "s"); !errors.Is(err, sdjwt.ErrInvalidDisclosure) {
		t.Fatal(err)
	}
}

func TestRFC9901_4_2_1_ValueKeptByteForByte(t *testing.T) {
	d, err := sdjwt.ParseDisclosure(enc(`["s", "address", {"b": 1,  "a" : [1.0, 2e3]}]`))
	if err != nil || string(d.Value) != `{"b": 1,  "a" : [1.0, 2e3]}` {
		t.Fatalf("%q %v", d.Value, err)
	}
	n, err := sdjwt.NewDisclosure("address", json.RawMessage(` {"b": 1,  "a" : [1.0]} `), false, "s")
	if err != nil || string(n.Value) != `{"b": 1,  "a" : [1.0]}` {
		t.Fatalf("%q %v", n.Value, err)
	}
}

func TestRFC9901_4_2_StrictDisclosureRefusals(t *testing.T) {
	for name, e := range map[string]string{
		"empty":                       "",
		"padding":                     enc(`["s", "n", 1]`) + "=",
		"standard base64 alphabet":    base64.StdEncoding.EncodeToString([]byte(`["s", "n", "??>"]`)),
		"not JSON":                    enc(`["s", "n", 1`),
		"an object":                   enc(`{"s": 1}`),
		"one element":                 enc(`["s"]`),
		"four elements":               enc(`["s", "n", 1, 2]`),
		"salt not a string":           enc(`[1, "n", 1]`),
		"name not a string":           enc(`["s", 1, 1]`),
		"duplicate member in value":   enc(`["s", "n", {"a": 1, "a": 2}]`),
		"invalid UTF-8":               enc("[\"s\", \"n\xff\", 1]"),
		"lone surrogate":              enc(`["s", "n", "\ud800"]`),
		"trailing data":               enc(`["s", "n", 1] x`),
		"line break in base64url":     enc(`["s", "n", 1]`)[:4] + "\n" + enc(`["s", "n", 1]`)[4:],
		"non-canonical trailing bits": strings.TrimSuffix(enc(`["s","n",1]x`), "eA") + "eB",
	} {
		if _, err := sdjwt.ParseDisclosure(e); !errors.Is(err, sdjwt.ErrInvalidDisclosure) || !errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestRFC9901_9_3_NewDisclosureRandomSaltIs128Bits(t *testing.T) {
	a, err := sdjwt.NewDisclosure("n", 1, false, "")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := sdjwt.NewDisclosure("n", 1, false, "")
	raw, err := base64.RawURLEncoding.DecodeString(a.Salt)
	if err != nil || len(raw) < 16 || a.Salt == b.Salt {
		t.Fatalf("salt %q %v", a.Salt, err)
	}
}

func TestNewDisclosure_RefusesWhatCannotBeParsedBack(t *testing.T) {
	for name, c := range map[string]struct {
		n string
		v any
	}{
		"name _sd":               {"_sd", 1},
		"name ...":               {"...", 1},
		"invalid raw JSON":       {"n", json.RawMessage(`{"a":1,"a":2}`)},
		"empty raw JSON":         {"n", json.RawMessage(nil)},
		"unencodable":            {"n", func() {}},
		"invalid UTF-8":          {"n\xff", 1},
		"value of invalid UTF-8": {"n", "\xff"},
	} {
		if _, err := sdjwt.NewDisclosure(c.n, c.v, false, "salt"); !errors.Is(err, sdjwt.ErrInvalidDisclosure) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestRFC9901_4_1_1_HashAlgorithms(t *testing.T) {
	for _, a := range []sdjwt.HashAlg{sdjwt.SHA256, sdjwt.SHA384, sdjwt.SHA512, sdjwt.SHA3_256, sdjwt.SHA3_384, sdjwt.SHA3_512} {
		if a.Check() != nil || a.Digest("x") == "" || strings.ContainsAny(a.Digest("x"), "=+/") {
			t.Errorf("%s", a)
		}
	}
	// SHA-256("abc"), base64url.
	if got := sdjwt.SHA256.Digest("abc"); got != "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0" {
		t.Errorf("sha-256 %s", got)
	}
	for _, a := range []sdjwt.HashAlg{"", "SHA-256", "sha256", "sha-256-128", "md5"} {
		if !errors.Is(a.Check(), sdjwt.ErrUnsupportedHashAlg) || a.Digest("x") != "" {
			t.Errorf("%q accepted", a)
		}
	}
}

// The value's JSON is encoding/json's without HTML escaping, as the RFC's
// examples write it (section 5).
func TestRFC9901_4_2_1_NewDisclosureDoesNotEscapeHTML(t *testing.T) {
	d, err := sdjwt.NewDisclosure("n", "<a&b> Möbius", false, "s")
	if err != nil || string(d.Value) != `"<a&b> Möbius"` {
		t.Fatalf("%s %v", d.Value, err)
	}
}
