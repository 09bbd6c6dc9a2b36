package jwt_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// Whatever runs before the signature is checked is what anyone can make a
// verifier spend: the strict pass over the header on every path, and, when
// the keys are chosen by the token's "iss" (an IssuerKeySet), the read of
// that "iss" from the payload. These benchmarks and the tests below compare
// tokens at the default size cap made of the costliest JSON we know, in the
// header or in the claims, with well-formed tokens of the same size, on
// every kind of key source. The signature is wrong: all of the cost is
// before it.

// worstSecret is an HS256 key; no token here is signed with it.
var worstSecret = []byte("strict-worst-case-hs256-key-32by")

// worstIssuer is the issuer an IssuerKeySet has keys for: every claims
// object here names it first, so each token reaches the signature.
const worstIssuer = "https://auth.example.com/realms/production"

// worstBudget is how many bytes of a segment fit in a token at the default
// size cap beside a small other segment and a 32-byte signature.
const worstBudget = (jwt.DefaultMaxTokenSize - 200) / 4 * 3

// smallHeader and smallClaims are the other segment of a token whose
// claims, or header, fill it.
const (
	smallHeader = `{"alg":"HS256"}`
	smallClaims = `{"iss":"` + worstIssuer + `","sub":"x"}`
)

// capToken returns a token with the given header and claims and a
// signature that does not verify.
func capToken(header, claims string) string {
	enc := base64.RawURLEncoding
	return enc.EncodeToString([]byte(header)) + "." + enc.EncodeToString([]byte(claims)) + "." +
		enc.EncodeToString(make([]byte, 32))
}

