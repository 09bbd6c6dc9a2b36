package jwttest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwttest"
)

// recorder is a testing.TB whose Fatalf records instead of stopping.
type recorder struct {
	testing.TB
	fatal []string
}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = append(r.fatal, fmt.Sprintf(format, args...))
}

func TestRFC7517_7_UnpublishableAlgorithmFailsTheTest(t *testing.T) {
	t.Parallel()
	for _, alg := range []jwt.Algorithm{jwt.HS256, jwt.HS512, "none", "XX999"} {
		t.Run(string(alg), func(t *testing.T) {
			r := &recorder{TB: t}
			if p := jwttest.NewProvider(r, jwttest.WithAlgorithm(alg)); p != nil {
				t.Fatalf("a provider was made for %s", alg)
			}
			if len(r.fatal) != 1 || !strings.Contains(r.fatal[0], jwttest.ErrUnsupportedAlgorithm.Error()) {
				t.Fatalf("Fatalf calls: %v", r.fatal)
			}
		})
	}
}
