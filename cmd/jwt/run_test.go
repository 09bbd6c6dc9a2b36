package main

import (
	"crypto"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jotlib/jwt/jwk"
)

// TestUsageErrorsExit2: a bad command line exits 2 with a one-line reason
// and a pointer to the help.
func TestUsageErrorsExit2(t *testing.T) {
	dir := t.TempDir()
	key := writeTestFile(t, dir, "k", []byte(strings.Repeat("k", 32)))
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no command", nil, "Usage: jwt"},
		{"unknown command", []string{"frob"}, `unknown command "frob"`},
		{"unknown help topic", []string{"help", "frob"}, `unknown command "frob"`},
		{"unknown flag", []string{"sign", "-bogus"}, "flag provided but not defined: -bogus"},
		{"no key", []string{"sign", "-alg", "HS256"}, "no key"},
		{"two keys", []string{"verify", "-key", key, "-key-env", "X", "a.b.c"}, "not both"},
		{"algorithm names are case-sensitive", []string{"sign", "-alg", "es256", "-key", key}, "did you mean ES256"},
		{"unknown algorithm", []string{"verify", "-alg", "none", "-key", key, "a.b.c"}, `unknown algorithm "none"`},
		{"claim without =", []string{"sign", "-alg", "HS256", "-key", key, "-claim", "sub"}, "want name=value"},
		{"bad exp claim", []string{"sign", "-alg", "HS256", "-key", key, "-claim", "exp=soon"}, "RFC 3339"},
		{"bad duration", []string{"sign", "-alg", "HS256", "-key", key, "-exp", "1 hour"}, "invalid value"},
		{"two claims files", []string{"sign", "-alg", "HS256", "-key", key, "a.json", "b.json"}, "at most one claims file"},
		{"two tokens", []string{"verify", "-key", key, "a.b.c", "d.e.f"}, "want one token"},
		{"no token", []string{"decode", ""}, "no token"},
		{"negative leeway", []string{"verify", "-key", key, "-leeway", "-1s", "a.b.c"}, "must not be negative"},
		{"URL key to sign", []string{"sign", "-alg", "RS256", "-key", "https://example.com/jwks.json"}, "can only verify"},
		{"keygen without -alg", []string{"keygen"}, "-alg is required"},
		{"keygen RSA too small", []string{"keygen", "-alg", "RS256", "-bits", "1024", "-out", filepath.Join(dir, "x")}, "2048"},
		{"-alg required for RSA", []string{"sign", "-key", writeTestFile(t, dir, "rsa.pem", pkcs8(t, testRSAKey(t)))}, "-alg is required"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, "", tc.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, exitUsage, stderr)
			}
			if !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr does not say %q:\n%s", tc.want, stderr)
			}
		})
	}
}

// TestHelpDocumentsExitCodes: every help text lists the exit codes, on
// stdout, with exit 0.
func TestHelpDocumentsExitCodes(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"help", "sign"}, {"verify", "-h"}, {"decode", "-help"}, {"keygen", "-h"}} {
		code, out, _ := runCLI(t, "", args...)
		if code != 0 || !strings.Contains(out, "Exit codes:") || !strings.Contains(out, "9  algorithm not allowed") {
			t.Errorf("jwt %v: exit %d, output:\n%s", args, code, out)
		}
	}
}

