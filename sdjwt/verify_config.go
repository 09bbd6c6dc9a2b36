package sdjwt

import (
	"context"
	"fmt"
	"time"

	"github.com/jotlib/jwt"
)

// KeyBindingPolicy says whether a Verifier requires a Key Binding JWT (RFC
// 9901 section 7.3 step 1: decided by the verifier before it looks at the
// presentation, never by whether a KB-JWT came; section 9.5).
type KeyBindingPolicy int

// The key binding policies. The zero value is KeyBindingRequired, the
// safe one: a Config that says nothing refuses a bare SD-JWT.
const (
	// KeyBindingRequired refuses a presentation without a valid KB-JWT
	// signed by the key in the issuer JWT's "cnf" (section 7.3 steps 2, 5).
	KeyBindingRequired KeyBindingPolicy = iota
	// KeyBindingOptional verifies a KB-JWT when one came (fully, as
	// Required does) and accepts a bare SD-JWT when Verify's Checks are
	// empty (Checks with a nonce or audience and no KB-JWT are
	// ErrKeyBindingMissing); Result.KeyBound says which. An attacker can
	// strip a KB-JWT (section 9.5): use it only where an unbound
	// presentation is acceptable.
	KeyBindingOptional
	// KeyBindingForbidden refuses any KB-JWT (ErrKeyBindingUnexpected):
	// for a holder checking an SD-JWT received from its issuer (section
	// 7.2) and for verifiers that take bare SD-JWTs only.
	KeyBindingForbidden
)

// String names the policy.
func (p KeyBindingPolicy) String() string {
	switch p {
	case KeyBindingRequired:
		return "required"
	case KeyBindingOptional:
		return "optional"
	case KeyBindingForbidden:
		return "forbidden"
	}
	return fmt.Sprintf("KeyBindingPolicy(%d)", int(p))
}

// DefaultMaxKeyBindingAge is how old a KB-JWT's "iat" may be when
// Config.MaxKeyBindingAge is 0 (RFC 9901 section 7.3 step 5.5).
const DefaultMaxKeyBindingAge = 5 * time.Minute

// DefaultMustNotBeDisclosed are the top-level claims a Verifier refuses as
// Disclosures whatever Config.MustNotBeDisclosed adds (RFC 9901 section 9.7
// lists iss, aud, exp, nbf and cnf as security-critical; iat and _sd_alg
// too, since the issuer JWT's claim rules and the digest algorithm are
// read from the issuer-signed payload). The core validates these claims on
// the issuer-signed payload (section 7.1 step 2), so a disclosed one would
// escape its rules: refusing them keeps step 6 (validity claims checked on
// the processed payload) equal to the core's checks. This is stricter than
// section 9.7, which lets an issuer make single "aud" entries disclosable.
var DefaultMustNotBeDisclosed = []string{"iss", "aud", "exp", "nbf", "iat", "cnf", "_sd_alg"}

