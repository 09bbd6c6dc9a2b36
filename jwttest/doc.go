// Package jwttest is a test kit for services that verify tokens with this
// module: a fake OpenID Provider / OAuth 2.0 authorization server to point
// them at, in one call.
//
//	p := jwttest.NewProvider(t)                   // TLS on 127.0.0.1, ES256, closed by t.Cleanup
//	v, _ := accesstoken.NewVerifier(p.RemoteSet(), accesstoken.Config{
//		Issuer: p.Issuer(), Audience: p.Audience(),
//	})
//	_, err := v.Verify(t.Context(), p.AccessToken(accesstoken.Claims{Scope: "orders:read"}))
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
//     "at+jwt", the required claims defaulted from the provider, no
//     "scope": mint with Scope: "openid" for PathUserInfo) and IDToken
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
//     flow. PathAuthorize (RFC 6749 section 4.1.1, OpenID Connect Core 1.0
//     section 3.1.2.1; GET query or POST form) takes response_type=code,
//     client_id, redirect_uri, code_challenge with code_challenge_method
//     S256 (RFC 7636; "plain" refused), and optionally scope, state,
//     nonce, resource (RFC 8707: Audience only), dpop_jkt (RFC 9449
//     section 10) and response_mode=query; it approves every valid request
//     as the SetSubject end-user and answers 302 to redirect_uri with
//     "code", "state" and "iss" (RFC 9207). The redirect_uri is https or
//     http on a loopback IP, or one of SetRedirectURIs exactly; another
//     client or redirect_uri is answered 400 without redirecting (RFC 6749
//     section 4.1.2.1). PathToken (RFC 6749 sections 4.1.3, 4.4 and 5; a
//     POSTed form) takes grant_type authorization_code (code,
//     redirect_uri, code_verifier; a code is redeemed once, within
//     CodeLifetime, by its client) or client_credentials (scope), with
//     optional resource and a DPoP header. By default the client is a
//     public test client ("none": client_id in the form, or HTTP Basic
//     with an empty password, RFC 6749 section 2.3.1; a secret is
//     invalid_client); RFC 6749 section 4.4 reserves the client
//     credentials grant for confidential clients: use WithClientSecret to
//     test authentication (client_secret_basic or client_secret_post,
//     required for every grant). It answers an RFC 9068 access token whose
//     "aud" is Audience, "client_id" ClientID, "sub" the SetSubject
//     end-user (the client for client_credentials) and "scope" the
//     requested scope echoed; it carries no other claims (mint with
//     AccessToken or AccessTokenWith for your own). For "openid" it adds an
//     ID token with "nonce", "at_hash", "azp" and "auth_time". A DPoP proof
//     (RFC 9449 section 5) binds the token ("token_type" "DPoP"), a bad one
//     is "invalid_dpop_proof". PathUserInfo (OpenID Connect Core 1.0
//     section 5.3; "userinfo_endpoint") takes GET or POST with an access
//     token the provider minted for Audience with "openid" in its
//     "scope", as a Bearer token (header, or a POST's form body) or
//     DPoP-bound with its proof, checked by jwthttp's Middleware; it
//     answers JSON {"sub", plus SetUserInfo's claims}, a 401 with
//     WWW-Authenticate error="invalid_token" for a bad token, a 403
//     insufficient_scope without "openid" (minted tokens carry no "scope"
//     unless given: p.AccessToken(accesstoken.Claims{Scope: "openid"})). LogoutToken mints logout tokens
//     (OpenID Connect Back-Channel Logout 1.0 section 2.4, "typ"
//     "logout+jwt") with the provider's key, and the metadata says
//     backchannel_logout_supported and backchannel_logout_session_supported;
//     the provider sends no logout token itself. No refresh tokens,
//     consent or client assertions. CertificatePEM gives the TLS
//     certificate to clients outside Go.
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
//     Bearer and binding rules (sections 7.1, 7.2). Every token carries
//     Target.Scope ("scope", RFC 9068 section 2.2.3.1; access tokens only)
//     and Target.Claims (your own claims, a tenant; a registered or
//     catalogue claim name is ErrInvalidTarget) and its own "jti", so a
//     route requiring a scope or a tenant, or remembering jti values,
//     judges each attack on the attack. CheckVerifier, CheckHandler,
//     CheckIDTokenVerifier and CheckDPoPHandler are the ones to use: they
//     first require the genuine token (GenuineToken, GenuineIDToken,
//     GenuineDPoP) accepted, failing with "the genuine token was refused"
//     and running nothing otherwise (a route answering 403 to every token
//     refuses every attack for the wrong reason), then fail the test for
//     each attack accepted. RunAgainst, RunAgainstHandler and
//     RunDPoPAgainstHandler run a catalogue of your choosing without the
//     control (Accepted, AcceptedByHandler and AcceptedByDPoPHandler
//     return the findings instead). A handler's 2xx or panic is a finding;
//     a panic with http.ErrAbortHandler counts as refused. Some attacks
//     are hardening, not an RFC MUST (their Rule says so: non-zero
//     trailing bits, a future "iat", an ID token with "scope"); drop them
//     from the slice if your service deliberately accepts them.
//
// Not there yet: the DPoP catalogue attacks a resource server only (no
// token-endpoint runner for dpop.Verifier.VerifyTokenRequest); the ID-token
// catalogue has no "c_hash" or "auth_time"/max_age attacks; at_hash and
// c_hash with ML-DSA keys are refused (OpenID Connect Core names no hash
// for them: a Target.AccessToken with an ML-DSA key is ErrInvalidTarget).
package jwttest
