// Package dpop implements OAuth 2.0 Demonstrating Proof of Possession
// (DPoP, RFC 9449): proofs verified for resource servers and authorization
// servers (section 4.3), access tokens bound to the proof key through
// "cnf" "jkt" (section 6), server nonces that need no shared state
// (sections 8 and 9), replay protection through a replay.Store (section
// 11.1), and, for clients, a proof Signer and an http.RoundTripper.
//
// The proof's "jwk" header is the one place this library verifies a token
// with a key the token carries: only on this typed path, and only as a
// proof of possession bound by the access token's "cnf" "jkt"; every other
// API still never lets a token choose its key (RFC 8725 section 3.10).
package dpop
