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
//     and ML-DSA-44/65/87 (RFC 9964) when built with Go 1.27 or later (an
//     older Go refuses them with ErrUnsupportedAlgorithm), each with a
//     "kid"; Rotate, keeping the old keys published (a grace period) or
//     dropping them.
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
//     SetNow); AccessTokenWith and IDTokenWith for claims of your own type
//     embedding the profile's (through the Signers' SignWith, defaults
//     filled into a copy: your value is not changed).
//
//   - DPoP (RFC 9449): DPoPSigner, a proof Signer with a fresh client key
//     (for dpop.Transport), and BoundAccessToken, an access token bound to
//     its key by "cnf" "jkt" (section 6.1).
//
//   - ServeResource: a resource's Protected Resource Metadata (RFC 9728
//     section 3), served by jwthttp's own handler on this server.
//
//   - The endpoints the metadata names, for an OAuth/OIDC client's real
//     flow: PathAuthorize (RFC 6749 section 4.1.1, OpenID Connect Core 1.0
//     section 3.1.2.1; GET or POST) approves every valid request as the
//     SetSubject end-user and redirects with "code", "state" and "iss"
//     (RFC 9207); it requires PKCE S256 (RFC 7636; "plain" refused) and a
//     redirect_uri that is https or http on a loopback IP, or one of
//     SetRedirectURIs exactly, and answers 400 without redirecting for
//     another client or redirect_uri (RFC 6749 section 4.1.2.1).
//     PathToken (RFC 6749 sections 4.1.3, 4.4 and 5) takes public clients
//     ("none": client_id in the form, or HTTP Basic with an empty
//     password, RFC 6749 section 2.3.1; a secret is invalid_client), redeems a code once, within CodeLifetime, for its client,
//     redirect_uri and code_verifier, or grants client_credentials; it
//     answers an RFC 9068 access token, and for "openid" an ID token with
//     "nonce", "at_hash", "azp" and "auth_time"; a DPoP proof (RFC 9449
//     section 5) binds the token ("token_type" "DPoP"), a bad one is
//     "invalid_dpop_proof". No refresh tokens, consent, userinfo or
//     client secrets. CertificatePEM gives the TLS certificate to
//     clients outside Go.
//
//   - The attack catalogue: Attacks (and Provider.Attacks) builds hostile
//     access tokens for a Target (alg "none", key confusion, CVE-2022-21449
//     signatures, DER signatures, kid injection, header keys, crit and b64,
//     times, iss/aud/typ, an ID token sent to the API, duplicate and
//     look-alike names, non-canonical base64url, size, another tenant's
//     key); IDTokenAttacks the same catalogue as ID tokens, with access
//     tokens sent as ID tokens and OpenID Connect Core's own rules (no
//     "exp", "iat" or "sub"; "nonce", "azp" and "at_hash" as Target.Nonce,
//     Target.AZP and Target.AccessToken expect); DPoPAttacks (and
//     Provider.DPoPAttacks) (access token, proof) requests each breaking
//     one check of RFC 9449 section 4.3, a replay (section 11.1) or the
//     Bearer and binding rules (sections 7.1, 7.2); GenuineToken,
//     GenuineIDToken and GenuineDPoP to check the verifier accepts the real
//     thing; RunAgainst, RunAgainstHandler and RunDPoPAgainstHandler run a
//     catalogue and fail the test for each one accepted (Accepted,
//     AcceptedByHandler and AcceptedByDPoPHandler return them instead).
//
// Not there yet: the DPoP catalogue attacks a resource server only (no
// token-endpoint runner for dpop.Verifier.VerifyTokenRequest); the ID-token
// catalogue has no "c_hash" or "auth_time"/max_age attacks; at_hash and
// c_hash with ML-DSA keys are refused (OpenID Connect Core names no hash
// for them: a Target.AccessToken with an ML-DSA key is ErrInvalidTarget).
package jwttest
