package main

import (
	"fmt"
	"strings"
)

// check is one target of issue 11 under one Go version.
type check struct {
	what   string
	got    string
	pass   bool
	absent bool // a row it reads was not measured
	info   bool // not a target under this Go version; the value is shown
}

// codecFloorOf is the rule-free HS256 floor with the same codec as each
// of this library's rows.
var codecFloorOf = map[string]string{
	"jotlib-std":      "floor-encjson",
	"jotlib-oneshot":  "floor-encjson",
	"jotlib-jsoniter": "floor-jsoniter",
}

const (
	hsParseStruct = "HS256Parse/claims=struct/lib="
	hsSignStruct  = "HS256Sign/claims=struct/lib="
)

// targets lists issue 11's targets, in table order.
func targets() []func(version) check {
	return []func(version) check{
		ratioCheck("HS256 `Verifier.ParseWithClaims`, struct claims, default encoder ≤ 1.15× the encoding/json floor", hsParseStruct, "jotlib-std", "floor-encjson", 1.15),
		ratioCheck("HS256 `Signer.Sign`, struct claims, default encoder ≤ 1.35× the encoding/json floor", hsSignStruct, "jotlib-std", "floor-encjson", 1.35),
		allocCheck("HS256 parse, struct claims, default encoder: allocations ≤ the floor's + 2", hsParseStruct, "jotlib-std", "floor-encjson", 2),
		allocCheck("HS256 sign, struct claims, default encoder: allocations ≤ the floor's + 2", hsSignStruct, "jotlib-std", "floor-encjson", 2),
		ratioCheck("HS256 `Verifier.ParseWithClaims`, struct claims, jsoniterext ≤ 1.20× the jsoniter floor", hsParseStruct, "jotlib-jsoniter", "floor-jsoniter", 1.20),
		ratioCheck("HS256 `Signer.Sign`, struct claims, jsoniterext ≤ 1.35× the jsoniter floor", hsSignStruct, "jotlib-jsoniter", "floor-jsoniter", 1.35),
		fasterCheck("HS256: jsoniterext faster than the default encoder on every row", "jotlib-jsoniter", []string{"jotlib-std"}),
		speedupCheck("HS256 parse, struct claims: jsoniterext ≥ 1.6× as fast as the default encoder under Go 1.26", hsParseStruct, "jotlib-jsoniter", "jotlib-std", 1.6, "Go 1.26"),
		fasterCheck("HS256: jotlib (default encoder) faster than golang-jwt, go-jose, jwx and kataras on every row", "jotlib-std", peers),
		fasterCheck("HS256: jotlib (jsoniterext) faster than golang-jwt, go-jose, jwx and kataras on every row", "jotlib-jsoniter", peers),
		ratioCheck("ES256 parse (default encoder) ≤ 1.05× bare crypto", "ES256Parse/claims=struct/lib=", "jotlib-std", "floor", 1.05),
		ratioCheck("EdDSA parse (default encoder) ≤ 1.05× bare crypto", "EdDSAParse/claims=struct/lib=", "jotlib-std", "floor", 1.05),
		ratioCheck("RS256 parse (default encoder) ≤ 1.10× bare crypto", "RS256Parse/claims=struct/lib=", "jotlib-std", "floor", 1.10),
	}
}

func writeTargets(b *strings.Builder, vs []version) {
	b.WriteString("\n## Targets of issue 11 (medians of this run)\n\n")
	b.WriteString(targetsText)
	writeCheckTable(b, vs, targets())
}

// writeCheckTable writes one row per target with its verdict under each Go
// version.
func writeCheckTable(b *strings.Builder, vs []version, rows []func(version) check) {
	b.WriteString("| target | " + joinLabels(vs) + " |\n|---|" + strings.Repeat("---|", len(vs)) + "\n")
	for _, row := range rows {
		var cells []string
		what := ""
		for _, v := range vs {
			c := row(v)
			what = c.what
			switch {
			case c.absent:
				cells = append(cells, "not measured")
			case c.info:
				cells = append(cells, "(not a target here) "+c.got)
			case c.pass:
				cells = append(cells, "met: "+c.got)
			default:
				cells = append(cells, "**missed**: "+c.got)
			}
		}
		fmt.Fprintf(b, "| %s | %s |\n", what, strings.Join(cells, " | "))
	}
}

func joinLabels(vs []version) string {
	var l []string
	for _, v := range vs {
		l = append(l, v.label)
	}
	return strings.Join(l, " | ")
}

// pair reads the rows prefix+lib and prefix+base.
func pair(v version, prefix, lib, base string) (s, bs stats, ok bool) {
	s, ok1 := v.res.get(modPkg, prefix+lib)
	bs, ok2 := v.res.get(modPkg, prefix+base)
	return s, bs, ok1 && ok2
}

// ratioCheck holds lib's CPU time to at most max times base's on one row.
func ratioCheck(what, prefix, lib, base string, max float64) func(version) check {
	return func(v version) check {
		s, bs, ok := pair(v, prefix, lib, base)
		if !ok {
			return check{what: what, absent: true}
		}
		r := s.ns / bs.ns
		return check{what: what, got: fmt.Sprintf("%s (%s vs %s)", fmtRatio(r), fmtTime(s.ns), fmtTime(bs.ns)), pass: r <= max}
	}
}

// allocCheck holds lib's allocations to at most extra more than base's.
func allocCheck(what, prefix, lib, base string, extra float64) func(version) check {
	return func(v version) check {
		s, bs, ok := pair(v, prefix, lib, base)
		if !ok {
			return check{what: what, absent: true}
		}
		return check{what: what, got: fmt.Sprintf("%.0f vs %.0f allocs/op", s.allocs, bs.allocs), pass: s.allocs <= bs.allocs+extra}
	}
}

// speedupCheck wants base's CPU time to be at least min times lib's, as a
// target under the Go versions whose label starts with goPrefix only.
func speedupCheck(what, prefix, lib, base string, min float64, goPrefix string) func(version) check {
	return func(v version) check {
		s, bs, ok := pair(v, prefix, lib, base)
		if !ok {
			return check{what: what, absent: true}
		}
		x := bs.ns / s.ns
		c := check{what: what, got: fmt.Sprintf("%.2f× as fast (%s vs %s)", x, fmtTime(s.ns), fmtTime(bs.ns)), pass: x >= min}
		c.info = !strings.HasPrefix(v.label, goPrefix+".") && v.label != goPrefix
		return c
	}
}

// fasterCheck wants lib faster than each of others on every HS256 row;
// it lists the rows that miss.
func fasterCheck(what, lib string, others []string) func(version) check {
	return func(v version) check {
		var misses []string
		rows := 0
		for _, op := range ops {
			for _, kind := range kinds {
				prefix := fmt.Sprintf("HS256%s/claims=%s/lib=", op, kind)
				s, ok := v.res.get(modPkg, prefix+lib)
				if !ok {
					continue
				}
				rows++
				for _, o := range others {
					p, ok := v.res.get(modPkg, prefix+o)
					if ok && p.ns <= s.ns {
						misses = append(misses, fmt.Sprintf("%s %s: %s %s vs %s", strings.ToLower(op), kind, o, fmtTime(p.ns), fmtTime(s.ns)))
					}
				}
			}
		}
		if rows == 0 {
			return check{what: what, absent: true}
		}
		if len(misses) == 0 {
			return check{what: what, got: fmt.Sprintf("%d rows", rows), pass: true}
		}
		return check{what: what, got: strings.Join(misses, "; ")}
	}
}
