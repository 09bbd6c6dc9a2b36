// Package accesstoken verifies and mints OAuth 2.0 access tokens in the JWT
// profile of RFC 9068, so that an OpenID Connect ID token is never taken
// for one.
//
// A resource server makes one Verifier with its authorization server's
// issuer and its own audience, then calls Verify for each bearer token:
//
//	v, err := accesstoken.NewVerifier(keys, accesstoken.Config{
//		Issuer:   "https://as.example.com",
//		Audience: "https://api.example.com",
//	})
//	...
//	c, err := v.Verify(ctx, bearer)
//	if err != nil { ... } // 401
//	if !c.HasScope("orders:read") { ... } // 403
//
// Verify applies RFC 9068 section 4 on top of the jwt package's own rules
// (signature first, "alg" bound to the key, "exp" and "nbf"):
//
//   - "typ" must be "at+jwt", compared as a media type ("application/at+jwt"
//     and any case are the same), or the error is jwt.ErrInvalidType;
//     Config.AllowJWTType is the transition switch for issuers that still
//     write "JWT";
//   - the claims section 2.2 requires ("iss", "exp", "aud", "sub",
//     "client_id", "iat", "jti") must be present (jwt.ErrMissingClaim);
//   - "iss" must equal Config.Issuer exactly (jwt.ErrInvalidIssuer) and
//     "aud" must contain Config.Audience (jwt.ErrInvalidAudience);
//   - "iat" must not be in the future (jwt.ErrTokenUsedBeforeIssued);
//   - with AllowJWTType, a token typed "JWT" or untyped that carries a
//     claim OpenID Connect Core 1.0 defines only for ID tokens ("nonce",
//     "at_hash", "c_hash") is an ID token, refused with ErrIDToken (RFC
//     8725 section 3.12). A token typed "at+jwt" is an access token by its
//     header and is not read for them: an access token that also carries
//     the request's "nonce" (Keycloak until its issue 26893; ZITADEL)
//     passes.
//
// Access tokens and ID tokens are told apart by mutually exclusive rules
// (RFC 8725 section 3.12), side by side in the two profiles:
//
//	               accesstoken refuses an ID token          idtoken refuses an access token
//	by "typ"       anything but "at+jwt"                    "at+jwt" (any other but "JWT"/none)
//	               (AllowJWTType: "JWT", none pass)
//	by claims      "nonce", "at_hash", "c_hash" present     "scope" present (idtoken.ErrAccessToken),
//	               (ErrIDToken), only when "typ" is "JWT"   always: OIDC defines no "typ";
//	               or none (AllowJWTType)                   idtoken.Config.AllowScopeClaim loosens it
//
// An ID token also lacks "client_id" and usually "jti", which section 2.2
// requires (jwt.ErrMissingClaim), and names a client, not the resource
// server, as its audience.
//
// Time rules share one clock: Config.Leeway and Config.Now, or
// jwt.WithLeeway and jwt.WithTimeFunc in opts (one or the other). The
// rules that refuse a time in the future ("iat", "nbf") allow
// DefaultFutureLeeway (5 s) by default, as NumericDates are whole seconds
// and a resource server a few milliseconds behind its authorization server
// sees a fresh token's "iat" up to a second ahead; "exp" has none.
// jwt.WithFutureLeeway replaces the default.
//
// The "typ" rule is the jwt package's (jwt.WithType), checked right after
// the signature together with the registered claims; the "nonce", "at_hash"
// and "c_hash" rule, and any jwt.WithValidator check of the caller's, run
// only on a token that passed them. Every claim rule's error matches
// jwt.ErrTokenInvalidClaims; the "typ" rule's does not (it is a header
// rule), except ErrIDToken, which matches both. A token whose signature
// verified but which a rule refused gives a
// *jwt.ValidationError whose Token.Claims is a *Claims (or the type given to
// VerifyInto).
//
// The claim rules read the claims from the token's bytes by their exact
// names, whatever the Encoder, and a member whose name folds to one of this
// profile's claim names without being it ("Client_ID", "ſcope") is refused
// as jwt.ErrTokenMalformed, as the jwt package refuses look-alikes of the
// registered claim names.
//
// An authorization server (or a test) mints tokens with a Signer, which
// writes "typ" "at+jwt" (or "application/at+jwt"; any other, or none, is
// jwt.ErrInvalidOption) and refuses claims without the section 2.2 ones.
package accesstoken
