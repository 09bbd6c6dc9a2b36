package jwk_test

import (
	"context"
	"crypto"
	"encoding/base64"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/signing"
	"github.com/jotlib/jwt/jwk"
)

// verifiable lists the algorithms k can verify.
func verifiable(k *jwk.Key) []jwt.Algorithm {
	var out []jwt.Algorithm
	for _, s := range signing.All() {
		if a := jwt.Algorithm(s); k.CanVerify(a) {
			out = append(out, a)
		}
	}
	return out
}

func TestRFC7517AppendixExamplesParse(t *testing.T) {
	type want struct {
		kty, crv, kid string
		private       bool
		verifies      []jwt.Algorithm
	}
	tests := []struct {
		name string
		set  string
		want []want
	}{
		{"A.1 public keys", rfc7517A1, []want{
			{"EC", "P-256", "1", false, nil}, // "use":"enc": never a verifier
			{"RSA", "", "2011-04-29", false, []jwt.Algorithm{jwt.RS256}},
		}},
		{"A.2 private keys", rfc7517A2, []want{
			{"EC", "P-256", "1", true, nil},
			{"RSA", "", "2011-04-29", true, []jwt.Algorithm{jwt.RS256}},
		}},
		// A.3: the A128KW key is 16 octets, below HMAC's 32-octet minimum,
		// but it is a key-wrap key: kept, never a verifier. The HMAC key is
		// 64 octets and has no "alg": it fits HS256, HS384 and HS512.
		{"A.3 symmetric keys", rfc7517A3, []want{
			{"oct", "", "", true, nil},
			{"oct", "", "HMAC key used in JWS spec Appendix A.1 example", true, []jwt.Algorithm{jwt.HS256, jwt.HS384, jwt.HS512}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := jwk.ParseSet([]byte(tt.set))
			if err != nil {
				t.Fatal(err)
			}
			keys := s.Keys()
			if len(keys) != len(tt.want) || len(s.Skipped()) != 0 {
				t.Fatalf("got %d keys (%v skipped), want %d", len(keys), s.Skipped(), len(tt.want))
			}
			for i, w := range tt.want {
				k := keys[i]
				got := want{k.KeyType(), k.Curve(), k.KeyID(), k.IsPrivate(), verifiable(k)}
				if got.kty != w.kty || got.crv != w.crv || got.kid != w.kid || got.private != w.private || !slices.Equal(got.verifies, w.verifies) {
					t.Errorf("key %d = %+v, want %+v", i, got, w)
				}
			}
		})
	}
}

func TestRFC7517AppendixA3KeyWrapKeyIsNotAnHMACKey(t *testing.T) {
	k, err := jwk.ParseKey([]byte(`{"kty":"oct","alg":"A128KW","k":"GawgguFyGrWKav7AX4VKUg"}`))
	if err != nil {
		t.Fatal(err)
	}
	// Kept, but it verifies nothing: 16 octets < 32 (RFC 7518 section 3.2).
	for _, alg := range []jwt.Algorithm{jwt.HS256, jwt.HS384, jwt.HS512} {
		if k.CanVerify(alg) {
			t.Errorf("CanVerify(%s) = true for a 16-octet key-wrap key", alg)
		}
		h := &jwt.Header{Algorithm: string(alg)}
		if _, err := jwk.NewSet(k).VerificationKeys(context.Background(), h); !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("VerificationKeys(%s) error = %v, want ErrInvalidKey", alg, err)
		}
	}
	// The same 16 octets offered for signatures are refused as weak
	// (RFC 7518 section 3.2).
	for _, src := range []string{
		`{"kty":"oct","k":"GawgguFyGrWKav7AX4VKUg"}`,
		`{"kty":"oct","alg":"HS256","k":"GawgguFyGrWKav7AX4VKUg"}`,
		`{"kty":"oct","use":"sig","k":"GawgguFyGrWKav7AX4VKUg"}`,
	} {
		if _, err := jwk.ParseKey([]byte(src)); !errors.Is(err, jwk.ErrWeakKey) {
			t.Errorf("ParseKey(%s) error = %v, want ErrWeakKey", src, err)
		}
	}
}

func TestRFC7517AppendixBKeyWithX5cParses(t *testing.T) {
	k, err := jwk.ParseKey([]byte(rfc7517B))
	if err != nil {
		t.Fatal(err)
	}
	if k.KeyID() != "1b94c" || k.Use() != "sig" || !k.CanVerify(jwt.RS256) || !k.CanVerify(jwt.PS512) {
		t.Fatalf("appendix B key: kid %q use %q algs %v", k.KeyID(), k.Use(), verifiable(k))
	}
}

