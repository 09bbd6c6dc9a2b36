//go:build go1.27

package pemkey_test

import (
	"bytes"
	"crypto/mldsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/pemkey"
)

// ML-DSA keys with Go 1.27's crypto/x509 (RFC 9881).

var mldsaSets = []struct {
	name   string
	alg    jwt.Algorithm
	params mldsa.Parameters
}{
	{"ML-DSA-44", jwt.MLDSA44, mldsa.MLDSA44()},
	{"ML-DSA-65", jwt.MLDSA65, mldsa.MLDSA65()},
	{"ML-DSA-87", jwt.MLDSA87, mldsa.MLDSA87()},
}

// TestRFC9881FixturesMatch: each parameter set's seed-only private key is
// the one crypto/mldsa makes from the seed 000102...1f, and its public key
// is the example's SPKI and certificate key.
func TestRFC9881FixturesMatch(t *testing.T) {
	seed := make([]byte, 32)
	for i := range seed {
		seed[i] = byte(i)
	}
	read := func(name string) any {
		data, err := os.ReadFile(filepath.Join("testdata", "rfc9881", name))
		if err != nil {
			t.Fatal(err)
		}
		k, err := pemkey.ParseKey(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return k
	}
	for _, s := range mldsaSets {
		want, err := mldsa.NewPrivateKey(s.params, seed)
		if err != nil {
			t.Fatal(err)
		}
		priv := read(s.name + "-seed.priv").(*mldsa.PrivateKey)
		if !priv.Equal(want) || !bytes.Equal(priv.Bytes(), seed) {
			t.Fatalf("%s: the seed-only key is not the seed 000102...1f's", s.name)
		}
		for _, f := range []string{".pub", ".crt"} {
			if pub := read(s.name + f).(*mldsa.PublicKey); !pub.Equal(want.PublicKey()) {
				t.Fatalf("%s%s: not the seed's public key", s.name, f)
			}
		}
	}
}

// TestMLDSAEncodeRoundTrip: EncodePrivateKey writes a new key of each set
// as seed-only PKCS#8 and EncodePublicKey as SPKI, both exactly as
// crypto/x509 marshals them; they read back as the same key, sign and
// verify a token; the kind-specific functions refuse the other kind and
// the other types.
func TestMLDSAEncodeRoundTrip(t *testing.T) {
	for _, s := range mldsaSets {
		t.Run(s.name, func(t *testing.T) {
			priv, err := mldsa.GenerateKey(s.params)
			if err != nil {
				t.Fatal(err)
			}
			privPEM, err := pemkey.EncodePrivateKey(priv)
			if err != nil {
				t.Fatal(err)
			}
			pubPEM, err := pemkey.EncodePublicKey(priv.PublicKey())
			if err != nil {
				t.Fatal(err)
			}
			block, _ := pem.Decode(privPEM)
			der, _ := x509.MarshalPKCS8PrivateKey(priv)
			if block.Type != "PRIVATE KEY" || !bytes.Equal(block.Bytes, der) || len(der) != 54 {
				t.Fatalf("private PEM %q, %d bytes of DER", block.Type, len(block.Bytes))
			}
			block, _ = pem.Decode(pubPEM)
			der, _ = x509.MarshalPKIXPublicKey(priv.PublicKey())
			if block.Type != "PUBLIC KEY" || !bytes.Equal(block.Bytes, der) {
				t.Fatalf("public PEM %q", block.Type)
			}

			signer, err := pemkey.ParsePrivateKey(privPEM)
			if err != nil || !signer.(*mldsa.PrivateKey).Equal(priv) {
				t.Fatalf("ParsePrivateKey: %v", err)
			}
			pub, err := pemkey.ParsePublicKey(pubPEM)
			if err != nil || !pub.(*mldsa.PublicKey).Equal(priv.PublicKey()) {
				t.Fatalf("ParsePublicKey: %v", err)
			}
			tok, err := jwt.Sign(s.alg, map[string]any{"sub": "pq", "exp": time.Now().Add(time.Hour).Unix()}, signer)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := jwt.Parse(tok, pub, jwt.WithAlgorithms(s.alg)); err != nil {
				t.Fatalf("a token signed with the PEM key: %v", err)
			}

			if _, err := pemkey.ParsePublicKey(privPEM); !errors.Is(err, pemkey.ErrWrongKeyType) || !strings.Contains(err.Error(), s.name+" private key") {
				t.Fatalf("ParsePublicKey(private): %v", err)
			}
			if _, err := pemkey.ParsePrivateKey(pubPEM); !errors.Is(err, pemkey.ErrWrongKeyType) || !strings.Contains(err.Error(), s.name+" public key") {
				t.Fatalf("ParsePrivateKey(public): %v", err)
			}
			if _, err := pemkey.ParseRSAPrivateKey(privPEM); !errors.Is(err, pemkey.ErrWrongKeyType) {
				t.Fatalf("ParseRSAPrivateKey: %v", err)
			}
			if _, err := pemkey.ParseECPublicKey(pubPEM); !errors.Is(err, pemkey.ErrWrongKeyType) {
				t.Fatalf("ParseECPublicKey: %v", err)
			}
			if _, err := pemkey.EncodePublicKey(priv); !errors.Is(err, pemkey.ErrWrongKeyType) {
				t.Fatalf("EncodePublicKey(private): %v", err)
			}
		})
	}
}

// TestMLDSAIncompleteAndMalformed: nil and zero ML-DSA keys are refused by
// the Encode functions with ErrUnsupportedKey, never a panic; an SPKI or
// seed-only PKCS#8 of the wrong size is ErrInvalidPEM; a seed-only key
// under a public label, or a public key under a private one, is refused.
func TestMLDSAIncompleteAndMalformed(t *testing.T) {
	for _, pub := range []any{(*mldsa.PublicKey)(nil), &mldsa.PublicKey{}} {
		if _, err := pemkey.EncodePublicKey(pub); !errors.Is(err, pemkey.ErrUnsupportedKey) {
			t.Fatalf("EncodePublicKey(%#v): %v", pub, err)
		}
	}
	for _, priv := range []*mldsa.PrivateKey{nil, {}} {
		if _, err := pemkey.EncodePrivateKey(priv); !errors.Is(err, pemkey.ErrUnsupportedKey) {
			t.Fatalf("EncodePrivateKey(%#v): %v", priv, err)
		}
	}
	priv, _ := mldsa.GenerateKey(mldsa.MLDSA65())
	spki, _ := x509.MarshalPKIXPublicKey(priv.PublicKey())
	pkcs8, _ := x509.MarshalPKCS8PrivateKey(priv)
	enc := func(label string, der []byte) []byte { return pem.EncodeToMemory(&pem.Block{Type: label, Bytes: der}) }

	// The SPKI's BIT STRING one octet short: lengths fixed up by hand
	// (SEQUENCE 82 07 b2, BIT STRING 82 07 a1 for ML-DSA-65).
	short := append([]byte(nil), spki[:len(spki)-1]...)
	if short[0] != 0x30 || short[1] != 0x82 || short[17] != 0x03 || short[18] != 0x82 {
		t.Fatalf("unexpected SPKI layout % x", spki[:20])
	}
	setLen := func(b []byte, at, n int) { b[at], b[at+1] = byte(n>>8), byte(n) }
	setLen(short, 2, len(short)-4)
	setLen(short, 19, len(short)-21)
	if _, err := pemkey.ParseKey(enc("PUBLIC KEY", short)); !errors.Is(err, pemkey.ErrInvalidPEM) {
		t.Fatalf("short ML-DSA SPKI: %v", err)
	}
	// The seed one octet short (the [0] and OCTET STRING lengths fixed).
	seedShort := append([]byte(nil), pkcs8[:len(pkcs8)-1]...)
	if seedShort[len(seedShort)-32] != 0x20 || seedShort[len(seedShort)-33] != 0x80 {
		t.Fatalf("unexpected PKCS#8 layout % x", pkcs8)
	}
	seedShort[1]--
	seedShort[len(seedShort)-34]--
	seedShort[len(seedShort)-32]--
	if _, err := pemkey.ParseKey(enc("PRIVATE KEY", seedShort)); !errors.Is(err, pemkey.ErrInvalidPEM) {
		t.Fatalf("short ML-DSA seed: %v", err)
	}
	if _, err := pemkey.ParseKey(enc("PUBLIC KEY", pkcs8)); !errors.Is(err, pemkey.ErrInvalidPEM) || !strings.Contains(err.Error(), "holds a private key") {
		t.Fatalf("ML-DSA private key under PUBLIC KEY: %v", err)
	}
	if _, err := pemkey.ParseKey(enc("PRIVATE KEY", spki)); !errors.Is(err, pemkey.ErrInvalidPEM) || !strings.Contains(err.Error(), "holds a public key") {
		t.Fatalf("ML-DSA public key under PRIVATE KEY: %v", err)
	}
}
