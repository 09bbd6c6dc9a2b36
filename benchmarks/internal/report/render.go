package main

import (
	"fmt"
	"os"
	"strings"
)

const (
	modPkg  = "github.com/jotlib/jwt/benchmarks"
	rootPkg = "github.com/jotlib/jwt"
)

var (
	algs  = []string{"HS256", "RS256", "PS256", "ES256", "EdDSA"}
	ops   = []string{"Parse", "Sign"}
	kinds = []string{"struct", "map"}
	libs  = []string{"jotlib-std", "jotlib-jsoniter", "jotlib-encjson", "jotlib-oneshot", "golangjwt", "gojose", "jwx", "kataras", "floor"}
)

// libTitle names a row.
var libTitle = map[string]string{
	"jotlib-std":      "**jotlib** (default StdEncoder: encoding/json's results)",
	"jotlib-jsoniter": "**jotlib** (jsoniterext)",
	"jotlib-encjson":  "jotlib with an Encoder calling encoding/json directly",
	"jotlib-oneshot":  "jotlib one-shot `jwt.Sign`/`jwt.Parse*` (StdEncoder)",
	"golangjwt":       "golang-jwt/jwt v5",
	"gojose":          "go-jose/go-jose v4",
	"jwx":             "lestrrat-go/jwx v3",
	"kataras":         "kataras/jwt",
	"floor":           "floor: bare crypto",
}

func writeReport(b *strings.Builder, vs []version, loads, profiles []string, cmds, machine string) {
	b.WriteString(introText)
	if machine != "" {
		b.WriteString("\n## Machine and toolchains\n\n```\n" + strings.TrimSpace(machine) + "\n```\n")
	}
	writeTargets(b, vs)
	writeCodecGain(b, vs)
	b.WriteString("\n## Peers compared\n" + peersText)
	for _, alg := range algs {
		fmt.Fprintf(b, "\n## %s\n", alg)
		for _, op := range ops {
			for _, kind := range kinds {
				writeLibTable(b, vs, alg, op, kind)
			}
		}
	}
	writeFloors(b, vs)
	writeRoot(b, vs)
	writeLoad(b, loads)
	writeProfiles(b, profiles)
	if cmds != "" {
		b.WriteString("\n## Exact commands\n\n```sh\n" + strings.TrimSpace(cmds) + "\n```\n")
	}
}

