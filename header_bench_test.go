package jwt

import "testing"

// BenchmarkParseHeader is the header's strict pass on the uncached path (a
// new Verifier, or a header not seen signed before): registered parameters
// only, and with private members, each of which the look-alike rule reads.
func BenchmarkParseHeader(b *testing.B) {
	for _, tc := range []struct{ name, header string }{
		{"registered", `{"alg":"HS256","typ":"JWT","kid":"k1"}`},
		{"private", `{"alg":"HS256","typ":"JWT","kid":"k1","tenant":"t","x5t#S256":"abc","region":"eu"}`},
		{"nonASCII", `{"alg":"HS256","typ":"JWT","r\u00e9gion":"eu","\u5546\u6237":"m"}`},
	} {
		data := []byte(tc.header)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := parseHeader(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