// TestSignVerifyInProcess covers the key sources (file, environment
// variable, JWK) and claim sources (file, stdin, -claim, -exp/-nbf/-iat).
func TestSignVerifyInProcess(t *testing.T) {
	dir := t.TempDir()
	secret := make([]byte, 32)
	rand.Read(secret)
	enc := base64.RawURLEncoding.EncodeToString(secret)
	secretFile := writeTestFile(t, dir, "hs.key", []byte(enc+"\n"))
	t.Setenv("JWT_TEST_SECRET", enc)
	claimsFile := writeTestFile(t, dir, "claims.json", []byte(`{"iss":"https://auth.example.com","n":12345678901234567890,"roles":["a"]}`))

	tok := strings.TrimSpace(mustRun(t, "", "sign", "-alg", "HS256", "-key", secretFile, "-key-encoding", "base64url",
		"-kid", "k1", "-exp", "1h", "-claim", "sub=alice", "-claim", "aud=api", claimsFile))
	out := mustRun(t, "", "verify", "-key-env", "JWT_TEST_SECRET", "-key-encoding", "base64url",
		"-aud", "api", "-iss", "https://auth.example.com", "-sub", "alice", "-alg", "HS256", tok)
	r := parseReport(t, out)
	if r.Header["kid"] != "k1" || r.Header["alg"] != "HS256" || r.Claims["sub"] != "alice" || r.Claims["aud"] != "api" {
		t.Errorf("report: %+v", r)
	}
	if !strings.Contains(out, `"n": 12345678901234567890`) {
		t.Errorf("large integer not kept exactly:\n%s", out)
	}
	if !strings.Contains(r.Times["exp"], "(expires in 1h)") || !strings.Contains(r.Times["iat"], "(issued ") {
		t.Errorf("times: %v", r.Times)
	}

	// Claims from stdin, -iat=false, and the token back through stdin.
	tok = mustRun(t, `{"sub":"bob"}`, "sign", "-alg", "HS256", "-key-env", "JWT_TEST_SECRET", "-key-encoding", "base64url", "-iat=false", "-")
	r = parseReport(t, mustRun(t, tok, "verify", "-key", secretFile, "-key-encoding", "base64url", "-"))
	if r.Claims["sub"] != "bob" || r.Claims["iat"] != nil {
		t.Errorf("claims: %v", r.Claims)
	}
	// Repeated -claim aud=… collect into an array (RFC 7519 section 4.1.3).
	tok2 := mustRun(t, "", "sign", "-alg", "HS256", "-key", secretFile, "-key-encoding", "base64url", "-claim", "aud=a", "-claim", `aud=["b","c"]`, "-claim", "x=1", "-claim", "x=2")
	r = parseReport(t, mustRun(t, tok2, "decode"))
	if got := fmt.Sprint(r.Claims["aud"], r.Claims["x"]); got != "[a b c] 2" {
		t.Errorf("aud and x: %s", got)
	}
	// A "Bearer " prefix is dropped.
	mustRun(t, "Bearer "+tok, "verify", "-key", secretFile, "-key-encoding", "base64url")
}

// TestSignClaimsInputIsStrict: the claims file is one JSON object with no
// duplicate names (RFC 7519 section 4), and registered claims of the
// wrong type are refused before signing.
func TestSignClaimsInputIsStrict(t *testing.T) {
	dir := t.TempDir()
	key := writeTestFile(t, dir, "k", []byte(strings.Repeat("k", 32)))
	for name, in := range map[string]string{
		"not an object":     `["a"]`,
		"duplicate names":   `{"sub":"a","sub":"b"}`,
		"trailing data":     `{"sub":"a"} {}`,
		"exp not a number":  `{"exp":"tomorrow"}`,
		"aud not strings":   `{"aud":[1,2]}`,
		"look-alike of exp": `{"EXP":1}`,
	} {
		code, _, stderr := runCLI(t, in, "sign", "-alg", "HS256", "-key", key, "-")
		if code != exitUsage || !strings.Contains(stderr, "claims") {
			t.Errorf("%s: exit %d, stderr %s", name, code, stderr)
		}
	}
	if code, _, stderr := runCLI(t, "", "sign", "-alg", "HS256", "-key", key, filepath.Join(dir, "missing.json")); code != exitUsage {
		t.Errorf("missing claims file: exit %d %s", code, stderr)
	}
}

