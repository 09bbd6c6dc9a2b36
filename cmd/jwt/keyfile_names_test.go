package main

import (
	"crypto/elliptic"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// keyFileNames are key file names that look like parts of the libraries'
// messages: their "jwk: " and "jwt: " prefixes, a sentinel's text, a
// repeated ": " segment, dots and spaces.
var keyFileNames = []string{
	"x.pub.jwk",
	"jwk: x.pub.jwk",
	"jwt: key.pem",
	"a.b jwk: c jwt: d.pem",
	"my key.v2.jwk",
	"jwk: jwk: k",
	"k: k",
	"invalid key",
	" lead and trail .pem ",
}

// badKeyFile is a key file a command refuses. data is the file's
// content, made from a public key; nil data means no file.
type badKeyFile struct {
	cmd, what string
	data      func(public []byte) []byte
}

// badKeyFiles has one file per kind of message and command: the library's
// own error (a bad JWK, a JWK Set with no usable key, a weak secret), the
// CLI's (broken PEM, empty, a public key to sign, a key that does not fit
// the token) and the OS's (missing).
var badKeyFiles = func() []badKeyFile {
	text := func(s string) func([]byte) []byte { return func([]byte) []byte { return []byte(s) } }
	common := []badKeyFile{
		{what: "invalid JWK", data: text(`{"kty":"EC"}`)},
		{what: "JWK Set without a usable key", data: text(`{"keys":[{"kty":"EC"}]}`)},
		{what: "broken PEM", data: text("-----BEGIN PRIVATE KEY-----\nnot base64!\n")},
		{what: "empty", data: text("")},
		{what: "short secret", data: text("short")},
		{what: "missing"},
	}
	var files []badKeyFile
	for _, cmd := range []string{"sign", "verify"} {
		for _, f := range common {
			f.cmd = cmd
			files = append(files, f)
		}
	}
	public := func(p []byte) []byte { return p }
	return append(files,
		badKeyFile{"sign", "public key", public},
		badKeyFile{"verify", "EC key for an HS256 token", public})
}()

// TestKeyFileErrorsNameTheWholeFile: every command that reads a key file
// (sign, verify) names the file in full when it refuses the key, whatever
// the name holds ("x.pub.jwk: jwk: invalid key" once printed as
// "x.pub.invalid key").
func TestKeyFileErrorsNameTheWholeFile(t *testing.T) {
	public := spki(t, &testECKey(t, elliptic.P256()).PublicKey)
	for _, f := range badKeyFiles {
		for _, name := range keyFileNames {
			if runtime.GOOS == "windows" && strings.Contains(name, ":") {
				continue
			}
			t.Run(f.cmd+"/"+f.what+"/"+name, func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, name)
				if f.data != nil {
					writeTestFile(t, dir, name, f.data(public))
				}
				args := []string{f.cmd, "-key", path}
				if f.cmd == "verify" {
					args = append(args, rfc7515A1Token)
				}
				code, _, stderr := runCLI(t, "", args...)
				if code == 0 {
					t.Fatal("exit 0 for a bad key")
				}
				if !strings.Contains(stderr, path) {
					t.Errorf("stderr does not name %q in full:\n%s", path, stderr)
				}
			})
		}
	}
}

// TestOneLineRewritesOnlyTheLibrariesPrefixes: the "jwt: " and "jwk: "
// prefixes go only where a message or one of its ": " parts starts, and
// nothing inside a quoted value (a "kid", a URL) is dropped or changed.
func TestOneLineRewritesOnlyTheLibrariesPrefixes(t *testing.T) {
	tests := []struct{ in, want string }{
		{"jwk: invalid key: EC key without \"crv\"", `invalid key: EC key without "crv"`},
		{"jwt: invalid key: key set: jwk: no matching key: jwt: invalid key: kid \"k1\"", `invalid key: key set: no matching key: kid "k1"`},
		{`jwk: no matching key: kid "jwk: a: a" for ES256`, `no matching key: kid "jwk: a: a" for ES256`},
		{`jwk: no matching key: kid "x\": jwt: y"`, `no matching key: kid "x\": jwt: y"`},
		{"not a jwk: prefix", "not a jwk: prefix"},
		{"jwt: token is expired\njwt: token has an invalid audience", "token is expired; token has an invalid audience"},
		{"a\r\nb\rc", "a; b c"},
	}
	for _, tc := range tests {
		if got := oneLine(stringError(tc.in)); got != tc.want {
			t.Errorf("oneLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// stringError is an error with a given text.
type stringError string

func (e stringError) Error() string { return string(e) }

// TestMainPrintsErrorsAsTheyAre: run prints a command's error on one line
// and otherwise unchanged; only the libraries' errors lose their prefixes,
// where they are wrapped.
func TestMainPrintsErrorsAsTheyAre(t *testing.T) {
	dir := t.TempDir()
	if runtime.GOOS == "windows" {
		t.Skip("file names with ':'")
	}
	name := filepath.Join(dir, "jwt: invalid key: jwt: invalid key")
	code, _, stderr := runCLI(t, "", "sign", "-key", name)
	if code != exitKey || !strings.Contains(stderr, "open "+name+": ") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	if _, err := os.Stat(name); err == nil {
		t.Fatal("the missing file exists")
	}
}
