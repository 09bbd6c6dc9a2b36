package jwt_test

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/signing"
)

// wpJWSPath is Wycheproof's json_web_signature_test.json, relative to the
// root package directory (the repository root).
var wpJWSPath = filepath.Join("..", "shared", "testdata", "wycheproof", "json_web_signature_test.json")

type wpJWSFile struct {
	NumberOfTests int          `json:"numberOfTests"`
	TestGroups    []wpJWSGroup `json:"testGroups"`
}

type wpJWSGroup struct {
	Comment string      `json:"comment"`
	Private *wpJWK      `json:"private"`
	Public  *wpJWK      `json:"public"`
	Tests   []wpJWSCase `json:"tests"`
}

type wpJWK struct {
	Kty, Alg, Crv, Use, Kid string
	K, N, E, X, Y           string
	KeyOps                  []string `json:"key_ops"`
}

type wpJWSCase struct {
	TcID    int      `json:"tcId"`
	Comment string   `json:"comment"`
	JWS     string   `json:"jws"`
	Result  string   `json:"result"`
	Flags   []string `json:"flags"`
}

// wpJWSNotApplicable are the cases SOURCE.md documents as outside what a
// compact-JWS API over Go crypto keys can express; they are counted, not run.
var wpJWSNotApplicable = map[int]string{
	353: "JWK \"use\":\"enc\" (a jwk.Set concern; this API takes Go keys)",
	354: "JWK \"use\":\"enc\" (a jwk.Set concern; this API takes Go keys)",
	355: "JWK \"key_ops\" without verify (a jwk.Set concern; this API takes Go keys)",
	356: "JWK \"key_ops\" without verify (a jwk.Set concern; this API takes Go keys)",
	367: "upstream data defect: jws is byte-identical to valid tcId 357",
	370: "upstream data defect: jws is byte-identical to valid tcId 357",
}

// wpJWSRefusedByPolicy are cases upstream calls valid that a documented
// rule of ours refuses, with the sentinel it must produce.
var wpJWSRefusedByPolicy = map[int]struct {
	reason string
	want   error
}{
	372: {"a '?' inside the header segment: only canonical base64url is accepted (RFC 7515 section 2, section 7.1)", jwt.ErrTokenMalformed},
	373: {"a '?' inside the payload segment: only canonical base64url is accepted (RFC 7515 section 2, section 7.1)", jwt.ErrTokenMalformed},
}

// wpJWSLabelMismatch are RFC 7520 examples whose group JWK carries an "alg"
// label that is not the token's algorithm (PS256 on a PS384 token). Honouring
// the label refuses them; with the key alone (the family decides) they verify.
var wpJWSLabelMismatch = map[int]bool{346: true, 350: true}

// wpVerdict is what our library made of one token.
type wpVerdict int

const (
	wpAcceptedJWT wpVerdict = iota // jwt.Parse accepted it
	wpJWSOnly                      // the signature verified; the payload is not a JWT claims set
	wpRefused                      // refused, with err
)

// sentinelName names the first sentinel err matches, in a fixed order of
// specificity, or "" when it matches none.
func sentinelName(err error) string {
	names := []struct {
		err  error
		name string
	}{
		{jwt.ErrTokenTooLarge, "ErrTokenTooLarge"},
		{jwt.ErrAlgorithmNotAllowed, "ErrAlgorithmNotAllowed"},
		{jwt.ErrSignatureInvalid, "ErrSignatureInvalid"},
		{jwt.ErrInvalidKey, "ErrInvalidKey"},
		{jwt.ErrEncoding, "ErrEncoding"},
		{jwt.ErrTokenMalformed, "ErrTokenMalformed"},
		{jwt.ErrTokenExpired, "ErrTokenExpired"},
		{jwt.ErrTokenNotValidYet, "ErrTokenNotValidYet"},
		{jwt.ErrInvalidAudience, "ErrInvalidAudience"},
		{jwt.ErrInvalidIssuer, "ErrInvalidIssuer"},
		{jwt.ErrInvalidSubject, "ErrInvalidSubject"},
		{jwt.ErrMissingClaim, "ErrMissingClaim"},
		{jwt.ErrInvalidType, "ErrInvalidType"},
		{jwt.ErrInvalidOption, "ErrInvalidOption"},
	}
	for _, n := range names {
		if errors.Is(err, n.err) {
			return n.name
		}
	}
	return ""
}

