//go:build !go1.27

package dpop_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// RFC 9964 with a Go older than 1.27 (no crypto/mldsa): an ML-DSA Signer
// cannot be made, ErrInvalidConfig and jwt.ErrAlgorithmNotAllowed saying
// that Go 1.27 is needed.
func TestRFC9964_NewSignerMLDSANeedsGo127(t *testing.T) {
	k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	for _, alg := range []jwt.Algorithm{jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87} {
		s, err := dpop.NewSigner(alg, k)
		if !errors.Is(err, dpop.ErrInvalidConfig) || !errors.Is(err, jwt.ErrAlgorithmNotAllowed) || s != nil ||
			!strings.Contains(err.Error(), "Go 1.27") {
			t.Errorf("%s: %v, want ErrInvalidConfig and ErrAlgorithmNotAllowed naming Go 1.27", alg, err)
		}
	}
}
