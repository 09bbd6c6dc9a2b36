package main

import (
	"encoding/base64"
	"strings"
	"testing"
)

// TestDecodeNotesWhatVerifyAlwaysRefuses_RFC7515Header: decode shows any
// token but notes each header the library's verifier refuses whatever the
// key: "crit" (RFC 7515 section 4.1.11: no extension is understood), "b64"
// other than true (RFC 7797), "enc" or "zip" (a JWE's, RFC 7516 section
// 4.1), a missing or non-string "alg", an unknown "alg", a look-alike
// name, and non-canonical base64url (RFC 7515 section 2). Headers that
// name keys ("jku", "jwk", "x5u", "x5c") are ignored, not refused (RFC 8725
// section 3.10): decode says so without a refusal.
func TestDecodeNotesWhatVerifyAlwaysRefuses_RFC7515Header(t *testing.T) {
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	payload := enc(`{"sub":"x"}`)
	const refuse = "jwt verify would refuse"
	tests := []struct {
		name, header string
		want         string // in a refusal note; "" for none
		info         string // in a note that is not a refusal
	}{
		{"crit", `{"alg":"ES256","crit":["exp"],"exp":1}`, `"crit"`, ""},
		{"enc", `{"alg":"ES256","enc":"A128GCM"}`, `"enc"`, ""},
		{"zip", `{"alg":"ES256","zip":"DEF"}`, `"zip"`, ""},
		{"b64 false", `{"alg":"ES256","b64":false}`, `"b64"`, ""},
		{"no alg", `{"typ":"JWT"}`, `"alg"`, ""},
		{"alg not a string", `{"alg":256}`, `"alg"`, ""},
		{"kid not a string", `{"alg":"ES256","kid":7}`, `"kid"`, ""},
		{"look-alike name", `{"alg":"ES256","Alg":"none"}`, `"Alg"`, ""},
		{"unknown alg", `{"alg":"ES257"}`, `"ES257"`, ""},
		{"lower-case alg", `{"alg":"es256"}`, `"es256"`, ""},
		{"b64 true", `{"alg":"ES256","b64":true}`, "", ""},
		{"plain", `{"alg":"ES256","typ":"JWT","kid":"k1"}`, "", ""},
		{"jku ignored", `{"alg":"ES256","jku":"https://evil.example/keys"}`, "", `"jku"`},
		{"jwk and x5c ignored", `{"alg":"ES256","jwk":{"kty":"EC"},"x5c":["MII"]}`, "", `"jwk", "x5c"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, "", "decode", enc(tc.header)+"."+payload+".c2ln")
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			refusal := noteWith(stderr, refuse)
			switch {
			case tc.want == "" && refusal != "":
				t.Errorf("unexpected refusal note: %s", refusal)
			case tc.want != "" && !strings.Contains(refusal, tc.want):
				t.Errorf("no refusal note naming %s:\n%s", tc.want, stderr)
			}
			if tc.info != "" && !strings.Contains(noteWith(stderr, "ignores"), tc.info) {
				t.Errorf("no note that verify ignores %s:\n%s", tc.info, stderr)
			}
		})
	}

	t.Run("padded base64url", func(t *testing.T) {
		_, _, stderr := runCLI(t, "", "decode", enc(`{"alg":"ES256"}`)+"=."+payload+".c2ln")
		if !strings.Contains(noteWith(stderr, refuse), "base64url") {
			t.Errorf("no refusal note for the padding:\n%s", stderr)
		}
	})
	t.Run("one note per problem", func(t *testing.T) {
		_, _, stderr := runCLI(t, "", "decode", enc(`{"alg":"ES256","crit":["b64"],"b64":false}`)+"."+payload+".c2ln")
		if n := strings.Count(stderr, refuse); n != 1 {
			t.Errorf("%d refusal notes for one header, want 1:\n%s", n, stderr)
		}
	})
}

// noteWith returns the stderr lines that are notes containing s.
func noteWith(stderr, s string) string {
	var lines []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "jwt decode: note: ") && strings.Contains(l, s) {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}
