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
//   - "aud" must contain Config.ClientID (step 3, jwt.ErrInvalidAudience);
//   - "azp" is checked by Config.AZP, by default DefaultAZP (steps 4 and 5
//     as published in OpenID Connect Core 1.0 with errata set 1);
//   - "iss", "sub", "aud", "exp" and "iat" must be present (section 2,
//     jwt.ErrMissingClaim), and "iat" must not be in the future;
//   - Checks.Nonce, Checks.MaxAge, Checks.AccessToken and Checks.Code
//     require and check "nonce" (step 11), "auth_time" (step 13), "at_hash"
//     (section 3.2.2.9) and "c_hash" (section 3.3.2.10);
//   - "typ", when present, must be "JWT" (RFC 7519 section 5.1): a token
//     typed "at+jwt" is an access token (RFC 9068 section 2.1), and other
//     types ("logout+jwt", "secevent+jwt") are other kinds of JWT
//     (jwt.ErrInvalidType; RFC 8725 section 3.11).
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
// writes "typ" "JWT" and refuses claims without the section 2 ones, and
// computes "at_hash" and "c_hash" with LeftHalfHash.
package idtoken