// TestSignRefusesUnfitKeys: the key must be private, of the algorithm's
// family and curve, and strong enough (RFC 7518 sections 3.2 and 3.3); the
// message says so.
func TestSignRefusesUnfitKeys(t *testing.T) {
	dir := t.TempDir()
	ec := testECKey(t, elliptic.P256())
	weak, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	pub := writeTestFile(t, dir, "pub.pem", spki(t, &ec.PublicKey))
	priv := writeTestFile(t, dir, "ec.pem", pkcs8(t, ec))
	short := writeTestFile(t, dir, "short", []byte(strings.Repeat("s", 32)))
	tiny := writeTestFile(t, dir, "tiny", []byte("s3cret"))
	weakFile := writeTestFile(t, dir, "weak.pem", pkcs8(t, weak))
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"public key", []string{"-alg", "ES256", "-key", pub}, "this is a public key (an ECDSA P-256 public key); signing needs the private key"},
		{"other curve", []string{"-alg", "ES384", "-key", priv}, "cannot sign ES384; it fits ES256"},
		{"other family", []string{"-alg", "RS256", "-key", priv}, "cannot sign RS256"},
		{"secret for RS256", []string{"-alg", "RS256", "-key", short}, "an HMAC secret of 32 bytes cannot sign RS256"},
		{"secret too short for HS512", []string{"-alg", "HS512", "-key", short}, "HS512 needs a secret of at least 64 bytes"},
		{"secret too short for any HS", []string{"-key", tiny}, "too short for any HS algorithm"},
		{"1024-bit RSA", []string{"-alg", "RS256", "-key", weakFile}, "invalid key"},
		{"missing file", []string{"-alg", "HS256", "-key", filepath.Join(dir, "nope")}, "no such file"},
		{"unset variable", []string{"-alg", "HS256", "-key-env", "JWT_TEST_UNSET_VARIABLE"}, "unset or empty"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, "", append([]string{"sign"}, tc.args...)...)
			if code != exitKey || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d (want %d), stderr does not say %q:\n%s", code, exitKey, tc.want, stderr)
			}
		})
	}
}

// TestSignInfersAlgorithmFromKey: an EC or Ed25519 key, or a JWK with
// "alg", fixes the algorithm.
func TestSignInfersAlgorithmFromKey(t *testing.T) {
	dir := t.TempDir()
	_, ed, _ := ed25519.GenerateKey(rand.Reader)
	for file, want := range map[string]string{
		writeTestFile(t, dir, "p384.pem", pkcs8(t, testECKey(t, elliptic.P384()))): "ES384",
		writeTestFile(t, dir, "ed.pem", pkcs8(t, ed)):                              "EdDSA",
	} {
		tok := mustRun(t, "", "sign", "-key", file, "-exp", "1m")
		r := parseReport(t, mustRun(t, tok, "decode"))
		if r.Header["alg"] != want {
			t.Errorf("%s: alg %v, want %s", file, r.Header["alg"], want)
		}
	}
}

