package interop

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	gjwt "github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
)

// The differential port of golang-jwt v5.3.1's own behavioural test cases
// (parser_test.go, validator_test.go, map_claims_test.go, token_test.go,
// types_test.go, jwt_test.go and the per-algorithm *_test.go). Each row is
// our own statement of one of their cases: the claims, golang-jwt's parser
// options, the equivalent options here, and the verdict. Both libraries
// run on the same token, which is re-made with our fixtures. A row agrees
// (same accept/refuse verdict; on refusal our error carries every sentinel
// golang-jwt's maps to, gjClasses) or is refused on purpose: golang-jwt
// accepts, we refuse, and the reason is an entry of refusedOnPurpose, each
// one a section of MIGRATING.md. The rows are in golangjwt_rows_*_test.go.

// gjCase is one golang-jwt behavioural case, ported.
type gjCase struct {
	src  string // golang-jwt's test file and case
	name string // this row's name, unique

	// The token: claims (marshalled by encoding/json; a string is JSON text)
	// signed with alg (default RS256), or tok for a hand-built one.
	claims any
	alg    jwt.Algorithm
	tok    func(f *gjFix) string

	keys keySrc     // the keyfunc of golang-jwt's case, and its port
	into claimsKind // what both decode into

	gj   func(f *gjFix) []gjwt.ParserOption // golang-jwt's parser options
	ours func(f *gjFix) []jwt.Option        // the equivalent options here

	// gjCheck replaces golang-jwt's parser for cases of its method-level
	// tests (a SigningMethod's Verify, ParseUnverified, splitToken); its
	// error is classified like the parser's.
	gjCheck func(f *gjFix, tok string) (claims any, err error)
	// ourCheck replaces our parser likewise (ReadUnverified).
	ourCheck func(f *gjFix, tok string) (claims any, err error)

	// gjWant is golang-jwt's verdict as its own table states it (nil:
	// valid); ourWant is ours. both lists errors of the caller's own (a
	// keyfunc's, a Validate method's) both must carry.
	gjWant, ourWant error
	both            []error
	// refused names the refusedOnPurpose entry when golang-jwt accepts and
	// we refuse.
	refused string
	// classDiff names the classDifferences entry when the verdicts agree
	// but our error's class is not the one golang-jwt's maps to.
	classDiff string
	// noClaimsCompare: the accepted claims are not compared (golang-jwt's
	// case does not either: method-level cases).
	noClaimsCompare bool
}

// classDifferences are the refusals whose error class differs: golang-jwt
// reports gj, which maps to ours; we report instead. Each is named in
// MIGRATING.md's "Errors" section (TestGolangjwtMigratingErrors).
// None today: "aud": "" and [""] (and an empty "iss" or "sub" where another
// is expected) match ErrMissingClaim too, as golang-jwt counts them.
var classDifferences = map[string]struct{ gj, ours, instead error }{}

// accepted marks a valid verdict in a row.
var accepted error

// gjRows are the ported tables, in golang-jwt's file order.
func gjRows(f *gjFix) []gjCase {
	var all []gjCase
	for _, group := range [][]gjCase{
		parserRows(f), unverifiedRows(f), paddingRows(f),
		validatorRows(f), mapClaimsRows(f), methodRows(f), splitRows(f),
	} {
		all = append(all, group...)
	}
	return all
}

// TestGolangjwtCases runs every ported row through both libraries.
func TestGolangjwtCases(t *testing.T) {
	f := newGJFix(keys(t))
	rows := gjRows(f)
	seen := map[string]bool{}
	counts := map[string]int{}
	for _, c := range rows {
		require.False(t, seen[c.name], "duplicate row %q", c.name)
		seen[c.name] = true
		if c.refused != "" {
			counts["refused on purpose"]++
			require.Contains(t, refusedOnPurpose, c.refused, "row %q", c.name)
		} else {
			counts["agree"]++
		}
		t.Run(c.name, func(t *testing.T) { runGJCase(t, f, c) })
	}
	counts["missing API"] = 0 // no row lacks a port: none is skipped
	t.Logf("golang-jwt v5.3.1 behavioural rows: %d; %s", len(rows), countLine(counts))
	signCounts := runSignRows(t, f)
	t.Logf("golang-jwt v5.3.1 signing rows: %s", countLine(signCounts))

	// MIGRATING.md states these numbers.
	doc, err := os.ReadFile("../MIGRATING.md")
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(doc)), " ")
	nSign := signCounts["agree"] + signCounts["refused on purpose"]
	for _, want := range []string{
		fmt.Sprintf("%d rows (%d parsing, %d signing)", len(rows)+nSign, len(rows), nSign),
		fmt.Sprintf("%d agree", counts["agree"]+signCounts["agree"]),
		fmt.Sprintf("%d are tokens golang-jwt accepts", counts["refused on purpose"]+signCounts["refused on purpose"]),
	} {
		assert.Contains(t, text, want, "MIGRATING.md's count of the differential port")
	}
}

