package main

import (
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/compact"
)

const demoHelp = `Usage: jwt demo [-alg ALG]

Shows the main job end to end, writing no files: makes a fresh in-memory key
for ALG (default ES256), signs a sample access token, verifies it (signature,
exp, nbf, aud, iss) and prints the token and its verified header and claims,
then shows that a token with one changed claim is refused.

Example:
  go run ./cmd/jwt demo
  go run ./cmd/jwt demo -alg EdDSA
`

// demo implements "jwt demo".
func (c *cli) demo(args []string) error {
	fs := newFlagSet("demo")
	algName := fs.String("alg", "ES256", "algorithm")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError("unexpected argument %q", pos[0])
	}
	alg, err := parseAlg(*algName)
	if err != nil {
		return err
	}
	key, err := generateKey(alg, 2048)
	if err != nil {
		return err
	}
	now := c.now()
	const iss, aud = "https://auth.example.com", "api"
	claims := map[string]any{
		"iss": iss, "sub": "user-42", "aud": aud, "roles": []string{"reader"},
		"iat": numericDate(now), "nbf": numericDate(now), "exp": numericDate(now.Add(time.Hour)),
	}
	tok, err := jwt.Sign(alg, claims, key, jwt.WithKeyID("demo-1"))
	if err != nil {
		return fromLibrary(err)
	}
	verifyKey := publicOf(key)
	opts := []jwt.Option{jwt.WithTimeFunc(c.now), jwt.WithAudience(aud), jwt.WithIssuer(iss), jwt.WithAlgorithms(alg)}
	if _, err := jwt.Parse(tok, verifyKey, opts...); err != nil {
		return fromLibrary(err)
	}
	seg, err := splitSegments(tok)
	if err != nil {
		return err
	}
	report, err := writeReport(seg, now)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "Signed with %s, using a fresh in-memory key (%s):\n%s\n\nVerified (signature, exp, nbf, aud %q, iss %q):\n%s\n",
		alg, describeKey(key), tok, aud, iss, report)

	// One claim changed, signature kept: refused before any claim is read.
	parts, err := compact.Split(tok)
	if err != nil {
		return err
	}
	forged := strings.Replace(string(seg.payload), `"user-42"`, `"admin"`, 1)
	tampered := parts.Header + "." + base64.RawURLEncoding.EncodeToString([]byte(forged)) + "." + parts.Signature
	_, err = jwt.Parse(tampered, verifyKey, opts...)
	if err == nil {
		return fmt.Errorf("a tampered token verified")
	}
	fmt.Fprintf(c.stdout, "The same token with \"sub\" changed to \"admin\" is refused (exit %d with jwt verify): %s\n", exitCode(err), oneLine(err))
	return nil
}
