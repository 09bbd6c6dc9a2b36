package jwt

import (
	"context"
	"fmt"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/mldsa"
	"github.com/jotlib/jwt/internal/strictjson"
)

// DefaultMaxTokenSize is the default cap on a token's length, checked before
// anything else.
const DefaultMaxTokenSize = 1 << 20

// Option configures Sign, Parse, a Signer or a Verifier. One type serves
// both sides, but each option says which side it applies to: given to the
// other side (WithAudience to Sign, WithKeyID to Parse), it is refused with
// ErrInvalidOption naming the option, never silently ignored.
type Option func(*config)

// side is where an option applies: signing, verifying, or both.
type side uint8

const (
	signSide side = 1 << iota
	verifySide
	readSide // ReadUnverified: only options that change no verdict
)

func (s side) String() string {
	switch s {
	case signSide:
		return "the sign side (Sign, NewSigner)"
	case verifySide:
		return "the verify side (Parse, ParseWithClaims, ParseAs, NewVerifier)"
	case signSide | verifySide:
		return "the sign and verify sides"
	case readSide:
		return "ReadUnverified, which verifies nothing"
	}
	return "no side"
}

type config struct {
	enc    Encoder
	proven ProvenUnmarshaler // enc, when it opted in (optedIn): decided once, here
	// stdDecode: enc is StdEncoder, which keeps nothing of the claims
	// bytes it decodes, so a parse may decode them in a recycled buffer
	// when the claims type keeps nothing either (recyclesPayload).
	stdDecode  bool
	validator  claimrules.Validator
	checks     []func(context.Context, *Token) error // WithValidator, in order
	extra      []extraHeaderMember                   // WithHeader, sign side
	keyHeader  []byte                                // internal/keyheader's "jwk" (a DPoP proof's key), sign side
	observer   VerifyObserver                        // WithObserver
	cache      *CacheConfig                          // WithCache, resolved
	algorithms []Algorithm                           // nil: every algorithm that fits the key
	types      []string                              // WithType; verify: any of them ("" for none); sign: the one written
	keyID      string
	keyIDSet   bool
	maxSize    int
	side       side // the side being configured
	err        error
}

