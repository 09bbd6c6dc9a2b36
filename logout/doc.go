// Package logout verifies and mints logout tokens, and serves the relying
// party's back-channel logout endpoint (OpenID Connect Back-Channel Logout
// 1.0 incorporating errata set 1, sections 2.4 to 2.8).
//
// A Verifier checks section 2.6's steps on the core's one strict pass
// (jwt.NewVerifier under the hood, any key source the ID tokens use):
// the signature and "alg" (steps 2 and 3: with a *jwk.Provider or a
// *jwk.Issuers, the provider's discovered
// id_token_signing_alg_values_supported, as idtoken applies it, refusing
// another "alg" before the signature as jwt.ErrAlgorithmNotAllowed; with
// another key source, give jwt.WithAlgorithms that list), "iss" and "aud"
// (Config.Issuer, Config.ClientID), "iat" within Config.MaxAge (default
// two minutes, section 4) and "exp" (step 4), "sub" and/or "sid" (step
// 5), an "events" object holding the back-channel logout member whose
// value is an object (step 6), no "nonce" (step 7), then the "jti"
// replay check through a replay.Store (step 8), keyed by the issuer and
// "jti", held until the token could no longer be accepted. Steps 9 to 11
// (the "iss", "sub" and "sid" of a session the RP knows) are the
// caller's. Encrypted logout tokens (step 1) are not supported.
//
// Where it is stricter than the text, or decides what it leaves open:
//   - "exp" is REQUIRED, as errata set 1 made it (section 2.4); the 2022
//     text had none: Config.AllowMissingExp accepts tokens without one,
//     still bounded by "iat" plus Config.MaxAge.
//   - "iat" must be within Config.MaxAge even when "exp" is later, so that
//     the replay store holds a "jti" for a bounded time.
//   - "typ": "logout+jwt" (any media-type spelling) or none pass; "JWT" is
//     refused unless Config.AllowJWTType (section 2.6 does not check
//     "typ", but "JWT" is the ID tokens' type); Config.RequireExplicitType
//     refuses an untyped token. Any other "typ" is always refused (RFC
//     8725 section 3.11).
//   - "nonce" is refused whatever its value, null included.
//   - An empty "sub" or "sid" counts as absent; an empty "jti" is missing.
//   - A second delivery of an accepted token is refused (ErrReplayed),
//     even an OP's retry after a lost response: the logout happened.
//     The "jti" is claimed once every other rule passed, the
//     jwt.WithValidator checks included; the Handler claims it only once
//     the logout function returned nil, so the OP's retry of a failed
//     logout is accepted. A replay.Store can only claim, so a redelivery
//     of a used token may run the function before it is refused: it must
//     be idempotent. The Handler refuses the redeliveries it answered 200
//     for itself before the function runs (an in-process memory of at
//     most 4096 tokens); one to another instance sharing the store, after
//     a restart, or at the same instant runs it, then is refused.
//
// Handler serves section 2.5's POST (application/x-www-form-urlencoded,
// one logout_token) and answers as section 2.8 says: 200 with
// Cache-Control: no-store once the logout function succeeded, 400 with
// an OAuth 2.0 error body otherwise (invalid request or token, replay
// store unavailable, logout failed), 405 for another method.
//
// A Signer mints logout tokens for OPs and tests: "typ" "logout+jwt", the
// event member, a random "jti", "iat" and a two-minute "exp" filled in.
//
// Each kind of JWT is refused by the others' verifiers: the Signer's
// tokens are refused as ID tokens (idtoken) and as access tokens
// (accesstoken) by their "typ"; ID tokens and access tokens are refused
// here by their "typ" and by their claims (no back-channel logout event;
// an ID token's "nonce"). An untyped logout token carrying "sub" and
// "exp" is refused as an ID token by its "events" (idtoken.ErrOtherKind)
// and, when the relying party sends a nonce, by its missing "nonce"
// (section 2.4's reason for prohibiting "nonce"); mint them typed all the
// same.
package logout
