package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestBuiltBinary builds the real binary once, into t.TempDir(), and runs
// it as a user would.
func TestBuiltBinary(t *testing.T) {
	bin := buildBinary(t)
	t.Run("keygen, sign and verify round-trip every algorithm", func(t *testing.T) { binaryRoundTrip(t, bin) })
	t.Run("each error class exits with its own code", func(t *testing.T) { binaryExitCodes(t, bin) })
	t.Run("decode shows RFC 7515 A.1's token", func(t *testing.T) { binaryDecodeRFC7515A1(t, bin) })
	t.Run("claims and tokens are read from stdin", func(t *testing.T) { binaryStdin(t, bin) })
}

// buildBinary runs go build on this package into t.TempDir(), with -race
// when this test runs under the race detector: the binary then shares the
// test's build cache entries, so a cold run compiles nothing twice.
func buildBinary(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go tool on PATH: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "jwt")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	args := []string{"build", "-o", bin}
	if raceEnabled {
		args = append(args, "-race")
	}
	if out, err := exec.Command(goTool, append(args, ".")...).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// binaryEnv is the environment the built binary runs in: the test's own,
// and under the race detector GORACE=atexit_sleep_ms=0 so that each run
// does not sleep the race runtime's default second before exiting (unless
// GORACE already sets it).
func binaryEnv() []string {
	env := os.Environ()
	if g := os.Getenv("GORACE"); raceEnabled && !strings.Contains(g, "atexit_sleep_ms") {
		env = append(env, "GORACE="+strings.TrimSpace(g+" atexit_sleep_ms=0"))
	}
	return env
}

// result is one run of the binary.
type result struct {
	code           int
	stdout, stderr string
}

// runBinary runs the built jwt in dir with stdin.
func runBinary(t *testing.T, bin, dir, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = binaryEnv()
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	code := 0
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{code, out.String(), errOut.String()}
}

func mustBinary(t *testing.T, bin, dir, stdin string, args ...string) string {
	t.Helper()
	r := runBinary(t, bin, dir, stdin, args...)
	if r.code != 0 {
		t.Fatalf("jwt %s: exit %d\n%s", strings.Join(args, " "), r.code, r.stderr)
	}
	return r.stdout
}

// binaryRoundTrip: for each of the 14 algorithms,
// keygen → sign → verify with the public PEM and the public JWK (HS*: the
// base64url secret file and the JWK). One RSA key serves RS* and PS*.
func binaryRoundTrip(t *testing.T, bin string) {
	dir := t.TempDir()
	mustBinary(t, bin, dir, "", "keygen", "-alg", "RS256", "-out", "rsa")
	tests := []struct {
		alg, prefix string
		keygen      bool
	}{
		{"HS256", "hs256", true}, {"HS384", "hs384", true}, {"HS512", "hs512", true},
		{"RS256", "rsa", false}, {"RS384", "rsa", false}, {"RS512", "rsa", false},
		{"PS256", "rsa", false}, {"PS384", "rsa", false}, {"PS512", "rsa", false},
		{"ES256", "es256", true}, {"ES384", "es384", true}, {"ES512", "es512", true},
		{"EdDSA", "eddsa", true}, {"Ed25519", "ed25519", true},
	}
	for _, tc := range tests {
		t.Run(tc.alg, func(t *testing.T) {
			t.Parallel()
			if tc.keygen {
				mustBinary(t, bin, dir, "", "keygen", "-alg", tc.alg, "-out", tc.prefix)
			}
			var signKey, verifyKeys [][]string
			if strings.HasPrefix(tc.alg, "HS") {
				signKey = [][]string{{"-key", tc.prefix + ".key", "-key-encoding", "base64url"}}
				verifyKeys = [][]string{signKey[0], {"-key", tc.prefix + ".jwk"}}
			} else {
				signKey = [][]string{{"-key", tc.prefix + ".pem"}}
				verifyKeys = [][]string{{"-key", tc.prefix + ".pub.pem"}}
				if tc.keygen { // the JWK's "alg" binds it to the keygen algorithm
					verifyKeys = append(verifyKeys, []string{"-key", tc.prefix + ".pub.jwk"})
				}
			}
			args := append([]string{"sign", "-alg", tc.alg, "-kid", "k-" + tc.alg, "-exp", "1h", "-claim", "sub=alice", "-claim", "n=7"}, signKey[0]...)
			tok := strings.TrimSpace(mustBinary(t, bin, dir, "", args...))
			for _, vk := range verifyKeys {
				out := mustBinary(t, bin, dir, "", append(append([]string{"verify", "-alg", tc.alg}, vk...), tok)...)
				r := parseReport(t, out)
				if r.Header["alg"] != tc.alg || r.Header["kid"] != "k-"+tc.alg || r.Claims["sub"] != "alice" || r.Claims["n"] != float64(7) {
					t.Errorf("verify %v: %+v", vk, r)
				}
			}
		})
	}
}

