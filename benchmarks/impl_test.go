package benchmarks

import (
	"fmt"
	"slices"
	"strings"
)

// impl is one library's fastest idiomatic path. Both functions prepare the
// state a server keeps between tokens (parsers, signers, key checks) and
// return the per-token work.
type impl struct {
	lib string
	// only is the one algorithm the path runs ("" for every algorithm).
	only string
	// among, when not nil, lists the algorithms the path runs (ML-DSA ones
	// included, in Go 1.27 builds), instead of only and mldsa.
	among []string
	// mldsa is whether the path also runs the ML-DSA algorithms (Go 1.27
	// builds only: see mldsa_test.go); no peer has them.
	mldsa bool
	// sign returns a function that signs the workload of the given kind;
	// nil for a verify-only path (no sign rows).
	sign func(a *algCase, kind string) (func() (string, error), error)
	// parse returns a function that verifies tok, validates exp and nbf the
	// way the library does by default, and decodes the claims of the given
	// kind; when out is non-nil it also copies what it read into out, for
	// the round-trip test.
	parse func(a *algCase, kind string) (func(tok string, out *decoded) error, error)
}

// decoded is what a parse read, in one shape for every library.
type decoded struct {
	Subject  string
	Name     string
	Roles    []string
	Audience []string
	Exp      int64
	Verified bool
}

// runs reports whether the path is measured under the algorithm.
func (im impl) runs(alg string) bool {
	if im.among != nil {
		return slices.Contains(im.among, alg)
	}
	if isMLDSA(alg) {
		return im.mldsa && im.only == ""
	}
	return im.only == "" || im.only == alg
}

// isMLDSA reports whether a case name is one of the ML-DSA parameter sets.
func isMLDSA(name string) bool { return strings.HasPrefix(name, "MLDSA") }

// impls lists the compared paths in table order; the floors come last: the
// bare crypto, then the rule-free HS256 JWT per codec.
func impls() []impl {
	std := jotImpl("jotlib-std", nil)
	std.mldsa = true
	list := []impl{std}
	list = append(list, extraJotImpls()...)
	list = append(list, jotOneShotImpl(), jotCacheImpl())
	list = append(list, golangJWTImpl(), goJoseImpl(), jwxImpl(), katarasImpl(), floorImpl())
	return append(list, codecFloorImpls()...)
}

// anyStrings converts a decoded JSON array to strings (test use only).
func anyStrings(v any) []string {
	switch x := v.(type) {
	case []string:
		return x
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			out = append(out, fmt.Sprint(e))
		}
		return out
	case string:
		return []string{x}
	}
	return nil
}

// anyInt64 converts a decoded JSON number to int64 (test use only).
func anyInt64(v any) int64 {
	switch x := v.(type) {
	case float64:
		return int64(x)
	case int64:
		return x
	case int:
		return int64(x)
	case interface{ Int64() (int64, error) }:
		n, _ := x.Int64()
		return n
	}
	return 0
}

func unknownKind(kind string) error { return fmt.Errorf("unknown claim kind %q", kind) }
