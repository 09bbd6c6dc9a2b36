package main

import (
	"fmt"
	"strings"
)

// sdjwtPkg is the package of the SD-JWT benchmarks (sdjwt/bench_test.go).
const sdjwtPkg = rootPkg + "/sdjwt"

// sdjwtRow is one row of the SD-JWT section: its benchmark and what it
// measures (RFC 9901 sections).
type sdjwtRow struct{ bench, title string }

var sdjwtRows = []sdjwtRow{
	{"Issue", "issue: ten Disclosures + issuer JWT signed (sections 4, 5)"},
	{"Present", "present: parse the SD-JWT, pick 4 claims, sign the KB-JWT (sections 4.3, 7.2)"},
	{"Verify", "verify the SD-JWT+KB, into a map (sections 7.1, 7.3)"},
	{"VerifyIntoStruct", "verify the SD-JWT+KB, into a struct"},
	{"Split", "split: the compact parser alone, over the presentation"},
}

// sdjwtScale is the plain ES256 parse of the workload token the SD-JWT
// rows are read beside (this module's benchmark, same rounds).
const sdjwtScale = "ES256Parse/claims=struct/lib=jotlib-std"

// sdjwtSizes are the size metrics the SD-JWT benchmarks report.
var sdjwtSizes = []struct{ unit, title string }{
	{"issued-B", "issued SD-JWT (issuer JWT + 10 Disclosures), bytes"},
	{"presented-B", "presentation (SD-JWT+KB: 5 Disclosures + KB-JWT), bytes"},
	{"disclosures", "Disclosures in the presentation"},
}

// writeSDJWT writes the SD-JWT section (issue 28 item 5): the cost per
// operation of issuing, presenting and verifying the benchmark credential
// under each Go version, beside the plain ES256 parse of the workload
// token, and the sizes of what is issued and presented.
func writeSDJWT(b *strings.Builder, vs []version) {
	b.WriteString("\n## SD-JWT presentations (RFC 9901, issue 28)\n" + sdjwtText)
	if !measuredIn(vs, sdjwtPkg, "Verify") {
		b.WriteString("\nNot measured in this run (`SDJWT_BENCH=none`, or no benchmark matched).\n")
		return
	}
	b.WriteString("\n| operation |")
	sep := "|---|"
	for _, v := range vs {
		fmt.Fprintf(b, " %s CPU/op | wall/op | × ES256 parse (wall) | B/op | allocs/op |", v.label)
		sep += "--:|--:|--:|--:|--:|"
	}
	b.WriteString("\n" + sep + "\n")
	for _, r := range sdjwtRows {
		if !measuredIn(vs, sdjwtPkg, r.bench) {
			continue
		}
		fmt.Fprintf(b, "| %s |", r.title)
		for _, v := range vs {
			s, ok := v.res.get(sdjwtPkg, r.bench)
			if !ok {
				b.WriteString(strings.Repeat(" "+dash+" |", 5))
				continue
			}
			ratio := dash
			if sc, ok := v.res.get(modPkg, sdjwtScale); ok && sc.wall > 0 {
				ratio = fmtSmallRatio(s.wall / sc.wall)
			}
			fmt.Fprintf(b, " %s | %s | %s | %.0f | %.0f |", cpuTime(s), fmtTime(s.wall), ratio, s.bytes, s.allocs)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "| for scale: %s, ES256 parse of the workload token, struct claims |", libTitle["jotlib-std"])
	for _, v := range vs {
		s, ok := v.res.get(modPkg, sdjwtScale)
		if !ok {
			b.WriteString(strings.Repeat(" "+dash+" |", 5))
			continue
		}
		fmt.Fprintf(b, " %s | %s | 1 | %.0f | %.0f |", cpuTime(s), fmtTime(s.wall), s.bytes, s.allocs)
	}
	b.WriteString("\n")

	b.WriteString("\n| size |")
	sep = "|---|"
	for _, v := range vs {
		fmt.Fprintf(b, " %s |", v.label)
		sep += "--:|"
	}
	b.WriteString("\n" + sep + "\n")
	for _, sz := range sdjwtSizes {
		fmt.Fprintf(b, "| %s |", sz.title)
		for _, v := range vs {
			b.WriteString(" " + sdjwtMetric(v, sz.unit) + " |")
		}
		b.WriteString("\n")
	}
	b.WriteString("| for scale: the workload token (ES256, compact JWS), bytes |")
	for _, v := range vs {
		if n, ok := v.res.metric(modPkg, sdjwtScale, "token-bytes"); ok {
			fmt.Fprintf(b, " %.0f |", n)
		} else {
			b.WriteString(" " + dash + " |")
		}
	}
	b.WriteString("\n")
}

// fmtSmallRatio is fmtRatio with two significant digits below 0.1 (the
// compact parser alone is a few thousandths of a parse).
func fmtSmallRatio(x float64) string {
	if x < 0.1 {
		return fmt.Sprintf("%.2g×", x)
	}
	return fmtRatio(x)
}

// sdjwtMetric is the median of a size metric over the SD-JWT benchmarks
// of one Go version (every one reports the same credential's sizes), or a
// dash when none reported it.
func sdjwtMetric(v version, unit string) string {
	for _, r := range sdjwtRows {
		if n, ok := v.res.metric(sdjwtPkg, r.bench, unit); ok {
			return fmt.Sprintf("%.0f", n)
		}
	}
	return dash
}

// measuredIn reports whether some Go version has the benchmark of pkg.
func measuredIn(vs []version, pkg, name string) bool {
	for _, v := range vs {
		if _, ok := v.res.get(pkg, name); ok {
			return true
		}
	}
	return false
}

const sdjwtText = `
What selective disclosure costs (issue 28 item 5): ` + "`sdjwt/bench_test.go`" + `, run by ` + "`run.sh`" + ` in the same
interleaved rounds as the rest. The credential has ten selectively disclosable claims (` + "`given_name`" + `,
` + "`family_name`" + `, ` + "`email`" + `, ` + "`phone_number`" + `, ` + "`birthdate`" + `, ` + "`updated_at`" + `, an ` + "`address`" + ` object with two
disclosable members of its own, section 6.3, and one element of the ` + "`nationalities`" + ` array) besides ` + "`iss`" + `,
` + "`iat`" + `, ` + "`exp`" + `, ` + "`sub`" + ` and ` + "`vct`" + `; sha-256 digests, ` + "`cnf`" + ` with the holder's P-256 key; the issuer JWT
(` + "`typ`" + ` ` + "`dc+sd-jwt`" + `) and the KB-JWT signed with ES256. The holder presents four claims (five Disclosures:
the address's own and its locality's) with a KB-JWT (` + "`aud`" + `, ` + "`nonce`" + `, ` + "`iat`" + `, ` + "`sd_hash`" + `); the verifier
checks the issuer's signature, ` + "`iss`" + `, ` + "`typ`" + ` and the time claims, the five digests, then the KB-JWT's
signature against ` + "`cnf`" + `, ` + "`aud`" + `, ` + "`nonce`" + `, freshness and ` + "`sd_hash`" + `, and decodes the processed payload.
A verification checks two ES256 signatures (issuer JWT and KB-JWT), so expect it at about twice the plain parse
or more.
The root module's benchmarks report wall time only (CPU/op is a dash): the ratio compares wall with wall,
both measured in the same rounds. Sizes are the compact serializations' lengths; benchstat summaries in
` + "`results/benchstat-sdjwt-*.txt`" + `.
`
