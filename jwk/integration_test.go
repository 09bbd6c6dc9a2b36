package jwk_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/signing"
	"github.com/jotlib/jwt/jwk"
)

// TestSetAsKeyVerifiesTokensSignedWithKeyID: a *jwk.Set is accepted as the
// key of jwt.Parse and jwt.NewVerifier and picks the key by "kid".
func TestSetAsKeyVerifiesTokensSignedWithKeyID(t *testing.T) {
	t.Parallel()
	k := testKeys()
	set := jwk.NewSet(
		mustKey(t, k.hmac, jwk.Params{KeyID: "hs", Algorithm: "HS256"}),
		mustKey(t, &k.rsa1.PublicKey, jwk.Params{KeyID: "rs", Use: "sig"}),
		mustKey(t, k.rsa2, jwk.Params{KeyID: "ps", Algorithm: "PS384"}), // private: verifies with its public half
		mustKey(t, &k.ec256.PublicKey, jwk.Params{KeyID: "es256", KeyOps: []string{"verify"}}),
		mustKey(t, &k.ec384.PublicKey, jwk.Params{KeyID: "es384"}),
		mustKey(t, &k.ec521.PublicKey, jwk.Params{KeyID: "es512"}),
		mustKey(t, k.ed.Public(), jwk.Params{KeyID: "ed"}),
	)
	// The same set, published and read back, as a verifier would get it.
	parsed, err := jwk.ParseSet(mustJSON(t, set))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		alg jwt.Algorithm
		key any
		kid string
	}{
		{jwt.HS256, k.hmac, "hs"},
		{jwt.RS256, k.rsa1, "rs"},
		{jwt.PS256, k.rsa1, "rs"},
		{jwt.PS384, k.rsa2, "ps"},
		{jwt.ES256, k.ec256, "es256"},
		{jwt.ES384, k.ec384, "es384"},
		{jwt.ES512, k.ec521, "es512"},
		{jwt.EdDSA, k.ed, "ed"},
		{jwt.Ed25519, k.ed, "ed"},
	}
	for _, s := range []*jwk.Set{set, parsed} {
		v, err := jwt.NewVerifier(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range tests {
			tok := mustSign(t, tt.alg, tt.key, tt.kid)
			if _, err := jwt.Parse(tok, s); err != nil {
				t.Errorf("Parse %s kid %s: %v", tt.alg, tt.kid, err)
			}
			tk, err := v.ParseContext(context.Background(), tok)
			if err != nil {
				t.Errorf("Verifier %s kid %s: %v", tt.alg, tt.kid, err)
				continue
			}
			if tk.Header.KeyID != tt.kid || tk.Claims.(map[string]any)["sub"] != "user-42" {
				t.Errorf("token %+v", tk)
			}
		}
	}
}

// TestSetSelectionHonoursKidAlgUseAndKeyOps: RFC 7517 sections 4.2-4.5 and
// RFC 8725 section 3.1 applied to choosing the key.
func TestSetSelectionHonoursKidAlgUseAndKeyOps(t *testing.T) {
	k := testKeys()
	tests := []struct {
		name    string
		key     *jwk.Key
		alg     jwt.Algorithm
		signKey any
		kid     string // token kid
		ok      bool
	}{
		{"kid matches", mustKey(t, &k.ec256.PublicKey, jwk.Params{KeyID: "a"}), jwt.ES256, k.ec256, "a", true},
		{"kid differs", mustKey(t, &k.ec256.PublicKey, jwk.Params{KeyID: "a"}), jwt.ES256, k.ec256, "b", false},
		{"kid is case-sensitive", mustKey(t, &k.ec256.PublicKey, jwk.Params{KeyID: "a"}), jwt.ES256, k.ec256, "A", false},
		{"no kid: key of the right type is tried", mustKey(t, &k.ec256.PublicKey, jwk.Params{KeyID: "a"}), jwt.ES256, k.ec256, "", true},
		{"token kid, key without kid: not chosen", mustKey(t, &k.ec256.PublicKey, jwk.Params{}), jwt.ES256, k.ec256, "a", false},
		{"key alg must equal token alg", mustKey(t, &k.rsa1.PublicKey, jwk.Params{KeyID: "a", Algorithm: "PS256"}), jwt.RS256, k.rsa1, "a", false},
		{"key alg equal", mustKey(t, &k.rsa1.PublicKey, jwk.Params{KeyID: "a", Algorithm: "RS256"}), jwt.RS256, k.rsa1, "a", true},
		{"use sig", mustKey(t, &k.ec256.PublicKey, jwk.Params{KeyID: "a", Use: "sig"}), jwt.ES256, k.ec256, "a", true},
		{"use enc is never used to verify", mustKey(t, &k.ec256.PublicKey, jwk.Params{KeyID: "a", Use: "enc"}), jwt.ES256, k.ec256, "a", false},
		{"use other is never used to verify", mustKey(t, &k.ec256.PublicKey, jwk.Params{KeyID: "a", Use: "x"}), jwt.ES256, k.ec256, "a", false},
		{"key_ops with verify", mustKey(t, &k.ec256.PublicKey, jwk.Params{KeyID: "a", KeyOps: []string{"sign", "verify"}}), jwt.ES256, k.ec256, "a", true},
		{"key_ops without verify", mustKey(t, &k.ec256.PublicKey, jwk.Params{KeyID: "a", KeyOps: []string{"sign"}}), jwt.ES256, k.ec256, "a", false},
		{"empty key_ops allows nothing", mustKey(t, &k.ec256.PublicKey, jwk.Params{KeyID: "a", KeyOps: []string{}}), jwt.ES256, k.ec256, "a", false},
		{"alg confusion: HS256 signed with an RSA public key's bytes", mustKey(t, &k.rsa1.PublicKey, jwk.Params{KeyID: "a"}), jwt.HS256, x509.MarshalPKCS1PublicKey(&k.rsa1.PublicKey), "a", false},
		{"HMAC key", mustKey(t, k.hmac, jwk.Params{KeyID: "a"}), jwt.HS512, k.hmac, "a", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tok := mustSign(t, tt.alg, tt.signKey, tt.kid)
			_, err := jwt.Parse(tok, jwk.NewSet(tt.key))
			if tt.ok && err != nil {
				t.Fatalf("want accepted, got %v", err)
			}
			if !tt.ok && (!errors.Is(err, jwk.ErrKeyNotFound) || !errors.Is(err, jwt.ErrInvalidKey)) {
				t.Fatalf("want ErrKeyNotFound and jwt.ErrInvalidKey, got %v", err)
			}
		})
	}
}

