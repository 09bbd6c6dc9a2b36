package sdjwt_test

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/sdjwt"
)

// testIssuer returns an ES256 Issuer and the key verifying its JWTs.
func testIssuer(t *testing.T, sopts []jwt.Option, opts ...sdjwt.IssuerOption) (*sdjwt.Issuer, crypto.PublicKey) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := jwt.NewSigner(jwt.ES256, k, sopts...)
	if err != nil {
		t.Fatal(err)
	}
	is, err := sdjwt.NewIssuer(s, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return is, k.Public()
}

// signedPayload verifies the issuer JWT of issued with key and returns its
// payload, numbers as json.Number.
func signedPayload(t *testing.T, issued string, key any) map[string]any {
	t.Helper()
	s, err := sdjwt.Split(issued)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jwt.NewVerifier(key, jwt.WithType("JWT", "example+sd-jwt", "dc+sd-jwt"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if _, err := v.ParseWithClaims(s.IssuerJWT, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// reveal is the test's own small processor (RFC 9901 section 7.1 step 3,
// without the verifier's refusals): every digest found is replaced by its
// Disclosure, the rest (decoys, "_sd", "_sd_alg") dropped. It also counts
// the digests used, and fails the test on a digest seen twice.
func reveal(t *testing.T, payload map[string]any, discs []sdjwt.Disclosure, alg sdjwt.HashAlg) (out map[string]any, used int, decoys int) {
	t.Helper()
	byDigest := map[string]sdjwt.Disclosure{}
	for _, d := range discs {
		byDigest[d.Digest(alg)] = d
	}
	seen := map[string]bool{}
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			o := map[string]any{}
			for k, e := range x {
				if k != "_sd" && k != "_sd_alg" {
					o[k] = walk(e)
				}
			}
			if list, ok := x["_sd"].([]any); ok {
				for _, dg := range list {
					s := dg.(string)
					if seen[s] {
						t.Fatalf("digest %s twice", s)
					}
					seen[s] = true
					d, ok := byDigest[s]
					if !ok {
						decoys++
						continue
					}
					used++
					o[d.Name] = walk(decode(t, d.Value))
				}
			}
			return o
		case []any:
			var a []any
			for _, e := range x {
				if m, ok := e.(map[string]any); ok && len(m) == 1 && m["..."] != nil {
					s := m["..."].(string)
					seen[s] = true
					d, ok := byDigest[s]
					if !ok {
						decoys++
						continue
					}
					used++
					a = append(a, walk(decode(t, d.Value)))
					continue
				}
				a = append(a, walk(e))
			}
			return a
		}
		return v
	}
	return walk(payload).(map[string]any), used, decoys
}

func decode(t *testing.T, raw []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// canon returns v's JSON under encoding/json's sorted-key encoding.
func canon(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(decodeThenMarshal(t, b))
}

func decodeThenMarshal(t *testing.T, b []byte) []byte {
	t.Helper()
	out, err := json.Marshal(decode(t, b))
	if err != nil {
		t.Fatal(err)
	}
	return out
}
