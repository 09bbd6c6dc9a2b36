//go:build go1.27

package signing_test

import (
	"bytes"
	"crypto/mldsa"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// The Wycheproof ML-DSA files (schemas mldsa_verify_schema.json and
// mldsa_sign_seed_schema.json; SOURCE.md in the snapshot): groups carry a
// hex "publicKey" or a "privateSeed", tests a hex "msg", "ctx" (absent:
// empty), "sig", "result" and "flags"; sign files also "mu" (and "Internal"
// tests only "mu") and, for hedged vectors, "rnd".
type mlwpFile struct {
	Algorithm     string      `json:"algorithm"`
	NumberOfTests int         `json:"numberOfTests"`
	TestGroups    []mlwpGroup `json:"testGroups"`
}

type mlwpGroup struct {
	Type        string     `json:"type"`
	PublicKey   string     `json:"publicKey"`
	PrivateSeed *string    `json:"privateSeed"`
	Tests       []mlwpTest `json:"tests"`
}

type mlwpTest struct {
	TCID    int      `json:"tcId"`
	Comment string   `json:"comment"`
	Flags   []string `json:"flags"`
	Msg     *string  `json:"msg"`
	Ctx     string   `json:"ctx"`
	Mu      string   `json:"mu"`
	Rnd     string   `json:"rnd"`
	Sig     string   `json:"sig"`
	Result  string   `json:"result"`
}

func (tc mlwpTest) wp() wpTest {
	return wpTest{TCID: tc.TCID, Comment: tc.Comment, Flags: tc.Flags, Result: tc.Result}
}

// Rules of ours that refuse vectors Wycheproof calls valid, and vectors
// that are not a JWS operation at all.
const (
	policyMLDSAContext = "non-empty context string (RFC 9964 section 4: ctx MUST be empty)"
	skipMLDSAMu        = "external μ only (FIPS 204 Sign_internal): a JWS signs its signing input"
)

var mldsaWycheproofFiles = []struct {
	n   string
	alg signing.Algorithm
}{{"44", signing.MLDSA44}, {"65", signing.MLDSA65}, {"87", signing.MLDSA87}}

func loadMLDSAWycheproof(t *testing.T, name string, alg signing.Algorithm) *mlwpFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(wycheproofDir, name))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("Wycheproof ML-DSA vectors not found (%s is absent); skipping", filepath.Join(wycheproofDir, name))
	}
	if err != nil {
		t.Fatal(err)
	}
	var f mlwpFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	n := 0
	for _, g := range f.TestGroups {
		n += len(g.Tests)
	}
	if n != f.NumberOfTests || n == 0 || f.Algorithm != string(alg) {
		t.Fatalf("%s: read %d tests of %s, file says %d of %s", name, n, alg, f.NumberOfTests, f.Algorithm)
	}
	return &f
}

// TestWycheproof_MLDSA runs the Wycheproof ML-DSA vectors through package
// signing. Verify files: each group's public key is read with
// NewMLDSAPublicKey and NewVerifyingKey, each signature checked with
// Verify; a key of the wrong size must be refused with ErrInvalidKey; the
// other two ML-DSA algorithms must refuse every vector as not allowed.
// Sign-seed files: the key comes from the group's 32-byte seed (what an
// AKP "priv" holds) through NewMLDSAPrivateKey and must have the group's
// public key; the vector's signature must verify with it, deterministic
// signing must reproduce it (except for the hedged "Randomized" vector), and
// a signature of our SigningKey must verify under the group's public key;
// seeds of another length must be refused with ErrInvalidKey. Vectors with
// a non-empty context are refused by our rule (RFC 9964), and each valid
// one is checked to be valid with its context in crypto/mldsa, so the rule
// is the only reason.
func TestWycheproof_MLDSA(t *testing.T) {
	if _, err := os.Stat(wycheproofDir); err != nil {
		t.Skipf("Wycheproof vectors not found at %s (%v); skipping", wycheproofDir, err)
	}
	var lines []string
	var sum wpTally
	for _, kind := range []string{"verify", "sign_seed"} {
		for _, f := range mldsaWycheproofFiles {
			name := "mldsa_" + f.n + "_" + kind + "_test.json"
			y := &wpTally{file: name, alg: string(f.alg), reasons: map[string]int{}}
			t.Run(strings.TrimSuffix(name, "_test.json"), func(t *testing.T) {
				file := loadMLDSAWycheproof(t, name, f.alg)
				for i := range file.TestGroups {
					if kind == "verify" {
						runMLDSAVerifyGroup(t, f.alg, &file.TestGroups[i], y)
					} else {
						runMLDSASignSeedGroup(t, f.alg, &file.TestGroups[i], y)
					}
				}
				for _, msg := range y.failures {
					t.Error(msg)
				}
				t.Log(y.summary())
				if y.total+y.skipped != file.NumberOfTests {
					t.Errorf("%s: %d vectors recorded and %d skipped of %d", name, y.total, y.skipped, file.NumberOfTests)
				}
			})
			if y.total > 0 {
				lines = append(lines, y.summary())
				sum.total += y.total
				sum.passed += y.passed
				sum.policy += y.policy
				sum.skipped += y.skipped
			}
		}
	}
	if len(lines) > 0 {
		sum.file = fmt.Sprintf("TOTAL (%d files)", len(lines))
		t.Log("Wycheproof ML-DSA through package signing:\n  " + strings.Join(lines, "\n  ") + "\n  " + sum.summary())
	}
}

