package benchmarks

import "testing"

// loop runs op b.N times with allocations reported and, besides the wall
// time, reports the process CPU time per operation (cpu-ns/op): on a
// shared machine the wall time also counts the time other processes held
// the CPU, while CPU time counts only this process's work (GC included).
func loop(b *testing.B, op func() error) {
	b.ReportAllocs()
	start, ok := processCPU()
	n := 0
	for b.Loop() {
		if err := op(); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if end, ok2 := processCPU(); ok && ok2 && n > 0 {
		b.ReportMetric(float64(end-start)/float64(n), "cpu-ns/op")
	}
}

// The benchmark names line up across libraries so benchstat can compare
// them: Benchmark<ALG>Parse/claims=<kind>/lib=<library>, and likewise Sign.
// Every parse row verifies the same token (signed by this library), checks
// exp and nbf as the library does by default and decodes the claims; it
// also reports the size of that token (token-bytes: the compact
// serialization, in bytes). The ML-DSA benchmarks are in mldsa_test.go (Go
// 1.27 builds only).

func BenchmarkHS256Parse(b *testing.B) { benchParse(b, "HS256") }
func BenchmarkRS256Parse(b *testing.B) { benchParse(b, "RS256") }
func BenchmarkPS256Parse(b *testing.B) { benchParse(b, "PS256") }
func BenchmarkES256Parse(b *testing.B) { benchParse(b, "ES256") }
func BenchmarkEdDSAParse(b *testing.B) { benchParse(b, "EdDSA") }

func BenchmarkHS256Sign(b *testing.B) { benchSign(b, "HS256") }
func BenchmarkRS256Sign(b *testing.B) { benchSign(b, "RS256") }
func BenchmarkPS256Sign(b *testing.B) { benchSign(b, "PS256") }
func BenchmarkES256Sign(b *testing.B) { benchSign(b, "ES256") }
func BenchmarkEdDSASign(b *testing.B) { benchSign(b, "EdDSA") }

func findCase(b *testing.B, name string) *algCase {
	for _, a := range algCases(b) {
		if a.name == name {
			return a
		}
	}
	b.Fatalf("no algorithm %s", name)
	return nil
}

func benchParse(b *testing.B, alg string) {
	a := findCase(b, alg)
	for _, kind := range a.kinds {
		for _, im := range impls() {
			if !im.runs(alg) {
				continue
			}
			b.Run("claims="+kind+"/lib="+im.lib, func(b *testing.B) {
				parse, err := im.parse(a, kind)
				if err != nil {
					b.Fatal(err)
				}
				tok := a.token
				loop(b, func() error { return parse(tok, nil) })
				b.ReportMetric(float64(len(tok)), "token-bytes")
			})
		}
	}
}

func benchSign(b *testing.B, alg string) {
	a := findCase(b, alg)
	for _, kind := range a.kinds {
		for _, im := range impls() {
			if !im.runs(alg) || im.sign == nil {
				continue
			}
			b.Run("claims="+kind+"/lib="+im.lib, func(b *testing.B) {
				sign, err := im.sign(a, kind)
				if err != nil {
					b.Fatal(err)
				}
				loop(b, func() error { _, err := sign(); return err })
			})
		}
	}
}
