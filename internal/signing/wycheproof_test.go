package signing_test

import (
	"crypto/rsa"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// wpKind says how a Wycheproof file is run through the signing layer.
type wpKind int

const (
	wpHMAC wpKind = iota
	wpECDSA
	wpRSA
	wpPSS
	wpEdDSA
)

// wycheproofFiles maps each primitive vector file to the JWS algorithm it
// exercises (SOURCE.md in the snapshot has the same table). For PSS files
// the algorithm comes from each group's hash.
var wycheproofFiles = []struct {
	file string
	kind wpKind
	alg  signing.Algorithm
}{
	{"hmac_sha256_test.json", wpHMAC, signing.HS256},
	{"hmac_sha384_test.json", wpHMAC, signing.HS384},
	{"hmac_sha512_test.json", wpHMAC, signing.HS512},
	{"ecdsa_secp256r1_sha256_p1363_test.json", wpECDSA, signing.ES256},
	{"ecdsa_secp384r1_sha384_p1363_test.json", wpECDSA, signing.ES384},
	{"ecdsa_secp521r1_sha512_p1363_test.json", wpECDSA, signing.ES512},
	{"rsa_signature_2048_sha256_test.json", wpRSA, signing.RS256},
	{"rsa_signature_2048_sha384_test.json", wpRSA, signing.RS384},
	{"rsa_signature_2048_sha512_test.json", wpRSA, signing.RS512},
	{"rsa_signature_3072_sha256_test.json", wpRSA, signing.RS256},
	{"rsa_signature_3072_sha384_test.json", wpRSA, signing.RS384},
	{"rsa_signature_3072_sha512_test.json", wpRSA, signing.RS512},
	{"rsa_signature_4096_sha256_test.json", wpRSA, signing.RS256},
	{"rsa_signature_4096_sha384_test.json", wpRSA, signing.RS384},
	{"rsa_signature_4096_sha512_test.json", wpRSA, signing.RS512},
	{"rsa_pss_2048_sha256_mgf1_32_test.json", wpPSS, signing.PS256},
	{"rsa_pss_2048_sha384_mgf1_48_test.json", wpPSS, signing.PS384},
	{"rsa_pss_3072_sha256_mgf1_32_test.json", wpPSS, signing.PS256},
	{"rsa_pss_4096_sha256_mgf1_32_test.json", wpPSS, signing.PS256},
	{"rsa_pss_4096_sha384_mgf1_48_test.json", wpPSS, signing.PS384},
	{"rsa_pss_4096_sha512_mgf1_64_test.json", wpPSS, signing.PS512},
	{"rsa_pss_misc_test.json", wpPSS, ""},
	{"ed25519_test.json", wpEdDSA, signing.EdDSA},
}

// Policy reasons: documented rules of ours that refuse vectors Wycheproof
// calls valid.
const (
	policyShortHMACKey = "HMAC key shorter than the hash output (RFC 7518 3.2)"
	policyTruncatedMAC = "truncated MAC; a JWS MAC is the full hash output (RFC 7518 3.2)"
	policyWeakRSA      = "RSA key under 2048 bits (RFC 7518 3.3)"
	policyPSSHash      = "PSS hash is not SHA-256/384/512: no JWS algorithm"
	policyPSSMGF       = "PSS MGF1 hash differs from the message hash (RFC 7518 3.5)"
	policyPSSSalt      = "PSS salt length is not the hash length (RFC 7518 3.5)"
)

// wpTally counts one file's verdicts.
type wpTally struct {
	file, alg          string
	total              int
	passed             int // valid accepted + invalid refused
	policy             int // valid, refused by a documented rule of ours
	acceptable         int // "acceptable": either outcome is fine
	acceptableAccepted int
	skipped            int // not a JWS operation (ML-DSA external μ), not run
	reasons            map[string]int
	failures           []string
}

// record classifies one verdict: err == nil means the signing layer
// accepted the vector; policy names the rule of ours that should refuse it
// ("" when none applies).
func (y *wpTally) record(tc wpTest, err error, policy string) {
	y.total++
	accepted := err == nil
	if !accepted && !errors.Is(err, signing.ErrSignatureInvalid) && !errors.Is(err, signing.ErrInvalidKey) &&
		!errors.Is(err, signing.ErrAlgorithmNotAllowed) {
		y.fail(tc, "refused with an error matching no sentinel: %v", err)
		return
	}
	switch {
	case accepted && policy != "":
		y.fail(tc, "accepted although %s", policy)
	case tc.Result == "valid" && accepted, tc.Result == "invalid" && !accepted:
		y.passed++
	case tc.Result == "valid" && policy != "":
		y.policy++
		y.reasons[policy]++
	case tc.Result == "valid":
		y.fail(tc, "valid vector refused: %v", err)
	case tc.Result == "invalid":
		y.fail(tc, "invalid vector accepted")
	case tc.Result == "acceptable":
		y.acceptable++
		if accepted {
			y.acceptableAccepted++
		}
	default:
		y.fail(tc, "unknown result %q", tc.Result)
	}
}

func (y *wpTally) fail(tc wpTest, format string, args ...any) {
	y.failures = append(y.failures, fmt.Sprintf("tcId %d (%s; %s; flags %v): %s",
		tc.TCID, tc.Result, tc.Comment, tc.Flags, fmt.Sprintf(format, args...)))
}

func (y *wpTally) summary() string {
	s := fmt.Sprintf("%-40s %-6s %4d vectors: passed %4d / refused-by-policy %3d / acceptable %d (accepted %d)",
		y.file, y.alg, y.total, y.passed, y.policy, y.acceptable, y.acceptableAccepted)
	if y.skipped > 0 {
		s += fmt.Sprintf(" / not run %d (external μ only: not a JWS operation)", y.skipped)
	}
	var rs []string
	for r, n := range y.reasons {
		rs = append(rs, fmt.Sprintf("%d × %s", n, r))
	}
	sort.Strings(rs)
	if len(rs) > 0 {
		s += "\n      policy: " + strings.Join(rs, "; ")
	}
	return s
}

// TestWycheproof_SigningLayer runs the Wycheproof HMAC, ECDSA P1363, RSA
// PKCS #1 v1.5, RSA-PSS and Ed25519 vectors through NewVerifyingKey and
// Verify. Every "valid" vector must verify unless a documented rule of ours
// refuses it (counted as refused-by-policy, with the rule); every "invalid"
// vector must be refused; "acceptable" ones are recorded either way. A
// vector accepted although one of our rules refuses it is a failure too.
func TestWycheproof_SigningLayer(t *testing.T) {
	if _, err := os.Stat(wycheproofDir); err != nil {
		t.Skipf("Wycheproof vectors not found at %s (%v); skipping", wycheproofDir, err)
	}
	var mu sync.Mutex
	var tallies []*wpTally
	t.Run("files", func(t *testing.T) {
		for _, f := range wycheproofFiles {
			t.Run(strings.TrimSuffix(f.file, "_test.json"), func(t *testing.T) {
				t.Parallel()
				file := loadWycheproof(t, f.file)
				y := &wpTally{file: f.file, alg: string(f.alg), reasons: map[string]int{}}
				if f.alg == "" {
					y.alg = "PS*"
				}
				for i := range file.TestGroups {
					runWycheproofGroup(t, f.kind, f.alg, &file.TestGroups[i], y)
				}
				for _, msg := range y.failures {
					t.Error(msg)
				}
				t.Log(y.summary())
				mu.Lock()
				tallies = append(tallies, y)
				mu.Unlock()
			})
		}
	})
	if len(tallies) == 0 {
		return
	}
	sort.Slice(tallies, func(i, j int) bool { return tallies[i].file < tallies[j].file })
	var b strings.Builder
	var sum wpTally
	for _, y := range tallies {
		b.WriteString("\n  " + y.summary())
		sum.total += y.total
		sum.passed += y.passed
		sum.policy += y.policy
		sum.acceptable += y.acceptable
		sum.acceptableAccepted += y.acceptableAccepted
		sum.skipped += y.skipped
	}
	sum.file, sum.alg = fmt.Sprintf("TOTAL (%d files)", len(tallies)), ""
	b.WriteString("\n  " + sum.summary())
	t.Log("Wycheproof through package signing:" + b.String())
}

// runWycheproofGroup verifies every test of one group and records it.
func runWycheproofGroup(t *testing.T, kind wpKind, alg signing.Algorithm, g *wpGroup, y *wpTally) {
	if kind == wpHMAC {
		need := alg.Hash().Size()
		for _, tc := range g.Tests {
			key, msg, tag := mustHex(t, tc.Key), mustHex(t, tc.Msg), mustHex(t, tc.Tag)
			policy := ""
			switch {
			case len(key) < need:
				policy = policyShortHMACKey
			case len(tag) < need || g.TagSize < 8*need:
				policy = policyTruncatedMAC
			}
			vk, err := signing.NewVerifyingKey(key)
			if err == nil {
				err = vk.Verify(alg, msg, tag)
			}
			if policy == policyShortHMACKey && err != nil && !errors.Is(err, signing.ErrInvalidKey) {
				y.fail(tc, "short key refused with %v, want ErrInvalidKey", err)
				continue
			}
			y.record(tc, err, policy)
		}
		return
	}

	pub, err := groupPublicKey(g)
	if err != nil {
		t.Fatalf("group key: %v", err)
	}
	policy := ""
	algs := []signing.Algorithm{alg}
	switch kind {
	case wpRSA, wpPSS:
		rk, ok := pub.(*rsa.PublicKey)
		if !ok {
			t.Fatalf("group key is %T, want RSA", pub)
		}
		if rk.N.BitLen() < signing.MinRSABits {
			policy = policyWeakRSA
		}
		if kind == wpPSS {
			var reason string
			algs, reason = pssAlgorithms(g)
			if policy == "" {
				policy = reason
			}
			if alg != "" && (len(algs) != 1 || algs[0] != alg || reason != "") {
				t.Fatalf("PSS group (%s, MGF1 %s, salt %d) in a %s file", g.SHA, g.MGFSHA, g.SLen, alg)
			}
		}
	}
	vk, keyErr := signing.NewVerifyingKey(pub)
	if keyErr != nil && policy != policyWeakRSA {
		t.Fatalf("NewVerifyingKey(%T): %v", pub, keyErr)
	}
	for _, tc := range g.Tests {
		msg, sig := mustHex(t, tc.Msg), mustHex(t, tc.Sig)
		err := keyErr
		if err == nil {
			// Refused unless one of the candidate algorithms accepts it.
			err = signing.ErrSignatureInvalid
			for _, a := range algs {
				if vk.Verify(a, msg, sig) == nil {
					err = nil
					break
				}
			}
		}
		if kind == wpEdDSA {
			// The RFC 9864 name must reach the same verdict.
			if e2 := vk.Verify(signing.Ed25519, msg, sig); (e2 == nil) != (err == nil) {
				y.fail(tc, "EdDSA and Ed25519 disagree: %v vs %v", err, e2)
				continue
			}
		}
		y.record(tc, err, policy)
	}
}

// pssAlgorithms returns the PS* algorithm a PSS group fits, or, for a
// group with parameters no JWS algorithm has, every PS* algorithm (all
// must refuse it) and the rule that refuses it.
func pssAlgorithms(g *wpGroup) ([]signing.Algorithm, string) {
	all := []signing.Algorithm{signing.PS256, signing.PS384, signing.PS512}
	h, ok := wpHash(g.SHA)
	if !ok {
		return all, policyPSSHash
	}
	var alg signing.Algorithm
	for _, a := range all {
		if a.Hash() == h {
			alg = a
		}
	}
	switch {
	case g.MGF != "MGF1" || g.MGFSHA != g.SHA:
		return []signing.Algorithm{alg}, policyPSSMGF
	case g.SLen != h.Size():
		return []signing.Algorithm{alg}, policyPSSSalt
	}
	return []signing.Algorithm{alg}, ""
}