// fmtTime prints nanoseconds readably.
func fmtTime(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.3f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

func fmtRatio(x float64) string { return fmt.Sprintf("%.2f×", x) }

// cpuTime prints the CPU time per operation, or a dash when only the wall
// time was measured.
func cpuTime(s stats) string {
	if !s.cpu {
		return "–"
	}
	return fmtTime(s.ns)
}

func writeLibTable(b *strings.Builder, vs []version, alg, op, kind string) {
	name := func(lib string) string { return fmt.Sprintf("%s%s/claims=%s/lib=%s", alg, op, kind, lib) }
	if _, ok := vs[0].res.get(modPkg, name("golangjwt")); !ok {
		return
	}
	fmt.Fprintf(b, "\n### %s %s, %s claims\n\n", alg, strings.ToLower(op), kind)
	b.WriteString("| library |")
	sep := "|---|"
	for _, v := range vs {
		fmt.Fprintf(b, " %s CPU/op | × golang-jwt | × floor | wall/op | B/op | allocs/op |", v.label)
		sep += "--:|--:|--:|--:|--:|--:|"
	}
	b.WriteString("\n" + sep + "\n")
	for _, lib := range libs {
		if _, ok := vs[0].res.get(modPkg, name(lib)); !ok {
			continue
		}
		fmt.Fprintf(b, "| %s |", libTitle[lib])
		for _, v := range vs {
			s, ok := v.res.get(modPkg, name(lib))
			if !ok {
				b.WriteString(" – | – | – | – | – | – |")
				continue
			}
			gj, _ := v.res.get(modPkg, name("golangjwt"))
			fl, _ := v.res.get(modPkg, name("floor"))
			fmt.Fprintf(b, " %s | %s | %s | %s | %.0f | %.0f |", cpuTime(s), fmtRatio(s.ns/gj.ns), fmtRatio(s.ns/fl.ns), fmtTime(s.wall), s.bytes, s.allocs)
		}
		b.WriteString("\n")
	}
}

// check is one target of issue 4.
type check struct {
	what   string
	got    string
	pass   bool
	absent bool
}

func writeTargets(b *strings.Builder, vs []version) {
	b.WriteString("\n## Targets of issue 4 (medians of this run)\n\n")
	b.WriteString("| target | " + joinLabels(vs) + " |\n|---|" + strings.Repeat("---|", len(vs)) + "\n")
	rows := []func(v version) check{
		ratioCheck("HS256 Verifier.ParseWithClaims struct, default StdEncoder ≤ 0.50× golang-jwt", "HS256Parse/claims=struct/lib=jotlib-std", "golangjwt", 0.5),
		ratioCheck("(reference, not the default) the same with an Encoder calling encoding/json directly ≤ 0.50×", "HS256Parse/claims=struct/lib=jotlib-encjson", "golangjwt", 0.5),
		ratioCheck("HS256 Verifier.ParseWithClaims struct, jsoniterext ≤ 0.25× golang-jwt", "HS256Parse/claims=struct/lib=jotlib-jsoniter", "golangjwt", 0.25),
		allocCheck("HS256 Verifier.ParseWithClaims struct (StdEncoder) ≤ 20 allocs/op", "HS256Parse/claims=struct/lib=jotlib-std", 20),
		allocCheck("HS256 Verifier.ParseWithClaims struct (jsoniterext) ≤ 20 allocs/op", "HS256Parse/claims=struct/lib=jotlib-jsoniter", 20),
		ratioCheck("HS256 Signer.Sign struct, default StdEncoder ≤ 0.30× golang-jwt", "HS256Sign/claims=struct/lib=jotlib-std", "golangjwt", 0.3),
		ratioCheck("(reference, not the default) the same with an Encoder calling encoding/json directly ≤ 0.30×", "HS256Sign/claims=struct/lib=jotlib-encjson", "golangjwt", 0.3),
		ratioCheck("HS256 Signer.Sign struct, jsoniterext ≤ 0.30× golang-jwt", "HS256Sign/claims=struct/lib=jotlib-jsoniter", "golangjwt", 0.3),
		allocCheck("HS256 Signer.Sign struct (StdEncoder) ≤ 4 allocs/op", "HS256Sign/claims=struct/lib=jotlib-std", 4),
		ratioCheck("RS256 parse (StdEncoder) ≤ 1.05× bare crypto", "RS256Parse/claims=struct/lib=jotlib-std", "floor", 1.05),
		ratioCheck("ES256 parse (StdEncoder) ≤ 1.05× bare crypto", "ES256Parse/claims=struct/lib=jotlib-std", "floor", 1.05),
		ratioCheck("EdDSA parse (StdEncoder) ≤ 1.05× bare crypto", "EdDSAParse/claims=struct/lib=jotlib-std", "floor", 1.05),
		ratioCheck("PS256 parse (StdEncoder) ≤ 1.05× bare crypto (not a target; shown)", "PS256Parse/claims=struct/lib=jotlib-std", "floor", 1.05),
		peersCheck("HS256: jotlib (StdEncoder) faster than every peer on every row", "HS256", "jotlib-std", false),
		peersCheck("HS256: jotlib (jsoniterext) faster than every peer on every row", "HS256", "jotlib-jsoniter", false),
		peersCheck("every algorithm: no jotlib (StdEncoder) row slower than golang-jwt", "", "jotlib-std", true),
		peersCheck("every algorithm: no jotlib (jsoniterext) row slower than golang-jwt", "", "jotlib-jsoniter", true),
		peersCheck("every algorithm: no jotlib one-shot row slower than golang-jwt (not a target; shown)", "", "jotlib-oneshot", true),
	}
	for _, row := range rows {
		var cells []string
		what := ""
		for _, v := range vs {
			c := row(v)
			what = c.what
			switch {
			case c.absent:
				cells = append(cells, "not measured")
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

func ratioCheck(what, name, baseLib string, max float64) func(version) check {
	return func(v version) check {
		s, ok := v.res.get(modPkg, name)
		base, ok2 := v.res.get(modPkg, name[:strings.LastIndex(name, "=")+1]+baseLib)
		if !ok || !ok2 {
			return check{what: what, absent: true}
		}
		r := s.ns / base.ns
		return check{what: what, got: fmt.Sprintf("%s (%s vs %s)", fmtRatio(r), fmtTime(s.ns), fmtTime(base.ns)), pass: r <= max}
	}
}

func allocCheck(what, name string, max float64) func(version) check {
	return func(v version) check {
		s, ok := v.res.get(modPkg, name)
		if !ok {
			return check{what: what, absent: true}
		}
		return check{what: what, got: fmt.Sprintf("%.0f allocs/op", s.allocs), pass: s.allocs <= max}
	}
}

// peersCheck compares lib with every peer (or only golang-jwt) on every
// row of alg ("" = all algorithms); it lists the rows that miss.
func peersCheck(what, alg, lib string, onlyGolangJWT bool) func(version) check {
	return func(v version) check {
		var misses []string
		rows := 0
		for _, a := range algs {
			if alg != "" && a != alg {
				continue
			}
			for _, op := range ops {
				for _, kind := range kinds {
					prefix := fmt.Sprintf("%s%s/claims=%s/lib=", a, op, kind)
					s, ok := v.res.get(modPkg, prefix+lib)
					if !ok {
						continue
					}
					rows++
					for _, peer := range []string{"golangjwt", "gojose", "jwx", "kataras"} {
						if onlyGolangJWT && peer != "golangjwt" {
							continue
						}
						p, ok := v.res.get(modPkg, prefix+peer)
						if ok && p.ns <= s.ns {
							misses = append(misses, fmt.Sprintf("%s %s %s: %s %s vs %s", a, strings.ToLower(op), kind, peer, fmtTime(p.ns), fmtTime(s.ns)))
						}
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

func writeFloors(b *strings.Builder, vs []version) {
	b.WriteString("\n## Floors: the pieces under a parse and a sign\n" + floorsText + "\n")
	b.WriteString("| benchmark |")
	sep := "|---|"
	for _, v := range vs {
		fmt.Fprintf(b, " %s CPU/op | wall/op | B/op | allocs/op |", v.label)
		sep += "--:|--:|--:|--:|"
	}
	b.WriteString("\n" + sep + "\n")
	names := []string{"FloorBase64/segments=3", "FloorHMAC/state=new", "FloorHMAC/state=reused"}
	for _, op := range []string{"Decode", "Encode"} {
		for _, kind := range []string{"struct", "map"} {
			for _, c := range []string{"std", "jsoniter", "encjson"} {
				names = append(names, fmt.Sprintf("Floor%s/claims=%s/codec=%s", op, kind, c))
			}
		}
	}
	writeSimpleRows(b, vs, modPkg, names)
}

func writeSimpleRows(b *strings.Builder, vs []version, pkg string, names []string) {
	for _, n := range names {
		if _, ok := vs[0].res.get(pkg, n); !ok {
			continue
		}
		fmt.Fprintf(b, "| %s |", n)
		for _, v := range vs {
			s, ok := v.res.get(pkg, n)
			if !ok {
				b.WriteString(" – | – | – | – |")
				continue
			}
			fmt.Fprintf(b, " %s | %s | %.0f | %.0f |", cpuTime(s), fmtTime(s.wall), s.bytes, s.allocs)
		}
		b.WriteString("\n")
	}
}

func writeRoot(b *strings.Builder, vs []version) {
	if _, ok := vs[0].res.get(rootPkg, "Parse/HS256/struct/verifier"); !ok {
		b.WriteString("\n## The root package's own benchmarks (`bench_test.go`)\n" + rootSkippedText)
		return
	}
	b.WriteString("\n## The root package's own benchmarks (`bench_test.go`)\n" + rootText + "\n")
	b.WriteString("| benchmark |")
	sep := "|---|"
	for _, v := range vs {
		fmt.Fprintf(b, " %s CPU/op | wall/op | B/op | allocs/op |", v.label)
		sep += "--:|--:|--:|--:|"
	}
	b.WriteString("\n" + sep + "\n")
	var names []string
	for _, op := range []string{"Sign", "Parse"} {
		paths := []string{"oneshot", "signer"}
		if op == "Parse" {
			paths = []string{"oneshot", "verifier"}
		}
		for _, a := range algs {
			for _, kind := range kinds {
				for _, p := range paths {
					names = append(names, fmt.Sprintf("%s/%s/%s/%s", op, a, kind, p))
				}
			}
		}
	}
	writeSimpleRows(b, vs, rootPkg, names)
}

func writeLoad(b *strings.Builder, loads []string) {
	b.WriteString("\n## Under load: `examples/server`\n" + loadText)
	for _, l := range loads {
		label, path, _ := strings.Cut(l, "=")
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(b, "\n%s: not run (%v)\n", label, err)
			continue
		}
		fmt.Fprintf(b, "\n### %s\n\n%s\n", label, strings.TrimSpace(string(data)))
	}
}

func writeProfiles(b *strings.Builder, profiles []string) {
	if len(profiles) == 0 {
		return
	}
	b.WriteString("\n## Where the time and allocations go (HS256, struct claims, " + "`StdEncoder`" + ")\n" + profileText)
	for _, p := range profiles {
		label, path, _ := strings.Cut(p, "=")
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(b, "\n%s: not run (%v)\n", label, err)
			continue
		}
		fmt.Fprintf(b, "\n### %s\n\n```\n%s\n```\n", label, strings.TrimSpace(string(data)))
	}
}

// writeCodecGain answers whether jsoniterext still pays under each Go
// version, and what the default encoder's compiled plans save over calling
// encoding/json directly: time ratios on the HS256 rows and the bare
// decode and encode.
func writeCodecGain(b *strings.Builder, vs []version) {
	b.WriteString("\n## Does jsoniterext still gain? (CPU time with jsoniterext ÷ with the default StdEncoder; below 1 = faster)\n\n")
	writeCodecPairs(b, vs, "jotlib-jsoniter", "jotlib-std", "jsoniter", "std")
	b.WriteString("\n## What the default encoder's plans save (CPU time with StdEncoder ÷ with an Encoder calling encoding/json directly)\n\n")
	b.WriteString(planGainText)
	writeCodecPairs(b, vs, "jotlib-std", "jotlib-encjson", "std", "encjson")
}

// writeCodecPairs writes one ratio table: lib a over lib b on the HS256
// rows, codec ca over cb on the bare floors.
func writeCodecPairs(b *strings.Builder, vs []version, a, bl, ca, cb string) {
	b.WriteString("| row | " + joinLabels(vs) + " |\n|---|" + strings.Repeat("--:|", len(vs)) + "\n")
	type pair struct{ what, jsoniter, std string }
	var rows []pair
	for _, op := range ops {
		for _, kind := range kinds {
			p := fmt.Sprintf("HS256%s/claims=%s/lib=", op, kind)
			rows = append(rows, pair{fmt.Sprintf("HS256 %s, %s claims (Verifier/Signer)", strings.ToLower(op), kind), p + a, p + bl})
		}
	}
	for _, op := range []string{"Decode", "Encode"} {
		for _, kind := range kinds {
			p := fmt.Sprintf("Floor%s/claims=%s/codec=", op, kind)
			rows = append(rows, pair{fmt.Sprintf("bare claims %s, %s", strings.ToLower(op), kind), p + ca, p + cb})
		}
	}
	for _, r := range rows {
		var cells []string
		for _, v := range vs {
			j, ok1 := v.res.get(modPkg, r.jsoniter)
			s, ok2 := v.res.get(modPkg, r.std)
			if !ok1 || !ok2 {
				cells = append(cells, "–")
				continue
			}
			cells = append(cells, fmt.Sprintf("%s (%s vs %s; allocs %.0f vs %.0f)", fmtRatio(j.ns/s.ns), fmtTime(j.ns), fmtTime(s.ns), j.allocs, s.allocs))
		}
		fmt.Fprintf(b, "| %s | %s |\n", r.what, strings.Join(cells, " | "))
	}
}
