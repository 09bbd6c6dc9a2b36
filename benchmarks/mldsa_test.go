//go:build go1.27

package benchmarks

import (
	"crypto/mldsa"
	"crypto/rand"
	"slices"
	"testing"

	"github.com/jotlib/jwt"
)

// ML-DSA (RFC 9964) is built on Go 1.27's crypto/mldsa, so its rows exist
// only in a Go 1.27 build: this file adds the three parameter sets to the
// workload cases, their benchmarks, and the bare-crypto floor under them
// (crypto/mldsa's Sign and Verify over the same signing input, empty
// context, as RFC 9964 section 4 requires). Only this library and the
// floor run them: none of the peers at the versions this module requires
// has ML-DSA (jwx v3.4.0's jwa does not know the names).
// mldsa_go126_test.go stands in for this file with older Go.

func BenchmarkMLDSA44Parse(b *testing.B) { benchParse(b, "MLDSA44") }
func BenchmarkMLDSA65Parse(b *testing.B) { benchParse(b, "MLDSA65") }
func BenchmarkMLDSA87Parse(b *testing.B) { benchParse(b, "MLDSA87") }

func BenchmarkMLDSA44Sign(b *testing.B) { benchSign(b, "MLDSA44") }
func BenchmarkMLDSA65Sign(b *testing.B) { benchSign(b, "MLDSA65") }
func BenchmarkMLDSA87Sign(b *testing.B) { benchSign(b, "MLDSA87") }

// mldsaCases returns one case per ML-DSA parameter set, with a fresh key
// and struct claims only (the claims step is noise beside the signature).
func mldsaCases() ([]*algCase, error) {
	var out []*algCase
	for _, p := range []struct {
		name   string
		alg    jwt.Algorithm
		params mldsa.Parameters
	}{
		{"MLDSA44", jwt.MLDSA44, mldsa.MLDSA44()},
		{"MLDSA65", jwt.MLDSA65, mldsa.MLDSA65()},
		{"MLDSA87", jwt.MLDSA87, mldsa.MLDSA87()},
	} {
		key, err := mldsa.GenerateKey(p.params)
		if err != nil {
			return nil, err
		}
		out = append(out, &algCase{name: p.name, alg: p.alg, signK: key, verifK: key.PublicKey(), kinds: []string{"struct"}})
	}
	return out, nil
}

// mldsaFloorVerify is crypto/mldsa.Verify over the signing input with the
// signature pre-decoded; ok is false for the other algorithms.
func mldsaFloorVerify(a *algCase, input, sig []byte) (verify func() error, ok bool) {
	pub, isML := a.verifK.(*mldsa.PublicKey)
	if !isML {
		return nil, false
	}
	return func() error { return mldsa.Verify(pub, input, sig, nil) }, true
}

// mldsaFloorSign is crypto/mldsa's hedged Sign over the signing input (what
// the library calls with an *mldsa.PrivateKey), raw signature only; ok is
// false for the other algorithms.
func mldsaFloorSign(a *algCase, input []byte) (sign func() ([]byte, error), ok bool) {
	key, isML := a.signK.(*mldsa.PrivateKey)
	if !isML {
		return nil, false
	}
	return func() ([]byte, error) { return key.Sign(rand.Reader, input, nil) }, true
}

// TestMLDSACasesAreBenchmarked checks that a Go 1.27 build has the three
// ML-DSA cases, run by this library and the floor only (ML-DSA-65 also by
// the cache-hit row), and that their workload tokens carry a signature of
// the FIPS 204 size.
func TestMLDSACasesAreBenchmarked(t *testing.T) {
	sizes := map[string]int{"MLDSA44": 2420, "MLDSA65": 3309, "MLDSA87": 4627}
	found := 0
	for _, a := range algCases(t) {
		want, ok := sizes[a.name]
		if !ok {
			continue
		}
		found++
		if got := len(a.token) - len(a.signingInput()) - 1; got != strictB64.EncodedLen(want) {
			t.Errorf("%s: signature segment of %d characters, want %d", a.name, got, strictB64.EncodedLen(want))
		}
		var runs []string
		for _, im := range impls() {
			if im.runs(a.name) {
				runs = append(runs, im.lib)
			}
		}
		wantRuns := []string{"jotlib-std", "floor"}
		if a.name == "MLDSA65" { // the cache-hit row (lib_jotlib_cache_test.go)
			wantRuns = []string{"jotlib-std", "jotlib-cache", "floor"}
		}
		if !slices.Equal(runs, wantRuns) {
			t.Errorf("%s is run by %v, want %v", a.name, runs, wantRuns)
		}
	}
	if found != len(sizes) {
		t.Errorf("%d ML-DSA cases, want %d", found, len(sizes))
	}
}
