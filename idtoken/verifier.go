package idtoken

import (
	"context"
	"fmt"
	"reflect"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/profileclaims"
)

// Config is what a relying party expects of its ID tokens (OpenID Connect
// Core 1.0 section 3.1.3.7).
type Config struct {
	// Issuer is the OpenID Provider's issuer identifier, which "iss" must
	// match exactly (step 2). Required.
	Issuer string
	// ClientID is the relying party's client_id, which "aud" must contain
	// (step 3). Required.
	ClientID string
	// AZP is the "azp" policy (steps 4 and 5), called with a copy of the
	// decoded claims whose registered claims and "azp" are read from the
	// token itself, and ClientID, once the other claim rules passed; nil is
	// DefaultAZP (errata set 2: "azp" neither required nor compared).
	// AZPMatchesClientID is step 5's MAY, AZPErrata1 the errata set 1
	// rules. Its error is reported wrapped, matching
	// ErrInvalidAuthorizedParty and jwt.ErrTokenInvalidClaims.
	AZP func(c *Claims, clientID string) error
	// Leeway allows for clock skew (RFC 7519 sections 4.1.4 to 4.1.6:
	// "some small leeway") on every time rule: "exp", "nbf", "iat" and
	// "auth_time" (Checks.MaxAge). It is jwt.WithLeeway, given before opts:
	// a jwt.WithLeeway in opts reaches "auth_time" too; set one or the
	// other (both, with other values, is jwt.ErrInvalidOption). The rules
	// that refuse a time in the future ("iat", "nbf", "auth_time") allow
	// at least DefaultFutureLeeway; jwt.WithFutureLeeway in opts replaces
	// that default.
	Leeway time.Duration
	// Now is the clock of every time rule, "auth_time" included; nil is
	// time.Now. It is jwt.WithTimeFunc, given before opts: a
	// jwt.WithTimeFunc in opts reaches "auth_time" too; set one or the
	// other (both is jwt.ErrInvalidOption).
	Now func() time.Time
	// AllowScopeClaim accepts ID tokens that carry "scope", for a provider
	// that writes it into them: by default a token with "scope" is an
	// access token (ErrAccessToken; RFC 8725 section 3.12; RFC 9068
	// section 2.2.3). With it on, an access token is refused only by its
	// "typ" ("at+jwt"), its audience, and Checks.Nonce: send a nonce.
	AllowScopeClaim bool
}

// DefaultFutureLeeway is the least leeway of the rules that refuse a time
// still in the future ("iat", "nbf", "auth_time"): NumericDates are whole
// seconds, so a relying party a few milliseconds behind its provider sees
// a fresh ID token's "iat" up to a second ahead (RFC 7519 section 4.1.6).
// "exp" and max_age have no default leeway. jwt.WithFutureLeeway in
// NewVerifier's opts replaces it (0: none).
const DefaultFutureLeeway = profileclaims.DefaultFutureLeeway

// Verifier verifies ID tokens (OpenID Connect Core 1.0 sections 3.1.3.7,
// 3.2.2.11 and 3.3.2.12). It is safe for concurrent use; make one and reuse
// it.
type Verifier struct {
	core     *jwt.Verifier
	clientID string
	// azp is Config.AZP; nil for DefaultAZP, which accepts every token,
	// so that nothing is read for it.
	azp func(*Claims, string) error
	// allowScope is Config.AllowScopeClaim.
	allowScope bool
}

