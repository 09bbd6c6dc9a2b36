package main

import (
	"fmt"
	"strings"
)

// writeHeadline gives, per Go version, the numbers the README quotes: HS256
// struct-claims parse and sign with each encoder, as CPU time, ratio to
// golang-jwt and ratio to the rule-free floor of the same codec.
func writeHeadline(b *strings.Builder, vs []version) {
	b.WriteString("\n## Headline: HS256, struct claims, reused `Verifier`/`Signer`\n\n")
	for _, v := range vs {
		fmt.Fprintf(b, "- **%s**: with encoding/json, the default: %s; with jsoniterext: %s.\n",
			v.label, headlinePair(v, "jotlib-std"), headlinePair(v, "jotlib-jsoniter"))
	}
}

// headlinePair describes lib's parse and sign.
func headlinePair(v version, lib string) string {
	one := func(op, prefix string) string {
		s, ok := v.res.get(modPkg, prefix+lib)
		if !ok {
			return op + " not measured"
		}
		out := fmt.Sprintf("%s %s", op, fmtTime(s.ns))
		var parts []string
		if gj, ok := v.res.get(modPkg, prefix+"golangjwt"); ok {
			parts = append(parts, fmtRatio(s.ns/gj.ns)+" golang-jwt")
		}
		if f, ok := v.res.get(modPkg, prefix+codecFloorOf[lib]); ok {
			parts = append(parts, fmtRatio(s.ns/f.ns)+" its floor")
		}
		if len(parts) > 0 {
			out += " (" + strings.Join(parts, ", ") + ")"
		}
		return out
	}
	return one("parse", hsParseStruct) + ", " + one("sign", hsSignStruct)
}