// TestSetNeverHandsOutPrivateKeys: RFC 8725 spirit, "never use a private
// member to verify where a public one exists": the candidates are prepared
// verifying keys made from public halves.
func TestSetNeverHandsOutPrivateKeys(t *testing.T) {
	k := testKeys()
	set := jwk.NewSet(mustKey(t, k.rsa1, jwk.Params{KeyID: "r"}), mustKey(t, k.ec256, jwk.Params{KeyID: "e"}), mustKey(t, k.ed, jwk.Params{KeyID: "d"}))
	for _, h := range []jwt.Header{{Algorithm: "RS256", KeyID: "r"}, {Algorithm: "ES256", KeyID: "e"}, {Algorithm: "EdDSA", KeyID: "d"}, {Algorithm: "ES256"}} {
		keys, err := set.VerificationKeys(context.Background(), &h)
		if err != nil || len(keys) != 1 {
			t.Fatalf("%+v: %v %v", h, keys, err)
		}
		if _, ok := keys[0].(*signing.VerifyingKey); !ok {
			t.Fatalf("%+v: candidate of type %T, want *signing.VerifyingKey", h, keys[0])
		}
	}
	for _, key := range set.Keys() {
		if key.PublicKey() == nil || !key.IsPrivate() {
			t.Fatalf("%s: public %T private %v", key.KeyID(), key.PublicKey(), key.IsPrivate())
		}
		pub, err := key.Public()
		if err != nil || pub.IsPrivate() {
			t.Fatalf("Public(): %v", err)
		}
		b, _ := pub.MarshalJSON()
		if k2, err := jwk.ParseKey(b); err != nil || k2.IsPrivate() {
			t.Fatalf("published key %s: %v", b, err)
		}
	}
}

// TestSetTriesEveryFittingKeyWithoutKid: with no "kid", each key whose type
// and "alg" fit is tried, so a token signed by the second key verifies.
func TestSetTriesEveryFittingKeyWithoutKid(t *testing.T) {
	k := testKeys()
	set := jwk.NewSet(
		mustKey(t, &k.rsa1.PublicKey, jwk.Params{KeyID: "1"}),
		mustKey(t, &k.ec256.PublicKey, jwk.Params{KeyID: "2"}),
		mustKey(t, &k.rsa2.PublicKey, jwk.Params{KeyID: "3"}),
	)
	keys, err := set.VerificationKeys(context.Background(), &jwt.Header{Algorithm: "RS256"})
	if err != nil || len(keys) != 2 {
		t.Fatalf("RS256 candidates %d, %v; want the 2 RSA keys", len(keys), err)
	}
	if _, err := jwt.Parse(mustSign(t, jwt.RS256, k.rsa2, ""), set); err != nil {
		t.Fatal(err)
	}
	// A wrong signature is still ErrSignatureInvalid, not a key error.
	other, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	_, err = jwt.Parse(mustSign(t, jwt.ES384, other, ""), jwk.NewSet(mustKey(t, &k.ec384.PublicKey, jwk.Params{})))
	if !errors.Is(err, jwt.ErrSignatureInvalid) || errors.Is(err, jwt.ErrInvalidKey) {
		t.Fatal(err)
	}
}
