//go:build !go1.27

package signing_test

import (
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

var mlNames = []signing.Algorithm{signing.MLDSA44, signing.MLDSA65, signing.MLDSA87}

// wantNeedsGo127 fails unless err is ErrAlgorithmNotAllowed (and not
// ErrInvalidKey or ErrSignatureInvalid) with a message that says Go 1.27
// is needed.
func wantNeedsGo127(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, signing.ErrAlgorithmNotAllowed) || errors.Is(err, signing.ErrInvalidKey) ||
		errors.Is(err, signing.ErrSignatureInvalid) || !strings.Contains(err.Error(), "needs Go 1.27") ||
		!strings.Contains(err.Error(), runtime.Version()) {
		t.Errorf("%s: %v, want ErrAlgorithmNotAllowed saying Go 1.27 is needed", what, err)
	}
}

// TestMLDSA_BeforeGo127_KnownButRefused: built with a Go older than 1.27,
// the ML-DSA names exist, Lookup and Known accept them and All lists them,
// but Available is false and signing and verifying with them is refused
// with ErrAlgorithmNotAllowed naming Go 1.27, whatever the key, before
// anything else; the AKP helpers refuse too. The other algorithms are
// untouched.
func TestMLDSA_BeforeGo127_KnownButRefused(t *testing.T) {
	for _, alg := range mlNames {
		if got, ok := signing.Lookup(string(alg)); !ok || got != alg || !alg.Known() || !slices.Contains(signing.All(), alg) {
			t.Errorf("%s: Lookup %v, Known %v, in All %v", alg, ok, alg.Known(), slices.Contains(signing.All(), alg))
		}
		if alg.Available() || alg.Hash() != 0 || slices.Contains(usable(), alg) {
			t.Errorf("%s: Available() = true without crypto/mldsa", alg)
		}
		for _, row := range bindingKeys() {
			vk := mustVerifier(t, row.key)
			wantNeedsGo127(t, row.name+": Check "+string(alg), vk.Check(alg))
			wantNeedsGo127(t, row.name+": Verify "+string(alg), vk.Verify(alg, []byte("a.b"), make([]byte, 2420)))
			if slices.Contains(vk.Algorithms(), alg) {
				t.Errorf("%s: Algorithms() lists %s", row.name, alg)
			}
			if row.sign {
				sk, err := signing.NewSigningKey(alg, row.key)
				wantNeedsGo127(t, row.name+": NewSigningKey "+string(alg), err)
				if sk != nil {
					t.Errorf("%s: NewSigningKey %s returned a key", row.name, alg)
				}
			}
		}
		for _, key := range []any{nil, "secret", 42} {
			_, err := signing.NewSigningKey(alg, key)
			wantNeedsGo127(t, "NewSigningKey with a bad key", err)
		}
		_, err := signing.NewMLDSAPublicKey(alg, make([]byte, 1312))
		wantNeedsGo127(t, "NewMLDSAPublicKey", err)
		_, err = signing.NewMLDSAPrivateKey(alg, make([]byte, 32))
		wantNeedsGo127(t, "NewMLDSAPrivateKey", err)
	}
	for _, alg := range []signing.Algorithm{"ES256", "ml-dsa-44", "none"} {
		_, err := signing.NewMLDSAPublicKey(alg, nil)
		if !errors.Is(err, signing.ErrAlgorithmNotAllowed) || strings.Contains(err.Error(), "Go 1.27") {
			t.Errorf("NewMLDSAPublicKey(%q): %v", alg, err)
		}
	}
	_, _, _, err := signing.MLDSAKeyBytes(keys().ed)
	wantErr(t, "MLDSAKeyBytes", err, signing.ErrInvalidKey)
	if n := len(usable()); n != 14 {
		t.Errorf("%d usable algorithms, want 14", n)
	}
	for _, alg := range usable() {
		if !alg.Available() {
			t.Errorf("%s not available", alg)
		}
	}
}
