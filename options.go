package jwt

import (
	"fmt"
	"time"

	"github.com/jotlib/jwt/claims"
)

// DefaultMaxTokenSize is the default cap on a token's length, checked before
// anything else.
const DefaultMaxTokenSize = 1 << 20

// Option configures Sign, Parse, a Signer or a Verifier. One type serves
// both sides; an option that does not apply to a side is ignored there.
type Option func(*config)

type config struct {
	enc        Encoder
	validator  claims.Validator
	algorithms []Algorithm // nil: every algorithm that fits the key
	typ        string      // verify: required "typ"; sign: "typ" to write
	typSet     bool
	keyID      string
	keyIDSet   bool
	maxSize    int
	err        error
}

func newConfig(opts []Option) (*config, error) {
	c := &config{maxSize: DefaultMaxTokenSize}
	for _, o := range opts {
		if o != nil {
			o(c)
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	if c.enc == nil {
		c.enc = DefaultEncoder()
	}
	return c, nil
}

func (c *config) fail(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%w: "+format, append([]any{ErrInvalidOption}, args...)...)
	}
}

// WithEncoder sets the JSON codec for claims (default encoding/json, or the
// one given to SetDefaultEncoder). The codec cannot change any verdict.
func WithEncoder(enc Encoder) Option {
	return func(c *config) {
		if enc == nil {
			c.fail("nil Encoder")
			return
		}
		c.enc = enc
	}
}

// WithTimeFunc sets the clock used for "exp" and "nbf"; default time.Now.
func WithTimeFunc(now func() time.Time) Option {
	return func(c *config) {
		if now == nil {
			c.fail("nil time func")
			return
		}
		c.validator.Now = now
	}
}

// WithLeeway allows for clock skew when checking "exp" and "nbf".
func WithLeeway(d time.Duration) Option {
	return func(c *config) {
		if d < 0 {
			c.fail("negative leeway %v", d)
			return
		}
		c.validator.Leeway = d
	}
}

// WithAudience requires "aud" to contain aud (RFC 7519 section 4.1.3). When
// given more than once, any one of the audiences is enough.
func WithAudience(aud string) Option {
	return func(c *config) { c.validator.Audiences = append(c.validator.Audiences, aud) }
}

// WithIssuer requires "iss" to equal iss exactly.
func WithIssuer(iss string) Option {
	return func(c *config) { c.validator.Issuer, c.validator.IssuerSet = iss, true }
}

// WithSubject requires "sub" to equal sub exactly.
func WithSubject(sub string) Option {
	return func(c *config) { c.validator.Subject, c.validator.SubjectSet = sub, true }
}

// WithExpirationRequired refuses tokens without "exp" (ErrMissingClaim).
func WithExpirationRequired() Option {
	return func(c *config) { c.validator.RequireExpiration = true }
}

// WithAlgorithms limits the algorithms accepted, on top of the binding
// between the key's type and the algorithm family (RFC 8725 section 3.1).
func WithAlgorithms(algs ...Algorithm) Option {
	return func(c *config) {
		if len(algs) == 0 {
			c.fail("WithAlgorithms needs at least one algorithm")
			return
		}
		for _, a := range algs {
			if !a.Known() {
				c.fail("unknown algorithm %q", string(a))
				return
			}
		}
		c.algorithms = append([]Algorithm(nil), algs...)
	}
}

// WithType sets the expected "typ" on the verify side (explicit typing,
// RFC 8725 section 3.11), compared as a media type: case-insensitively, with
// "application/" implied when the value has no '/' (RFC 7515 section 4.1.9).
// On the sign side it sets the "typ" written (default "JWT").
func WithType(typ string) Option {
	return func(c *config) {
		if typ == "" {
			c.fail("empty type")
			return
		}
		c.typ, c.typSet = typ, true
	}
}

// WithKeyID writes a "kid" header on the sign side.
func WithKeyID(kid string) Option {
	return func(c *config) { c.keyID, c.keyIDSet = kid, true }
}

// WithMaxTokenSize sets the cap on a token's length in bytes, checked first
// (default DefaultMaxTokenSize).
func WithMaxTokenSize(n int) Option {
	return func(c *config) {
		if n <= 0 {
			c.fail("token size cap %d", n)
			return
		}
		c.maxSize = n
	}
}