// worstObject returns an object of at most worstBudget bytes that starts
// with open ({"alg":"HS256", or {"iss":"...",) and is filled by
// "x":[unit,unit,...], or by unit,unit,... as members when members is true,
// with units built by unit(i).
func worstObject(open string, members bool, unit func(i int) string) string {
	list, closing := `"x":[`, `]}`
	if members {
		list, closing = ``, `}`
	}
	var b strings.Builder
	b.WriteString(open + list)
	for i := 0; ; i++ {
		u := unit(i)
		if b.Len()+len(u)+len(closing)+1 > worstBudget {
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(u)
	}
	b.WriteString(closing)
	return b.String()
}

// sixteen joins 16 members built by member(j) into an object.
func sixteen(member func(j int) string) string {
	m := make([]string, 16)
	for j := range m {
		m[j] = member(j)
	}
	return "{" + strings.Join(m, ",") + "}"
}

// worstShape is a shape of JSON costly for the strict pass or for the
// callback that reads its top-level members.
type worstShape struct {
	members bool
	unit    func(i int) string
}

// worstShapes are the costliest shapes we know.
var worstShapes = map[string]worstShape{
	// Objects of 16 escaped names of one length and the same first and last
	// bytes (one filter bit), differing only near their end.
	"escaped-16": {false, func(int) string {
		return sixteen(func(j int) string { return `"` + strings.Repeat(`\u0061`, 8) + string(rune('a'+j)) + `\u0061":1` })
	}},
	// The same with non-ASCII names: fold keys through the Unicode tables.
	"non-ASCII-16": {false, func(int) string {
		return sixteen(func(j int) string { return `"ſK` + string(rune('a'+j)) + `İ":1` })
	}},
	// One object of as many short escaped names as fit: the hash table, and
	// a callback that would decode each top-level name.
	"many-names": {true, func(i int) string { return `"\u006e` + strconv.Itoa(i) + `":1` }},
	// The same with short non-ASCII names, which a look-alike check would
	// case-map each.
	"many-non-ASCII-names": {true, func(i int) string { return `"é` + strconv.Itoa(i) + `":1` }},
	// Both: short escaped non-ASCII names.
	"many-escaped-non-ASCII-names": {true, func(i int) string { return `"\u00e9` + strconv.Itoa(i) + `":1` }},
	// Plain names, which a callback reads in place.
	"many-plain-names": {true, func(i int) string { return `"n` + strconv.Itoa(i) + `":1` }},
	// Objects nested to the depth limit, an escaped name at each level.
	"deep": {false, func(int) string {
		return strings.Repeat(`{"\u0061":`, 60) + "1" + strings.Repeat("}", 60)
	}},
	// Numbers of over 300 digits, each range-checked.
	"long-numbers": {false, func(int) string { return "1" + strings.Repeat("0", 301) }},
	// Long escaped non-ASCII names that differ only at their end.
	"long-names": {false, func(int) string {
		return sixteen(func(j int) string { return `"` + strings.Repeat(`\u00e9`, 64) + string(rune('a'+j)) + `é":1` })
	}},
}

// wellFormedShapes are ordinary JSON of the same size.
var wellFormedShapes = map[string]func(open string) string{
	"long-string": func(open string) string {
		prefix := open + `"x":"`
		return prefix + strings.Repeat("a", worstBudget-len(prefix)-2) + `"}`
	},
	"objects": func(open string) string {
		return worstObject(open, false, func(i int) string { return `{"id":` + strconv.Itoa(i) + `,"name":"member","ok":true}` })
	},
}

// worstCaseTokens returns tokens at the size cap whose header, or whose
// claims, have each worst shape, and well-formed tokens of the same size.
func worstCaseTokens() (worst, wellFormed map[string]string) {
	worst, wellFormed = map[string]string{}, map[string]string{}
	for name, s := range worstShapes {
		worst["header/"+name] = capToken(worstObject(`{"alg":"HS256",`, s.members, s.unit), smallClaims)
		worst["claims/"+name] = capToken(smallHeader, worstObject(`{"iss":"`+worstIssuer+`",`, s.members, s.unit))
	}
	for name, build := range wellFormedShapes {
		wellFormed["header/"+name] = capToken(build(`{"alg":"HS256",`), smallClaims)
		wellFormed["claims/"+name] = capToken(smallHeader, build(`{"iss":"`+worstIssuer+`",`))
	}
	return worst, wellFormed
}

// oneIssuer is a small IssuerKeySet: worstSecret for worstIssuer only.
type oneIssuer struct{}

func (oneIssuer) VerificationKeys(context.Context, *jwt.Header) ([]any, error) {
	return nil, errors.New("an IssuerKeySet is asked by issuer")
}

func (oneIssuer) IssuerVerificationKeys(_ context.Context, iss string, _ *jwt.Header) ([]any, error) {
	if iss != worstIssuer {
		return nil, fmt.Errorf("%w: %q", jwt.ErrInvalidIssuer, iss)
	}
	return []any{worstSecret}, nil
}

// worstKeySources are every kind of key source a Verifier takes, each
// with worstSecret: a static key, a KeyFunc, a KeySet (*jwk.Set), and
// IssuerKeySets (jwk.Issuers over that set, and a small one of our own).
func worstKeySources(tb testing.TB) map[string]any {
	k, err := jwk.NewKey(worstSecret, jwk.Params{KeyID: "k"})
	if err != nil {
		tb.Fatal(err)
	}
	set := jwk.NewSet(k)
	issuers, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: worstIssuer, Keys: jwk.NewSet(k)}})
	if err != nil {
		tb.Fatal(err)
	}
	return map[string]any{
		"static":                 worstSecret,
		"KeyFunc":                jwt.KeyFunc(func(*jwt.Header) (any, error) { return worstSecret, nil }),
		"KeySet":                 set,
		"IssuerKeySet/Issuers":   issuers,
		"IssuerKeySet/oneIssuer": oneIssuer{},
	}
}

// worstOptions are the verifier options the costs are measured with: none,
// and required claims (whose presence the claims' pass records).
var worstOptions = map[string][]jwt.Option{
	"":                nil,
	"+RequiredClaims": {jwt.WithRequiredClaims("sub", "n1", "é1")},
}

// parseWorst parses tok with v and requires the failure to be the
// signature's: every check before it passed.
func parseWorst(tb testing.TB, v *jwt.Verifier, tok string) {
	if _, err := v.Parse(tok); !errors.Is(err, jwt.ErrSignatureInvalid) {
		tb.Fatalf("got %v, want ErrSignatureInvalid", err)
	}
}

// costOf returns the allocations and bytes allocated per call of f, as
// testing.AllocsPerRun counts them (one warm-up call, one P).
func costOf(runs int, f func()) (allocs, bytes float64) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	f()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / float64(runs), float64(after.TotalAlloc-before.TotalAlloc) / float64(runs)
}

