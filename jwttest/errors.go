package jwttest

import "github.com/jotlib/jwt/internal/sentinel"

// ErrNoProvider reports a method called on a nil *Provider or on a zero
// Provider not made by NewProvider: it has no server and no key.
var ErrNoProvider error = sentinel.New("jwttest: no provider (use NewProvider)")

// ErrUnsupportedAlgorithm reports a WithAlgorithm the kit cannot publish in
// a JWK Set: an HS* one (a secret in a JWK Set is published, RFC 7517
// section 7, and jwk.RemoteSet refuses HS* tokens), "none", an unknown
// name, or ML-DSA (RFC 9964) in a build with a Go older than 1.27.
var ErrUnsupportedAlgorithm error = sentinel.New("jwttest: unsupported signing algorithm")

// ErrNothingToRun reports Accepted or AcceptedByHandler called with no
// attacks or nothing to run them against (a nil verify function or
// handler): running nothing proves nothing.
var ErrNothingToRun error = sentinel.New("jwttest: no attacks, or nothing to run them against")

// ErrInvalidRedirectURI reports a redirection URI the Provider's
// authorization endpoint does not accept (RFC 6749 section 3.1.2: an
// absolute URI without a fragment; section 3.1.2.3: one registered with
// SetRedirectURIs, or by default an https URL or an http URL of a
// loopback IP address, RFC 8252 section 7.3).
var ErrInvalidRedirectURI error = sentinel.New("jwttest: invalid redirect_uri")
