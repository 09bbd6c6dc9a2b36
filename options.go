package jwt

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/signing"
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
	enc        Encoder
	validator  claimrules.Validator
	checks     []func(context.Context, *Token) error // WithValidator, in order
	extra      []extraHeaderMember                   // WithHeader, sign side
	observer   VerifyObserver                        // WithObserver
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
			if !a.Available() {
				unavailable = a
			}
		}
		if unavailable != "" && !slices.ContainsFunc(algs, Algorithm.Available) {
			c.fail("WithAlgorithms%v: no algorithm of the list can verify in this build: %w", algs, errUnavailable(unavailable))
			return
		}
		c.algorithms = append([]Algorithm(nil), algs...)
	}
}

// errUnavailable is signing's refusal of an algorithm this build cannot use
// (ML-DSA without crypto/mldsa: ErrAlgorithmNotAllowed, saying Go 1.27 is
// needed), which its NewSigningKey gives whatever the key.
func errUnavailable(a Algorithm) error {
	if _, err := signing.NewSigningKey(signing.Algorithm(a), nil); err != nil {
		return err
	}
	return fmt.Errorf("%w: %s cannot be used in this build", ErrAlgorithmNotAllowed, a)
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
