// Package claimsources resolves the Aggregated and Distributed Claims of
// OpenID Connect Core 1.0 section 5.6.2: the "_claim_names" and
// "_claim_sources" members of a verified ID token's or UserInfo
// response's claims.
//
// An Aggregated Claims source carries a JWT signed by a Claims Provider; a
// Distributed Claims source names an endpoint ("endpoint", with an
// optional Bearer "access_token", RFC 6750 section 2.1) that returns one.
// Either JWT is verified with the keys of the Claims Provider it comes
// from, as the Resolver's Config names it (Source: its issuer identifier,
// its keys, its endpoints), never with the OpenID Provider's keys: an
// aggregated JWT's "iss" picks its Source (a JWT whose "iss" names no
// Source is ErrUnknownSource) and must be verified by that Source's key;
// a distributed endpoint picks the Source that lists it and the JWT it
// returns must carry that Source's "iss". An endpoint no Source lists is
// never contacted (ErrEndpointNotAllowed), nor is any endpoint of a
// reference set that holds one.
//
// Use: embed References in the claims type given to idtoken's VerifyInto
// (or decode a UserInfo response into it), then call Resolver.Resolve or
// Resolver.ResolveInto with it.
//
// The rules, where section 5.6.2 leaves a choice (each refusal typed):
//
//   - Claim names are taken only from "_claim_names": a source JWT's other
//     members are ignored, "sub" included (section 5.6.2: it SHOULD NOT be
//     provided). A name of a registered JWT claim (RFC 7519 section 4.1),
//     "_claim_names" or "_claim_sources", or of a claim saying how and to
//     whom the token was issued ("azp", "acr", "amr", "auth_time", "sid",
//     "nonce", "at_hash", "c_hash", "cnf", "_sd", "_sd_alg", "events") is
//     ErrMalformedReferences: no source may stand for the token's own
//     "iss", "sub" or "aud", nor overwrite its authentication claims
//     through ResolveInto (section 5.6.2 reserves none of them; we do).
//   - An aggregated JWT "MUST contain all the Claims in the _claim_names
//     object that references" it: a missing one is ErrClaimMissing. A
//     distributed source may leave a claim out ("it is not an error
//     condition to not return a requested Claim"): the claim is absent
//     from the result.
//   - "iss" is required of every source JWT (section 5.6.2 says SHOULD: it
//     is how the Claims Provider's keys are found) and must be the
//     Source's Issuer. "typ" must be absent or "JWT" (RFC 8725 section
//     3.11): an access token ("at+jwt"), a logout token ("logout+jwt") or
//     any other explicitly typed JWT is refused (jwt.ErrInvalidType). A
//     JWT carrying a claim of another kind ("nonce", "at_hash", "c_hash":
//     ID tokens; "events": logout tokens and SETs; "scope": access
//     tokens) is ErrNotClaimsJWT (RFC 8725 section 3.12).
//   - Section 5.6.2 defines no "aud" for a source JWT. A Source with
//     Audiences requires "aud" to contain one of them; a Source without
//     refuses a JWT that has one (ErrUnexpectedAudience): a JWT addressed
//     to some party is not taken as claims for any other. "exp" and "nbf"
//     are checked when present, "iat" may not be in the future.
//   - A distributed endpoint must be an https URL listed by a Source
//     (Endpoints: exact URLs; Origins: any path of an origin). Redirects
//     are not followed. The response must be 200 with Content-Type
//     application/jwt (section 5.3.2's media type for a JWT), at most
//     Config.MaxResponseBytes long.
//   - At most Config.MaxSources sources and MaxClaims claim names
//     (defaults 8 and 64). No recursion: "_claim_names" and
//     "_claim_sources" inside a source JWT are ignored.
//
// Compared with go-oidc v3 (which records distributed sources, verifies a
// distributed JWT with the ID token's own verifier, i.e. the OpenID
// Provider's issuer and keys, and fetches any endpoint, following
// redirects, with no size bound or content type check): the reference
// parsing agrees on go-oidc's cases (a name whose source is absent or
// empty is refused; sources no name references are ignored and never
// fetched); we refuse a Claims Provider's JWT signed by the OpenID
// Provider's key, an endpoint not allowed, a response that is not
// application/jwt, and aggregated claims go-oidc does not resolve.
package claimsources
