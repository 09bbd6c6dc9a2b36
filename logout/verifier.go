package logout

import (
	"context"
	"fmt"
	"reflect"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/discoveredalgs"
	"github.com/jotlib/jwt/internal/profileclaims"
	"github.com/jotlib/jwt/replay"
)

// DefaultMaxAge is the window in which a logout token's "iat" must lie
// when Config.MaxAge is zero: two minutes, the lifetime OpenID Connect
// Back-Channel Logout 1.0 section 4 asks OPs to keep to ("preferably at
// most two minutes in the future, to prevent captured Logout Tokens from
// being replayable").
const DefaultMaxAge = 2 * time.Minute

// DefaultFutureLeeway is the least leeway of the rules that refuse a time
// still in the future ("iat", "nbf"): NumericDates are whole seconds (RFC
// 7519 section 4.1.6). jwt.WithFutureLeeway in NewVerifier's opts replaces
// it.
const DefaultFutureLeeway = profileclaims.DefaultFutureLeeway

// Config is what a relying party expects of the logout tokens its
// back-channel logout endpoint receives (OpenID Connect Back-Channel
// Logout 1.0 section 2.6).
type Config struct {
	// Issuer is the OP's issuer identifier, which "iss" must match exactly
	// (section 2.6 step 4, as for ID tokens: OpenID Connect Core 1.0
	// section 3.1.3.7 step 2). Required.
	Issuer string
	// ClientID is the relying party's client_id, which "aud" must contain
	// (section 2.6 step 4). Required.
	ClientID string
	// Replay records each accepted token's "jti", keyed by issuer, so that
	// a second delivery is refused (section 2.6 step 8; ErrReplayed). nil
	// is a replay.Memory of the Verifier's own (on its clock), which
	// protects one process only: share a Store (replayredis) between the
	// instances of a service. A Store that cannot answer refuses the token
	// (replay.ErrUnavailable: fail closed). A typed nil is
	// jwt.ErrInvalidOption.
	Replay replay.Store
	// MaxAge is how long after its "iat" a token is accepted (section 4:
	// short lifetimes keep captured tokens from being replayed, and bound
	// how long the replay store keeps a "jti"); 0 is DefaultMaxAge, a
	// negative value jwt.ErrInvalidOption. It applies beside "exp": the
	// earlier of the two ends a token's life. A jwt.WithMaxAge in opts
	// applies too (the stricter one refuses).
	MaxAge time.Duration
	// Leeway allows for clock skew on every time rule ("exp", "nbf",
	// "iat", MaxAge; RFC 7519 sections 4.1.4 to 4.1.6). It is
	// jwt.WithLeeway, given before opts; set one or the other.
	Leeway time.Duration
	// Now is the clock of every time rule and of the default replay
	// store; nil is time.Now. It is jwt.WithTimeFunc, given before opts;
	// set one or the other.
	Now func() time.Time
	// AllowMissingExp accepts tokens without "exp", as the final text of
	// 2022 did (errata set 1 of 2023 made "exp" REQUIRED in section 2.4);
	// "iat" plus MaxAge still ends their life. Off by default.
	AllowMissingExp bool
	// AllowJWTType accepts "typ" "JWT" beside "logout+jwt" and none (see
	// typeRule), for providers that write it. Off by default.
	AllowJWTType bool
	// RequireExplicitType refuses a token without "typ" "logout+jwt"
	// (section 2.4 RECOMMENDS it; RFC 8725 section 3.11), for a provider
	// known to write it. With AllowJWTType it is jwt.ErrInvalidOption.
	RequireExplicitType bool
}

// Verifier verifies logout tokens (OpenID Connect Back-Channel Logout 1.0
// section 2.6). It is safe for concurrent use; make one and reuse it.
type Verifier struct {
	core     *jwt.Verifier
	issuer   string
	maxAge   time.Duration
	store    replay.Store
	clientID string
}

