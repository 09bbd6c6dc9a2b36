//go:build go1.27

package main

import (
	"crypto"
	"crypto/mldsa"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/pemkey"
)

// ML-DSA (RFC 9964) in the jwt command, built with Go 1.27.

var mldsaAlgs = []jwt.Algorithm{jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87}

// TestMLDSAKeygenSignVerify: for each parameter set, keygen writes a
// seed-only PKCS#8 and an SPKI PEM and private and public AKP JWKs (modes
// 0600/0644, kid the RFC 7638 thumbprint over alg, kty, pub) of one key;
// sign infers the algorithm from the PEM or the JWK; verify accepts the
// token with the public PEM, either JWK and a JWK Set, and refuses it
// under -alg of another set (exit 9) and with another set's key.
func TestMLDSAKeygenSignVerify(t *testing.T) {
	dir := t.TempDir()
	for i, alg := range mldsaAlgs {
		t.Run(string(alg), func(t *testing.T) {
			p := filepath.Join(dir, strings.ToLower(string(alg)))
			out := mustRun(t, "", "keygen", "-alg", string(alg), "-out", p)
			for f, mode := range map[string]os.FileMode{".pem": 0o600, ".jwk": 0o600, ".pub.pem": 0o644, ".pub.jwk": 0o644} {
				st, err := os.Stat(p + f)
				if err != nil || st.Mode().Perm() != mode || !strings.Contains(out, p+f) {
					t.Fatalf("%s: %v, mode %v", f, err, st.Mode().Perm())
				}
			}
			pemData, _ := os.ReadFile(p + ".pem")
			signer, err := pemkey.ParsePrivateKey(pemData)
			if err != nil {
				t.Fatal(err)
			}
			priv := signer.(*mldsa.PrivateKey)
			privJSON, _ := os.ReadFile(p + ".jwk")
			pk, err := jwk.ParseKey(privJSON)
			if err != nil || !pk.Key().(*mldsa.PrivateKey).Equal(priv) || pk.Algorithm() != string(alg) || pk.KeyType() != "AKP" {
				t.Fatalf("private JWK: %v", err)
			}
			pubJSON, _ := os.ReadFile(p + ".pub.jwk")
			pub, err := jwk.ParseKey(pubJSON)
			if err != nil {
				t.Fatal(err)
			}
			sum, _ := pub.Thumbprint(crypto.SHA256)
			if pub.IsPrivate() || pub.Algorithm() != string(alg) || pub.Use() != "sig" || pub.KeyID() != base64.RawURLEncoding.EncodeToString(sum) ||
				!pub.Key().(*mldsa.PublicKey).Equal(priv.PublicKey()) {
				t.Fatalf("public JWK: alg %q use %q kid %q", pub.Algorithm(), pub.Use(), pub.KeyID())
			}

			fromPEM := strings.TrimSpace(mustRun(t, "", "sign", "-key", p+".pem", "-exp", "1h", "-claim", "sub=alice"))
			fromJWK := strings.TrimSpace(mustRun(t, "", "sign", "-key", p+".jwk", "-exp", "1h", "-claim", "sub=bob"))
			t.Logf("%s token: %d bytes", alg, len(fromPEM))
			set := writeTestFile(t, dir, string(alg)+".set.json", []byte(`{"keys":[`+string(pubJSON)+`]}`))
			for _, tok := range []string{fromPEM, fromJWK} {
				for _, key := range []string{p + ".pub.pem", p + ".pub.jwk", p + ".jwk", p + ".pem"} {
					r := parseReport(t, mustRun(t, tok, "verify", "-key", key))
					if r.Header["alg"] != string(alg) {
						t.Fatalf("alg %v", r.Header["alg"])
					}
				}
			}
			r := parseReport(t, mustRun(t, fromJWK, "verify", "-key", set, "-alg", string(alg)))
			if r.Header["kid"] != pub.KeyID() || r.Claims["sub"] != "bob" {
				t.Fatalf("through the set: %+v", r)
			}
			other := mldsaAlgs[(i+1)%3]
			if code, _, stderr := runCLI(t, fromPEM, "verify", "-key", p+".pub.pem", "-alg", string(other)); code != exitAlgorithm {
				t.Fatalf("-alg %s: exit %d %s", other, code, stderr)
			}
			if code, _, stderr := runCLI(t, "", "sign", "-alg", string(other), "-key", p+".pem"); code != exitKey || !strings.Contains(stderr, "cannot sign "+string(other)+"; it fits "+string(alg)) {
				t.Fatalf("sign -alg %s: exit %d %s", other, code, stderr)
			}
			if code, _, stderr := runCLI(t, "", "sign", "-key", p+".pub.pem"); code != exitKey || !strings.Contains(stderr, "an "+string(alg)+" public key") {
				t.Fatalf("sign with the public key: exit %d %s", code, stderr)
			}
		})
	}
	// A token of one set never verifies with another set's key.
	tok := strings.TrimSpace(mustRun(t, "", "sign", "-key", filepath.Join(dir, "ml-dsa-44.pem"), "-exp", "1h"))
	code, _, stderr := runCLI(t, tok, "verify", "-key", filepath.Join(dir, "ml-dsa-65.pub.pem"))
	if code != exitAlgorithm || !strings.Contains(stderr, "an ML-DSA-65 public key, which fits ML-DSA-65") {
		t.Fatalf("an ML-DSA-44 token with an ML-DSA-65 key: exit %d %s", code, stderr)
	}
}

