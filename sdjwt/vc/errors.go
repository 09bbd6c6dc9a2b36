package vc

import (
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/jwk"
)

// Errors of this package. Each matches the jwt sentinel of its kind with
// errors.Is, so a caller that handles jwt's errors handles these.
var (
	// ErrInvalidType is an Issuer-signed JWT whose "typ" is not "dc+sd-jwt"
	// (draft-ietf-oauth-sd-jwt-vc section 2.2.1; "vc+sd-jwt" only with
	// Config.AcceptLegacyType).
	ErrInvalidType error = sentinel.New("sdjwt/vc: typ is not dc+sd-jwt", jwt.ErrInvalidType)
	// ErrMissingVct is an SD-JWT VC without the REQUIRED "vct" claim in the
	// Issuer-signed JWT (section 2.2.2.3).
	ErrMissingVct error = sentinel.New("sdjwt/vc: vct claim missing", jwt.ErrMissingClaim)
	// ErrInvalidClaim is a "vct", "vct#integrity", "aka_vcts" or "iss" whose
	// value breaks its rule (sections 2.2.2.1, 2.2.2.2, 2.2.2.3, 6).
	ErrInvalidClaim error = sentinel.New("sdjwt/vc: invalid claim", jwt.ErrTokenInvalidClaims)
	// ErrClaimDisclosed is one of iss, nbf, exp, cnf, vct, vct#integrity,
	// aka_vcts, status, or one of their sub-claims, received in a Disclosure
	// (section 2.2.2.3: they "MUST NOT be included in Disclosures").
	ErrClaimDisclosed error = sentinel.New("sdjwt/vc: claim must not be selectively disclosed", jwt.ErrTokenInvalidClaims)
	// ErrVctNotAllowed is a credential whose "vct" (or, with
	// Config.MatchAkaVcts, one of its "aka_vcts") is in none of
	// Config.Vcts.
	ErrVctNotAllowed error = sentinel.New("sdjwt/vc: credential type not allowed", jwt.ErrTokenInvalidClaims)
	// ErrIntegrity is a document whose digest matches none of the integrity
	// metadata's strongest hash expressions, or integrity metadata with no
	// supported hash algorithm (section 6).
	ErrIntegrity error = sentinel.New("sdjwt/vc: integrity check failed", jwt.ErrTokenInvalidClaims)
	// ErrIssuerNotAllowed is an "iss" that is not one of the issuers
	// IssuerMetadataKeys was configured with; refused without any request
	// (section 7.1: the URLs come from untrusted input).
	ErrIssuerNotAllowed error = sentinel.New("sdjwt/vc: issuer not allowed", jwt.ErrInvalidIssuer)
	// ErrMetadata is JWT VC Issuer Metadata (section 4) that could not be
	// fetched: a network failure, a time-out, a status other than 200, a
	// body over the size bound, a refused address or redirect.
	ErrMetadata error = sentinel.New("sdjwt/vc: fetching JWT VC Issuer Metadata failed", jwk.ErrFetch)
	// ErrMetadataRefused is JWT VC Issuer Metadata that was fetched and
	// refused (section 4.2, 4.3): not application/json, not a strict JSON
	// object, "issuer" not identical to "iss", both or neither of "jwks"
	// and "jwks_uri", a "jwks_uri" that is not https, a "jwks" that is not a
	// JWK Set with a usable key.
	ErrMetadataRefused error = sentinel.New("sdjwt/vc: JWT VC Issuer Metadata refused", ErrMetadata)
	// ErrInvalidOption is a configuration that cannot work.
	ErrInvalidOption error = sentinel.New("sdjwt/vc: invalid option", jwt.ErrInvalidOption)
)