// worstCaseFactor is the project's bound on what a token may cost before
// its signature is checked: at most this many times, in allocations and in
// bytes, what a well-formed token of the same size costs.
const worstCaseFactor = 20

// TestPreSignatureCostBoundedForEveryKeySource: a token at the size cap
// whose header or claims are the costliest JSON we know costs at most 20
// times the allocations and the bytes of a well-formed token of the same
// size before its signature is checked, with every kind of key source
// (static key, KeyFunc, KeySet, IssuerKeySet), with and without
// WithRequiredClaims: the claims are not read before the signature beyond
// the "iss" an IssuerKeySet chooses keys by.
func TestPreSignatureCostBoundedForEveryKeySource(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation counts")
	}
	worst, wellFormed := worstCaseTokens()
	for _, tok := range wellFormed {
		if len(tok) > jwt.DefaultMaxTokenSize || len(tok) < jwt.DefaultMaxTokenSize*99/100 {
			t.Fatalf("well-formed token of %d bytes", len(tok))
		}
	}
	for _, tok := range worst {
		if len(tok) > jwt.DefaultMaxTokenSize || len(tok) < jwt.DefaultMaxTokenSize*99/100 {
			t.Fatalf("worst-case token of %d bytes", len(tok))
		}
	}
	for source, key := range worstKeySources(t) {
		for optName, opts := range worstOptions {
			v, err := jwt.NewVerifier(key, opts...)
			if err != nil {
				t.Fatal(err)
			}
			// Each segment against well-formed tokens whose same segment
			// fills them: what decoding a token that big costs anyway.
			base := map[string][2]float64{}
			for name, tok := range wellFormed {
				seg := strings.SplitN(name, "/", 2)[0]
				a, b := costOf(3, func() { parseWorst(t, v, tok) })
				base[seg] = [2]float64{max(base[seg][0], a), max(base[seg][1], b)}
				t.Logf("%s%s, well-formed %s: %.0f allocations, %.0f bytes", source, optName, name, a, b)
			}
			for name, tok := range worst {
				seg := strings.SplitN(name, "/", 2)[0]
				a, b := costOf(3, func() { parseWorst(t, v, tok) })
				t.Logf("%s%s, %s: %.0f allocations, %.0f bytes", source, optName, name, a, b)
				if a > worstCaseFactor*base[seg][0] || b > worstCaseFactor*base[seg][1] {
					t.Errorf("%s%s, %s: %.0f allocations and %.0f bytes before the signature; a well-formed token of the same size %.0f and %.0f (at most %dx)",
						source, optName, name, a, b, base[seg][0], base[seg][1], worstCaseFactor)
				}
			}
		}
	}
}

// BenchmarkStrictWorstCase: Verifier.Parse (HS256) on tokens at the 1 MiB
// cap, the costliest headers and claims against well-formed ones, with
// every kind of key source; the signature never verifies. (Headers of
// tokens whose signature fails are never cached, so each parse reads its
// header again, as for a forger who changes one byte of each.)
func BenchmarkStrictWorstCase(b *testing.B) {
	worst, wellFormed := worstCaseTokens()
	for source, key := range worstKeySources(b) {
		v, err := jwt.NewVerifier(key)
		if err != nil {
			b.Fatal(err)
		}
		for _, set := range []struct {
			kind   string
			tokens map[string]string
		}{{"worst", worst}, {"well-formed", wellFormed}} {
			for name, tok := range set.tokens {
				b.Run(source+"/"+set.kind+"/"+name, func(b *testing.B) {
					b.SetBytes(int64(len(tok)))
					b.ReportAllocs()
					for b.Loop() {
						parseWorst(b, v, tok)
					}
				})
			}
		}
	}
}

// BenchmarkParseIssuerKeySet is BenchmarkParse's HS256 struct/verifier
// row with every kind of key source, those whose keys are chosen by the
// workload's "iss" among them.
func BenchmarkParseIssuerKeySet(b *testing.B) {
	tok, err := jwt.Sign(jwt.HS256, benchStructClaims(), worstSecret) // "iss" is worstIssuer
	if err != nil {
		b.Fatal(err)
	}
	for source, key := range worstKeySources(b) {
		v, err := jwt.NewVerifier(key)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(source, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var got benchAccessClaims
				if _, err := v.ParseWithClaims(tok, &got); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
