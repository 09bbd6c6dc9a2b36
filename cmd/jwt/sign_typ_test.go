package main

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSignTypEmptyWritesNoTyp_RFC7515_4_1_9: "typ" is OPTIONAL; -typ ""
// writes none, no -typ writes "JWT", -typ T writes T.
func TestSignTypEmptyWritesNoTyp_RFC7515_4_1_9(t *testing.T) {
	key := filepath.Join(t.TempDir(), "k")
	if err := os.WriteFile(key, []byte(rfc7515A1Key), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, `"typ":"JWT"`},
		{[]string{"-typ", ""}, ""},
		{[]string{"-typ=at+jwt"}, `"typ":"at+jwt"`},
	} {
		args := append([]string{"sign", "-alg", "HS256", "-key", key, "-key-encoding", "base64url"}, c.args...)
		tok := strings.TrimSpace(mustRun(t, "{}", args...))
		h, err := base64.RawURLEncoding.DecodeString(strings.Split(tok, ".")[0])
		if err != nil {
			t.Fatal(err)
		}
		if got := string(h); (c.want == "" && strings.Contains(got, "typ")) || !strings.Contains(got, c.want) {
			t.Errorf("%v: header %s, want %s", c.args, got, c.want)
		}
	}
}

// TestVerifyAlgOutsideTheAlgFlagNamesTheFlag_RFC8725_3_1: a token whose
// "alg" is outside -alg exits 9 and the message names -alg (the flag the
// user gave), not only the library's WithAlgorithms.
func TestVerifyAlgOutsideTheAlgFlagNamesTheFlag_RFC8725_3_1(t *testing.T) {
	key := filepath.Join(t.TempDir(), "k")
	if err := os.WriteFile(key, []byte(rfc7515A1Key), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "", "verify", "-key", key, "-key-encoding", "base64url", "-alg", "HS384", "-leeway", "876000h", rfc7515A1Token)
	if code != exitAlgorithm || !strings.Contains(stderr, "-alg allows only HS384") {
		t.Fatalf("exit %d, stderr %q; want %d naming -alg", code, stderr, exitAlgorithm)
	}
}
