package jwt_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/keyheader"
)

// khJWK is a public P-256 JWK as package dpop's Signer writes it.
const khJWK = `{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}`

// khOption is the seam's option for jwkJSON.
func khOption(t *testing.T, jwkJSON string) jwt.Option {
	t.Helper()
	opt, ok := keyheader.WithKeyHeader([]byte(jwkJSON)).(jwt.Option)
	if !ok {
		t.Fatal("keyheader.WithKeyHeader does not return a jwt.Option")
	}
	return opt
}

// khHeader decodes a token's header segment.
func khHeader(t *testing.T, tok string) string {
	t.Helper()
	seg, _, _ := strings.Cut(tok, ".")
	h, err := base64.RawURLEncoding.DecodeString(seg)
	if err != nil {
		t.Fatal(err)
	}
	return string(h)
}

// RFC 8725 section 3.10: a key the token carries must not choose the
// verification key, so jwt.WithHeader("jwk", ...) is refused to every
// caller, whatever the value, with the seam in the build too.
func TestRFC8725_3_10_WithHeaderJWKStillRefused(t *testing.T) {
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	for _, name := range []string{"jwk", "Jwk", "JWK"} {
		for _, value := range []any{map[string]any{"kty": "EC"}, []byte(khJWK), khJWK} {
			if _, err := jwt.NewSigner(jwt.ES256, key, jwt.WithHeader(name, value)); !errors.Is(err, jwt.ErrInvalidOption) {
				t.Errorf("WithHeader(%q, %T): %v, want ErrInvalidOption", name, value, err)
			}
		}
	}
}

