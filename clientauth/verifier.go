package clientauth

import (
	"context"
	"fmt"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/optview"
	"github.com/jotlib/jwt/internal/profileclaims"
	"github.com/jotlib/jwt/replay"
)

// Verifier verifies client assertions at a token endpoint (RFC 7523
// section 3; OpenID Connect Core 1.0 section 9; draft-ietf-oauth-rfc7523bis).
// It is safe for concurrent use; make one and reuse it.
type Verifier struct {
	core         *jwt.Verifier
	issuer       string
	endpoint     string
	rule         AudienceRule
	store        replay.Store
	maxLifetime  time.Duration
	leeway       time.Duration
	requireTyped bool
}

// NewVerifier returns a Verifier for cfg. opts are further jwt options
// (jwt.WithAlgorithms, jwt.WithEncoder, jwt.WithMaxTokenSize,
// jwt.WithValidator, ...): "none" is never accepted, and an HS* assertion
// verifies only with a client secret ([]byte or an "oct" JWK) that
// Config.ClientKeys gives, never with a public key. A jwt.WithIssuer,
// jwt.WithAudience, jwt.WithType, jwt.WithLeeway or jwt.WithTimeFunc in
// opts is jwt.ErrInvalidOption (the profile sets them: use Config). An
// empty Issuer, a nil ClientKeys or Replay, an unknown Audience rule, a
// TokenEndpoint with AudienceIssuerOnly, a negative MaxLifetime or
// Leeway is jwt.ErrInvalidOption.
func NewVerifier(cfg Config, opts ...jwt.Option) (*Verifier, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if err := ownedOptions(opts); err != nil {
		return nil, err
	}
	clock := profileclaims.Clock{Leeway: cfg.Leeway, Now: cfg.Now}
	defaults, err := clock.Options("clientauth")
	if err != nil {
		return nil, err
	}
	typ := jwt.WithType(Type, "JWT", "")
	if cfg.RequireExplicitType {
		typ = jwt.WithType(Type)
	}
	all := append(append(defaults, opts...),
		typ,
		jwt.WithRequiredClaims(profile.Required...),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
	)
	core, err := jwt.NewVerifier(&clientKeys{lookup: cfg.ClientKeys}, all...)
	if err != nil {
		return nil, err
	}
	maxLifetime := cfg.MaxLifetime
	if maxLifetime == 0 {
		maxLifetime = DefaultMaxLifetime
	}
	return &Verifier{
		core: core, issuer: cfg.Issuer, endpoint: cfg.TokenEndpoint, rule: cfg.Audience,
		store: cfg.Replay, maxLifetime: maxLifetime, leeway: cfg.Leeway, requireTyped: cfg.RequireExplicitType,
	}, nil
}

// check refuses a Config no request could pass, or one with a setting
// that would be ignored.
func (cfg *Config) check() error {
	switch {
	case cfg.Issuer == "":
		return fmt.Errorf("%w: clientauth: Config.Issuer is required (RFC 7523 section 3 item 3; RFC 8414 section 2)", jwt.ErrInvalidOption)
	case cfg.ClientKeys == nil:
		return fmt.Errorf("%w: clientauth: Config.ClientKeys is required", jwt.ErrInvalidOption)
	case cfg.Replay == nil || typedNil(cfg.Replay):
		return fmt.Errorf("%w: clientauth: Config.Replay is required (OpenID Connect Core 1.0 section 9: an assertion is used once; replay.NewMemory for one instance)", jwt.ErrInvalidOption)
	case cfg.Audience > AudienceIssuerOrTokenEndpoint:
		return fmt.Errorf("%w: clientauth: unknown Config.Audience %d", jwt.ErrInvalidOption, cfg.Audience)
	case cfg.Audience == AudienceIssuerOnly && cfg.TokenEndpoint != "":
		return fmt.Errorf("%w: clientauth: Config.TokenEndpoint %s would be ignored under AudienceIssuerOnly (draft-ietf-oauth-rfc7523bis): "+
			"set Audience: AudienceIssuerOrTokenEndpoint to accept it, or leave it empty", jwt.ErrInvalidOption, bounded.Quote(cfg.TokenEndpoint))
	case cfg.MaxLifetime < 0:
		return fmt.Errorf("%w: clientauth: negative Config.MaxLifetime %v", jwt.ErrInvalidOption, cfg.MaxLifetime)
	}
	return nil
}

// ownedOptions refuses a jwt option of opts that sets a rule the profile
// sets itself: the issuer (the client id, per request), the audience
// (Config.Issuer and Config.Audience), the "typ" rule
// (Config.RequireExplicitType), the clock (Config.Leeway, Config.Now).
func ownedOptions(opts []jwt.Option) error {
	if optview.Of == nil || len(opts) == 0 {
		return nil
	}
	user, err := optview.Of(opts)
	if err != nil {
		return nil // jwt.NewVerifier reports it
	}
	var name string
	switch {
	case user.Issuer != "":
		name = "jwt.WithIssuer (\"iss\" is the client id the request names)"
	case len(user.Audiences) > 0:
		name = "jwt.WithAudience (set Config.Issuer and Config.Audience)"
	case user.Types != nil:
		name = "jwt.WithType (set Config.RequireExplicitType)"
	case user.LeewaySet:
		name = "jwt.WithLeeway (set Config.Leeway)"
	case user.TimeFunc:
		name = "jwt.WithTimeFunc (set Config.Now)"
	default:
		return nil
	}
	return fmt.Errorf("%w: clientauth: %s in opts sets a rule the profile owns", jwt.ErrInvalidOption, name)
}

// verify verifies assertion as the client clientID's (RFC 7523 section 3).
func (v *Verifier) verify(ctx context.Context, assertion, clientID string) (*Claims, error) {
	if v == nil || v.core == nil {
		return nil, errNilVerifier
	}
	if ctx == nil {
		ctx = context.Background()
	}
	ctx = context.WithValue(ctx, clientKey{}, clientID)
	c := new(Claims)
	r := &call{v: v, clientID: clientID}
	if err := profileclaims.Verify(ctx, v.core, assertion, c, r); err != nil {
		return nil, err
	}
	return c, nil
}
