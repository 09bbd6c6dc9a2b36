// Package jwttest is a test kit for services that verify tokens with this
// module: a fake OpenID Provider / OAuth 2.0 authorization server to point
// them at, in one call.
//
//	p := jwttest.NewProvider(t)                   // TLS on 127.0.0.1, ES256, closed by t.Cleanup
//	v, _ := accesstoken.NewVerifier(p.RemoteSet(), accesstoken.Config{
//		Issuer: p.Issuer(), Audience: p.Audience(),
//	})
//	_, err := v.Verify(ctx, p.AccessToken(accesstoken.Claims{Scope: "orders:read"}))
//
// What is there:
//
//   - Provider, an httptest server (TLS; WithPlainHTTP for http on the
//     loopback interface) serving the OpenID Provider Configuration
//     (OpenID Connect Discovery 1.0 section 4, PathOpenIDConfiguration),
//     the Authorization Server Metadata (RFC 8414 section 3,
//     PathOAuthAuthorizationServer) and the JWK Set (RFC 7517 section 5,
//     PathJWKS); its issuer is the server's URL.
//
//   - Keys of RS*, PS*, ES256/384/512, EdDSA and Ed25519 (WithAlgorithm),
//     each with a "kid"; Rotate, keeping the old keys published (a grace
//     period) or dropping them.
//
//   - Fault switches: SetStatus, SetDelay, SetBody (BodyTruncated,
//     BodyGarbage), SetOddKey (an extra key of an unknown "kty"), Close (the
//     provider is down: connection refused); Requests counts requests per
//     path.
//
//   - Key sources pointed at it through Client (which trusts its TLS
//     certificate): RemoteSet (jwk.RemoteSet), Discovery (jwk.Provider, discovered
//     at first use), Discover (jwk.Discover, tried once) and Set (a local
//     jwk.Set); each has an error-returning form (NewRemoteSet,
//     NewDiscovery) for use off the test's goroutine.
//
//   - Minting with the profile Signers: AccessToken (RFC 9068, "typ"
//     "at+jwt", the required claims defaulted from the provider) and IDToken
//     (OpenID Connect Core 1.0 section 2; WithNonce, WithAZP, WithAuthTime,
//     WithAccessTokenHash, WithCodeHash), on a settable clock (WithClock,
//     SetNow).
//
//   - ServeResource: a resource's Protected Resource Metadata (RFC 9728
//     section 3), served by jwthttp's own handler on this server.
//
// Not there yet: ML-DSA keys (RFC 9964, Go 1.27 only: WithAlgorithm refuses
// them with ErrUnsupportedAlgorithm); claims of the user's own type in minted
// tokens (waits for the profile Signers to accept them); DPoP proofs and
// DPoP-bound tokens (RFC 9449); and the catalogue of hostile tokens (alg
// "none", key confusion, CVE-2022-21449 signatures, kid injection, ...)
// with helpers that run it against a verifier or an http.Handler.
package jwttest
