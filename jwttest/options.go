package jwttest

import (
	"time"

	"github.com/jotlib/jwt"
)

// DefaultAlgorithm is the signing algorithm of a Provider made without
// WithAlgorithm: ES256 (RFC 7518 section 3.4), the algorithm RFC 8725
// section 3.2 and most providers use.
const DefaultAlgorithm = jwt.ES256

// DefaultClientID is the "client_id" of access tokens (RFC 9068 section
// 2.2) and the "aud" of ID tokens (OpenID Connect Core 1.0 section 2) a
// Provider mints unless told otherwise (WithClientID).
const DefaultClientID = "jwttest-client"

// DefaultAudience is the "aud" of access tokens a Provider mints unless told
// otherwise (WithAudience): the resource server's identifier (RFC 9068
// section 2.2, RFC 8707).
const DefaultAudience = "https://api.jwttest.example"

// DefaultSubject is the "sub" of the tokens a Provider mints unless the
// claims name one (RFC 7519 section 4.1.2).
const DefaultSubject = "jwttest-subject"

// DefaultLifetime is how long minted tokens are valid: "exp" is "iat" plus
// this (RFC 7519 section 4.1.4) unless the claims name an "exp".
const DefaultLifetime = 5 * time.Minute

// Option configures NewProvider.
type Option func(*config)

type config struct {
	alg      jwt.Algorithm
	http     bool
	now      func() time.Time
	clientID string
	audience string

	clientSecret string // WithClientSecret; "" is a public client
	secretSet    bool
}

// WithAlgorithm sets the signing algorithm of the provider's keys (RFC 7518
// section 3.1; "EdDSA" and "Ed25519", RFC 8037 and RFC 9864): RS*, PS*
// (2048-bit keys), ES256, ES384, ES512, EdDSA, Ed25519 and, built with Go
// 1.27 or later (crypto/mldsa), ML-DSA-44, -65 and -87 (RFC 9964; an AKP
// key in the JWK Set). HS* (a secret cannot be published in a JWK Set, RFC
// 7517 section 7), "none", an unknown name, and ML-DSA built with an older
// Go fail the test with ErrUnsupportedAlgorithm. Default: DefaultAlgorithm.
func WithAlgorithm(alg jwt.Algorithm) Option {
	return func(c *config) { c.alg = alg }
}

// WithPlainHTTP serves over plain http on the loopback interface instead
// of TLS. OpenID Connect Discovery 1.0 section 3 and RFC 8414 section 2
// require https issuers; jwk allows http on the loopback interface (for
// tests), so use this to test a client's handling of http issuers.
func WithPlainHTTP() Option {
	return func(c *config) { c.http = true }
}

// WithClock sets the clock that minted tokens read for "iat", "exp" and
// "auth_time" (RFC 7519 section 4.1); nil is time.Now. SetNow overrides it.
func WithClock(now func() time.Time) Option {
	return func(c *config) { c.now = now }
}

// WithClientID sets the client identifier (RFC 6749 section 2.2) of minted
// tokens: an access token's "client_id" (RFC 9068 section 2.2) and an ID
// token's "aud" (OpenID Connect Core 1.0 section 2). Empty keeps
// DefaultClientID.
func WithClientID(id string) Option {
	return func(c *config) { c.clientID = id }
}

// WithAudience sets the "aud" of minted access tokens (RFC 9068 section
// 2.2, RFC 8707). Empty keeps DefaultAudience.
func WithAudience(aud string) Option {
	return func(c *config) { c.audience = aud }
}

// WithClientSecret makes the client of the token endpoint (PathToken) a
// confidential client with this secret (RFC 6749 section 2.1): every token
// request, for either grant, must authenticate by client_secret_basic or
// client_secret_post (RFC 6749 section 2.3.1; section 4.4.2: the client
// credentials client "MUST authenticate"), else 401 invalid_client; the
// metadata's "token_endpoint_auth_methods_supported" lists those two
// instead of "none". Without it the client is public (RFC 6749 section
// 2.1): it names its client_id and sends no secret, even for
// client_credentials, which RFC 6749 section 4.4 reserves for confidential
// clients. An empty secret fails the test (t.Fatal).
func WithClientSecret(secret string) Option {
	return func(c *config) { c.clientSecret, c.secretSet = secret, true }
}
