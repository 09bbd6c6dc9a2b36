// Package jwthttp protects an HTTP API with bearer tokens (RFC 6750) and
// DPoP-bound access tokens (RFC 9449, WithDPoP), and publishes its
// Protected Resource Metadata (RFC 9728), over any of this module's
// verifiers or a function of your own.
//
//	v, _ := jwt.NewVerifier(keys, jwt.WithIssuer(iss), jwt.WithAudience(res.ID))
//	mw, err := jwthttp.New(jwthttp.Core[MyClaims](v), jwthttp.WithResource(res))
//	mux.Handle("/v1/items", mw.Handler(items))
//	mux.Handle(mw.Metadata().Path(), mw.Metadata())
//
// and in the handler: claims, ok := jwthttp.ClaimsFrom[*MyClaims](r.Context()).
//
// A request's one token is taken from the Authorization header (Sources:
// the form body, the query and a cookie are opt-in; RFC 6750 section 2),
// verified by the VerifyFunc (Core for a *jwt.Verifier, including a
// multi-issuer one over a *jwk.Issuers; AccessTokens for RFC 9068 access
// tokens), checked against RequireScopes and the Rules, and only then
// placed in the request's context. A refusal is answered as RFC 6750
// section 3 says (see Error): 401 with a challenge without error code when
// the request carried no token, 400 invalid_request, 401 invalid_token
// with a short fixed error_description chosen by the jwt sentinel of the
// cause (never the token, a claim's value or a path), 403
// insufficient_scope with the required scope; each with Cache-Control:
// no-store and, with WithResource, the metadata URL in resource_metadata
// (RFC 9728 section 5.1). A key-fetch failure (jwk.ErrFetch) is a 503 with
// Retry-After and no challenge: RFC 6750 has no code for it and the token
// is not at fault.
//
// The audience: the resource identifier (Resource.ID; RFC 8707) is the
// audience the tokens must name, configured once. The verifier checks it,
// so give it the same value: jwt.WithAudience(res.ID), or
// accesstoken.Config{Audience: res.ID}; with WithResource the Middleware
// checks it again, reading "aud" of claims embedding claims.Registered (by
// value or pointer), *accesstoken.Claims, map[string]any or
// *map[string]any, so a verifier made without WithAudience still refuses
// another resource's tokens. For a claims type whose "aud" it cannot read
// (a named map type, an "aud" field of your own) New refuses WithResource
// (jwt.ErrInvalidOption) unless WithAudienceCheckedByVerifier says the
// verifier checks it: the check is never skipped silently.
// Resource.Audience is for an authorization server that writes another
// audience than the resource identifier.
//
// A cookie token (Sources.Cookie) is open to cross-site request forgery:
// browsers attach cookies to cross-site requests. Set it SameSite=Strict
// or Lax, and check the origin (Origin, Sec-Fetch-Site) or an anti-CSRF
// token of unsafe requests yourself; the Middleware refuses (400
// invalid_request) a cookie token on a request whose method is not safe
// (RFC 9110 section 9.2.1) that says Sec-Fetch-Site: cross-site.
//
// DPoP (RFC 9449 section 7): WithDPoP(v, DPoPAllowed) accepts
// "Authorization: DPoP <token>" with its proof in the DPoP header beside
// bearer tokens, DPoPRequired accepts DPoP alone. The access token is
// verified by the VerifyFunc as a bearer token is, then the proof by the
// *dpop.Verifier for the request's method and URL (the URI the client
// sent, r.RequestURI's path: http.StripPrefix in front is fine) and the token's hash
// ("ath"), then the token's "cnf" "jkt" against the proof key's
// thumbprint; ProofFrom gives the handler the proof. Challenges offer
// every accepted scheme, Bearer's first as its own WWW-Authenticate field
// value (clients reading the first challenge find Bearer's parameters),
// DPoP's with algs; an error code goes to the challenge of the scheme the
// request used: invalid_dpop_proof and use_dpop_nonce (with a DPoP-Nonce
// header) on DPoP's, every challenge carrying resource_metadata. A 401
// with a DPoP challenge always carries a fresh DPoP-Nonce when the
// verifier has a nonce source (WithDPoPNonceOnSuccess sends one on
// accepted requests too); a replay store that cannot answer is a 503
// (fail closed). The metadata document lists
// dpop_signing_alg_values_supported and dpop_bound_access_tokens_required
// (RFC 9728 section 2).
//
// Where we refuse what peers accept: a request with two Authorization
// fields, two credentials or junk after the token68, or a token sent by
// two methods, is a 400 (RFC 6750 sections 2 and 3.1), where popular
// middlewares take the first; RequireScopes with CredentialsOptional is
// refused by New (an anonymous caller would pass where a token without the
// scope is refused); a resource identifier or authorization server that is
// not https (http is accepted for a loopback host only) is refused (RFC
// 9728 section 1.2; RFC 8414 section 2), and so is a resource identifier
// whose path is not normalized (a dot or empty segment, an encoded "/":
// RFC 3986 section 6.2.2), whose metadata URL a ServeMux would not serve
// (RFC 9728 section 3.1); a VerifyFunc returning nil claims with a nil
// error is a 500 (ErrNilClaims), not an accepted token; a bearer token
// bound to a DPoP key ("cnf" "jkt") is refused in every mode, DPoP
// disabled or not configured included (a 401 invalid_token; under
// DPoPRequired every Bearer request is a 401 without error code and a DPoP
// challenge only), where RFC 9449 section 7.2 requires it only of a
// resource accepting both schemes and a resource unaware of DPoP would
// accept it; a bearer token whose "cnf" binds it by another method
// without "jkt" ("x5t#S256" of mutual TLS, RFC 8705) is a 401
// invalid_token (dpop.ErrUnsupportedBinding), where peers reading "jkt"
// alone take it as a bearer token: an mTLS-bound token needs a verifier
// that checks the client certificate; an unbound token, or one that is not
// a JWT, sent with the DPoP scheme is a 401 invalid_token
// (dpop.ErrNotBound), though its proof verifies. A bearer token that is
// not a JWT (an opaque token a VerifyFunc of one's own accepted) is taken
// as unbound: nothing to read (RFC 9449 section 7.2).
package jwthttp
