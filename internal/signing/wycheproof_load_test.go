package signing_test

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"testing"
)

// wycheproofDir is the Wycheproof snapshot, relative to this package
// (repo root's ../shared/testdata/wycheproof; see SOURCE.md there).
var wycheproofDir = filepath.Join("..", "..", "..", "shared", "testdata", "wycheproof")

// wpFile is the part of Wycheproof's v1 schemas these tests read.
type wpFile struct {
	Algorithm     string    `json:"algorithm"`
	NumberOfTests int       `json:"numberOfTests"`
	TestGroups    []wpGroup `json:"testGroups"`
}

type wpGroup struct {
	Type         string   `json:"type"`
	KeySize      int      `json:"keySize"` // bits (HMAC, RSA)
	TagSize      int      `json:"tagSize"` // bits (HMAC)
	SHA          string   `json:"sha"`
	MGF          string   `json:"mgf"`
	MGFSHA       string   `json:"mgfSha"`
	SLen         int      `json:"sLen"`
	PublicKeyDER string   `json:"publicKeyDer"`
	PublicKeyPEM string   `json:"publicKeyPem"`
	PublicKeyJWK *wpJWK   `json:"publicKeyJwk"`
	KeyJWK       *wpJWK   `json:"keyJwk"` // RSA PKCS #1 files
	Tests        []wpTest `json:"tests"`
}

type wpJWK struct {
	Kty string `json:"kty"`
	Crv string `json:"crv"`
	N   string `json:"n"`
	E   string `json:"e"`
	X   string `json:"x"`
	Y   string `json:"y"`
}

type wpTest struct {
	TCID    int      `json:"tcId"`
	Comment string   `json:"comment"`
	Flags   []string `json:"flags"`
	Key     string   `json:"key"` // HMAC, hex
	Msg     string   `json:"msg"` // hex
	Sig     string   `json:"sig"` // hex
	Tag     string   `json:"tag"` // HMAC, hex
	Result  string   `json:"result"`
}

// loadWycheproof reads one vector file, skipping the test when the
// snapshot is absent.
func loadWycheproof(t *testing.T, name string) *wpFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(wycheproofDir, name))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("Wycheproof vectors not found (%s is absent); skipping", filepath.Join(wycheproofDir, name))
	}
	if err != nil {
		t.Fatal(err)
	}
	var f wpFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	n := 0
	for _, g := range f.TestGroups {
		n += len(g.Tests)
	}
	if n != f.NumberOfTests || n == 0 {
		t.Fatalf("%s: read %d tests, file says %d", name, n, f.NumberOfTests)
	}
	return &f
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// wpHash maps Wycheproof's hash names; ok is false for hashes no JWS
// algorithm uses (SHA-1, SHA-224, ...).
func wpHash(name string) (crypto.Hash, bool) {
	switch name {
	case "SHA-256":
		return crypto.SHA256, true
	case "SHA-384":
		return crypto.SHA384, true
	case "SHA-512":
		return crypto.SHA512, true
	}
	return 0, false
}

// groupPublicKey builds the group's public key from whichever key material
// is present: DER (SPKI), else PEM, else JWK. When a JWK is present as
// well, it must describe the same key.
func groupPublicKey(g *wpGroup) (crypto.PublicKey, error) {
	var pub crypto.PublicKey
	var err error
	switch {
	case g.PublicKeyDER != "":
		der, herr := hex.DecodeString(g.PublicKeyDER)
		if herr != nil {
			return nil, herr
		}
		pub, err = x509.ParsePKIXPublicKey(der)
	case g.PublicKeyPEM != "":
		block, _ := pem.Decode([]byte(g.PublicKeyPEM))
		if block == nil {
			return nil, errors.New("no PEM block")
		}
		pub, err = x509.ParsePKIXPublicKey(block.Bytes)
	}
	if err != nil {
		return nil, err
	}
	jwk := g.PublicKeyJWK
	if jwk == nil {
		jwk = g.KeyJWK
	}
	if jwk == nil {
		if pub == nil {
			return nil, errors.New("no key material in the group")
		}
		return pub, nil
	}
	fromJWK, err := jwkPublicKey(jwk)
	if err != nil {
		return nil, fmt.Errorf("JWK: %w", err)
	}
	if pub == nil {
		return fromJWK, nil
	}
	if eq, ok := pub.(interface{ Equal(crypto.PublicKey) bool }); !ok || !eq.Equal(fromJWK) {
		return nil, errors.New("the group's JWK and DER keys differ")
	}
	return pub, nil
}

// jwkPublicKey reads the public members of an RSA, EC or OKP JWK
// (RFC 7518 section 6, RFC 8037 section 2), base64url without padding.
func jwkPublicKey(j *wpJWK) (crypto.PublicKey, error) {
	b64 := base64.RawURLEncoding.Strict()
	num := func(s string) (*big.Int, error) {
		b, err := b64.DecodeString(s)
		if err != nil || len(b) == 0 {
			return nil, fmt.Errorf("bad base64url integer %q", s)
		}
		return new(big.Int).SetBytes(b), nil
	}
	switch j.Kty {
	case "RSA":
		n, err := num(j.N)
		if err != nil {
			return nil, err
		}
		e, err := num(j.E)
		if err != nil || !e.IsInt64() || e.Int64() > 1<<31-1 {
			return nil, fmt.Errorf("bad exponent %q", j.E)
		}
		return &rsa.PublicKey{N: n, E: int(e.Int64())}, nil
	case "EC":
		curves := map[string]elliptic.Curve{"P-256": elliptic.P256(), "P-384": elliptic.P384(), "P-521": elliptic.P521()}
		c, ok := curves[j.Crv]
		if !ok {
			return nil, fmt.Errorf("curve %q", j.Crv)
		}
		x, err := num(j.X)
		if err != nil {
			return nil, err
		}
		y, err := num(j.Y)
		if err != nil {
			return nil, err
		}
		size := (c.Params().BitSize + 7) / 8
		if x.BitLen() > 8*size || y.BitLen() > 8*size {
			return nil, fmt.Errorf("EC coordinates longer than %d octets", size)
		}
		point := make([]byte, 1+2*size)
		point[0] = 4 // uncompressed (SEC 1 section 2.3.3)
		x.FillBytes(point[1 : 1+size])
		y.FillBytes(point[1+size:])
		pub, err := ecdsa.ParseUncompressedPublicKey(c, point)
		if err != nil {
			return nil, fmt.Errorf("EC point: %w", err)
		}
		return pub, nil
	case "OKP":
		x, err := b64.DecodeString(j.X)
		if err != nil || j.Crv != "Ed25519" {
			return nil, fmt.Errorf("bad OKP key (crv %q)", j.Crv)
		}
		return ed25519.PublicKey(x), nil
	}
	return nil, fmt.Errorf("kty %q", j.Kty)
}