// binaryExitCodes: each error class exits with its own code and one
// line on stderr.
func binaryExitCodes(t *testing.T, bin string) {
	dir := t.TempDir()
	mustBinary(t, bin, dir, "", "keygen", "-alg", "ES256", "-out", "a")
	mustBinary(t, bin, dir, "", "keygen", "-alg", "ES256", "-out", "b")
	mustBinary(t, bin, dir, "", "keygen", "-alg", "HS256", "-out", "hs")
	os.WriteFile(filepath.Join(dir, "a1.key"), []byte(rfc7515A1Key+"\n"), 0o600)
	sign := func(args ...string) string {
		return strings.TrimSpace(mustBinary(t, bin, dir, "", append([]string{"sign", "-key", "a.pem", "-claim", "aud=api"}, args...)...))
	}
	good := sign("-exp", "1h")
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"ok", []string{"verify", "-key", "a.pub.pem", good}, exitOK, ""},
		{"usage", []string{"verify", "-nope"}, exitUsage, "flag provided but not defined"},
		{"malformed", []string{"verify", "-key", "a.pub.pem", "not-a-token"}, exitMalformed, "token is malformed"},
		{"signature", []string{"verify", "-key", "b.pub.pem", good}, exitSignature, "signature is invalid"},
		{"expired (RFC 7515 A.1 token)", []string{"verify", "-key", "a1.key", "-key-encoding", "base64url", rfc7515A1Token}, exitExpired, "token is expired"},
		{"expired", []string{"verify", "-key", "a.pub.pem", sign("-exp", "-1m")}, exitExpired, "token is expired"},
		{"not valid yet", []string{"verify", "-key", "a.pub.pem", sign("-nbf", "1h")}, exitNotYetValid, "not valid yet"},
		{"audience", []string{"verify", "-key", "a.pub.pem", "-aud", "other", good}, exitClaims, "invalid audience"},
		{"issuer", []string{"verify", "-key", "a.pub.pem", "-iss", "me", good}, exitClaims, "invalid issuer"},
		{"key", []string{"verify", "-key", "missing.pem", good}, exitKey, "missing.pem"},
		{"public key to sign", []string{"sign", "-key", "a.pub.pem"}, exitKey, "signing needs the private key"},
		{"algorithm", []string{"verify", "-key", "hs.jwk", good}, exitAlgorithm, "algorithm not allowed"},
		{"other failure", []string{"keygen", "-alg", "ES256", "-out", "a"}, exitFailure, "already exists"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runBinary(t, bin, dir, "", tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", r.code, tc.code, r.stderr)
			}
			if tc.code != exitOK && (!strings.Contains(r.stderr, tc.want) || r.stdout != "") {
				t.Errorf("stderr does not say %q (or stdout not empty):\n%s%s", tc.want, r.stderr, r.stdout)
			}
		})
	}
}

// binaryDecodeRFC7515A1 decodes a token made elsewhere: RFC 7515
// appendix A.1's, whose header and claims carry CRLF line breaks.
func binaryDecodeRFC7515A1(t *testing.T, bin string) {
	dir := t.TempDir()
	for _, in := range []struct{ name, stdin, arg string }{
		{"argument", "", rfc7515A1Token},
		{"stdin with -", rfc7515A1Token + "\n", "-"},
		{"stdin without argument", rfc7515A1Token, ""},
	} {
		t.Run(in.name, func(t *testing.T) {
			args := []string{"decode"}
			if in.arg != "" {
				args = append(args, in.arg)
			}
			r := runBinary(t, bin, dir, in.stdin, args...)
			if r.code != 0 || !strings.HasPrefix(r.stderr, decodeWarning) {
				t.Fatalf("exit %d, stderr:\n%s", r.code, r.stderr)
			}
			rep := parseReport(t, r.stdout)
			if rep.Header["typ"] != "JWT" || rep.Header["alg"] != "HS256" || rep.Claims["iss"] != "joe" ||
				rep.Claims["http://example.com/is_root"] != true || rep.Claims["exp"] != float64(1300819380) {
				t.Errorf("report: %+v", rep)
			}
			if !strings.HasPrefix(rep.Times["exp"], "2011-03-22T18:43:00Z (expired ") {
				t.Errorf("exp shown as %q", rep.Times["exp"])
			}
		})
	}
}

// binaryStdin: sign reads claims from "-", verify reads the token
// from stdin; the output pipes into the next command.
func binaryStdin(t *testing.T, bin string) {
	dir := t.TempDir()
	mustBinary(t, bin, dir, "", "keygen", "-alg", "EdDSA", "-out", "ed")
	tok := mustBinary(t, bin, dir, `{"sub":"carol","roles":["admin"]}`, "sign", "-key", "ed.pem", "-exp", "5m", "-")
	r := parseReport(t, mustBinary(t, bin, dir, tok, "verify", "-key", "ed.pub.jwk"))
	if r.Claims["sub"] != "carol" || !strings.Contains(r.Times["exp"], "expires in 5m") {
		t.Errorf("report: %+v", r)
	}
}