// wpKey builds the Go verification key of a group from its JWK, with the
// standard library only: the public JWK when there is one, else the
// symmetric "k".
func wpKey(t *testing.T, g wpJWSGroup) any {
	t.Helper()
	j := g.Public
	if j == nil {
		j = g.Private
	}
	if j == nil {
		t.Fatalf("group %q has no key", g.Comment)
	}
	switch j.Kty {
	case "oct":
		return vecB64(t, j.K)
	case "RSA":
		return vecRSAPublic(t, j.N, j.E)
	case "EC":
		return vecECPublic(t, j.Crv, j.X, j.Y)
	}
	t.Fatalf("group %q: unsupported kty %q", g.Comment, j.Kty)
	return nil
}

// wpLabel returns the JWK's "alg" when it names an algorithm we know; an
// unknown label ("ES521" in RFC 7520's figures) restricts nothing beyond
// what the key's type and curve already fix.
func wpLabel(g wpJWSGroup) (jwt.Algorithm, bool) {
	for _, j := range []*wpJWK{g.Public, g.Private} {
		if j != nil && j.Alg != "" {
			a := jwt.Algorithm(j.Alg)
			return a, a.Known()
		}
	}
	return "", false
}

// wpJWSLayer reports whether tok's signature verifies at the JWS layer
// alone, independently of jwt.Parse: three segments, the header's "alg"
// allowed (label) and fitting the key, and the signature verified with
// signing.VerifyingKey over the exact signing input. Every segment must be
// canonical base64url (RFC 7515 section 7.1); Go's decoder skips '\r' and
// '\n', so the alphabet is checked first.
func wpJWSLayer(tok string, key any, label jwt.Algorithm, hasLabel bool) bool {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."
	if strings.ContainsFunc(tok, func(r rune) bool { return !strings.ContainsRune(alphabet, r) }) {
		return false
	}
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return false
	}
	strict := base64.RawURLEncoding.Strict()
	hdr, err := strict.DecodeString(parts[0])
	if err != nil {
		return false
	}
	if _, err := strict.DecodeString(parts[1]); err != nil {
		return false
	}
	var h struct {
		Alg string `json:"alg"`
	}
	if json.Unmarshal(hdr, &h) != nil {
		return false
	}
	alg, ok := signing.Lookup(h.Alg)
	if !ok || (hasLabel && jwt.Algorithm(alg) != label) {
		return false
	}
	sig, err := strict.DecodeString(parts[2])
	if err != nil {
		return false
	}
	vk, err := signing.NewVerifyingKey(key)
	if err != nil {
		return false
	}
	return vk.Verify(alg, []byte(parts[0]+"."+parts[1]), sig) == nil
}

// wpClassify runs tok through jwt.Parse and, when Parse refuses it as
// malformed, finds out whether the refusal came after a verified signature
// (the payload is not a JWT claims set) or before it.
func wpClassify(t *testing.T, tok string, key any, label jwt.Algorithm, hasLabel bool) (wpVerdict, error) {
	t.Helper()
	var opts []jwt.Option
	if hasLabel {
		opts = append(opts, jwt.WithAlgorithms(label))
	}
	_, err := jwt.Parse(tok, key, opts...)
	if err == nil {
		return wpAcceptedJWT, nil
	}
	if sentinelName(err) == "" {
		t.Errorf("error matches no sentinel: %v", err)
	}
	if !errors.Is(err, jwt.ErrTokenMalformed) || errors.Is(err, jwt.ErrSignatureInvalid) {
		return wpRefused, err
	}
	if !wpJWSLayer(tok, key, label, hasLabel) {
		return wpRefused, err
	}
	// The signature verifies at the JWS layer and Parse said malformed.
	// A changed signature must turn that into ErrSignatureInvalid: proof that
	// Parse got past the header and the algorithm to the signature, so the
	// malformed verdict is about the payload.
	i := strings.LastIndexByte(tok, '.') + 1
	c := byte('A')
	if tok[i] == 'A' {
		c = 'B'
	}
	if _, perr := jwt.Parse(tok[:i]+string(c)+tok[i+1:], key, opts...); !errors.Is(perr, jwt.ErrSignatureInvalid) {
		t.Errorf("signature verifies at the JWS layer, but Parse of an altered signature = %v (original: %v)", perr, err)
		return wpRefused, err
	}
	return wpJWSOnly, err
}

