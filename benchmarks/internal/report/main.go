// Command report turns `go test -bench` outputs into BENCHMARKS.md: one
// table per algorithm, operation and claim kind with medians of time,
// bytes and allocations per operation, ratios to golang-jwt and to the
// bare-crypto floor, under each Go version; the headline HS256 numbers;
// the targets of issues 11 and 26 checked against those medians; the
// verified-token cache (issue 26: a repeated token's hit beside the
// uncached parse, HS256 and golang-jwt; a miss against a full cache);
// ML-DSA, measured
// under Go 1.27 only, beside ES256 and EdDSA with the token sizes; every HS256 row
// of this library against the rule-free floor of its own codec; the root
// package's own benchmarks; the floors; the load-test results; the kept
// jwthttp middleware and DPoP sections; and SD-JWT issuance, presentation
// and verification with the sizes (issue 28). run.sh calls it.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
)

// version is one toolchain's results.
type version struct {
	label string
	res   results
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

func main() {
	var ins, loads, profiles multiFlag
	flag.Var(&ins, "in", "label=file[,file...]: bench outputs of one Go version (repeatable, in column order)")
	flag.Var(&loads, "load", "label=file: a load-test markdown fragment (repeatable)")
	flag.Var(&profiles, "profile", "label=file: a profile summary (repeatable)")
	out := flag.String("out", "BENCHMARKS.md", "output file")
	cmds := flag.String("commands", "", "file holding the exact commands that produced the inputs")
	machine := flag.String("machine", "", "file describing the machine and toolchains")
	flag.Parse()

	var vs []version
	for _, in := range ins {
		label, files, ok := strings.Cut(in, "=")
		if !ok {
			log.Fatalf("-in %q: want label=file[,file...]", in)
		}
		r, err := readResults(strings.Split(files, ","))
		if err != nil {
			log.Fatal(err)
		}
		vs = append(vs, version{label, r})
	}
	if len(vs) == 0 {
		log.Fatal("no -in given")
	}
	var b strings.Builder
	writeReport(&b, vs, loads, profiles, readOptional(*cmds), readOptional(*machine))
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Println("wrote", *out)
}

func readOptional(path string) string {
	if path == "" {
		return ""
	}
	b, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	return string(b)
}