// NewVerifier returns a Verifier of OpenID Connect Back-Channel Logout 1.0
// section 2.6 for logout tokens signed with key (any key jwt.NewVerifier
// takes: a public key, a client secret for HS*, a KeyFunc, a jwk set or
// provider: section 2.6 step 2, the ID tokens' keys) for cfg. opts are
// further jwt options (jwt.WithAlgorithms, which section 2.6 step 3's
// "alg" rule asks for, jwt.WithEncoder, jwt.WithValidator, ...); they
// cannot loosen the profile: its issuer, audience, required claims and
// "typ" rule apply whatever opts say, and a jwt.WithIssuer,
// jwt.WithAudience or jwt.WithType naming another value is
// jwt.ErrInvalidOption. An empty Issuer or ClientID, a negative MaxAge or
// Leeway, RequireExplicitType with AllowJWTType, a typed nil Replay, or a
// Config clock setting beside its jwt option is jwt.ErrInvalidOption.
//
// Section 2.6 step 3 validates "alg" "in the same way it is validated for
// ID Tokens": a key source that knows its provider's discovered
// id_token_signing_alg_values_supported (OpenID Connect Discovery 1.0
// section 3: a *jwk.Provider, or a *jwk.Issuers for Config.Issuer) has that
// list enforced, as idtoken does: a token whose "alg" is not in it is
// refused before its signature is checked (jwt.ErrAlgorithmNotAllowed,
// naming the list). A list not known yet (before discovery, or metadata
// without the member) allows every "alg" the key fits.
func NewVerifier(key any, cfg Config, opts ...jwt.Option) (*Verifier, error) {
	if cfg.Issuer == "" {
		return nil, fmt.Errorf("%w: logout: Config.Issuer is required (OpenID Connect Back-Channel Logout 1.0 section 2.6 step 4)", jwt.ErrInvalidOption)
	}
	if cfg.ClientID == "" {
		return nil, fmt.Errorf("%w: logout: Config.ClientID is required (OpenID Connect Back-Channel Logout 1.0 section 2.6 step 4)", jwt.ErrInvalidOption)
	}
	if cfg.MaxAge < 0 {
		return nil, fmt.Errorf("%w: logout: negative Config.MaxAge %v", jwt.ErrInvalidOption, cfg.MaxAge)
	}
	if cfg.RequireExplicitType && cfg.AllowJWTType {
		return nil, fmt.Errorf("%w: logout: Config.RequireExplicitType and Config.AllowJWTType contradict each other: set one", jwt.ErrInvalidOption)
	}
	if cfg.MaxAge == 0 {
		cfg.MaxAge = DefaultMaxAge
	}
	key = discoveredalgs.Wrap(key, cfg.Issuer, "logout")
	clock := profileclaims.Clock{Leeway: cfg.Leeway, Now: cfg.Now}
	defaults, err := clock.Options("logout")
	if err != nil {
		return nil, err
	}
	all, err := profile.VerifierOptions(defaults, opts, cfg.Issuer, cfg.ClientID, typeRule(&cfg))
	if err != nil {
		return nil, err
	}
	if cfg.AllowMissingExp {
		// The same list as VerifierOptions', "exp" not required.
		all = append(append(append(make([]jwt.Option, 0, len(defaults)+len(opts)+6), defaults...), opts...),
			typeRule(&cfg),
			jwt.WithIssuer(cfg.Issuer),
			jwt.WithAudience(cfg.ClientID),
			jwt.WithAllAudiences(cfg.ClientID),
			jwt.WithRequiredClaims(requiredWithoutExp...),
			jwt.WithIssuedAt(),
		)
	}
	core, err := jwt.NewVerifier(key, all...)
	if err != nil {
		return nil, err
	}
	if err := clock.Check("logout", opts); err != nil {
		return nil, err
	}
	v := &Verifier{core: core, issuer: cfg.Issuer, clientID: cfg.ClientID, maxAge: cfg.MaxAge}
	switch {
	case cfg.Replay == nil:
		v.store = replay.NewMemoryClock(0, core.Now)
	case holdsNil(cfg.Replay):
		return nil, fmt.Errorf("%w: logout: Config.Replay is a nil %T", jwt.ErrInvalidOption, cfg.Replay)
	default:
		v.store = cfg.Replay
	}
	return v, nil
}

// holdsNil reports whether v, a non-nil interface value, holds a nil
// pointer, map, func, slice or channel.
func holdsNil(v any) bool {
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Func, reflect.Slice, reflect.Chan:
		return rv.IsNil()
	}
	return false
}

// Verify verifies a logout token (OpenID Connect Back-Channel Logout 1.0
// section 2.6) and returns its claims: the signature and "alg" (steps 2
// and 3), "iss", "aud", "iat" and "exp" (step 4, with Config.MaxAge), "sub"
// or "sid" (step 5, ErrNoSubjectOrSession), the back-channel logout event
// (step 6, ErrNotLogoutToken), no "nonce" (step 7, ErrNoncePresent), the
// "typ" rule (section 2.4; jwt.ErrInvalidType), then, once every other
// rule passed, the "jti" replay check (step 8, ErrReplayed; a store that
// cannot answer: replay.ErrUnavailable). Steps 9 to 11 (the "iss", "sub"
// and "sid" of a session the RP knows) are the caller's, on the returned
// claims. The error of a token whose signature verified but which a rule
// refused is a *jwt.ValidationError whose Token.Claims is a *Claims; any
// other failure returns the jwt package's error. Encrypted logout tokens
// (JWE, step 1) are not supported: they are refused as malformed.
func (v *Verifier) Verify(ctx context.Context, token string) (*Claims, error) {
	if v == nil || v.core == nil {
		return nil, fmt.Errorf("%w: logout: nil or zero Verifier; use NewVerifier", jwt.ErrInvalidKey)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	c := new(Claims)
	if err := profileclaims.Verify(ctx, v.core, token, c, &call{v: v}); err != nil {
		return nil, err
	}
	return c, nil
}
