package clientauth

import (
	"context"
	"time"

	"github.com/jotlib/jwt/replay"
)

// AudienceRule is the rule "aud" must meet (RFC 7523 section 3 item 3;
// draft-ietf-oauth-rfc7523bis). See the package documentation for why the
// default is the draft's.
type AudienceRule uint8

const (
	// AudienceIssuerOnly (the default) is draft-ietf-oauth-rfc7523bis's:
	// "aud" is Config.Issuer, the authorization server's issuer identifier
	// (RFC 8414 section 2), as its only value (a string, or an array of
	// that one string); a token endpoint URL or a second audience is
	// refused, closing the audience injection attack.
	AudienceIssuerOnly AudienceRule = iota
	// AudienceIssuerOrTokenEndpoint is RFC 7523 section 3's and OpenID
	// Connect Core 1.0 section 9's: "aud" contains Config.Issuer or
	// Config.TokenEndpoint (compared as simple strings, RFC 3986 section
	// 6.2.1), for clients that send the token endpoint URL. An assertion
	// typed "client-authentication+jwt" must still have the issuer as its
	// only audience.
	AudienceIssuerOrTokenEndpoint
)

// DefaultMaxLifetime is Config.MaxLifetime's default: an assertion's "exp"
// may be at most five minutes ahead of now and of its "iat".
const DefaultMaxLifetime = MaxSignerLifetime

// Config is what an authorization server expects of the client assertions
// sent to its token endpoint (RFC 7523 section 3; OpenID Connect Core 1.0
// section 9).
type Config struct {
	// Issuer is the authorization server's issuer identifier (RFC 8414
	// section 2), the audience of every assertion. Required.
	Issuer string
	// TokenEndpoint is the token endpoint URL, an audience
	// AudienceIssuerOrTokenEndpoint accepts beside Issuer. Set with
	// AudienceIssuerOnly it is jwt.ErrInvalidOption: it would be ignored.
	TokenEndpoint string
	// Audience is the audience rule; the zero value is AudienceIssuerOnly.
	Audience AudienceRule
	// ClientKeys returns the verification keys of the client clientID
	// registered (its jwks, or the public key of jwks_uri's set, for
	// private_key_jwt; its client secret as a []byte for client_secret_jwt,
	// OpenID Connect Core 1.0 section 9): any key jwt.NewVerifier takes,
	// a jwt.KeySet (*jwk.Set, *jwk.RemoteSet) included. It is called with
	// the client id the request names, never with one read from the
	// assertion alone, and only once the assertion's "iss" is that client
	// id (without a form client_id, once its unverified "iss" and "sub"
	// are equal); "sub" is checked after the signature. An error (an
	// unknown client) refuses the request (ErrUnknownClient). Required.
	ClientKeys func(ctx context.Context, clientID string) (any, error)
	// Replay records each assertion's "jti", per client, until its "exp"
	// (OpenID Connect Core 1.0 section 9: used once; RFC 7523 section 3
	// item 7): replay.NewMemory for one instance, replayredis for many.
	// Required; an unavailable store refuses the request
	// (replay.ErrUnavailable).
	Replay replay.Store
	// MaxLifetime is how far ahead of now, and of "iat" when present,
	// "exp" may be (ErrLifetime); 0 is DefaultMaxLifetime.
	MaxLifetime time.Duration
	// RequireExplicitType accepts only assertions typed
	// "client-authentication+jwt" (draft-ietf-oauth-rfc7523bis); by
	// default "JWT" and no "typ" pass too.
	RequireExplicitType bool
	// Leeway allows for clock skew on "exp", "nbf", "iat" and MaxLifetime
	// (RFC 7519 sections 4.1.4 to 4.1.6).
	Leeway time.Duration
	// Now is the clock of every time rule; nil is time.Now.
	Now func() time.Time
}
