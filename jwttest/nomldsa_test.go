//go:build !go1.27

package jwttest_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwttest"
)

// RFC 9964 needs Go 1.27 (crypto/mldsa): with an older Go, WithAlgorithm
// of an ML-DSA name fails the test with ErrUnsupportedAlgorithm saying so,
// and no DPoP signer is made for one.
func TestRFC9964_MLDSAUnsupportedBeforeGo127(t *testing.T) {
	t.Parallel()
	for _, alg := range []jwt.Algorithm{jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87} {
		r := &recorder{TB: t}
		if p := jwttest.NewProvider(r, jwttest.WithAlgorithm(alg)); p != nil {
			t.Errorf("%s: a provider was made", alg)
		}
		if len(r.fatal) != 1 || !strings.Contains(r.fatal[0], "Go 1.27") || !strings.Contains(r.fatal[0], jwttest.ErrUnsupportedAlgorithm.Error()) {
			t.Errorf("%s: Fatalf calls: %q", alg, r.fatal)
		}
		if _, err := (*jwttest.Provider)(nil).NewDPoPSigner(alg); !errors.Is(err, jwttest.ErrUnsupportedAlgorithm) {
			t.Errorf("%s: NewDPoPSigner: %v", alg, err)
		}
	}
}
