// Package idtoken verifies and mints OpenID Connect ID tokens (OpenID
// Connect Core 1.0 section 2) for relying parties, so that an access token
// is never taken for one.
//
// A relying party makes one Verifier with its provider's issuer and its own
// client id, then verifies each ID token with what it sent in the
// authentication request:
//
//	v, err := idtoken.NewVerifier(keys, idtoken.Config{
//		Issuer:   "https://accounts.example.com",
//		ClientID: "my-client",
//	})
//	...
//	c, err := v.Verify(ctx, rawIDToken, idtoken.Checks{Nonce: nonce})
//
// Verify applies the ID Token Validation of section 3.1.3.7 (the
// Authorization Code Flow), and of sections 3.2.2.11 and 3.3.2.12 (the
// Implicit and Hybrid Flows) with Checks, on top of the jwt package's own
// rules (signature first, "alg" bound to the key, "exp" and "nbf"):
//
//   - "iss" must equal Config.Issuer exactly (step 2, jwt.ErrInvalidIssuer);
//     a *jwk.Provider or *jwk.Issuers key source of another issuer is
//     refused by NewVerifier (jwt.ErrInvalidOption);
//   - "aud" must contain Config.ClientID (step 3, jwt.ErrInvalidAudience);
//   - "azp" is checked by Config.AZP, by default DefaultAZP: steps 4 and 5
//     as OpenID Connect Core 1.0 errata set 2 (December 2023) writes them,
//     for a client using no extension that defines "azp", so neither
//     required with several audiences nor compared (section 2: "ignore it
//     when it does occur"); AZPMatchesClientID is step 5's MAY, and
//     AZPErrata1 the errata set 1 rules this package followed before;
//   - "alg" must be in the provider's discovered
//     id_token_signing_alg_values_supported when the key source knows it
//     (a *jwk.Provider, a *jwk.Issuers: OpenID Connect Discovery 1.0
//     section 3; jwt.ErrAlgorithmNotAllowed before the signature);
//   - "iss", "sub", "aud", "exp" and "iat" must be present (section 2,
//     jwt.ErrMissingClaim), and "iat" must not be in the future;
//   - Checks.Nonce, Checks.MaxAge, Checks.AccessToken and Checks.Code
//     require and check "nonce" (step 11), "auth_time" (step 13), "at_hash"
//     (section 3.2.2.9) and "c_hash" (section 3.3.2.10);
//     Checks.AccessTokenHashOptional checks "at_hash" only when present
//     (the Authorization Code Flow, section 3.1.3.8);
//   - "typ", when present, must be "JWT" (RFC 7519 section 5.1): a token
//     typed "at+jwt" is an access token (RFC 9068 section 2.1), and other
//     types ("logout+jwt", "secevent+jwt") are other kinds of JWT
//     (jwt.ErrInvalidType; RFC 8725 section 3.11);
//   - a token carrying "scope" is an access token whatever its "typ"
//     (ErrAccessToken, below);
//   - a token carrying "events" is a logout token (OpenID Connect
//     Back-Channel Logout 1.0 section 2.4, where "typ" "logout+jwt" is only
//     RECOMMENDED), one carrying "htm" or "htu" a DPoP proof (RFC 9449
//     section 4.2), whatever its "typ" (ErrOtherKind; nothing loosens it;
//     with Checks.Nonce, the nonce failure is reported beside).
//
// ID tokens and access tokens are told apart by mutually exclusive rules
// (RFC 8725 section 3.12), side by side in the two profiles:
//
//	               idtoken refuses an access token      accesstoken refuses an ID token
//	by "typ"       "at+jwt" (any other but "JWT"/none)  anything but "at+jwt" (AllowJWTType: "JWT", none pass)
//	by claims      "scope" present (ErrAccessToken)     "nonce", "at_hash", "c_hash" present (ErrIDToken),
//	               always: OIDC defines no "typ"        only when "typ" is "JWT" or none (AllowJWTType)
//	loosen with    Config.AllowScopeClaim               (a token typed "at+jwt" is never read for them)
//
// "scope" is RFC 9068's grant (section 2.2.3), which OpenID Connect Core
// 1.0 section 2 defines for no ID token. "client_id", which RFC 9068
// requires, is not a marker: some providers (ZITADEL) write it into ID
// tokens, as others write "jti", "sid" or "nbf". An access token without
// "scope" and without "typ" "at+jwt" is told apart only by its audience
// and by Checks.Nonce: send a nonce. For a provider that writes "scope"
// into its ID tokens, Config.AllowScopeClaim turns the claim rule off.
//
// Time rules share one clock: Config.Leeway and Config.Now, or
// jwt.WithLeeway and jwt.WithTimeFunc in opts (one or the other), reach
// "exp", "nbf", "iat" and "auth_time" alike. The rules that refuse a time
// in the future ("iat", "nbf", "auth_time") allow DefaultFutureLeeway (5
// s) by default, as NumericDates are whole seconds and a relying party a
// few milliseconds behind its provider sees a fresh token's "iat" up to a
// second ahead; "exp" and max_age have none. jwt.WithFutureLeeway replaces
// the default. (go-oidc gives "nbf" five minutes, "exp" none, and never
// checks "iat"; golang-jwt's leeway defaults to none.)
//
// The "typ" rule is the jwt package's (jwt.WithType("JWT", "")), checked
// right after the signature together with the registered claims; the "azp"
// policy, Checks, and any jwt.WithValidator check of the caller's, run only
// on a token that passed them. Every claim rule's error matches
// jwt.ErrTokenInvalidClaims; the "typ" rule's does not (it is a header
// rule). A token whose signature verified
// but which a rule refused gives a *jwt.ValidationError whose Token.Claims
// is a *Claims (or the type given to VerifyInto).
//
// The claim rules read the claims from the token's bytes by their exact
// names, whatever the Encoder, and a member whose name folds to one of this
// profile's claim names without being it ("Nonce", "AZP") is refused as
// jwt.ErrTokenMalformed, as the jwt package refuses look-alikes of the
// registered claim names.
//
// An identity provider (or a test) mints ID tokens with a Signer, which
// writes "typ" "JWT" (or none, with jwt.WithType("")) and refuses claims
// without the section 2 ones, and computes "at_hash" and "c_hash" with
// LeftHalfHash. No OpenID text this package follows defines those hashes
// for ML-DSA: a draft, OpenID Connect Token Hash Algorithms 1.0 (2026),
// now identifies them, and is not followed yet.
package idtoken
