// Package benchmarks compares github.com/jotlib/jwt with its peers
// (golang-jwt/jwt v5, go-jose/go-jose v4, lestrrat-go/jwx v3, kataras/jwt)
// and with floors on one realistic access-token workload: the bare
// signature primitive (floor), the pieces under a parse (base64, HMAC,
// claims decode and encode), and, for HS256, a rule-free hand-rolled JWT
// per codec (floor-encjson, floor-jsoniter) that the library's rows with
// the same codec are held to. It holds tests and benchmarks only; run.sh
// runs them and writes ../BENCHMARKS.md.
package benchmarks
