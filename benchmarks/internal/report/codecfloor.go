package main

import (
	"fmt"
	"strings"
)

// writeCodecFloors compares every HS256 row of this library with the
// rule-free floor of its own codec: CPU time, the ratio, and both
// allocation counts.
func writeCodecFloors(b *strings.Builder, vs []version) {
	if _, ok := vs[0].res.get(modPkg, hsParseStruct+"floor-encjson"); !ok {
		return
	}
	b.WriteString("\n## HS256 against a rule-free JWT with the same codec\n" + codecFloorText + "\n")
	b.WriteString("| row | floor |")
	sep := "|---|---|"
	for _, v := range vs {
		fmt.Fprintf(b, " %s CPU/op | floor CPU/op | × floor | allocs/op | floor allocs/op |", v.label)
		sep += "--:|--:|--:|--:|--:|"
	}
	b.WriteString("\n" + sep + "\n")
	for _, op := range ops {
		for _, kind := range kinds {
			prefix := fmt.Sprintf("HS256%s/claims=%s/lib=", op, kind)
			for _, lib := range []string{"jotlib-std", "jotlib-jsoniter", "jotlib-oneshot"} {
				fl := codecFloorOf[lib]
				if _, ok := vs[0].res.get(modPkg, prefix+lib); !ok {
					continue
				}
				fmt.Fprintf(b, "| %s %s: %s | %s |", strings.ToLower(op), kind, libTitle[lib], fl)
				for _, v := range vs {
					s, f, ok := pair(v, prefix, lib, fl)
					if !ok {
						b.WriteString(" – | – | – | – | – |")
						continue
					}
					fmt.Fprintf(b, " %s | %s | %s | %.0f | %.0f |", cpuTime(s), cpuTime(f), fmtRatio(s.ns/f.ns), s.allocs, f.allocs)
				}
				b.WriteString("\n")
			}
		}
	}
}