func countLine(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

func runGJCase(t *testing.T, f *gjFix, c gjCase) {
	alg := c.alg
	if alg == "" {
		alg = jwt.RS256
	}
	tok := ""
	if c.tok != nil {
		tok = c.tok(f)
	} else {
		tok = f.token(alg, c.claims)
	}

	gjClaims, gjErr := runGJ(f, c, alg, tok)
	ourClaims, ourErr := runOurs(f, c, alg, tok)

	// golang-jwt's verdict is the one its own table states.
	if c.gjWant == nil {
		require.NoError(t, gjErr, "golang-jwt refused a token its table accepts (%s)", c.src)
	} else {
		require.Error(t, gjErr, "golang-jwt accepted a token its table refuses (%s)", c.src)
		assert.ErrorIs(t, gjErr, c.gjWant, "golang-jwt")
	}
	for _, e := range c.both {
		assert.ErrorIs(t, gjErr, e, "golang-jwt")
	}

	if c.refused != "" {
		require.Nil(t, c.gjWant, "a row refused on purpose is one golang-jwt accepts")
		require.Error(t, ourErr, "refused on purpose (%s), yet accepted", c.refused)
		assert.ErrorIs(t, ourErr, refusedOnPurpose[c.refused], "refused on purpose (%s)", c.refused)
		return
	}

	// Agreement: the same verdict, and our error carries the class of
	// golang-jwt's.
	if c.ourWant == nil {
		require.NoError(t, ourErr, "we refuse what golang-jwt accepts (%s)", c.src)
	} else {
		require.Error(t, ourErr, "we accept what golang-jwt refuses (%s)", c.src)
		assert.ErrorIs(t, ourErr, c.ourWant)
	}
	diff, hasDiff := classDifferences[c.classDiff]
	require.True(t, c.classDiff == "" || hasDiff, "unknown class difference %q", c.classDiff)
	for _, want := range gjClasses(gjErr) {
		if hasDiff && want == diff.ours {
			require.ErrorIs(t, gjErr, diff.gj)
			assert.NotErrorIs(t, ourErr, diff.ours, "class difference %q: update classDifferences and MIGRATING.md", c.classDiff)
			want = diff.instead
		}
		assert.ErrorIs(t, ourErr, want, "the class of golang-jwt's %q", gjErr)
	}
	for _, e := range c.both {
		assert.ErrorIs(t, ourErr, e, "ours")
	}
	if gjErr == nil && !c.noClaimsCompare {
		assert.Equal(t, normalized(gjClaims), normalized(ourClaims), "decoded claims")
		if c.into == intoMap {
			// The same Go types in the maps (json.Number under
			// WithJSONNumber / StdEncoder{UseNumber: true}).
			gm, om := map[string]any(gjClaims.(gjwt.MapClaims)), ourClaims.(map[string]any)
			for k, v := range gm {
				assert.Equal(t, reflect.TypeOf(v), reflect.TypeOf(om[k]), "type of %q", k)
			}
		}
	}
}

// runGJ runs golang-jwt's side of a row.
func runGJ(f *gjFix, c gjCase, alg jwt.Algorithm, tok string) (any, error) {
	if c.gjCheck != nil {
		return c.gjCheck(f, tok)
	}
	var opts []gjwt.ParserOption
	if c.gj != nil {
		opts = c.gj(f)
	}
	t, err := gjwt.NewParser(opts...).ParseWithClaims(tok, gjTarget(c.into), f.gjKeyfunc(c.keys, alg))
	if err != nil {
		return nil, err
	}
	if !t.Valid {
		return nil, errors.New("golang-jwt: no error, yet token.Valid is false")
	}
	return deref(t.Claims), nil
}

// runOurs runs our side of a row: Parse for map claims, ParseWithClaims
// with a pointer otherwise.
func runOurs(f *gjFix, c gjCase, alg jwt.Algorithm, tok string) (any, error) {
	if c.ourCheck != nil {
		return c.ourCheck(f, tok)
	}
	var opts []jwt.Option
	if c.ours != nil {
		opts = c.ours(f)
	}
	key := f.ourKey(c.keys, alg)
	if c.into == intoMap {
		t, err := jwt.Parse(tok, key, opts...)
		if err != nil {
			return nil, err
		}
		return t.Claims, nil
	}
	dst := ourTarget(c.into)
	if _, err := jwt.ParseWithClaims(tok, dst, key, opts...); err != nil {
		return nil, err
	}
	return deref(dst), nil
}
