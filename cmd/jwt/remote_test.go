package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// TestVerifyWithRemoteJWKSet: -key URL fetches the JWK Set once and picks
// the key by "kid"; fetch failures and unknown kids are key errors (exit
// 8); plain http is refused except on the loopback interface.
func TestVerifyWithRemoteJWKSet(t *testing.T) {
	dir := t.TempDir()
	var set []string
	for _, alg := range []string{"ES256", "EdDSA"} {
		p := filepath.Join(dir, alg)
		mustRun(t, "", "keygen", "-alg", alg, "-out", p)
		pub, err := os.ReadFile(p + ".pub.jwk")
		if err != nil {
			t.Fatal(err)
		}
		set = append(set, string(pub))
	}
	jwks := `{"keys":[` + strings.Join(set, ",") + `]}`
	var fetches atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches.Add(1)
		switch r.URL.Path {
		case "/jwks.json":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, jwks)
		case "/garbage":
			fmt.Fprint(w, "<html>")
		default:
			http.Error(w, "boom", http.StatusInternalServerError)
		}
	}))
	defer srv.Close()

	edTok := mustRun(t, "", "sign", "-key", filepath.Join(dir, "EdDSA.jwk"), "-exp", "1m", "-claim", "sub=dora")
	r := parseReport(t, mustRun(t, edTok, "verify", "-key", srv.URL+"/jwks.json"))
	if r.Claims["sub"] != "dora" || r.Header["alg"] != "EdDSA" {
		t.Errorf("report: %+v", r)
	}
	esTok := mustRun(t, "", "sign", "-key", filepath.Join(dir, "ES256.jwk"), "-exp", "1m")
	mustRun(t, esTok, "verify", "-key", srv.URL+"/jwks.json", "-alg", "ES256")
	if n := fetches.Load(); n != 2 {
		t.Errorf("%d fetches for 2 verifications, want 2", n)
	}

	unknownKid := mustRun(t, "", "sign", "-key", filepath.Join(dir, "ES256.pem"), "-kid", "rotated-away", "-exp", "1m")
	tests := []struct {
		name, url, token, want string
	}{
		{"unknown kid", srv.URL + "/jwks.json", unknownKid, `kid "rotated-away"`},
		{"server error", srv.URL + "/500", esTok, "500"},
		{"not a JWK Set", srv.URL + "/garbage", esTok, "JWK Set"},
		{"plain http off the loopback", "http://jwks.example.com/jwks.json", esTok, "only https"},
		{"unreachable", "http://127.0.0.1:1/jwks.json", esTok, "127.0.0.1:1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.token, "verify", "-timeout", "5s", "-key", tc.url)
			if code != exitKey || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d (want %d), stderr does not say %q:\n%s", code, exitKey, tc.want, stderr)
			}
		})
	}
}
