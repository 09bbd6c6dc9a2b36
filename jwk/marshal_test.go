package jwk_test

import (
	"crypto"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt/jwk"
)

// TestMarshalThroughEncodingJSON: Key and Set work as fields of the
// caller's structs with encoding/json, both ways, and every parameter
// survives (kid with characters JSON must escape included).
func TestMarshalThroughEncodingJSON(t *testing.T) {
	k := testKeys()
	set := jwk.NewSet(
		mustKey(t, k.rsa1, jwk.Params{KeyID: `quote " backslash \ <tag> é`, Algorithm: "PS256", Use: "sig", KeyOps: []string{"sign", "verify"}}),
		mustKey(t, k.ec521, jwk.Params{KeyID: "ec"}),
		mustKey(t, k.ed, jwk.Params{KeyID: "ed", KeyOps: []string{}}),
		mustKey(t, k.hmac, jwk.Params{KeyID: "hs", Algorithm: "HS512"}),
	)
	type config struct {
		Issuer string   `json:"issuer"`
		Keys   *jwk.Set `json:"jwks"`
		Key    *jwk.Key `json:"key"`
	}
	in := config{Issuer: "https://idp.example", Keys: set, Key: set.Keys()[0]}
	b, err := json.MarshalIndent(in, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	var out config
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if out.Keys.Len() != set.Len() || out.Key.KeyID() != in.Key.KeyID() {
		t.Fatalf("got %d keys, kid %q", out.Keys.Len(), out.Key.KeyID())
	}
	for i, want := range set.Keys() {
		got := out.Keys.Keys()[i]
		if got.KeyID() != want.KeyID() || got.Algorithm() != want.Algorithm() || got.Use() != want.Use() ||
			strings.Join(got.KeyOps(), ",") != strings.Join(want.KeyOps(), ",") || (got.KeyOps() == nil) != (want.KeyOps() == nil) ||
			got.IsPrivate() != want.IsPrivate() || got.KeyType() != want.KeyType() || got.Curve() != want.Curve() {
			t.Errorf("key %d: %+v, want %+v", i, got.Params(), want.Params())
		}
		t1, _ := got.Thumbprint(crypto.SHA256)
		t2, _ := want.Thumbprint(crypto.SHA256)
		if string(t1) != string(t2) {
			t.Errorf("key %d: thumbprint changed", i)
		}
	}
	var bad config
	if err := json.Unmarshal([]byte(`{"key":{"kty":"oct","k":"AAAA"}}`), &bad); !errors.Is(err, jwk.ErrWeakKey) {
		t.Fatalf("weak key through encoding/json: %v", err)
	}
}

func TestThumbprintHashes(t *testing.T) {
	k, err := jwk.ParseKey([]byte(rfc7638Key))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []crypto.Hash{crypto.SHA256, crypto.SHA384, crypto.SHA512} {
		sum, err := k.Thumbprint(h)
		if err != nil || len(sum) != h.Size() {
			t.Errorf("%v: %d bytes, %v", h, len(sum), err)
		}
	}
	if _, err := k.Thumbprint(crypto.Hash(999)); err == nil {
		t.Error("unavailable hash accepted")
	}
	// RFC 7638 section 3.2: only the required members count, so
	// parameters do not change the thumbprint.
	bare, _ := jwk.NewKey(k.PublicKey(), jwk.Params{})
	t1, _ := k.Thumbprint(crypto.SHA256)
	t2, _ := bare.Thumbprint(crypto.SHA256)
	if string(t1) != string(t2) {
		t.Error("kid/alg changed the thumbprint")
	}
}
