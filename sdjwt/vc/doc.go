// Package vc implements SD-JWT-based Verifiable Digital Credentials
// (SD-JWT VC, draft-ietf-oauth-sd-jwt-vc-19) on top of package sdjwt
// (RFC 9901).
//
//   - Issuer (section 2): an sdjwt.Issuer whose Issuer-signed JWT has
//     "typ" "dc+sd-jwt" (section 2.2.1) and the REQUIRED "vct" (section
//     2.2.2.1), never selectively disclosable.
//   - Verifier (section 2.4): sdjwt's verification (RFC 9901 section 7,
//     key binding by policy against "cnf"), then "typ", the "vct",
//     "vct#integrity", "aka_vcts" and "status" rules, no Disclosure at or
//     under iss, nbf, exp, cnf, vct, vct#integrity, aka_vcts or status
//     (section 2.2.2.3: "including any of their sub-claims"), and an
//     optional allow-list of types (Config.Vcts, matched against "vct";
//     "aka_vcts" only with Config.MatchAkaVcts). "status" is returned in
//     the Result, unchecked: its status mechanism is the caller's policy
//     (section 2.4).
//   - IssuerMetadataKeys (sections 2.5, 3, 4, 7.1), opt-in: the issuer's
//     keys from its JWT VC Issuer Metadata, "/.well-known/jwt-vc-issuer"
//     inserted between the host and the path of "iss", for issuers of an
//     allow-list only, over bounded https retrievals that refuse internal
//     addresses.
//   - VerifyIntegrity (section 6): a retrieved document (e.g. Type
//     Metadata) against "vct#integrity".
//
// Not implemented: the Inline X.509 mechanism of section 2.5 (give the
// Verifier a key source that validates the "x5c" chain yourself), Type
// Metadata retrieval and processing (section 5; VerifyIntegrity is its
// integrity step), and the JWS JSON Serialization (RFC 9901 section 8).
//
// "typ" is compared as a media type (RFC 7515 section 4.1.9):
// case-insensitively, with an optional "application/" prefix, so
// "application/DC+SD-JWT" is "dc+sd-jwt". The rule is the Verifier's: a
// jwt.WithType among NewVerifier's options that names other types is
// ErrInvalidOption.
//
// Stricter than the draft or some peers, each refused with a typed error:
//   - "typ" "vc+sd-jwt" (drafts before November 2024) only with
//     Config.AcceptLegacyType: draft -19 removed the transition period.
//   - Config.Vcts matches "vct" only; "aka_vcts" (the issuer's own claim
//     of further types, no evidence it may issue them: the draft's
//     security considerations) only with Config.MatchAkaVcts.
//   - A disclosed "iat" is refused (sdjwt.ErrMustNotBeDisclosed), though
//     section 2.2.2.3 lets it be disclosed: sdjwt's Verifier takes "iat"
//     from the issuer in plaintext (sdjwt.DefaultMustNotBeDisclosed).
//   - "aka_vcts" with a value twice; integrity metadata with any malformed
//     hash expression (SRI's parser would skip it).
//   - Metadata: an "iss" with a user-info part, an IPv6 zone, "." or ".."
//     path segments, or characters outside printable ASCII; a response
//     other than 200, or not application/json; more than 3 redirects
//     (for "jwks_uri" too, though jwk.RemoteSet alone follows 5); a
//     "jwks" with no usable key; a connection to an address that is not
//     globally reachable (RFC 6890 and the deprecated ranges that may lead
//     to one: IPv4-compatible, IPv4-mapped and IPv4-translated IPv6,
//     site-local fec0::/10, the 6to4 relay 192.88.99.0/24, NAT64, 6to4)
//     unless MetadataConfig.AllowInternalAddresses; a client whose
//     Transport cannot be guarded (not an *http.Transport, or with a
//     proxy, or a nil Transport with http.DefaultTransport replaced by
//     another type) unless AllowInternalAddresses says it is guarded.
//   - HS* Issuer-signed JWTs with metadata keys: published keys never
//     verify a MAC (RFC 7517 section 7).
package vc
