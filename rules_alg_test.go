package jwt_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/corpus"
)

// TestAlgorithmIsBoundToTheKeyTypeBeforeAnyCrypto_RFC8725_3_1 runs the
// corpus's algorithm-confusion attacks: HS256 signed with the RSA public
// key's PEM, ES384 for a P-256 key, other families and WithAlgorithms.
func TestAlgorithmIsBoundToTheKeyTypeBeforeAnyCrypto_RFC8725_3_1(t *testing.T) {
	rtRunCorpus(t, "alg/")
}

// rtAlgKeys pairs each algorithm with its signing key.
func rtAlgKeys() []struct {
	alg  jwt.Algorithm
	sign any
} {
	k := corpus.Keys()
	return []struct {
		alg  jwt.Algorithm
		sign any
	}{
		{jwt.HS256, k.HS512}, {jwt.HS384, k.HS512}, {jwt.HS512, k.HS512},
		{jwt.RS256, k.RSA}, {jwt.RS384, k.RSA}, {jwt.RS512, k.RSA},
		{jwt.PS256, k.RSA}, {jwt.PS384, k.RSA}, {jwt.PS512, k.RSA},
		{jwt.ES256, k.P256}, {jwt.ES384, k.P384}, {jwt.ES512, k.P521},
		{jwt.EdDSA, k.Ed25519}, {jwt.Ed25519, k.Ed25519},
	}
}

// TestKeyTypeFixesTheAlgorithmFamily_RFC8725_3_1 crosses every algorithm
// with every kind of verification key: []byte → HS*, RSA → RS*/PS*, ECDSA →
// the ES* of its curve only, Ed25519 → EdDSA/Ed25519; everything else is
// ErrAlgorithmNotAllowed.
func TestKeyTypeFixesTheAlgorithmFamily_RFC8725_3_1(t *testing.T) {
	k := corpus.Keys()
	verifiers := []struct {
		name    string
		key     any
		accepts map[jwt.Algorithm]bool
	}{
		{"hmac-64", k.HS512, map[jwt.Algorithm]bool{jwt.HS256: true, jwt.HS384: true, jwt.HS512: true}},
		{"rsa-public", &k.RSA.PublicKey, map[jwt.Algorithm]bool{jwt.RS256: true, jwt.RS384: true, jwt.RS512: true, jwt.PS256: true, jwt.PS384: true, jwt.PS512: true}},
		{"p256", &k.P256.PublicKey, map[jwt.Algorithm]bool{jwt.ES256: true}},
		{"p384", &k.P384.PublicKey, map[jwt.Algorithm]bool{jwt.ES384: true}},
		{"p521", &k.P521.PublicKey, map[jwt.Algorithm]bool{jwt.ES512: true}},
		{"ed25519", k.Ed25519.Public(), map[jwt.Algorithm]bool{jwt.EdDSA: true, jwt.Ed25519: true}},
	}
	for _, s := range rtAlgKeys() {
		tok, err := jwt.Sign(s.alg, map[string]any{"sub": "a"}, s.sign)
		if err != nil {
			t.Fatalf("Sign %s: %v", s.alg, err)
		}
		for _, v := range verifiers {
			_, err := jwt.Parse(tok, v.key)
			if v.accepts[s.alg] {
				if err != nil {
					t.Errorf("%s token, %s key: got %v, want valid", s.alg, v.name, err)
				}
			} else if !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
				t.Errorf("%s token, %s key: got %v, want ErrAlgorithmNotAllowed", s.alg, v.name, err)
			}
		}
	}
}

// rtCountingKeySet counts key lookups.
type rtCountingKeySet struct {
	calls atomic.Int32
	keys  []any
}

func (s *rtCountingKeySet) VerificationKeys(context.Context, *jwt.Header) ([]any, error) {
	s.calls.Add(1)
	return s.keys, nil
}

// TestUnknownAlgorithmIsRefusedBeforeAKeyIsFetched_RFC8725_3_1: "alg" is
// decided before a KeyFunc or KeySet runs.
func TestUnknownAlgorithmIsRefusedBeforeAKeyIsFetched_RFC8725_3_1(t *testing.T) {
	set := &rtCountingKeySet{keys: []any{rtSecret}}
	for _, alg := range []string{"none", "HS1024", "hs256", "RSA-OAEP", "dir"} {
		tok := rtHS256(`{"alg":"`+alg+`"}`, `{}`)
		if _, err := jwt.Parse(tok, set); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
			t.Errorf("alg %q: got %v, want ErrAlgorithmNotAllowed", alg, err)
		}
	}
	if n := set.calls.Load(); n != 0 {
		t.Errorf("the KeySet was asked %d times", n)
	}
	if _, err := jwt.Parse(rtHS256(`{"alg":"HS256"}`, `{}`), set); err != nil || set.calls.Load() != 1 {
		t.Errorf("a known algorithm: err %v, %d lookups", err, set.calls.Load())
	}
}

// TestWithAlgorithmsNarrowsTheKeysFamily_RFC8725_3_1.
func TestWithAlgorithmsNarrowsTheKeysFamily_RFC8725_3_1(t *testing.T) {
	k := corpus.Keys()
	rs, _ := jwt.Sign(jwt.RS256, map[string]any{}, k.RSA)
	ps, _ := jwt.Sign(jwt.PS256, map[string]any{}, k.RSA)
	tests := []struct {
		name  string
		token string
		key   any
		algs  []jwt.Algorithm
		want  error // from Parse
	}{
		{"RS256 allowed", rs, &k.RSA.PublicKey, []jwt.Algorithm{jwt.RS256}, nil},
		{"PS256 not listed", ps, &k.RSA.PublicKey, []jwt.Algorithm{jwt.RS256}, jwt.ErrAlgorithmNotAllowed},
		{"both listed", ps, &k.RSA.PublicKey, []jwt.Algorithm{jwt.RS256, jwt.PS256}, nil},
		{"only algorithms the key cannot use", rs, &k.RSA.PublicKey, []jwt.Algorithm{jwt.ES256}, jwt.ErrAlgorithmNotAllowed},
		{"none is not an algorithm", rs, &k.RSA.PublicKey, []jwt.Algorithm{"none"}, jwt.ErrInvalidOption},
		{"empty list", rs, &k.RSA.PublicKey, []jwt.Algorithm{}, jwt.ErrInvalidOption},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := jwt.Parse(tc.token, tc.key, jwt.WithAlgorithms(tc.algs...))
			if tc.want == nil {
				if err != nil {
					t.Fatalf("got %v, want valid", err)
				}
			} else if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
}