// TestMLDSARFC9881Keys: RFC 9881's example keys sign (the seed-only
// PKCS#8) and verify (its SPKI and certificate); its other private key
// forms are refused with advice (exit 8).
func TestMLDSARFC9881Keys(t *testing.T) {
	fixture := func(name string) string { return filepath.Join("..", "..", "pemkey", "testdata", "rfc9881", name) }
	for _, alg := range mldsaAlgs {
		tok := mustRun(t, "", "sign", "-key", fixture(string(alg)+"-seed.priv"), "-exp", "1h", "-claim", "sub=rfc9881")
		for _, key := range []string{string(alg) + ".pub", string(alg) + ".crt"} {
			if r := parseReport(t, mustRun(t, tok, "verify", "-key", fixture(key))); r.Header["alg"] != string(alg) {
				t.Fatalf("%s: %+v", key, r.Header)
			}
		}
		code, _, stderr := runCLI(t, "", "sign", "-key", fixture(string(alg)+"-both.priv"))
		if code != exitKey || !strings.Contains(stderr, "seed-only") {
			t.Fatalf("both form: exit %d %s", code, stderr)
		}
	}
}

// TestMLDSADemoAndKeyFacts: demo runs with each ML-DSA algorithm; the
// key's algorithms and description follow its parameter set.
func TestMLDSADemoAndKeyFacts(t *testing.T) {
	for _, alg := range mldsaAlgs {
		out := mustRun(t, "", "demo", "-alg", string(alg))
		for _, want := range []string{"Signed with " + string(alg), "an " + string(alg) + " private key", "refused (exit 4 with jwt verify): signature is invalid"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: demo does not say %q", alg, want)
			}
		}
		key, err := generateKey(alg, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := fittingAlgs(key); len(got) != 1 || got[0] != alg {
			t.Errorf("fittingAlgs(%s private) = %v", alg, got)
		}
		pub := publicOf(key)
		if got := fittingAlgs(pub); len(got) != 1 || got[0] != alg {
			t.Errorf("fittingAlgs(%s public) = %v", alg, got)
		}
		if d := describeKey(pub); d != "an "+string(alg)+" public key" {
			t.Errorf("describeKey = %q", d)
		}
	}
	if !strings.Contains(algList(algChoices()), "ML-DSA-44, ML-DSA-65, ML-DSA-87") {
		t.Errorf("keygen's choices: %v", algChoices())
	}
}