func runMLDSAVerifyGroup(t *testing.T, alg signing.Algorithm, g *mlwpGroup, y *wpTally) {
	pkBytes := mustHex(t, g.PublicKey)
	size := infoSize(alg)
	var vk *signing.VerifyingKey
	pub, keyErr := signing.NewMLDSAPublicKey(alg, pkBytes)
	if keyErr == nil {
		vk, keyErr = signing.NewVerifyingKey(pub)
	}
	if keyErr != nil && (len(pkBytes) == size.pub || !errors.Is(keyErr, signing.ErrInvalidKey)) {
		t.Fatalf("%s public key of %d bytes: %v", alg, len(pkBytes), keyErr)
	}
	for _, tc := range g.Tests {
		msg, sig, ctx := mustHex(t, deref(tc.Msg)), mustHex(t, tc.Sig), mustHex(t, tc.Ctx)
		policy := ""
		if len(ctx) > 0 {
			policy = policyMLDSAContext
		}
		err := keyErr
		if err == nil {
			err = vk.Verify(alg, msg, sig)
			for _, other := range []signing.Algorithm{signing.MLDSA44, signing.MLDSA65, signing.MLDSA87} {
				if other == alg {
					continue
				}
				if e := vk.Verify(other, msg, sig); !errors.Is(e, signing.ErrAlgorithmNotAllowed) {
					y.fail(tc.wp(), "%s key verifying as %s: %v, want ErrAlgorithmNotAllowed", alg, other, e)
				}
			}
			if policy != "" && tc.Result == "valid" {
				if e := mldsa.Verify(pub.(*mldsa.PublicKey), msg, sig, &mldsa.Options{Context: string(ctx)}); e != nil {
					y.fail(tc.wp(), "refused by the context rule, but not valid with its context either: %v", e)
				}
			}
		}
		y.record(tc.wp(), err, policy)
	}
}

func runMLDSASignSeedGroup(t *testing.T, alg signing.Algorithm, g *mlwpGroup, y *wpTally) {
	seed := mustHex(t, deref(g.PrivateSeed))
	signer, keyErr := signing.NewMLDSAPrivateKey(alg, seed)
	if keyErr != nil {
		if len(seed) == 32 || !errors.Is(keyErr, signing.ErrInvalidKey) {
			t.Fatalf("%s seed of %d bytes: %v", alg, len(seed), keyErr)
		}
		for _, tc := range g.Tests {
			y.record(tc.wp(), keyErr, "")
		}
		return
	}
	priv := signer.(*mldsa.PrivateKey)
	gotAlg, gotPub, gotSeed, err := signing.MLDSAKeyBytes(priv)
	if err != nil || gotAlg != alg || !bytes.Equal(gotSeed, seed) || !bytes.Equal(gotPub, mustHex(t, g.PublicKey)) {
		t.Fatalf("%s key from seed %x: MLDSAKeyBytes = %s, %v; its public key differs from the group's: %v",
			alg, seed, gotAlg, err, !bytes.Equal(gotPub, mustHex(t, g.PublicKey)))
	}
	groupPub, err := signing.NewMLDSAPublicKey(alg, mustHex(t, g.PublicKey))
	if err != nil {
		t.Fatal(err)
	}
	vkPriv, vkPub := mustVerifier(t, priv), mustVerifier(t, groupPub)
	sk, err := signing.NewSigningKey(alg, priv)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range g.Tests {
		if tc.Msg == nil || slices.Contains(tc.Flags, "Internal") {
			y.skipped++ // skipMLDSAMu
			continue
		}
		msg, sig, ctx := mustHex(t, *tc.Msg), mustHex(t, tc.Sig), mustHex(t, tc.Ctx)
		policy := ""
		if len(ctx) > 0 {
			policy = policyMLDSAContext
		}
		randomized := slices.Contains(tc.Flags, "Randomized")
		err := vkPriv.Verify(alg, msg, sig)
		if e := vkPub.Verify(alg, msg, sig); (e == nil) != (err == nil) {
			y.fail(tc.wp(), "the seed's key and the group's public key disagree: %v vs %v", err, e)
			continue
		}
		if err == nil && !randomized {
			again, e := priv.SignDeterministic(msg, nil)
			if e != nil || !bytes.Equal(again, sig) {
				err = fmt.Errorf("%w: deterministic signing with the seed's key does not reproduce the vector (%v)", signing.ErrSignatureInvalid, e)
			}
		}
		if err == nil {
			ours, e := sk.AppendSign(nil, msg)
			if e == nil {
				e = vkPub.Verify(alg, msg, ours)
			}
			if e != nil {
				err = fmt.Errorf("%w: our signature with the seed's key: %v", signing.ErrSignatureInvalid, e)
			}
		}
		if policy != "" && tc.Result == "valid" && !randomized {
			again, e := priv.SignDeterministic(msg, &mldsa.Options{Context: string(ctx)})
			if e != nil || !bytes.Equal(again, sig) {
				y.fail(tc.wp(), "refused by the context rule, but crypto/mldsa does not make it with its context either (%v)", e)
			}
		}
		y.record(tc.wp(), err, policy)
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// infoSize returns the FIPS 204 sizes for alg.
func infoSize(alg signing.Algorithm) struct{ pub, sig int } {
	switch alg {
	case signing.MLDSA44:
		return struct{ pub, sig int }{mldsa.MLDSA44PublicKeySize, mldsa.MLDSA44SignatureSize}
	case signing.MLDSA65:
		return struct{ pub, sig int }{mldsa.MLDSA65PublicKeySize, mldsa.MLDSA65SignatureSize}
	}
	return struct{ pub, sig int }{mldsa.MLDSA87PublicKeySize, mldsa.MLDSA87SignatureSize}
}
