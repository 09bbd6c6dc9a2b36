// Package clientauth is JWT client authentication at an OAuth 2.0 token
// endpoint (RFC 7523 sections 2.2 and 3; OpenID Connect Core 1.0 section 9,
// private_key_jwt and client_secret_jwt; draft-ietf-oauth-rfc7523bis), both
// sides of it.
//
// The client side is a Signer: Assertion mints a client assertion whose
// "iss" and "sub" are the client id, whose "aud" is the audience the
// authorization server expects, with a short "exp" (DefaultLifetime,
// at most MaxSignerLifetime), "iat" and a random 128-bit "jti"; FormValues
// gives the request parameters of RFC 7523 section 2.2. private_key_jwt is
// a Signer with an asymmetric key (RS*, PS*, ES*, EdDSA); client_secret_jwt
// is one with jwt.HS256 and the client secret as the key (OpenID Connect
// Core 1.0 section 9; RFC 7518 section 3.2 requires a secret of at least 32
// bytes for HS256, which this library enforces: a shorter client secret is
// refused where some servers accept it).
//
// The authorization-server side is a Verifier: VerifyRequest and VerifyForm
// check the request (client_assertion_type, exactly one client_assertion),
// choose the keys by the client id the request names (the form's
// client_id, else the assertion's unverified "sub", which must equal its
// "iss"), and verify the assertion with those keys only.
//
// # Audience: which rule, and why
//
// RFC 7523 section 3 lets "aud" hold any value identifying the
// authorization server, the token endpoint URL among them, and OpenID
// Connect Core 1.0 section 9 says it SHOULD be the token endpoint URL.
// draft-ietf-oauth-rfc7523bis narrows it: "aud" must be the authorization
// server's issuer identifier (RFC 8414) as its sole value (a string, or an
// array with that one member), because a client that accepts an endpoint
// URL from a malicious or compromised authorization server's metadata can
// be made to sign an assertion whose audience is another, honest server's
// token endpoint, which the attacker then presents there (the 2024-2025
// audience injection research behind the draft). The default,
// AudienceIssuerOnly, follows the draft; AudienceIssuerOrTokenEndpoint is
// RFC 7523 section 3's and OpenID Connect Core 1.0 section 9's rule, for
// clients not yet updated: "aud" must contain the issuer or
// Config.TokenEndpoint. An assertion typed "client-authentication+jwt"
// declares it follows the draft: its "aud" must be the issuer alone under
// either rule.
//
// # Type
//
// The Signer writes "typ" "client-authentication+jwt", the draft's explicit
// type (RFC 8725 section 3.11); jwt.WithType("") writes none, for a server
// that refuses a "typ" it does not know. The Verifier accepts that type,
// "JWT" and none (RFC 7523 clients send no type or "JWT");
// Config.RequireExplicitType accepts the draft's type only. Any other type
// ("at+jwt", "logout+jwt", "dpop+jwt", ...) is another kind of JWT and is
// refused, and so is a token carrying a claim of another kind: "scope" (an
// access token), "nonce", "auth_time", "at_hash" or "c_hash" (an ID token),
// "events" (a logout token), "htm" or "htu" (a DPoP proof): ErrOtherKind
// (RFC 8725 section 3.12).
//
// # Where this package is stricter than RFC 7523
//
// "jti" is required and not empty (OpenID Connect Core 1.0 section 9
// requires it; RFC 7523 section 3 makes it optional) and every assertion
// is used once, its "jti" claimed only once every other rule passed, the
// jwt.WithValidator checks of NewVerifier's opts included
// (Config.Replay; OpenID Connect Core 1.0 section 9: "These tokens MUST only
// be used once"); "exp" may be at most Config.MaxLifetime ahead of now and
// of "iat" (RFC 7523 section 3 allows any; the draft's security
// considerations and OpenID Connect Core 1.0 section 9 want them short);
// the client_assertion must not travel in the URL query (RFC 6749 section
// 2.3.1); a request that also carries an Authorization header (HTTP Basic
// client_secret_basic, or any other scheme) or a client_secret parameter
// is refused as ErrInvalidRequest, where some servers pick one method and
// ignore the other (RFC 6749 section 2.3: "The client MUST NOT use more
// than one authentication method in each request").
package clientauth
