// Package userinfo fetches an end-user's claims from an OpenID Provider's
// UserInfo Endpoint (OpenID Connect Core 1.0 section 5.3) with an access
// token, as a Bearer token (RFC 6750 section 2.1) or DPoP-bound (RFC 9449
// section 7.1, through dpop.Transport), and checks the response before any
// of it is used:
//
//   - section 5.3.2: a 200 whose body is either a JSON object
//     (application/json) or a signed JWT (application/jwt). The JSON is
//     read by the core's strict pass (no duplicate or case-folded
//     look-alike member names, valid UTF-8); the JWT is verified with the
//     provider's keys by a jwt.Verifier: "iss" the issuer, "aud" containing
//     the client id (both MUST be present when signed), "exp" and "nbf"
//     when present. Encrypted (JWE) responses are refused;
//   - section 5.3.2: "sub" MUST be present, a string;
//   - section 5.3.4: "sub" MUST exactly match the ID token's, else the
//     response "MUST NOT be used" (ErrSubjectMismatch);
//   - section 5.3.3: an error response (RFC 6750 section 3) is an *Error
//     carrying the WWW-Authenticate challenge's error code (ErrRefused,
//     ErrInvalidToken, ErrInsufficientScope);
//   - the body is bounded (Config.MaxBodySize), redirects are not followed
//     (the access token goes to the endpoint named and nowhere else).
//
// Requests go through Config.HTTPClient; nil is the Config.Provider's
// client (jwk.Provider.HTTPClient, the one given to jwk.WithHTTPClient),
// so the UserInfo Endpoint is reached as the discovery was, else
// http.DefaultClient. Against jwttest's provider, mint the access token
// with Scope: "openid" (its UserInfo Endpoint answers 403
// insufficient_scope without it, section 5.3).
//
// Where peers are looser (go-oidc v3 reads a signed response checking its
// signature only, takes any Content-Type but application/jwt as JSON, and
// leaves the "sub" comparison to its caller), this package refuses: a
// signed response without "iss"/"aud" of this provider and client, an
// unknown Content-Type, and a "sub" other than the ID token's.
//
// A signed response is refused when it is another kind of JWT (RFC 8725
// sections 3.11 and 3.12): a "typ" other than "JWT" (an access token's
// "at+jwt", a logout token's "logout+jwt", a client assertion's
// "client-authentication+jwt"), or claims that mark another kind: an
// access token's "scope", a logout token's "events", an ID token's
// "nonce", "at_hash", "c_hash", "auth_time" or "azp" (ErrOtherKind). An ID
// token carrying none of these is a JWT of the same issuer for the same
// client with the same "sub": section 5.3.2 defines no "typ" that would
// tell them apart. Section 5.1 lists neither "auth_time" nor "azp" among
// the UserInfo claims, so refusing them costs a conforming provider
// nothing; a provider that adds them to its signed UserInfo responses is
// refused here where peers accept it (use the JSON response, or ask the
// provider to drop them).
package userinfo
