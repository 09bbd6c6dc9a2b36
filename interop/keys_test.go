package interop

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/jotlib/jwt"
)

// algorithms is every algorithm of the matrix, in a fixed order.
var algorithms = []jwt.Algorithm{
	jwt.HS256, jwt.HS384, jwt.HS512,
	jwt.RS256, jwt.RS384, jwt.RS512,
	jwt.PS256, jwt.PS384, jwt.PS512,
	jwt.ES256, jwt.ES384, jwt.ES512,
	jwt.EdDSA,
}

// keyPair is the key material for one algorithm: what signs and what
// verifies. For HMAC both are the same secret.
type keyPair struct {
	private crypto.PrivateKey // []byte, *rsa.PrivateKey, *ecdsa.PrivateKey, ed25519.PrivateKey
	public  crypto.PublicKey  // []byte, *rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey
}

// fixtures are the committed test keys (testdata/keys, made with openssl),
// loaded once per test binary: key generation is slow and would make the
// matrix random. They are test keys only; never use them elsewhere.
type fixtures struct {
	rsa2048, rsa1024 *rsa.PrivateKey
	ec               map[string]*ecdsa.PrivateKey // "p256", "p384", "p521"
	ed               ed25519.PrivateKey
}

var (
	fixturesOnce sync.Once
	fixturesVal  *fixtures
	fixturesErr  error
)

// keys returns the committed fixtures, failing the test when they cannot be
// read.
func keys(t testing.TB) *fixtures {
	t.Helper()
	fixturesOnce.Do(func() { fixturesVal, fixturesErr = loadFixtures() })
	if fixturesErr != nil {
		t.Fatalf("loading testdata/keys: %v", fixturesErr)
	}
	return fixturesVal
}

func loadFixtures() (*fixtures, error) {
	f := &fixtures{ec: map[string]*ecdsa.PrivateKey{}}
	var err error
	if f.rsa2048, err = loadPrivate[*rsa.PrivateKey]("rsa2048.pkcs1.pem"); err != nil {
		return nil, err
	}
	if f.rsa1024, err = loadPrivate[*rsa.PrivateKey]("rsa1024.pkcs8.pem"); err != nil {
		return nil, err
	}
	for _, c := range []string{"p256", "p384", "p521"} {
		k, err := loadPrivate[*ecdsa.PrivateKey]("ec-" + c + ".sec1.pem")
		if err != nil {
			return nil, err
		}
		f.ec[c] = k
	}
	if f.ed, err = loadPrivate[ed25519.PrivateKey]("ed25519.pkcs8.pem"); err != nil {
		return nil, err
	}
	return f, nil
}

// readPEM returns the single PEM block of testdata/keys/name.
func readPEM(name string) (*pem.Block, error) {
	data, err := os.ReadFile(filepath.Join("testdata", "keys", name))
	if err != nil {
		return nil, err
	}
	block, rest := pem.Decode(data)
	if block == nil || len(rest) != 0 {
		return nil, fmt.Errorf("%s: want exactly one PEM block", name)
	}
	return block, nil
}

// parsePrivatePEM decodes a private key the way users hold them: PKCS#1
// "RSA PRIVATE KEY", SEC 1 "EC PRIVATE KEY" or PKCS#8 "PRIVATE KEY".
func parsePrivatePEM(block *pem.Block) (any, error) {
	switch block.Type {
	case "RSA PRIVATE KEY":
		return x509.ParsePKCS1PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		return x509.ParseECPrivateKey(block.Bytes)
	case "PRIVATE KEY":
		return x509.ParsePKCS8PrivateKey(block.Bytes)
	}
	return nil, fmt.Errorf("unexpected PEM block %q", block.Type)
}

// parsePublicPEM decodes a public key: SPKI "PUBLIC KEY" or PKCS#1
// "RSA PUBLIC KEY".
func parsePublicPEM(block *pem.Block) (any, error) {
	switch block.Type {
	case "PUBLIC KEY":
		return x509.ParsePKIXPublicKey(block.Bytes)
	case "RSA PUBLIC KEY":
		return x509.ParsePKCS1PublicKey(block.Bytes)
	}
	return nil, fmt.Errorf("unexpected PEM block %q", block.Type)
}

func loadPrivate[K any](name string) (K, error) {
	var zero K
	block, err := readPEM(name)
	if err != nil {
		return zero, err
	}
	k, err := parsePrivatePEM(block)
	if err != nil {
		return zero, fmt.Errorf("%s: %w", name, err)
	}
	typed, ok := k.(K)
	if !ok {
		return zero, fmt.Errorf("%s: got %T", name, k)
	}
	return typed, nil
}

// hmacSecret returns a deterministic secret of n bytes.
func hmacSecret(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + 3)
	}
	return b
}

// pairFor returns the key pair of the matrix for alg.
func pairFor(t testing.TB, alg jwt.Algorithm) keyPair {
	t.Helper()
	f := keys(t)
	switch alg {
	case jwt.HS256:
		return keyPair{hmacSecret(32), hmacSecret(32)}
	case jwt.HS384:
		return keyPair{hmacSecret(48), hmacSecret(48)}
	case jwt.HS512:
		return keyPair{hmacSecret(64), hmacSecret(64)}
	case jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512:
		return keyPair{f.rsa2048, &f.rsa2048.PublicKey}
	case jwt.ES256:
		return keyPair{f.ec["p256"], &f.ec["p256"].PublicKey}
	case jwt.ES384:
		return keyPair{f.ec["p384"], &f.ec["p384"].PublicKey}
	case jwt.ES512:
		return keyPair{f.ec["p521"], &f.ec["p521"].PublicKey}
	case jwt.EdDSA, jwt.Ed25519:
		return keyPair{f.ed, f.ed.Public()}
	}
	t.Fatalf("no key pair for %s", alg)
	return keyPair{}
}
