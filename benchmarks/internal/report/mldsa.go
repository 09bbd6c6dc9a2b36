package main

import (
	"fmt"
	"strings"
)

// pqAlg is one algorithm of the ML-DSA section: its benchmark prefix, its
// JOSE name and its signature size in bytes (fixed by the algorithm).
type pqAlg struct {
	bench, name string
	sig         int
	mldsa       bool
}

// pqAlgs lists the ML-DSA parameter sets (RFC 9964; FIPS 204 section 4,
// Table 2, for the sizes) after the two algorithms they are read beside.
var pqAlgs = []pqAlg{
	{"ES256", "ES256", 64, false},
	{"EdDSA", "EdDSA", 64, false},
	{"MLDSA44", "ML-DSA-44", 2420, true},
	{"MLDSA65", "ML-DSA-65", 3309, true},
	{"MLDSA87", "ML-DSA-87", 4627, true},
}

// pqLibs are the rows the ML-DSA benchmarks measure: no peer has ML-DSA.
// jotlib-cache is ML-DSA-65's cache-hit row (issue 26).
var pqLibs = []string{"jotlib-std", "jotlib-cache", "floor"}

// pqTitle names the rows of the ML-DSA tables.
var pqTitle = map[string]string{
	"jotlib-std":   libTitle["jotlib-std"],
	"jotlib-cache": libTitle["jotlib-cache"],
	"floor":        "floor: bare crypto (`crypto/mldsa` `Verify` / `Sign`)",
}

// dash marks a cell whose row the Go version did not measure (ML-DSA under
// Go 1.26, which refuses it).
const dash = "—"

// pqName is the benchmark name of one row of the ML-DSA section.
func pqName(bench, op, lib string) string {
	return fmt.Sprintf("%s%s/claims=struct/lib=%s", bench, op, lib)
}

// measuredAnywhere reports whether some Go version has the row.
func measuredAnywhere(vs []version, name string) bool {
	for _, v := range vs {
		if _, ok := v.res.get(modPkg, name); ok {
			return true
		}
	}
	return false
}

// tokenBytes is the size of the compact token a parse row reads (the
// token-bytes metric), from the first Go version that measured it.
func tokenBytes(vs []version, bench string) (float64, bool) {
	for _, v := range vs {
		for _, lib := range pqLibs {
			if n, ok := v.res.metric(modPkg, pqName(bench, "Parse", lib), "token-bytes"); ok {
				return n, true
			}
		}
	}
	return 0, false
}

// writeMLDSA writes the ML-DSA section: this library's parse and sign of
// each parameter set beside ES256 and EdDSA, with ratios to the bare
// crypto and the token sizes, then the detail of each row. The rows exist
// only under Go 1.27 and later; every other Go version's cells are a dash.
func writeMLDSA(b *strings.Builder, vs []version) {
	b.WriteString("\n## ML-DSA (Go 1.27 only)\n" + mldsaText)
	measured := false
	for _, a := range pqAlgs {
		if a.mldsa && measuredAnywhere(vs, pqName(a.bench, "Parse", "jotlib-std")) {
			measured = true
		}
	}
	if !measured {
		b.WriteString("\nNot measured in this run: none of its Go versions has `crypto/mldsa`.\n")
		return
	}

	b.WriteString("\n### Sign and verify beside ES256 and EdDSA (jotlib, default encoder, struct claims)\n\n")
	b.WriteString("| algorithm | signature bytes | token bytes |")
	sep := "|---|--:|--:|"
	for _, v := range vs {
		fmt.Fprintf(b, " %s parse CPU/op | × bare crypto | sign CPU/op | × bare crypto |", v.label)
		sep += "--:|--:|--:|--:|"
	}
	b.WriteString("\n" + sep + "\n")
	for _, a := range pqAlgs {
		if !measuredAnywhere(vs, pqName(a.bench, "Parse", "jotlib-std")) && !measuredAnywhere(vs, pqName(a.bench, "Sign", "jotlib-std")) {
			continue
		}
		tok := dash
		if n, ok := tokenBytes(vs, a.bench); ok {
			tok = fmt.Sprintf("%.0f", n)
		}
		fmt.Fprintf(b, "| %s | %d | %s |", a.name, a.sig, tok)
		for _, v := range vs {
			for _, op := range ops {
				s, ok := v.res.get(modPkg, pqName(a.bench, op, "jotlib-std"))
				if !ok {
					b.WriteString(" " + dash + " | " + dash + " |")
					continue
				}
				ratio := dash
				if fl, ok := v.res.get(modPkg, pqName(a.bench, op, "floor")); ok {
					ratio = fmtRatio(s.ns / fl.ns)
				}
				fmt.Fprintf(b, " %s | %s |", fmtTime(s.ns), ratio)
			}
		}
		b.WriteString("\n")
	}

	for _, op := range ops {
		fmt.Fprintf(b, "\n### ML-DSA %s, struct claims\n\n", strings.ToLower(op))
		b.WriteString("| parameter set | row |")
		sep := "|---|---|"
		for _, v := range vs {
			fmt.Fprintf(b, " %s CPU/op | × bare crypto | wall/op | B/op | allocs/op |", v.label)
			sep += "--:|--:|--:|--:|--:|"
		}
		b.WriteString("\n" + sep + "\n")
		for _, a := range pqAlgs {
			if !a.mldsa {
				continue
			}
			for _, lib := range pqLibs {
				name := pqName(a.bench, op, lib)
				if !measuredAnywhere(vs, name) {
					continue
				}
				fmt.Fprintf(b, "| %s | %s |", a.name, pqTitle[lib])
				for _, v := range vs {
					s, ok := v.res.get(modPkg, name)
					if !ok {
						b.WriteString(strings.Repeat(" "+dash+" |", 5))
						continue
					}
					ratio := dash
					if fl, ok := v.res.get(modPkg, pqName(a.bench, op, "floor")); ok {
						ratio = fmtRatio(s.ns / fl.ns)
					}
					fmt.Fprintf(b, " %s | %s | %s | %.0f | %.0f |", cpuTime(s), ratio, fmtTime(s.wall), s.bytes, s.allocs)
				}
				b.WriteString("\n")
			}
		}
	}
}
