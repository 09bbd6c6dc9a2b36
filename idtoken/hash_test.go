package idtoken_test

import (
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"hash"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/internal/signing"
)

// OpenID Connect Core 1.0 sections 3.1.3.6, 3.2.2.9 and 3.3.2.11: "at_hash"
// and "c_hash" are "the base64url encoding of the left-most half of the
// hash of the octets of the ASCII representation" of the value. These are
// values published by other implementations and the spec: the spec's own
// (Appendix A.3 and A.6), PingFederate's developer guide (RS256), Google's
// (an OAuth Playground response, RS256), and FusionAuth's JWT library
// tests (HS384, HS512 and EdDSA, which OpenID Connect issue 1125 settled
// as SHA-512 for Ed25519).
func TestOIDCCore_3_1_3_6_LeftHalfHashPublishedValues(t *testing.T) {
	cases := []struct {
		alg         jwt.Algorithm
		value, want string
	}{
		{jwt.RS256, "jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y", "77QmUPtjPfzWtF2AnpK9RQ"},                                         // OIDC Core A.3
		{jwt.RS256, "Qcb0Orv1zh30vL1MPRsbm-diHiMwcLyZvn1arpZv-Jxf_11jnpEX3Tgfvk", "LDktKdoQak3Pk0cnXxCltA"},                          // OIDC Core A.4, A.6
		{jwt.RS256, "dNZX1hEZ9wBCzNL40Upu646bdzQA", "wfgvmE9VxjAudsl9lc6TqA"},                                                        // PingFederate
		{jwt.HS256, "dNZX1hEZ9wBCzNL40Upu646bdzQA", "wfgvmE9VxjAudsl9lc6TqA"},                                                        // FusionAuth
		{jwt.HS384, "dNZX1hEZ9wBCzNL40Upu646bdzQA", "phZaPQJosyg-qi-OIYyQ3xJB9wsHYEEz"},                                              // FusionAuth
		{jwt.HS512, "dNZX1hEZ9wBCzNL40Upu646bdzQA", "8xltSlOGYrWy8W9yNvRlEth1i_bXW-JROWPLvCv5zog"},                                   // FusionAuth
		{jwt.EdDSA, "dNZX1hEZ9wBCzNL40Upu646bdzQA", "8xltSlOGYrWy8W9yNvRlEth1i_bXW-JROWPLvCv5zog"},                                   // FusionAuth, issue 1125
		{jwt.RS256, "1940a308-d492-3660-a9f8-46723cc582e9", "JrZY9MtYVEIIJUx-DDBmww"},                                                // FusionAuth
		{jwt.RS256, "ya29.eQETFbFOkAs8nWHcmYXKwEi0Zz46NfsrUU_KuQLOLTwWS40y6Fb99aVzEXC0U14m61lcPMIr1hEIBA", "aUAkJG-u6x4RTWuILWy-CA"}, // Google
	}
	for _, c := range cases {
		got, err := idtoken.LeftHalfHash(c.alg, c.value)
		if err != nil || got != c.want {
			t.Errorf("LeftHalfHash(%s, %q) = %q, %v; want %q", c.alg, c.value, got, err, c.want)
		}
	}
}

// OpenID Connect Core 1.0 section 3.2.2.9 step 1: "Hash the octets of the
// ASCII representation of the access_token with the hash algorithm
// specified in JWA for the alg Header Parameter of the ID Token's JOSE
// Header." For every algorithm the library signs with, LeftHalfHash is the
// left half of SHA-256, SHA-384 or SHA-512, computed here with crypto/sha*
// directly: 16, 24 or 32 bytes, 22, 32 or 43 base64url characters.
func TestOIDCCore_3_2_2_9_LeftHalfHashEveryAlgorithm(t *testing.T) {
	hashes := map[jwt.Algorithm]func() hash.Hash{
		jwt.HS256: sha256.New, jwt.RS256: sha256.New, jwt.PS256: sha256.New, jwt.ES256: sha256.New,
		jwt.HS384: sha512.New384, jwt.RS384: sha512.New384, jwt.PS384: sha512.New384, jwt.ES384: sha512.New384,
		jwt.HS512: sha512.New, jwt.RS512: sha512.New, jwt.PS512: sha512.New, jwt.ES512: sha512.New,
		jwt.EdDSA: sha512.New, jwt.Ed25519: sha512.New,
	}
	for _, a := range signing.All() {
		alg := jwt.Algorithm(a)
		newHash, ok := hashes[alg]
		if !ok {
			// An algorithm added to the library (ML-DSA) has no at_hash
			// hash until OpenID Connect defines one.
			if _, err := idtoken.LeftHalfHash(alg, "x"); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
				t.Errorf("%s: %v, want ErrAlgorithmNotAllowed", alg, err)
			}
			continue
		}
		for _, value := range []string{"", "jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y", "a code with spaces"} {
			h := newHash()
			h.Write([]byte(value))
			sum := h.Sum(nil)
			want := base64.RawURLEncoding.EncodeToString(sum[:len(sum)/2])
			got, err := idtoken.LeftHalfHash(alg, value)
			if err != nil || got != want {
				t.Errorf("LeftHalfHash(%s, %q) = %q, %v; want %q", alg, value, got, err, want)
			}
			if n := map[int]int{32: 22, 48: 32, 64: 43}[len(sum)]; len(got) != n {
				t.Errorf("%s: %d characters, want %d", alg, len(got), n)
			}
		}
	}
}

// OpenID Connect Core 1.0 section 3.1.3.6 names the hash by "alg": for an
// algorithm it defines none for (ML-DSA, RFC 9964; "none"; an unknown or
// mis-cased name), LeftHalfHash is a clear error, never a guessed hash.
func TestOIDCCore_3_1_3_6_NoHashForOtherAlgorithms(t *testing.T) {
	for _, alg := range []jwt.Algorithm{"ML-DSA-44", "ML-DSA-65", "ML-DSA-87", "none", "", "rs256", "Ed448", "ES256K", "HS1"} {
		got, err := idtoken.LeftHalfHash(alg, "x")
		if !errors.Is(err, jwt.ErrAlgorithmNotAllowed) || got != "" {
			t.Errorf("LeftHalfHash(%q) = %q, %v; want ErrAlgorithmNotAllowed", alg, got, err)
		}
	}
}
