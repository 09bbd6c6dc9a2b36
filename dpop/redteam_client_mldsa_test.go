//go:build go1.27

package dpop_test

import (
	"crypto"
	"crypto/mldsa"
	"errors"
	"io"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// rtMLDSASigner signs with an ML-DSA key and answers Public with what it
// is given.
type rtMLDSASigner struct {
	k      *mldsa.PrivateKey
	public crypto.PublicKey
}

func (s rtMLDSASigner) Public() crypto.PublicKey { return s.public }
func (s rtMLDSASigner) Sign(r io.Reader, d []byte, o crypto.SignerOpts) ([]byte, error) {
	return s.k.Sign(r, d, o)
}

// RFC 9449 section 4.2 with ML-DSA (RFC 9964, Go 1.27): a crypto.Signer
// whose Public hands back the ML-DSA private key (pointer or value), or
// another parameter set's public key, is refused; no "priv" reaches a
// header.
func TestRedTeam_RFC9449_4_2_MLDSALeakyPublicRefused(t *testing.T) {
	k := sgMLDSAKey(t, jwt.MLDSA65)
	other := sgMLDSAKey(t, jwt.MLDSA44)
	for name, pub := range map[string]crypto.PublicKey{
		"*mldsa.PrivateKey":          k,
		"mldsa.PrivateKey value":     *k,
		"ML-DSA-44 public for -65":   other.Public(),
		"*mldsa.PublicKey typed nil": (*mldsa.PublicKey)(nil),
	} {
		s, err := dpop.NewSigner(jwt.MLDSA65, rtMLDSASigner{k, pub})
		if !errors.Is(err, dpop.ErrInvalidConfig) || s != nil {
			t.Errorf("%s: NewSigner = %v, %v; want ErrInvalidConfig", name, s, err)
		}
	}
	if _, err := dpop.NewSigner(jwt.MLDSA65, rtMLDSASigner{k, k.Public()}); err != nil {
		t.Errorf("a KMS-style ML-DSA signer: %v", err)
	}
}