// TestVerifyExplainsFailures: the one line names the facts: when the token
// expired, what its audience was, which algorithm met which key.
func TestVerifyExplainsFailures(t *testing.T) {
	dir := t.TempDir()
	a1 := writeTestFile(t, dir, "a1.key", []byte(rfc7515A1Key))
	ec := writeTestFile(t, dir, "ec.pem", pkcs8(t, testECKey(t, elliptic.P256())))
	tok := strings.TrimSpace(mustRun(t, "", "sign", "-key", ec, "-exp", "1h", "-claim", "aud=[\"x\",\"y\"]"))
	rsJWK, err := jwk.NewKey(&testRSAKey(t).PublicKey, jwk.Params{Algorithm: "RS256"})
	if err != nil {
		t.Fatal(err)
	}
	rsJSON, _ := rsJWK.MarshalJSON()
	jwkFile := writeTestFile(t, dir, "rs.pub.jwk", rsJSON)
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"expired", []string{"-key", a1, "-key-encoding", "base64url", rfc7515A1Token}, exitExpired, "s (exp 2011-03-22T18:43:00Z, expired "},
		{"audience", []string{"-key", ec, "-aud", "z", tok}, exitClaims, `invalid audience (token aud is ["x","y"])`},
		{"issuer", []string{"-key", ec, "-iss", "me", tok}, exitClaims, "token has no iss"},
		{"algorithm", []string{"-key", a1, "-key-encoding", "base64url", tok}, exitAlgorithm, `token alg "ES256"; key ` + a1 + " is an HMAC secret of 64 bytes, which fits HS256, HS384, HS512"},
		{"secret text hint", []string{"-key", a1, rfc7515A1Token}, exitSignature, "add -key-encoding base64url"},
		{"outside -alg", []string{"-key", ec, "-alg", "ES384,EdDSA", tok}, exitAlgorithm, "algorithm not allowed"},
		{"required exp missing", []string{"-key", ec, "-require-exp", strings.TrimSpace(mustRun(t, "", "sign", "-key", ec))}, exitClaims, "missing a required claim"},
		{"JWE", []string{"-key", ec, "a.b.c.d.e"}, exitMalformed, "encrypted token (JWE)"},
		{"alg none (RFC 8725 section 3.1)", []string{"-key", a1, "-key-encoding", "base64url", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."}, exitAlgorithm, `algorithm not allowed: "none"`},
		{"JWK alg outside -alg", []string{"-key", jwkFile, "-alg", "PS256", tok}, exitAlgorithm, "the JWK is for RS256, which -alg does not allow"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, "", append([]string{"verify"}, tc.args...)...)
			if code != tc.code || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("exit %d (want %d), stderr (one line) does not say %q:\n%s", code, tc.code, tc.want, stderr)
			}
		})
	}
}

// TestDecodeShowsWithoutVerifying: decode prints what it can, warns that
// nothing was verified, and notes what verify would refuse.
func TestDecodeShowsWithoutVerifying(t *testing.T) {
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	tests := []struct {
		name, token string
		code        int
		stdout      string
		note        string
	}{
		{"RFC 7515 A.1", rfc7515A1Token, 0, `"http://example.com/is_root": true`, ""},
		{"alg none", enc(`{"alg":"none"}`) + "." + enc(`{"sub":"x"}`) + ".", 0, `"alg": "none"`, "never accepts it"},
		{"duplicate claims", enc(`{"alg":"HS256"}`) + "." + enc(`{"sub":"a","sub":"b"}`) + ".c2ln", 0, `"sub": "b"`, `duplicate member name "sub"`},
		{"exp of the wrong type", enc(`{"alg":"HS256"}`) + "." + enc(`{"exp":"soon"}`) + ".c2ln", 0, `"exp": "not a valid NumericDate: \"soon\""`, `"exp" must be a finite NumericDate`},
		{"payload not JSON", enc(`{"alg":"HS256","cty":"text/plain"}`) + "." + enc("hello") + ".c2ln", 0, `"payload": "hello"`, "not a JSON object"},
		{"white space around the JSON", enc(" {\"alg\":\"HS256\"}\r\n") + "." + enc("\t{\"a\":1}\n") + ".c2ln", 0, "\"alg\": \"HS256\"\n  },\n  \"claims\": {\n    \"a\": 1\n  }\n}", ""},
		{"token wrapped over lines", rfc7515A1Token[:30] + "\n  " + rfc7515A1Token[30:], 0, `"iss": "joe"`, "white space inside the token was removed"},
		{"padded base64url", enc(`{"alg":"HS256"}`) + "==." + enc(`{"a":1}`) + ".c2ln", 0, `"a": 1`, ""},
		{"JWE", "a.b.c.d.e", exitMalformed, "", "encrypted token (JWE)"},
		{"two segments", "a.b", exitMalformed, "", "3 segments"},
		{"bad base64url", "a*.b.c", exitMalformed, "", "not base64url"},
		{"header not JSON", enc("hi") + "." + enc("{}") + ".c2ln", exitMalformed, "", "header is not JSON"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runCLI(t, "", "decode", tc.token)
			if code != tc.code {
				t.Fatalf("exit %d, want %d:\n%s", code, tc.code, stderr)
			}
			if code == 0 && !strings.HasPrefix(stderr, decodeWarning+"\n") {
				t.Errorf("no warning first on stderr:\n%s", stderr)
			}
			if !strings.Contains(out, tc.stdout) || !strings.Contains(stderr, tc.note) {
				t.Errorf("stdout wants %q, stderr %q; got\n%s\n%s", tc.stdout, tc.note, out, stderr)
			}
		})
	}
}

