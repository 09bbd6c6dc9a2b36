package pemkey_test

import (
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/pemkey"
)

// TestEncodeRoundTrip: EncodePrivateKey writes PKCS#8 ("PRIVATE KEY") and
// EncodePublicKey SPKI ("PUBLIC KEY"), and the Parse functions read back
// the same key.
func TestEncodeRoundTrip(t *testing.T) {
	keys := []crypto.Signer{
		testRSAKey(t),
		testECKey(t, elliptic.P256()),
		testECKey(t, elliptic.P384()),
		testECKey(t, elliptic.P521()),
		testEdKey(t),
	}
	for _, priv := range keys {
		privPEM, err := pemkey.EncodePrivateKey(priv)
		if err != nil {
			t.Fatalf("EncodePrivateKey(%T): %v", priv, err)
		}
		pubPEM, err := pemkey.EncodePublicKey(priv.Public())
		if err != nil {
			t.Fatalf("EncodePublicKey(%T): %v", priv.Public(), err)
		}
		checkBlock(t, privPEM, "PRIVATE KEY")
		checkBlock(t, pubPEM, "PUBLIC KEY")
		gotPriv, err := pemkey.ParsePrivateKey(privPEM)
		if err != nil || !sameKey(gotPriv, priv) {
			t.Errorf("ParsePrivateKey(EncodePrivateKey(%T)): %T, %v", priv, gotPriv, err)
		}
		gotPub, err := pemkey.ParsePublicKey(pubPEM)
		if err != nil || !sameKey(gotPub, priv.Public()) {
			t.Errorf("ParsePublicKey(EncodePublicKey(%T)): %T, %v", priv.Public(), gotPub, err)
		}
	}
}

// checkBlock checks that data is exactly one PEM block of type typ,
// without headers.
func checkBlock(t *testing.T, data []byte, typ string) {
	t.Helper()
	b, rest := pem.Decode(data)
	if b == nil || b.Type != typ || len(b.Headers) != 0 || len(rest) != 0 {
		t.Errorf("not one %s block:\n%s", typ, data)
	}
}

// opaqueSigner is a crypto.Signer whose private key is not in memory, as
// a hardware module's.
type opaqueSigner struct{ pub crypto.PublicKey }

func (s opaqueSigner) Public() crypto.PublicKey { return s.pub }
func (opaqueSigner) Sign(io.Reader, []byte, crypto.SignerOpts) ([]byte, error) {
	return nil, errors.New("not here")
}

// TestEncodeRefuses: what Parse would refuse, Encode refuses too, with the
// same sentinels; incomplete keys are errors, not panics.
func TestEncodeRefuses(t *testing.T) {
	rk := testRSAKey(t)
	p224 := testECKey(t, elliptic.P224())
	x, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	noPrimes := *rk
	noPrimes.Primes = nil
	nilPrime := *rk
	nilPrime.Primes = []*big.Int{rk.Primes[0], nil}
	public := []struct {
		name string
		key  crypto.PublicKey
		want error
	}{
		{"nil", nil, pemkey.ErrUnsupportedKey},
		{"RSA private key", rk, pemkey.ErrWrongKeyType},
		{"Ed25519 private key", testEdKey(t), pemkey.ErrWrongKeyType},
		{"P-224", &p224.PublicKey, pemkey.ErrUnsupportedKey},
		{"X25519", x.PublicKey(), pemkey.ErrUnsupportedKey},
		{"a []byte secret", []byte("secret"), pemkey.ErrUnsupportedKey},
		{"nil *rsa.PublicKey", (*rsa.PublicKey)(nil), pemkey.ErrUnsupportedKey},
		{"zero rsa.PublicKey", &rsa.PublicKey{}, pemkey.ErrUnsupportedKey},
		{"RSA exponent 0", &rsa.PublicKey{N: rk.N}, pemkey.ErrUnsupportedKey},
		{"nil *ecdsa.PublicKey", (*ecdsa.PublicKey)(nil), pemkey.ErrUnsupportedKey},
		{"zero ecdsa.PublicKey", &ecdsa.PublicKey{}, pemkey.ErrUnsupportedKey},
		{"ECDSA curve only", &ecdsa.PublicKey{Curve: elliptic.P256()}, pemkey.ErrUnsupportedKey},
		//lint:ignore SA1019 a point off the curve: only the raw coordinates make one
		{"ECDSA point off the curve", &ecdsa.PublicKey{Curve: elliptic.P256(), X: big.NewInt(1), Y: big.NewInt(1)}, pemkey.ErrUnsupportedKey},
		{"short Ed25519", ed25519.PublicKey{1}, pemkey.ErrUnsupportedKey},
		{"nil Ed25519", ed25519.PublicKey(nil), pemkey.ErrUnsupportedKey},
	}
	for _, tc := range public {
		out, err := pemkey.EncodePublicKey(tc.key)
		if out != nil || !errors.Is(err, tc.want) || !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("EncodePublicKey(%s): %q, %v; want %v", tc.name, out, err, tc.want)
		}
	}
	private := []struct {
		name string
		key  crypto.Signer
	}{
		{"nil", nil},
		{"opaque signer", opaqueSigner{rk.Public()}},
		{"P-224", p224},
		{"nil *rsa.PrivateKey", (*rsa.PrivateKey)(nil)},
		{"zero rsa.PrivateKey", &rsa.PrivateKey{}},
		{"RSA without primes", &noPrimes},
		{"RSA with a nil prime", &nilPrime},
		{"nil *ecdsa.PrivateKey", (*ecdsa.PrivateKey)(nil)},
		{"zero ecdsa.PrivateKey", &ecdsa.PrivateKey{}},
		{"ECDSA curve only", &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: elliptic.P256()}}},
		//lint:ignore SA1019 an incomplete key: only the raw scalar makes one
		{"ECDSA scalar only", &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: elliptic.P256()}, D: big.NewInt(1)}},
		{"short Ed25519", ed25519.PrivateKey{1}},
		{"nil Ed25519", ed25519.PrivateKey(nil)},
	}
	for _, tc := range private {
		out, err := pemkey.EncodePrivateKey(tc.key)
		if out != nil || !errors.Is(err, pemkey.ErrUnsupportedKey) || !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("EncodePrivateKey(%s): %q, %v; want ErrUnsupportedKey", tc.name, out, err)
		}
	}
}
