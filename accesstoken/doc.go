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
//   - a token carrying a claim that OpenID Connect Core 1.0 defines only for
//     ID tokens ("nonce", "at_hash", "c_hash") is an ID token whatever its
//     header says, and is refused with ErrIDToken (RFC 9068 section 5).
//
// The "typ" rule is the jwt package's (jwt.WithType), checked right after
// the signature together with the registered claims; the "nonce", "at_hash"
// and "c_hash" rule, and any jwt.WithValidator check of the caller's, run
// only on a token that passed them. Every claim rule's error matches
// jwt.ErrTokenInvalidClaims; the "typ" rule's does not (it is a header
// rule), except ErrIDToken, which matches both. A token whose signature verified but which a rule refused gives a
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
// writes "typ" "at+jwt" and refuses claims without the section 2.2 ones.
package accesstoken
