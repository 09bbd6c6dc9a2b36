//go:build !go1.27

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMLDSANeedsGo127: built with Go 1.26, every ML-DSA request says that
// Go 1.27 is needed: an ML-DSA -alg to keygen, sign, verify or demo exits 9;
// an ML-DSA key file (RFC 9881's PEM keys and certificate, RFC 9964's AKP
// JWK, a JWK Set of it) exits 8; keygen's list of algorithms has no ML-DSA.
func TestMLDSANeedsGo127(t *testing.T) {
	for _, alg := range []string{"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"} {
		for _, args := range [][]string{
			{"keygen", "-alg", alg, "-out", filepath.Join(t.TempDir(), "k")},
			{"sign", "-alg", alg, "-key", "nope"},
			{"verify", "-alg", alg, "-key", "nope", "x.y.z"},
			{"demo", "-alg", alg},
		} {
			code, _, stderr := runCLI(t, "", args...)
			if code != exitAlgorithm || !strings.Contains(stderr, alg+" needs Go 1.27 or later") {
				t.Errorf("jwt %s: exit %d, %s", strings.Join(args, " "), code, stderr)
			}
		}
	}
	fixture := func(name string) string { return filepath.Join("..", "..", "pemkey", "testdata", "rfc9881", name) }
	rfc9964, err := os.ReadFile(filepath.Join("..", "..", "internal", "signing", "testdata", "rfc9964", "ML_DSA_44.jose.json"))
	if err != nil {
		t.Fatal(err)
	}
	jwkStart := strings.Index(string(rfc9964), `"jwk": {`) + len(`"jwk": `)
	jwkText := string(rfc9964)[jwkStart : jwkStart+strings.Index(string(rfc9964)[jwkStart:], "}")+1]
	dir := t.TempDir()
	akp := writeTestFile(t, dir, "akp.jwk", []byte(jwkText))
	set := writeTestFile(t, dir, "set.json", []byte(`{"keys":[`+jwkText+`]}`))
	for _, args := range [][]string{
		{"sign", "-key", fixture("ML-DSA-44-seed.priv")},
		{"sign", "-key", akp},
		{"verify", "-key", fixture("ML-DSA-65.pub"), "x.y.z"},
		{"verify", "-key", fixture("ML-DSA-87.crt"), "x.y.z"},
		{"verify", "-key", akp, "x.y.z"},
		{"verify", "-key", set, "x.y.z"},
	} {
		code, _, stderr := runCLI(t, "", args...)
		if code != exitKey || !strings.Contains(stderr, "ML-DSA needs Go 1.27 or later") {
			t.Errorf("jwt %s: exit %d, %s", strings.Join(args, " "), code, stderr)
		}
	}
	if strings.Contains(algList(algChoices()), "ML-DSA") {
		t.Errorf("keygen offers %v", algChoices())
	}
}
