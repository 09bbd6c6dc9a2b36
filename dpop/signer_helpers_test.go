package dpop_test

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// Helpers of the client-side tests (prefix sg): keys made once, and a
// proof's header and claims decoded by hand.

// sgNow is the client's clock in the tests.
var sgNow = time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)

// sgKeyCase is one algorithm and a key of it.
type sgKeyCase struct {
	alg  jwt.Algorithm
	key  crypto.Signer
	kty  string
	jwks []string // the public JWK's members, sorted
}

var (
	sgKeysOnce sync.Once
	sgKeysList []sgKeyCase
)

// sgKeys are one key per classical family and curve (RFC 9449 section
// 4.2: any asymmetric JWS algorithm); RSA keys take time, so they are
// made once.
func sgKeys(t testing.TB) []sgKeyCase {
	t.Helper()
	sgKeysOnce.Do(func() {
		ec := func(c elliptic.Curve) *ecdsa.PrivateKey { k, _ := ecdsa.GenerateKey(c, rand.Reader); return k }
		rk, _ := rsa.GenerateKey(rand.Reader, 2048)
		_, ed, _ := ed25519.GenerateKey(rand.Reader)
		ecm := []string{"crv", "kty", "x", "y"}
		sgKeysList = []sgKeyCase{
			{jwt.ES256, ec(elliptic.P256()), "EC", ecm},
			{jwt.ES384, ec(elliptic.P384()), "EC", ecm},
			{jwt.ES512, ec(elliptic.P521()), "EC", ecm},
			{jwt.RS256, rk, "RSA", []string{"e", "kty", "n"}},
			{jwt.PS256, rk, "RSA", []string{"e", "kty", "n"}},
			{jwt.EdDSA, ed, "OKP", []string{"crv", "kty", "x"}},
			{jwt.Ed25519, ed, "OKP", []string{"crv", "kty", "x"}},
		}
	})
	return sgKeysList
}

// sgSigner is an ES256 dpop.Signer with a fresh key.
func sgSigner(t testing.TB) *dpop.Signer {
	t.Helper()
	k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	s, err := dpop.NewSigner(jwt.ES256, k)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sgDecoded is a proof's header and claims as JSON objects.
type sgDecoded struct {
	header, claims map[string]json.RawMessage
}

// sgDecode splits and decodes a compact proof without verifying it.
func sgDecode(t testing.TB, proof string) sgDecoded {
	t.Helper()
	parts := strings.Split(proof, ".")
	if len(parts) != 3 {
		t.Fatalf("proof has %d parts: %q", len(parts), proof)
	}
	var d sgDecoded
	for i, dst := range []*map[string]json.RawMessage{&d.header, &d.claims} {
		b, err := base64.RawURLEncoding.DecodeString(parts[i])
		if err != nil {
			t.Fatalf("segment %d: %v", i, err)
		}
		if err := json.Unmarshal(b, dst); err != nil {
			t.Fatalf("segment %d %s: %v", i, b, err)
		}
	}
	return d
}

// str is the string member name of an object, "" when absent.
func (d sgDecoded) str(t testing.TB, obj map[string]json.RawMessage, name string) string {
	t.Helper()
	raw, ok := obj[name]
	if !ok {
		return ""
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatalf("%q is not a string: %s", name, raw)
	}
	return s
}

// sgNames are the member names of an object, sorted.
func sgNames(obj map[string]json.RawMessage) []string { return slices.Sorted(maps.Keys(obj)) }

func sgUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

func sgMapKeys[V any](m map[string]V) func(func(string) bool) { return maps.Keys(m) }
