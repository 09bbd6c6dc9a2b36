package benchmarks

import "testing"

// The benchmark names line up across libraries so benchstat can compare
// them: Benchmark<ALG>Parse/claims=<kind>/lib=<library>, and likewise Sign.
// Every parse row verifies the same token (signed by this library), checks
// exp and nbf as the library does by default and decodes the claims.

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
			b.Run("claims="+kind+"/lib="+im.lib, func(b *testing.B) {
				parse, err := im.parse(a, kind)
				if err != nil {
					b.Fatal(err)
				}
				tok := a.token
				b.ReportAllocs()
				for b.Loop() {
					if err := parse(tok, nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func benchSign(b *testing.B, alg string) {
	a := findCase(b, alg)
	for _, kind := range a.kinds {
		for _, im := range impls() {
			b.Run("claims="+kind+"/lib="+im.lib, func(b *testing.B) {
				sign, err := im.sign(a, kind)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					if _, err := sign(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
