package accesstoken

import (
	"context"
	"fmt"
	"reflect"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/profileclaims"
)

// Config is what a resource server expects of its access tokens (RFC 9068
// section 4).
type Config struct {
	// Issuer is the authorization server's issuer identifier, which "iss"
	// must match exactly (RFC 9068 section 4). Required.
	Issuer string
	// Audience is the resource server's own identifier (a resource
	// indicator, RFC 8707), which "aud" must contain (RFC 9068 section 4).
	// Required.
	Audience string
	// AllowJWTType is the transition switch for authorization servers that
	// do not write "typ" "at+jwt" yet: a missing "typ" and "JWT" pass too,
	// any other "typ" is still refused. Off by default, as RFC 9068 section
	// 4 requires ("reject tokens carrying any other value"). With it on,
	// the explicit typing that tells an ID token apart is gone for tokens
	// typed "JWT" or untyped; those are then refused as ID tokens by their
	// claims (ErrIDToken for "nonce", "at_hash" or "c_hash"; a missing
	// "client_id" or "jti"; an audience that is a client's). A token typed
	// "at+jwt" is not read for those markers in either mode.
	AllowJWTType bool
	// Leeway allows for clock skew (RFC 7519 sections 4.1.4 to 4.1.6:
	// "some small leeway") on every time rule: "exp", "nbf", "iat". It is
	// jwt.WithLeeway, given before opts; set one or the other (both, with
	// other values, is jwt.ErrInvalidOption). The rules that refuse a time
	// in the future ("iat", "nbf") allow at least DefaultFutureLeeway;
	// jwt.WithFutureLeeway in opts replaces that default.
	Leeway time.Duration
	// Now is the clock of every time rule; nil is time.Now. It is
	// jwt.WithTimeFunc, given before opts; set one or the other (both is
	// jwt.ErrInvalidOption).
	Now func() time.Time
}

// DefaultFutureLeeway is the least leeway of the rules that refuse a time
// still in the future ("iat", "nbf"): NumericDates are whole seconds, so a
// resource server a few milliseconds behind its authorization server sees
// a fresh token's "iat" up to a second ahead (RFC 7519 section 4.1.6).
// "exp" has no default leeway. jwt.WithFutureLeeway in NewVerifier's opts
// replaces it (0: none).
const DefaultFutureLeeway = profileclaims.DefaultFutureLeeway

// Verifier verifies JWT access tokens (RFC 9068 section 4). It is safe for
// concurrent use; make one and reuse it.
type Verifier struct {
	core *jwt.Verifier
}

// NewVerifier returns a Verifier of RFC 9068 section 4 for access tokens
// signed with key (any key jwt.NewVerifier takes: a public key, a KeyFunc,
// a jwk set) for cfg. opts are further jwt options (jwt.WithAlgorithms,
// jwt.WithLeeway, jwt.WithTimeFunc, jwt.WithFutureLeeway, jwt.WithEncoder,
// jwt.WithValidator, ...); they cannot loosen the profile: its issuer,
// audience, required claims and "typ" rule apply whatever opts say: a
// jwt.WithIssuer, jwt.WithAudience or jwt.WithType in opts naming another
// value than cfg's is jwt.ErrInvalidOption naming the Config field to use
// (never silently replaced; the same value is accepted). An empty Issuer or
// Audience, a negative Leeway, a Config clock setting beside its jwt
// option, or a key bound to another issuer (a *jwk.Provider whose Issuer is
// not Config.Issuer, a *jwk.Issuers without it: every token would be
// refused, RFC 8725 section 3.8, checked by jwt.NewVerifier) is
// jwt.ErrInvalidOption.
func NewVerifier(key any, cfg Config, opts ...jwt.Option) (*Verifier, error) {
	if cfg.Issuer == "" {
		return nil, fmt.Errorf("%w: accesstoken: Config.Issuer is required (RFC 9068 section 4)", jwt.ErrInvalidOption)
	}
	if cfg.Audience == "" {
		return nil, fmt.Errorf("%w: accesstoken: Config.Audience is required (RFC 9068 section 4)", jwt.ErrInvalidOption)
	}
	clock := profileclaims.Clock{Leeway: cfg.Leeway, Now: cfg.Now}
	defaults, err := clock.Options("accesstoken")
	if err != nil {
		return nil, err
	}
	all, err := profile.VerifierOptions(defaults, opts, cfg.Issuer, cfg.Audience, typeRule(cfg.AllowJWTType))
	if err != nil {
		return nil, err
	}
	core, err := jwt.NewVerifier(key, all...)
	if err != nil {
		return nil, err
	}
	if err := clock.Check("accesstoken", opts); err != nil {
		return nil, err
	}
	return &Verifier{core: core}, nil
}

// Verify verifies an access token (RFC 9068 section 4) and returns its
// claims. The error of a token whose signature verified but which a rule
// refused is a *jwt.ValidationError whose Token.Claims is a *Claims; any
// other failure (signature, form, key) returns the jwt package's error.
func (v *Verifier) Verify(ctx context.Context, token string) (*Claims, error) {
	c := new(Claims)
	if err := v.verify(ctx, token, c); err != nil {
		return nil, err
	}
	return c, nil
}

// VerifyInto is Verify (RFC 9068 section 4) decoding the claims into dst, a
// pointer to a struct that embeds Claims, for tokens with claims of their
// own (section 2.2.2's identity claims, private claims). dst is set only
// when the token passes every rule; a refused token's claims are in the
// *jwt.ValidationError, in a new value of dst's type.
func (v *Verifier) VerifyInto(ctx context.Context, token string, dst Extended) error {
	if rv := reflect.ValueOf(dst); rv.Kind() != reflect.Pointer || rv.IsNil() { // a struct embedding *Claims is an Extended too
		return fmt.Errorf("%w: accesstoken: VerifyInto needs a non-nil pointer", jwt.ErrEncoding)
	}
	return v.verify(ctx, token, dst)
}

// verify runs the jwt package's flow with the profile's rules: the "typ"
// rule (jwt.ErrInvalidType) with the claim rules, then the profile's rules,
// given to the core as an argument (a call), and the caller's
// jwt.WithValidator checks. The jwt package decodes into dst only a token
// that passes every rule.
func (v *Verifier) verify(ctx context.Context, token string, dst Extended) error {
	if v == nil || v.core == nil {
		return fmt.Errorf("%w: accesstoken: nil or zero Verifier; use NewVerifier", jwt.ErrInvalidKey)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	return profileclaims.Verify(ctx, v.core, token, dst, new(call))
}