func TestRFC7520Section3KeysParse(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		kty, crv string
		private  bool
		verifies []jwt.Algorithm
	}{
		{"3.1 EC public", rfc7520EC, "EC", "P-521", false, []jwt.Algorithm{jwt.ES512}},
		{"3.2 EC private", rfc7520ECPrivate, "EC", "P-521", true, []jwt.Algorithm{jwt.ES512}},
		{"3.3 RSA public", rfc7520RSA, "RSA", "", false, []jwt.Algorithm{jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512}},
		{"3.4 RSA private", rfc7520RSAPrivate, "RSA", "", true, []jwt.Algorithm{jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512}},
		{"3.5 symmetric MAC", rfc7520HMAC, "oct", "", true, []jwt.Algorithm{jwt.HS256}},
		{"3.6 symmetric encryption", rfc7520AES, "oct", "", true, nil},
		{"RFC 8037 A.1 Ed25519 private", rfc8037Private, "OKP", "Ed25519", true, []jwt.Algorithm{jwt.EdDSA, jwt.Ed25519}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := jwk.ParseKey([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if k.KeyType() != tt.kty || k.Curve() != tt.crv || k.IsPrivate() != tt.private || !slices.Equal(verifiable(k), tt.verifies) {
				t.Fatalf("got %s %q private=%v verifies %v", k.KeyType(), k.Curve(), k.IsPrivate(), verifiable(k))
			}
		})
	}
}

func TestRFC7638Section3_1Thumbprint(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"RFC 7638 3.1 RSA", rfc7638Key, rfc7638Thumbprint},
		{"RFC 7517 A.2 private RSA has its public thumbprint", "", rfc7638Thumbprint},
		{"RFC 8037 A.3 Ed25519", rfc8037Private, rfc8037Thumbprint},
	}
	a2, err := jwk.ParseSet([]byte(rfc7517A2))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var k *jwk.Key
			if tt.src == "" {
				k = a2.LookupKeyID("2011-04-29")[0]
			} else if k, err = jwk.ParseKey([]byte(tt.src)); err != nil {
				t.Fatal(err)
			}
			sum, err := k.Thumbprint(crypto.SHA256)
			if err != nil {
				t.Fatal(err)
			}
			if got := base64.RawURLEncoding.EncodeToString(sum); got != tt.want {
				t.Fatalf("thumbprint %s, want %s", got, tt.want)
			}
		})
	}
}

func TestRFC7517ExamplesRoundTrip(t *testing.T) {
	for _, src := range []string{rfc7517B, rfc7520EC, rfc7520ECPrivate, rfc7520RSA, rfc7520RSAPrivate, rfc7520HMAC, rfc7520AES, rfc8037Private, rfc7638Key} {
		k, err := jwk.ParseKey([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		out, err := k.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		k2, err := jwk.ParseKey(out)
		if err != nil {
			t.Fatalf("re-parse %s: %v", out, err)
		}
		out2, _ := k2.MarshalJSON()
		if string(out) != string(out2) || k2.KeyID() != k.KeyID() || k2.IsPrivate() != k.IsPrivate() {
			t.Fatalf("round trip differs:\n%s\n%s", out, out2)
		}
		t1, _ := k.Thumbprint(crypto.SHA256)
		t2, _ := k2.Thumbprint(crypto.SHA256)
		if string(t1) != string(t2) {
			t.Fatal("thumbprint changed in the round trip")
		}
	}
}

// TestRFC7517AppendixA3KeyVerifiesRFC7515AppendixA1: the published HMAC key,
// read as a JWK Set, verifies the published HS256 token, chosen by "alg"
// since the token has no "kid"; the key-wrap key next to it is never tried.
func TestRFC7517AppendixA3KeyVerifiesRFC7515AppendixA1(t *testing.T) {
	set, err := jwk.ParseSet([]byte(rfc7517A3))
	if err != nil {
		t.Fatal(err)
	}
	beforeExp := jwt.WithTimeFunc(func() time.Time { return time.Unix(1300819380-60, 0) })
	tok, err := jwt.Parse(rfc7515A1Token, set, beforeExp)
	if err != nil {
		t.Fatal(err)
	}
	if tok.Claims.(map[string]any)["iss"] != "joe" {
		t.Fatalf("claims %v", tok.Claims)
	}
	altered := rfc7515A1Token[:len(rfc7515A1Token)-1] + "Y"
	if _, err := jwt.Parse(altered, set, beforeExp); !errors.Is(err, jwt.ErrSignatureInvalid) {
		t.Fatalf("altered signature: %v", err)
	}
}
