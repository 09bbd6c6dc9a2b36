package jwt

import (
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// The strict pass runs over the header before the signature is checked, so
// its worst case is what anyone can make a verifier spend. These benchmarks
// and the test below compare tokens at the default size cap whose headers
// are the costliest JSON we know for the pass with well-formed tokens of the
// same size. The signature is wrong: all of the cost is before it.

// worstSecret is an HS256 key; no token here is signed with it.
var worstSecret = []byte("strict-worst-case-hs256-key-32by")

// headerBudget is how many header bytes fit in a token at the default
// size cap beside a small payload and a 32-byte signature.
const headerBudget = (DefaultMaxTokenSize - 200) / 4 * 3

// capToken returns a token with the given header, a small payload and a
// signature that does not verify.
func capToken(header string) string {
	enc := base64.RawURLEncoding
	return enc.EncodeToString([]byte(header)) + "." + enc.EncodeToString([]byte(`{"sub":"x"}`)) + "." +
		enc.EncodeToString(make([]byte, 32))
}

// worstToken returns a token at the size cap whose header is
// {"alg":"HS256","x":[unit,unit,...]}, or {"alg":"HS256",unit,unit,...}
// when members is true, with units built by unit(i) until it is full.
func worstToken(members bool, unit func(i int) string) string {
	open, closing := `"x":[`, `]}`
	if members {
		open, closing = ``, `}`
	}
	var b strings.Builder
	b.WriteString(`{"alg":"HS256",` + open)
	for i := 0; ; i++ {
		u := unit(i)
		if b.Len()+len(u)+len(closing)+1 > headerBudget {
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(u)
	}
	b.WriteString(closing)
	return capToken(b.String())
}

// sixteen joins 16 members built by member(j) into an object.
func sixteen(member func(j int) string) string {
	m := make([]string, 16)
	for j := range m {
		m[j] = member(j)
	}
	return "{" + strings.Join(m, ",") + "}"
}

// worstTokens are the costliest headers we know for the strict pass, each
// at the size cap.
var worstTokens = map[string]func() string{
	// Objects of 16 escaped names of one length and the same first and last
	// bytes (one filter bit), differing only near their end.
	"escaped-16": func() string {
		return worstToken(false, func(int) string {
			return sixteen(func(j int) string { return `"` + strings.Repeat(`\u0061`, 8) + string(rune('a'+j)) + `\u0061":1` })
		})
	},
	// The same with non-ASCII names: fold keys through the Unicode tables.
	"non-ASCII-16": func() string {
		return worstToken(false, func(int) string {
			return sixteen(func(j int) string { return `"ſK` + string(rune('a'+j)) + `İ":1` })
		})
	},
	// One object of as many short escaped names as fit: the hash table.
	// (parseHeader's callback decodes each escaped top-level name with
	// Key.Name, one allocation each: see the test below.)
	"many-names": func() string {
		return worstToken(true, func(i int) string { return `"\u006e` + strconv.Itoa(i) + `":1` })
	},
	// The same with plain names, which the callback reads in place.
	"many-plain-names": func() string {
		return worstToken(true, func(i int) string { return `"n` + strconv.Itoa(i) + `":1` })
	},
	// Objects nested to the depth limit, an escaped name at each level.
	"deep": func() string {
		return worstToken(false, func(int) string {
			return strings.Repeat(`{"\u0061":`, 60) + "1" + strings.Repeat("}", 60)
		})
	},
	// Long escaped non-ASCII names that differ only at their end.
	"long-names": func() string {
		return worstToken(false, func(int) string {
			return sixteen(func(j int) string { return `"` + strings.Repeat(`\u00e9`, 64) + string(rune('a'+j)) + `é":1` })
		})
	},
}

// wellFormedTokens are ordinary tokens of the same size.
var wellFormedTokens = map[string]func() string{
	"long-string": func() string {
		prefix := `{"alg":"HS256","x":"`
		return capToken(prefix + strings.Repeat("a", headerBudget-len(prefix)-2) + `"}`)
	},
	"objects": func() string {
		return worstToken(false, func(i int) string { return `{"id":` + strconv.Itoa(i) + `,"name":"member","ok":true}` })
	},
}

// parseWorst parses tok with jwt.Parse and requires the failure to be the
// signature's: every check before it passed.
func parseWorst(tb testing.TB, tok string) {
	if _, err := Parse(tok, worstSecret); !errors.Is(err, ErrSignatureInvalid) {
		tb.Fatalf("got %v, want ErrSignatureInvalid", err)
	}
}

// BenchmarkStrictWorstCase: jwt.Parse (HS256) on tokens at the 1 MiB cap,
// the costliest headers for the strict pass against well-formed ones.
func BenchmarkStrictWorstCase(b *testing.B) {
	for _, set := range []struct {
		kind   string
		tokens map[string]func() string
	}{{"worst", worstTokens}, {"well-formed", wellFormedTokens}} {
		for name, build := range set.tokens {
			tok := build()
			b.Run(set.kind+"/"+name, func(b *testing.B) {
				b.SetBytes(int64(len(tok)))
				b.ReportAllocs()
				for b.Loop() {
					parseWorst(b, tok)
				}
			})
		}
	}
	// jwt.Parse is Verifier.Parse without its cache of validated headers
	// (which an attacker defeats by changing one byte of each header).
}

// TestStrict_WorstCaseTokenCostsBoundedAllocationsBeforeTheSignature: a
// token at the size cap whose header is the costliest JSON we know for the
// strict pass allocates at most a few dozen times more than a well-formed
// token of the same size (the pass's stacks grow by doubling), not per
// member name.
func TestStrict_WorstCaseTokenCostsBoundedAllocationsBeforeTheSignature(t *testing.T) {
	base := 0.0
	for _, build := range wellFormedTokens {
		tok := build()
		if len(tok) > DefaultMaxTokenSize || len(tok) < DefaultMaxTokenSize*99/100 {
			t.Fatalf("well-formed token of %d bytes", len(tok))
		}
		base = max(base, testing.AllocsPerRun(2, func() { parseWorst(t, tok) }))
	}
	for name, build := range worstTokens {
		if name == "many-names" {
			continue // the callback's own allocation per escaped top-level name
		}
		tok := build()
		if len(tok) > DefaultMaxTokenSize || len(tok) < DefaultMaxTokenSize*99/100 {
			t.Fatalf("%s: token of %d bytes", name, len(tok))
		}
		if n := testing.AllocsPerRun(2, func() { parseWorst(t, tok) }); n > base+80 {
			t.Errorf("%s: %v allocations, a well-formed token of the same size %v", name, n, base)
		}
	}
}
