//go:build !go1.27

package jwk_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestMLDSAToken_Go126_KeySetErrorSaysGo127IsNeeded: issue 21 item 13.
// Built with Go 1.26 (no crypto/mldsa), an ML-DSA token (RFC 9964) checked
// against a JWK Set holding its AKP key said only "no matching key" (the
// key was skipped, Skipped() said why); the error says that Go 1.27 is
// needed. A RemoteSet says so before any fetch: no fetch could help.
func TestMLDSAToken_Go126_KeySetErrorSaysGo127IsNeeded(t *testing.T) {
	for _, ex := range rfc9964Examples(t) {
		set, err := jwk.ParseSet([]byte(`{"keys":[` + ex.jwk + `]}`))
		if err != nil {
			t.Fatal(err)
		}
		_, err = jwt.Parse(ex.jws, set)
		if !errors.Is(err, jwk.ErrKeyNotFound) || !strings.Contains(err.Error(), "needs Go 1.27") || !strings.Contains(err.Error(), string(ex.alg)) {
			t.Fatalf("%s against a *Set: %v, want ErrKeyNotFound saying Go 1.27 is needed", ex.alg, err)
		}
		f := newFixture(t, []byte(`{"keys":[`+ex.jwk+`]}`))
		if err := f.remote.Refresh(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := f.parse(ex.jws); !errors.Is(err, jwk.ErrKeyNotFound) || !strings.Contains(err.Error(), "needs Go 1.27") {
			t.Fatalf("%s against a RemoteSet: %v", ex.alg, err)
		}
		if n := f.srv.hits.Load(); n != 1 {
			t.Fatalf("%d requests, want 1 (no unknown-kid fetch for a token no key can verify)", n)
		}
	}
}