// Config is a Verifier's SD-JWT rules (RFC 9901 section 7.1 and 7.3); the
// issuer JWT's own rules (algorithms, issuer, "typ", claims) are the
// jwt.Options given to NewVerifier, passed to the core's jwt.Verifier.
type Config struct {
	// KeyBinding is the key binding policy (section 7.3 step 1); the zero
	// value requires it.
	KeyBinding KeyBindingPolicy
	// Audience is the KB-JWT "aud" expected (section 7.3 step 5.6) when
	// Checks.Audience is "". With key binding verified and neither set,
	// Verify refuses (jwt.ErrInvalidOption).
	Audience string
	// VerifyNonce, when set, checks the KB-JWT's "nonce" (section 7.3
	// step 5.6) when Checks.Nonce is "" (e.g. against a nonce store that
	// consumes it); its error is wrapped with ErrNonceMismatch. With key
	// binding verified and neither set, Verify refuses
	// (jwt.ErrInvalidOption).
	VerifyNonce func(ctx context.Context, nonce string) error
	// MaxKeyBindingAge is how old the KB-JWT's "iat" may be (section 7.3
	// step 5.5); DefaultMaxKeyBindingAge when 0. An "iat" in the future
	// beyond Leeway is refused too.
	MaxKeyBindingAge time.Duration
	// KeyBindingAlgorithms restricts the KB-JWT's "alg" (section 7.3 step
	// 5.2); nil allows every asymmetric algorithm the holder key fits
	// ("none" and HMAC never pass: a holder key is public).
	KeyBindingAlgorithms []jwt.Algorithm
	// Leeway is the clock skew allowed on the KB-JWT's "iat", and passed to
	// the core (jwt.WithLeeway) for the issuer JWT when not 0.
	Leeway time.Duration
	// Now is the clock (time.Now when nil), for the KB-JWT and passed to the
	// core (jwt.WithTimeFunc) for the issuer JWT.
	Now func() time.Time
	// MaxDepth bounds the processed payload's nesting; DefaultMaxDepth
	// when 0.
	MaxDepth int
	// MaxDisclosures bounds the Disclosures of a presentation;
	// DefaultMaxDisclosures when 0 (more: ErrInvalidFormat).
	MaxDisclosures int
	// MaxSize bounds the whole presentation in bytes; DefaultMaxSize when 0
	// (more: ErrInvalidFormat and jwt.ErrTokenTooLarge). The issuer JWT
	// alone is also under the core's cap (jwt.WithMaxTokenSize).
	MaxSize int
	// MustNotBeDisclosed names further top-level claims refused as
	// Disclosures (ErrMustNotBeDisclosed), in addition to
	// DefaultMustNotBeDisclosed (e.g. "vct", "status" for SD-JWT VC).
	MustNotBeDisclosed []string
	// Encoder decodes the Processed SD-JWT Payload into Verify's dst;
	// jwt.StdEncoder{} when nil. Pass the same one to the core with
	// jwt.WithEncoder if the issuer JWT's claims need it.
	Encoder jwt.Encoder
	// HashAlgorithms restricts the "_sd_alg" accepted (section 7.1 step
	// 2.5); nil accepts every HashAlg this package implements.
	HashAlgorithms []HashAlg
}

// Checks are one Verify call's expectations of the KB-JWT (RFC 9901
// section 7.3 step 5.6): the transaction's nonce and this verifier's
// audience. A field left "" takes Config's (Audience, VerifyNonce). Checks
// that are not empty demand a KB-JWT: a presentation without one is
// ErrKeyBindingMissing, whatever the policy.
type Checks struct {
	Nonce    string
	Audience string
}

// check refuses a Config no presentation could pass, or with a value
// outside its domain.
func (c *Config) check() error {
	switch {
	case c.KeyBinding < KeyBindingRequired || c.KeyBinding > KeyBindingForbidden:
		return fmt.Errorf("%w: sdjwt: unknown KeyBinding policy %d", jwt.ErrInvalidOption, int(c.KeyBinding))
	case c.MaxKeyBindingAge < 0:
		return fmt.Errorf("%w: sdjwt: negative MaxKeyBindingAge", jwt.ErrInvalidOption)
	case c.Leeway < 0:
		return fmt.Errorf("%w: sdjwt: negative Leeway", jwt.ErrInvalidOption)
	case c.MaxDepth < 0 || c.MaxDisclosures < 0 || c.MaxSize < 0:
		return fmt.Errorf("%w: sdjwt: negative MaxDepth, MaxDisclosures or MaxSize", jwt.ErrInvalidOption)
	case c.MaxDepth == 1:
		return fmt.Errorf("%w: sdjwt: MaxDepth 1 refuses every payload with a member value that is an object or array; use 2 or more", jwt.ErrInvalidOption)
	}
	for _, a := range c.HashAlgorithms {
		if err := a.Check(); err != nil {
			return fmt.Errorf("%w: %w", jwt.ErrInvalidOption, err)
		}
	}
	if c.HashAlgorithms != nil && len(c.HashAlgorithms) == 0 {
		return fmt.Errorf("%w: sdjwt: HashAlgorithms is empty: no SD-JWT could pass", jwt.ErrInvalidOption)
	}
	if c.KeyBindingAlgorithms != nil && len(c.KeyBindingAlgorithms) == 0 {
		return fmt.Errorf("%w: sdjwt: KeyBindingAlgorithms is empty: no KB-JWT could pass", jwt.ErrInvalidOption)
	}
	for _, a := range c.KeyBindingAlgorithms {
		if a == "none" || a == jwt.HS256 || a == jwt.HS384 || a == jwt.HS512 {
			return fmt.Errorf("%w: sdjwt: KeyBindingAlgorithms names %q, which a holder's public key never verifies (RFC 9901 section 4.3)", jwt.ErrInvalidOption, string(a))
		}
	}
	for _, n := range c.MustNotBeDisclosed {
		if n == "" {
			return fmt.Errorf("%w: sdjwt: an empty name in MustNotBeDisclosed", jwt.ErrInvalidOption)
		}
	}
	return nil
}
