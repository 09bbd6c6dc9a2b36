// Package benchmarks compares github.com/jotlib/jwt with its peers
// (golang-jwt/jwt v5, go-jose/go-jose v4, lestrrat-go/jwx v3, kataras/jwt)
// and with the bare floor (signature primitives, base64, JSON decoding) on
// one realistic access-token workload. It holds tests and benchmarks only;
// run.sh runs them and writes ../BENCHMARKS.md.
package benchmarks