// RFC 9449 section 4.2: the seam writes the proof key as "jwk", after
// "typ" and before any WithHeader member, in a header the core's rules
// accept; the token verifies with the caller's key as any other (the core
// never uses the "jwk" it carries).
func TestRFC9449_4_2_KeyHeaderSeamWritesJWKAfterTyp(t *testing.T) {
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	s, err := jwt.NewSigner(jwt.ES256, key, jwt.WithType("dpop+jwt"), khOption(t, khJWK), jwt.WithHeader("x-a", 1))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(map[string]any{"jti": "a"})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"alg":"ES256","typ":"dpop+jwt","jwk":` + khJWK + `,"x-a":1}`
	if got := khHeader(t, tok); got != want {
		t.Errorf("header %s\nwant   %s", got, want)
	}
	parsed, err := jwt.Parse(tok, &key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := parsed.Header.Get("jwk"); !ok || string(got) != khJWK {
		t.Errorf("Header.Get(jwk) = %s, %v", got, ok)
	}
}

// The seam's value is checked: one strict JSON object with a "kty" and no
// private key member (RFC 7518 section 6, RFC 8037 section 2, RFC 9964
// section 2), given once, on the sign side only.
func TestRFC9449_4_2_KeyHeaderSeamRefusals(t *testing.T) {
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	for name, value := range map[string]string{
		"empty":             ``,
		"not JSON":          `{"kty":`,
		"an array":          `[` + khJWK + `]`,
		"a string":          `"EC"`,
		"trailing data":     khJWK + `{}`,
		"duplicate member":  `{"kty":"EC","kty":"EC"}`,
		"no kty":            `{"crv":"P-256"}`,
		"kty not a string":  `{"kty":1}`,
		"EC private d":      strings.TrimSuffix(khJWK, "}") + `,"d":"jpsQnnGQmL-YBIffH1136cspYG6-0iY7X1fCE9-E9LI"}`,
		"RSA private":       `{"kty":"RSA","n":"AQAB","e":"AQAB","p":"AQ"}`,
		"oct k":             `{"kty":"oct","k":"c2VjcmV0"}`,
		"AKP priv":          `{"kty":"AKP","alg":"ML-DSA-44","pub":"AA","priv":"AA"}`,
		"look-alike D":      strings.TrimSuffix(khJWK, "}") + `,"D":"AA"}`,
		"invalid UTF-8":     `{"kty":"EC","x":"` + "\xff" + `"}`,
		"RSA oth":           `{"kty":"RSA","n":"AQAB","e":"AQAB","oth":[]}`,
		"look-alike PRIV":   `{"kty":"AKP","PRIV":"AA"}`,
		"look-alike kelvin": `{"kty":"oct","` + "\u212a" + `":"AA"}`,
	} {
		if _, err := jwt.NewSigner(jwt.ES256, key, jwt.WithType("dpop+jwt"), khOption(t, value)); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v, want ErrInvalidOption", name, err)
		}
	}
	if _, err := jwt.NewSigner(jwt.ES256, key, jwt.WithType("dpop+jwt"), khOption(t, khJWK), khOption(t, khJWK)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("given twice: %v, want ErrInvalidOption", err)
	}
	if _, err := jwt.NewVerifier(&key.PublicKey, khOption(t, khJWK)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("verify side: %v, want ErrInvalidOption", err)
	}
	// The value is copied when the option is made.
	buf := []byte(khJWK)
	opt := keyheader.WithKeyHeader(buf).(jwt.Option)
	copy(buf, `{"kty":"oct","k"`)
	if _, err := jwt.NewSigner(jwt.ES256, key, jwt.WithType("dpop+jwt"), opt); err != nil {
		t.Errorf("a change to the caller's bytes reached the option: %v", err)
	}
}

// RFC 9449 section 4.2, RFC 8725 section 3.10: the seam writes "jwk" into
// a DPoP proof only: "typ" exactly "dpop+jwt" and an asymmetric algorithm;
// any other token, an HMAC one above all, is ErrInvalidOption.
func TestRFC9449_4_2_KeyHeaderSeamOnlyForDPoPProofs(t *testing.T) {
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	for name, opts := range map[string][]jwt.Option{
		"no WithType (JWT)": nil,
		"typ JWT":           {jwt.WithType("JWT")},
		"no typ":            {jwt.WithType("")},
		"typ at+jwt":        {jwt.WithType("at+jwt")},
		"typ DPOP+JWT":      {jwt.WithType("DPOP+JWT")},
		"typ dpop+jwt ":     {jwt.WithType("dpop+jwt ")},
	} {
		if _, err := jwt.NewSigner(jwt.ES256, key, append(opts, khOption(t, khJWK))...); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v, want ErrInvalidOption", name, err)
		}
	}
	secret := []byte("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
	for _, alg := range []jwt.Algorithm{jwt.HS256, jwt.HS384, jwt.HS512} {
		if _, err := jwt.NewSigner(alg, secret, jwt.WithType("dpop+jwt"), khOption(t, khJWK)); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v, want ErrInvalidOption", alg, err)
		}
		if _, err := jwt.Sign(alg, map[string]any{"jti": "a"}, secret, jwt.WithType("dpop+jwt"), khOption(t, khJWK)); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("Sign %s: %v, want ErrInvalidOption", alg, err)
		}
	}
	if _, err := jwt.NewSigner(jwt.ES256, key, khOption(t, khJWK), jwt.WithType("dpop+jwt")); err != nil {
		t.Errorf("typ given after the seam: %v", err)
	}
}

// The seam is in internal/: a module outside this one cannot import it, so
// only this module's code (package dpop) writes a "jwk" header. Proved by
// building such a module with the go tool.
func TestRFC8725_3_10_KeyHeaderSeamNotReachableOutsideModule(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go tool on PATH: %v", err)
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/outsider\n\ngo 1.26\n\nrequire github.com/jotlib/jwt v0.0.0\n\nreplace github.com/jotlib/jwt => " + root + "\n",
		"main.go": "package main\n\nimport (\n\t\"github.com/jotlib/jwt\"\n\t\"github.com/jotlib/jwt/internal/keyheader\"\n)\n\n" +
			"func main() { _, _ = jwt.NewSigner(jwt.ES256, nil, keyheader.WithKeyHeader(nil).(jwt.Option)) }\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(goTool, "build", "-o", os.DevNull, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("a module outside github.com/jotlib/jwt built with internal/keyheader:\n%s", out)
	}
	if !strings.Contains(string(out), "use of internal package github.com/jotlib/jwt/internal/keyheader not allowed") {
		t.Errorf("the build failed for another reason than Go's internal rule:\n%s", out)
	}
}