// TestKeygenWritesPEMAndJWK: keygen writes a private and a public key as
// PEM and JWK (a secret of the hash size for HS*), private files 0600, kid
// the RFC 7638 thumbprint, and never overwrites without -force.
func TestKeygenWritesPEMAndJWK(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "es")
	out := mustRun(t, "", "keygen", "-alg", "ES384", "-out", p)
	for _, f := range []string{".pem", ".pub.pem", ".jwk", ".pub.jwk"} {
		if !strings.Contains(out, p+f) {
			t.Errorf("output does not name %s:\n%s", p+f, out)
		}
	}
	for f, mode := range map[string]os.FileMode{".pem": 0o600, ".jwk": 0o600, ".pub.pem": 0o644, ".pub.jwk": 0o644} {
		st, err := os.Stat(p + f)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != mode {
			t.Errorf("%s: mode %v, want %v", f, st.Mode().Perm(), mode)
		}
	}
	pubJSON, _ := os.ReadFile(p + ".pub.jwk")
	pub, err := jwk.ParseKey(pubJSON)
	if err != nil {
		t.Fatal(err)
	}
	sum, _ := pub.Thumbprint(crypto.SHA256)
	if pub.IsPrivate() || pub.Algorithm() != "ES384" || pub.Use() != "sig" || pub.KeyID() != base64.RawURLEncoding.EncodeToString(sum) {
		t.Errorf("public JWK: private %v alg %q use %q kid %q", pub.IsPrivate(), pub.Algorithm(), pub.Use(), pub.KeyID())
	}
	if code, _, stderr := runCLI(t, "", "keygen", "-alg", "ES384", "-out", p); code != exitFailure || !strings.Contains(stderr, "already exists") {
		t.Errorf("overwrite: exit %d %s", code, stderr)
	}
	mustRun(t, "", "keygen", "-alg", "ES384", "-out", p, "-force")

	for alg, size := range map[string]int{"HS256": 32, "HS384": 48, "HS512": 64} {
		hp := filepath.Join(dir, alg)
		mustRun(t, "", "keygen", "-alg", alg, "-out", hp, "-kid", "mine")
		text, _ := os.ReadFile(hp + ".key")
		secret, err := base64.RawURLEncoding.DecodeString(strings.TrimSpace(string(text)))
		if err != nil || len(secret) != size {
			t.Errorf("%s: secret of %d bytes (%v), want %d", alg, len(secret), err, size)
		}
		jwkJSON, _ := os.ReadFile(hp + ".jwk")
		k, err := jwk.ParseKey(jwkJSON)
		if err != nil || k.KeyID() != "mine" || string(k.Key().([]byte)) != string(secret) {
			t.Errorf("%s: JWK %s (%v)", alg, jwkJSON, err)
		}
	}
}

// TestDemoSignsVerifiesAndRefusesATamperedToken: "jwt demo" runs the main
// job end to end for every algorithm family and shows a changed claim
// refused with ErrSignatureInvalid (RFC 7515 section 5.2).
func TestDemoSignsVerifiesAndRefusesATamperedToken(t *testing.T) {
	for _, alg := range []string{"HS256", "PS256", "ES512", "EdDSA"} {
		out := mustRun(t, "", "demo", "-alg", alg)
		for _, want := range []string{"Signed with " + alg, `"sub": "user-42"`, "(expires in 1h)", "refused (exit 4 with jwt verify): signature is invalid"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: output does not say %q:\n%s", alg, want, out)
			}
		}
	}
}