func newConfig(s side, opts []Option) (*config, error) {
	c := &config{maxSize: DefaultMaxTokenSize, side: s}
	for _, o := range opts {
		if o != nil {
			o(c)
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	if c.enc == nil {
		c.enc = StdEncoder{}
	}
	c.proven, _ = optedIn(c.enc)
	switch e := c.enc.(type) {
	case StdEncoder:
		c.stdDecode = true
	case *StdEncoder:
		c.stdDecode = e != nil
	}
	return c, nil
}

// use records that the option name, which applies to s, was given; it is
// refused on a side it does not apply to.
func (c *config) use(name string, s side) bool {
	if c.side&s == 0 {
		c.fail("%s applies to %v only, not to %v", name, s, c.side)
		return false
	}
	return true
}

func (c *config) fail(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%w: "+format, append([]any{ErrInvalidOption}, args...)...)
	}
}

// WithEncoder sets the JSON codec for claims (default encoding/json:
// StdEncoder), on both sides. The codec cannot change any verdict.
func WithEncoder(enc Encoder) Option {
	return func(c *config) {
		if enc == nil {
			c.fail("nil Encoder")
			return
		}
		c.enc = enc
	}
}

// WithTimeFunc sets the clock used for "exp", "nbf" and "iat" (RFC 7519
// sections 4.1.4 to 4.1.6: WithIssuedAt, WithMaxAge); default time.Now.
// Verify side only.
func WithTimeFunc(now func() time.Time) Option {
	return func(c *config) {
		if !c.use("WithTimeFunc", verifySide) {
			return
		}
		if now == nil {
			c.fail("nil time func")
			return
		}
		c.validator.Now = now
	}
}

// WithLeeway allows for clock skew when checking "exp", "nbf" and "iat"
// (RFC 7519 sections 4.1.4 to 4.1.6: "some small leeway"): an "iat" up to
// the leeway ahead passes WithIssuedAt, and WithMaxAge allows the leeway
// past its age. WithFutureLeeway sets a least leeway for the "nbf" and
// "iat" rules alone. Verify side only.
func WithLeeway(d time.Duration) Option {
	return func(c *config) {
		if !c.use("WithLeeway", verifySide) {
			return
		}
		if d < 0 {
			c.fail("negative leeway %v", d)
			return
		}
		c.validator.Leeway = d
	}
}

// WithFutureLeeway sets the least leeway of the rules that refuse a time
// still in the future: "nbf" (RFC 7519 section 4.1.5) and "iat" (WithIssuedAt,
// WithMaxAge; RFC 7519 section 4.1.6). They allow the larger of d and
// WithLeeway's; "exp" and WithMaxAge's age keep WithLeeway's alone. A
// NumericDate is often whole seconds, so a verifier whose clock is a few
// milliseconds behind the issuer's sees a fresh token's "iat" (and an "nbf"
// equal to it) up to a second ahead: a small future leeway accepts it
// without accepting an expired token. Default 0, as golang-jwt's; the
// accesstoken and idtoken profiles use 5 s. Verify side only.
func WithFutureLeeway(d time.Duration) Option {
	return func(c *config) {
		if !c.use("WithFutureLeeway", verifySide) {
			return
		}
		if d < 0 {
			c.fail("negative future leeway %v", d)
			return
		}
		c.validator.FutureLeeway = d
	}
}

// WithAlgorithms limits the algorithms accepted, on top of the binding
// between the key's type and the algorithm family (RFC 8725 section 3.1).
// Verify side only: a Signer's algorithm is NewSigner's argument.
// Refused with ErrInvalidOption: an empty list (a lazily discovering
// jwk.Provider's IDTokenAlgorithms() is empty until discovery: call its
// Ready first, or state the algorithms), an unknown name, and a list no
// algorithm of which this build can verify, ML-DSA only built with a Go
// older than 1.27 (RFC 9964; also ErrAlgorithmNotAllowed, saying Go 1.27 is
// needed). A list with one usable algorithm is taken.
func WithAlgorithms(algs ...Algorithm) Option {
	return func(c *config) {
		if !c.use("WithAlgorithms", verifySide) {
			return
		}
		if len(algs) == 0 {
			c.fail("WithAlgorithms needs at least one algorithm, and the list given is empty " +
				"(a lazily discovering jwk.Provider's IDTokenAlgorithms() is empty before discovery: " +
				"call its Ready first, or state the algorithms)")
			return
		}
		var unavailable Algorithm
		for _, a := range algs {
			if !a.Known() {
				c.fail("unknown algorithm %q", string(a))
				return
			}
			if !a.Available() { // ML-DSA without crypto/mldsa: the only known algorithms a build may lack
				unavailable = a
			}
		}
		if unavailable != "" && !slices.ContainsFunc(algs, Algorithm.Available) {
			c.fail("WithAlgorithms%v: no algorithm of the list can verify in this build: %w", algs, mldsa.Unavailable(string(unavailable)))
			return
		}
		c.algorithms = append([]Algorithm(nil), algs...)
	}
}

// WithType sets the expected "typ" on the verify side (explicit typing,
// RFC 8725 section 3.11), compared as a media type: case-insensitively, with
// "application/" implied when the value has no '/' (RFC 7515 section 4.1.9).
// Given several types, any one of them passes, and "" among them accepts a
// header without "typ" (a transition from untyped tokens:
// WithType("at+jwt", "JWT", "")); without "", a missing "typ" is refused.
// On the sign side it sets the one "typ" written (default "JWT"), and
// WithType("") writes none ("typ" is OPTIONAL, RFC 7515 section 4.1.9);
// the token profiles keep their required "typ".
func WithType(types ...string) Option {
	return func(c *config) {
		if !c.use("WithType", signSide|verifySide) {
			return
		}
		named := 0
		for _, t := range types {
			if t != "" {
				named++
			}
		}
		switch {
		case c.side == signSide && len(types) != 1:
			c.fail("WithType on the sign side writes one type (\"\" for none), got %q", types)
			return
		case c.side != signSide && named == 0:
			c.fail("WithType needs a non-empty type on the verify side (\"\" alone would refuse every typed token; leave the option out to accept any)")
			return
		}
		c.types = append([]string(nil), types...)
	}
}

// WithKeyID writes a "kid" header (RFC 7515 section 4.1.4). Sign side only:
// a Verifier picks keys by "kid" through a KeyFunc or a key set.
func WithKeyID(kid string) Option {
	return func(c *config) {
		if !c.use("WithKeyID", signSide) {
			return
		}
		c.keyID, c.keyIDSet = kid, true
	}
}

// WithMaxTokenSize sets the cap on a token's length in bytes (default
// DefaultMaxTokenSize), on both sides: a Verifier checks it before anything
// else, and a Signer refuses to make a longer token (ErrTokenTooLarge), so
// it never mints one its verifiers refuse.
func WithMaxTokenSize(n int) Option {
	return func(c *config) {
		if n <= 0 {
			c.fail("token size cap %d", n)
			return
		}
		c.maxSize = n
	}
}

// WithHeader adds a member to the JOSE header of the tokens made (RFC 7515
// section 4: registered, public or private header parameters), such as
// "x5t#S256" or a private "tenant". The value is marshaled by the Encoder
// when the Signer is made. Refused with ErrInvalidOption: "alg", "typ" and
// "kid" (see WithType and WithKeyID), "crit", "b64", the key-carrying
// "jwk", "jku" and "x5u", the JWE members "enc" and "zip", case-folded
// look-alikes of a registered one ("ALG", "kıd", "x5t#ſ256": the parser's
// rule, which the claims use too), a name given twice, and a value that does
// not marshal to one JSON value. The header made must pass this library's own
// header rules. Sign side only.
func WithHeader(name string, value any) Option {
	return func(c *config) {
		if !c.use("WithHeader", signSide) {
			return
		}
		if name == "" || !utf8.ValidString(name) {
			c.fail("WithHeader: the member name must be non-empty valid UTF-8, got %q", name)
			return
		}
		if why, ok := refusedHeaderMembers[name]; ok {
			c.fail("WithHeader(%q): %s", name, why)
			return
		}
		if p := strictjson.LookAlike(name, headerParams[:]...); p != "" {
			c.fail("WithHeader(%q): the name folds to the header parameter %q", name, p)
			return
		}
		for _, m := range c.extra {
			if m.name == name {
				c.fail("WithHeader(%q) given twice", name)
				return
			}
		}
		c.extra = append(c.extra, extraHeaderMember{name: name, value: value})
	}
}

// Claim-rule options: the checks a Verifier applies to the registered claims
// of RFC 7519 section 4.1 after the signature verifies. "exp" and "nbf" are
// always checked when present. Each failure matches ErrTokenInvalidClaims.
// All are verify side only; given to Sign, they are ErrInvalidOption.

// WithAudience requires "aud" to contain one of aud (RFC 7519 section
// 4.1.3: "Each principal intended to process the JWT MUST identify itself
// with a value in the audience claim"). Several calls add to the list: any
// one audience is enough. To write "aud", put it in the claims.
func WithAudience(aud ...string) Option {
	return func(c *config) {
		if !c.use("WithAudience", verifySide) || !c.audiences("WithAudience", aud) {
			return
		}
		c.validator.Audiences = append(c.validator.Audiences, aud...)
	}
}

// WithAllAudiences requires "aud" to contain every one of aud (RFC 7519
// section 4.1.3). With WithAudience too, both rules apply.
func WithAllAudiences(aud ...string) Option {
	return func(c *config) {
		if !c.use("WithAllAudiences", verifySide) || !c.audiences("WithAllAudiences", aud) {
			return
		}
		c.validator.AllAudiences = append(c.validator.AllAudiences, aud...)
	}
}

// WithIssuer requires "iss" to equal iss exactly (RFC 7519 section 4.1.1).
// An empty iss names no issuer and is refused with ErrInvalidOption (where
// golang-jwt reads "" as no check): to check nothing, leave the option out.
func WithIssuer(iss string) Option {
	return func(c *config) {
		if !c.use("WithIssuer", verifySide) {
			return
		}
		if iss == "" {
			c.fail(`WithIssuer(""): an empty issuer names no issuer; leave the option out to check none`)
			return
		}
		c.validator.Issuer, c.validator.IssuerSet = iss, true
	}
}

// WithSubject requires "sub" to equal sub exactly (RFC 7519 section 4.1.2).
// An empty sub names no subject and is refused with ErrInvalidOption (where
// golang-jwt reads "" as no check): to check nothing, leave the option out.
func WithSubject(sub string) Option {
	return func(c *config) {
		if !c.use("WithSubject", verifySide) {
			return
		}
		if sub == "" {
			c.fail(`WithSubject(""): an empty subject names no subject; leave the option out to check none`)
			return
		}
		c.validator.Subject, c.validator.SubjectSet = sub, true
	}
}

// WithExpirationRequired refuses tokens without "exp" (ErrMissingClaim;
// RFC 7519 section 4.1.4).
func WithExpirationRequired() Option {
	return func(c *config) {
		if c.use("WithExpirationRequired", verifySide) {
			c.validator.RequireExpiration = true
		}
	}
}

// WithNotBeforeRequired refuses tokens without "nbf" (ErrMissingClaim;
// RFC 7519 section 4.1.5).
func WithNotBeforeRequired() Option {
	return func(c *config) {
		if c.use("WithNotBeforeRequired", verifySide) {
			c.validator.RequireNotBefore = true
		}
	}
}

// WithIssuedAt refuses a token whose "iat" is after now plus the leeway
// (ErrTokenUsedBeforeIssued; RFC 7519 section 4.1.6: "the time at which
// the JWT was issued"). A token without "iat" passes; see WithMaxAge or
// WithRequiredClaims to require one.
func WithIssuedAt() Option {
	return func(c *config) {
		if c.use("WithIssuedAt", verifySide) {
			c.validator.CheckIssuedAt = true
		}
	}
}

// WithMaxAge requires "iat" (ErrMissingClaim) and refuses a token issued
// more than d plus the leeway ago (ErrTokenExpired, saying by how much) or
// in the future (ErrTokenUsedBeforeIssued, as WithIssuedAt); RFC 7519
// section 4.1.6.
func WithMaxAge(d time.Duration) Option {
	return func(c *config) {
		if !c.use("WithMaxAge", verifySide) {
			return
		}
		if d <= 0 {
			c.fail("WithMaxAge needs a positive duration, got %v", d)
			return
		}
		c.validator.MaxAge = d
	}
}

// WithRequiredClaims refuses tokens in which any of the named top-level
// claims is absent or null (ErrMissingClaim). Names are compared exactly
// (RFC 7519 section 4: names are case-sensitive).
//
// A requirement no token could meet is ErrInvalidOption at construction:
// an empty name or one that is not valid UTF-8; a case-folded look-alike of
// a registered claim ("ISS", "Exp", "ıss" with U+0131), since the strict
// pass refuses every token carrying a member so named; and two names that
// are case-folded look-alikes of each other ("role" and "ROLE"), since it
// refuses every token carrying both.
func WithRequiredClaims(names ...string) Option {
	return func(c *config) {
		if !c.use("WithRequiredClaims", verifySide) {
			return
		}
		if len(names) == 0 {
			c.fail("WithRequiredClaims needs at least one claim name")
			return
		}
		if why := unmeetableRequirement(names); why != "" {
			c.fail("WithRequiredClaims: %s", why)
			return
		}
		c.validator.Required = append(c.validator.Required, names...)
	}
}

// WithValidator adds a check that runs after the signature, the registered
// claims and the claims type's Validate method pass, with the context given
// to ParseContext or ParseWithClaimsContext (context.Background for the
// others) and the verified token: for checks that need a context, such as
// revocation by "jti" or tenant rules. Checks run in the order given; the
// first error stops, and is reported wrapped, matching
// ErrTokenInvalidClaims and the error returned. Verify side only.
func WithValidator(check func(ctx context.Context, t *Token) error) Option {
	return func(c *config) {
		if !c.use("WithValidator", verifySide) {
			return
		}
		if check == nil {
			c.fail("nil WithValidator check")
			return
		}
		c.checks = append(c.checks, check)
	}
}

// WithObserver reports every verification's outcome to o (VerifyEvent).
// Without it, a Verifier does no work for observing. Verify side only.
func WithObserver(o VerifyObserver) Option {
	return func(c *config) {
		if !c.use("WithObserver", verifySide) {
			return
		}
		if o == nil {
			c.fail("nil VerifyObserver")
			return
		}
		c.observer = o
	}
}
