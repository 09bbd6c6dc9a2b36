// Package interop holds tests only: tokens signed by jotlib/jwt are verified
// by golang-jwt v5, go-jose v4 and lestrrat-go/jwx v3, tokens they sign are
// verified here, and refusals are cross-checked (see DIFFERENCES.md).
package interop
