package claimsources

import (
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
)

// Errors of OpenID Connect Core 1.0 section 5.6.2's rules. A source JWT
// refused by the jwt package's rules is reported with ErrSourceRefused and
// the jwt error both (errors.Is matches each).
var (
	// ErrMalformedReferences: "_claim_names" or "_claim_sources" is not as
	// section 5.6.2 defines it (not a JSON object, a name that is not a
	// string or references no source, a source with neither or both of
	// "JWT" and "endpoint", a member of the wrong type, a reserved claim
	// name, an access token that is not RFC 6750 section 2.1's b64token),
	// or holds more than Config.MaxSources sources or MaxClaims names.
	ErrMalformedReferences error = sentinel.New("claimsources: malformed _claim_names or _claim_sources (OpenID Connect Core 1.0 section 5.6.2)")
	// ErrUnknownSource: an aggregated source's JWT has no "iss", or one
	// no Source of the Config names (section 5.6.2: "iss" is how the
	// Claims Provider's keys are found).
	ErrUnknownSource error = sentinel.New("claimsources: the source JWT's issuer is not a configured Claims Provider")
	// ErrEndpointNotAllowed: a distributed source's "endpoint" is not an
	// https URL that a Source lists; no endpoint of the references was
	// contacted.
	ErrEndpointNotAllowed error = sentinel.New("claimsources: the distributed claims endpoint is not allowed")
	// ErrFetchFailed: a distributed claims endpoint could not be reached,
	// or answered other than 200 with an application/jwt body.
	ErrFetchFailed error = sentinel.New("claimsources: fetching distributed claims failed")
	// ErrResponseTooLarge: a distributed claims endpoint's body exceeds
	// Config.MaxResponseBytes. It matches ErrFetchFailed.
	ErrResponseTooLarge error = sentinel.New("claimsources: the distributed claims response exceeds the size bound", ErrFetchFailed)
	// ErrSourceRefused: a source JWT did not verify with its Source's keys
	// and rules; the jwt package's error is wrapped beside it.
	ErrSourceRefused error = sentinel.New("claimsources: the source JWT is refused")
	// ErrClaimMissing: an aggregated source's JWT lacks a claim that
	// "_claim_names" assigns to it (section 5.6.2: the JWT "MUST contain
	// all the Claims" so referenced). It matches ErrSourceRefused and
	// jwt.ErrMissingClaim.
	ErrClaimMissing error = sentinel.New("claimsources: the aggregated source JWT lacks a referenced claim", ErrSourceRefused, jwt.ErrMissingClaim)
	// ErrUnexpectedAudience: a source JWT carries "aud" and its Source
	// names no Audiences (section 5.6.2 defines no audience for it: a JWT
	// addressed to some party is not claims for another). It matches
	// ErrSourceRefused and jwt.ErrInvalidAudience.
	ErrUnexpectedAudience error = sentinel.New(`claimsources: the source JWT has an "aud" its Source does not expect`, ErrSourceRefused, jwt.ErrInvalidAudience)
	// ErrNotClaimsJWT: a source JWT carries a claim of another kind of
	// token ("nonce", "at_hash", "c_hash", "events", "scope"; RFC 8725
	// section 3.12). It matches ErrSourceRefused and jwt.ErrInvalidType.
	ErrNotClaimsJWT error = sentinel.New("claimsources: the source JWT is another kind of token", ErrSourceRefused, jwt.ErrInvalidType)
)
