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
	libs  = []string{"jotlib-std", "jotlib-jsoniter", "jotlib-oneshot", "jotlib-cache", "golangjwt", "gojose", "jwx", "kataras", "floor", "floor-encjson", "floor-jsoniter"}
	peers = []string{"golangjwt", "gojose", "jwx", "kataras"}
)

// libTitle names a row.
var libTitle = map[string]string{
	"jotlib-std":      "**jotlib** (default StdEncoder: encoding/json)",
	"jotlib-jsoniter": "**jotlib** (jsoniterext)",
	"jotlib-oneshot":  "jotlib one-shot `jwt.Sign`/`jwt.Parse*` (StdEncoder)",
	"jotlib-cache":    "**jotlib** with `WithCache`, a repeated token (cache hit)",
	"golangjwt":       "golang-jwt/jwt v5",
	"gojose":          "go-jose/go-jose v4",
	"jwx":             "lestrrat-go/jwx v3",
	"kataras":         "kataras/jwt",
	"floor":           "floor: bare crypto",
	"floor-encjson":   "floor: rule-free HS256 JWT, encoding/json",
	"floor-jsoniter":  "floor: rule-free HS256 JWT, jsoniter",
}

func writeReport(b *strings.Builder, vs []version, loads, profiles []string, cmds, machine string) {
	b.WriteString(introText)
	if machine != "" {
		b.WriteString("\n## Machine and toolchains\n\n```\n" + strings.TrimSpace(machine) + "\n```\n")
	}
	writeHeadline(b, vs)
	writeTargets(b, vs)
	writeTargets26(b, vs)
	writeCodecFloors(b, vs)
	b.WriteString("\n## Peers compared\n" + peersText)
	for _, alg := range algs {
		fmt.Fprintf(b, "\n## %s\n", alg)
		for _, op := range ops {
			for _, kind := range kinds {
				writeLibTable(b, vs, alg, op, kind)
			}
		}
	}
	writeCache(b, vs)
	writeMLDSA(b, vs)
	writeFloors(b, vs)
	writeRoot(b, vs)
	writeLoad(b, loads)
	writeMiddleware(b)
	writeSDJWT(b, vs)
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
		fmt.Fprintf(b, " %s CPU/op | × golang-jwt | × bare crypto | wall/op | B/op | allocs/op |", v.label)
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
			for _, c := range []string{"std", "jsoniter"} {
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

// keptSections are the measurements run apart from this report (their own
// benchmarks: see each file), kept across its runs: the jwthttp
// middleware's (issue 23) and DPoP's (issue 24).
var keptSections = []string{"results/jwthttp-middleware.md", "results/dpop.md"}

// writeMiddleware copies the kept sections in. One that cannot be read is
// said so, in the report and on standard error, rather than left out.
func writeMiddleware(b *strings.Builder) {
	for _, f := range keptSections {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(os.Stderr, "report: kept section missing: %v\n", err)
			fmt.Fprintf(b, "\n## %s\n\nMissing from this report: %v (restore it with `git checkout -- benchmarks/%s`).\n", f, err, f)
			continue
		}
		b.WriteString("\n" + strings.TrimSpace(string(data)) + "\n")
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