// NewVerifier returns a Verifier of OpenID Connect Core 1.0 section
// 3.1.3.7 for ID tokens signed with key (any key jwt.NewVerifier takes: a
// public key, a client secret for HS*, section 10.1, a KeyFunc, a jwk set)
// for cfg. opts are further jwt options (jwt.WithAlgorithms,
// jwt.WithEncoder, jwt.WithMaxAge, jwt.WithLeeway, jwt.WithTimeFunc,
// jwt.WithFutureLeeway, jwt.WithValidator, ...); they cannot
// loosen the profile: its issuer, audience, required claims and "typ" rule
// apply whatever opts say, and a jwt.WithIssuer, jwt.WithAudience or
// jwt.WithType in opts naming another value (Config.Issuer,
// Config.ClientID; the "typ" rule has no setting) is jwt.ErrInvalidOption,
// never silently replaced. An empty Issuer or ClientID, a negative Leeway,
// a Config clock setting beside its jwt option, or a key bound to another
// issuer (a *jwk.Provider whose Issuer is not
// Config.Issuer, a *jwk.Issuers without it: every token would be refused,
// checked by jwt.NewVerifier) is jwt.ErrInvalidOption.
//
// A key source that knows its provider's discovered
// id_token_signing_alg_values_supported (OpenID Connect Discovery 1.0
// section 3: a *jwk.Provider, or a *jwk.Issuers for Config.Issuer, through
// their IDTokenAlgorithms method) has that list enforced: a token whose
// "alg" is not in it is refused before its signature is checked
// (jwt.ErrAlgorithmNotAllowed, naming the list). An empty list (before
// discovery, or metadata without the member) allows every "alg" the key
// fits. The list is the ID tokens' only: access tokens from the same
// provider are accesstoken's, which does not apply it.
func NewVerifier(key any, cfg Config, opts ...jwt.Option) (*Verifier, error) {
	if cfg.Issuer == "" {
		return nil, fmt.Errorf("%w: idtoken: Config.Issuer is required (OpenID Connect Core 1.0 section 3.1.3.7 step 2)", jwt.ErrInvalidOption)
	}
	if cfg.ClientID == "" {
		return nil, fmt.Errorf("%w: idtoken: Config.ClientID is required (OpenID Connect Core 1.0 section 3.1.3.7 step 3)", jwt.ErrInvalidOption)
	}
	key = withDiscoveredAlgorithms(key, cfg.Issuer)
	clock := profileclaims.Clock{Leeway: cfg.Leeway, Now: cfg.Now}
	defaults, err := clock.Options("idtoken")
	if err != nil {
		return nil, err
	}
	v := &Verifier{clientID: cfg.ClientID, azp: cfg.AZP, allowScope: cfg.AllowScopeClaim}
	all, err := profile.VerifierOptions(defaults, opts, cfg.Issuer, cfg.ClientID, typeRule)
	if err != nil {
		return nil, err
	}
	core, err := jwt.NewVerifier(key, all...)
	if err != nil {
		return nil, err
	}
	if err := clock.Check("idtoken", opts); err != nil {
		return nil, err
	}
	v.core = core
	return v, nil
}

// Verify verifies an ID token (OpenID Connect Core 1.0 sections 3.1.3.7,
// 3.2.2.11 and 3.3.2.12) with the checks of want and returns its claims.
// The error of a token whose signature verified but which a rule refused is
// a *jwt.ValidationError whose Token.Claims is a *Claims; any other failure
// (signature, form, key) returns the jwt package's error. A negative
// want.MaxAge, or want.AccessTokenHashOptional without want.AccessToken,
// is jwt.ErrInvalidOption.
func (v *Verifier) Verify(ctx context.Context, token string, want Checks) (*Claims, error) {
	c := new(Claims)
	if err := v.verify(ctx, token, want, c); err != nil {
		return nil, err
	}
	return c, nil
}

// VerifyInto is Verify decoding the claims into dst, a pointer to a struct
// that embeds Claims, for ID tokens with claims of their own (section 5.1's
// standard claims, section 5.1.2's additional claims). dst is set
// only when the token passes every rule; a refused token's claims are in
// the *jwt.ValidationError, in a new value of dst's type.
func (v *Verifier) VerifyInto(ctx context.Context, token string, want Checks, dst Extended) error {
	if rv := reflect.ValueOf(dst); rv.Kind() != reflect.Pointer || rv.IsNil() { // a struct embedding *Claims is an Extended too
		return fmt.Errorf("%w: idtoken: VerifyInto needs a non-nil pointer", jwt.ErrEncoding)
	}
	return v.verify(ctx, token, want, dst)
}

// verify runs the jwt package's flow with the profile's rules: the "typ"
// rule (jwt.ErrInvalidType) with the claim rules, then the profile's rules
// with want, given to the core as an argument (a call), and the caller's
// jwt.WithValidator checks. The jwt package decodes into dst only a token
// that passes every rule.
func (v *Verifier) verify(ctx context.Context, token string, want Checks, dst Extended) error {
	if v == nil || v.core == nil {
		return fmt.Errorf("%w: idtoken: nil or zero Verifier; use NewVerifier", jwt.ErrInvalidKey)
	}
	if want.MaxAge < 0 {
		return fmt.Errorf("%w: idtoken: negative Checks.MaxAge %v", jwt.ErrInvalidOption, want.MaxAge)
	}
	if want.AccessTokenHashOptional && want.AccessToken == "" {
		return fmt.Errorf("%w: idtoken: Checks.AccessTokenHashOptional needs Checks.AccessToken, the access token whose hash \"at_hash\" may hold (OpenID Connect Core 1.0 section 3.1.3.8)", jwt.ErrInvalidOption)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	return profileclaims.Verify(ctx, v.core, token, dst, &call{v: v, want: want})
}