// TestWycheproofJWS_CompactTokens runs every whole-token case of Wycheproof's
// json_web_signature_test.json through jwt.Parse with its group's key:
// every invalid token is refused (at the JWT and at the JWS layer), and every
// valid one verifies, unless a documented rule of ours refuses it. A valid
// signature over a payload that is not a JSON object is a valid JWS but not a
// JWT (RFC 7519 section 7.2): Parse refuses it with ErrTokenMalformed, and
// the signature is checked separately through the signing layer.
func TestWycheproofJWS_CompactTokens(t *testing.T) {
	data, err := os.ReadFile(wpJWSPath)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("Wycheproof vectors not found at %s (the shared test data folder is absent)", wpJWSPath)
	}
	if err != nil {
		t.Fatal(err)
	}
	var file wpJWSFile
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("decoding %s: %v", wpJWSPath, err)
	}

	counts := map[string]int{}
	total, labelOnly := 0, 0
	for _, g := range file.TestGroups {
		key := wpKey(t, g)
		label, hasLabel := wpLabel(g)
		for _, tc := range g.Tests {
			total++
			if reason, ok := wpJWSNotApplicable[tc.TcID]; ok {
				counts["not applicable: "+reason]++
				continue
			}
			verdict, err := wpClassify(t, tc.JWS, key, label, hasLabel)
			fail := func(format string, args ...any) {
				t.Helper()
				t.Errorf("tcId %d (%s, %s, %q): "+format, append([]any{tc.TcID, tc.Result, tc.Comment, g.Comment}, args...)...)
			}
			switch {
			case tc.Result == "invalid":
				switch verdict {
				case wpAcceptedJWT:
					fail("invalid token accepted by Parse")
				case wpJWSOnly:
					fail("invalid token's signature verified (refused only as a JWT: %v)", err)
				default:
					counts["invalid, refused: "+sentinelName(err)]++
				}
				// The JWK's "alg" is what pins one algorithm of the RSA
				// family (RFC 7517 section 4.4); with the key alone any
				// RS*/PS* fits it (RFC 8725 section 3.1 binds the family).
				// Only the WrongPrimitive cases may depend on the label.
				if hasLabel {
					if v, _ := wpClassify(t, tc.JWS, key, "", false); v != wpRefused {
						if !slices.Contains(tc.Flags, "WrongPrimitive") {
							fail("refused only because of the JWK alg label %s", label)
						}
						labelOnly++
					}
				}
			case tc.Result != "valid":
				fail("unexpected result %q", tc.Result)
			case wpJWSRefusedByPolicy[tc.TcID].reason != "":
				p := wpJWSRefusedByPolicy[tc.TcID]
				if verdict != wpRefused || !errors.Is(err, p.want) {
					fail("want refused by policy with %v, got verdict %d, %v", p.want, verdict, err)
				}
				counts["valid upstream, refused by policy: "+p.reason]++
			case wpJWSLabelMismatch[tc.TcID]:
				if verdict != wpRefused || !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
					fail("with the JWK alg label %s honoured: verdict %d, %v; want ErrAlgorithmNotAllowed", label, verdict, err)
				}
				if v, err := wpClassify(t, tc.JWS, key, "", false); v == wpRefused {
					fail("with the key alone: %v", err)
				}
				counts["valid, JWK alg label disagrees with the token (upstream data): refused with the label, verified with the key alone"]++
			case verdict == wpAcceptedJWT:
				counts["valid, accepted as a JWT"]++
			case verdict == wpJWSOnly:
				counts["valid, signature verified at the JWS layer, refused as a JWT (payload is not a JSON object)"]++
			default:
				fail("valid token refused: %v", err)
			}
		}
	}
	if total != file.NumberOfTests {
		t.Errorf("ran %d cases, the file declares %d", total, file.NumberOfTests)
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Logf("Wycheproof json_web_signature_test.json: %d cases", total)
	for _, k := range keys {
		t.Logf("%4d  %s", counts[k], k)
	}
	t.Logf("(%d of the invalid WrongPrimitive cases are refused only because the JWK \"alg\" is honoured through WithAlgorithms)", labelOnly)
	if !slices.ContainsFunc(keys, func(k string) bool { return strings.HasPrefix(k, "valid, signature verified") }) {
		t.Error("no valid case verified at all")
	}
}
