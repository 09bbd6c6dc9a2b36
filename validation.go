package jwt

import (
	"context"
	"fmt"
	"reflect"

	"github.com/jotlib/jwt/internal/verified"
)

// ClaimsValidator is implemented by claims types with rules of their own
// (a tenant, a scope). When the value given to ParseWithClaims or ParseAs
// implements it (or, for a pointer to a pointer such as ParseAs[*T], the
// value the decoder allocates does; or, for a pointer to an interface
// holding a pointer, `var c jwt.ClaimsValidator = &MyClaims{}` then &c,
// the pointer held does, at any depth: the innermost non-nil pointer to a
// non-interface type, see ParseWithClaims), Validate is called on the decoded claims after
// the signature verifies and the registered claims pass (RFC 7519 section
// 7.2), on every parse path and with every key source; its error is
// reported wrapped, matching ErrTokenInvalidClaims and the error returned.
// It is the interface of golang-jwt's ClaimsValidator. Sign does not call
// it.
type ClaimsValidator interface {
	Validate() error
}

// ValidationError is the error of a token whose signature verified (RFC
// 7515 section 5.2) but which a rule after it refused: a claim rule, the
// "typ" rule, the claims type's Validate method or a WithValidator check.
// Token holds the verified token and its claims, decoded as a successful
// parse would (a map for Parse, a new value of the caller's type for
// ParseWithClaims and ParseAs, of the innermost pointer's type for
// pointers and interfaces followed: the caller's own value is never filled
// by a refused token). Reach it explicitly, with errors.As; a token whose
// signature does not verify never gives one.
type ValidationError struct {
	// Token is the verified but refused token.
	Token *Token
	// Err is the rule's error, or every rule's joined (errors.Join).
	Err error
}

// Error returns the rule's error message. A nil or zero ValidationError
// (not made by a parse) says so instead of panicking.
func (e *ValidationError) Error() string {
	switch {
	case e == nil:
		return "jwt: nil *ValidationError"
	case e.Err == nil:
		return "jwt: ValidationError with no rule error (not made by a parse)"
	}
	return e.Err.Error()
}

// Unwrap returns the rule's error, so errors.Is finds its sentinels; nil
// for a nil or zero ValidationError.
func (e *ValidationError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// customRules reports whether a parse into claims of the type dstType
// describes runs rules that need the decoded claims: their Validate method
// or a WithValidator check. The claims are what claimsTarget returned, so
// an interface holding a pointer has been followed already.
func (v *Verifier) customRules(dstType *claimsTypeVerdict) bool {
	return len(v.cfg.checks) > 0 || dstType.validates
}

// validatesClaims reports whether claims of type t have a Validate method
// to run: t is a ClaimsValidator, or a pointer to a pointer (&p for a *T,
// ParseAs[*T]) whose *T, the claims value a decoder fills, is one.
func validatesClaims(t reflect.Type) bool {
	if t.Implements(claimsValidatorType) {
		return true
	}
	// Bounded: a type such as `type P *P` points to itself (claimsTarget
	// refuses it, but its verdict is made first).
	for n := 0; n < maxClaimsIndirections && t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Pointer; n++ {
		if t = t.Elem(); t.Implements(claimsValidatorType) {
			return true
		}
	}
	return false
}

var claimsValidatorType = reflect.TypeFor[ClaimsValidator]()

// claimsValidator returns the ClaimsValidator of decoded claims: claims
// itself, or the value it points to through pointers to pointers.
func claimsValidator(claims any) (ClaimsValidator, bool) {
	for {
		if cv, ok := claims.(ClaimsValidator); ok {
			return cv, true
		}
		rv := reflect.ValueOf(claims)
		if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Pointer || rv.Elem().IsNil() {
			return nil, false
		}
		claims = rv.Elem().Interface()
	}
}

// runCustom applies the claims' Validate method, then one call's rules
// of a profile (internal/verified; nil: none), then the WithValidator
// checks, then the rules' last step (verified.Final: a replay claim, taken
// only once nothing else refuses), to a token whose claims are decoded in
// t.Claims.
func (v *Verifier) runCustom(ctx context.Context, t *Token, rules verified.Rules) error {
	if cv, ok := claimsValidator(t.Claims); ok {
		if err := cv.Validate(); err != nil {
			return fmt.Errorf("%w: %w", ErrTokenInvalidClaims, err)
		}
	}
	if rules != nil {
		if err := rules.Check(ctx, t); err != nil {
			return fmt.Errorf("%w: %w", ErrTokenInvalidClaims, err)
		}
	}
	for _, check := range v.cfg.checks {
		if err := check(ctx, t); err != nil {
			return fmt.Errorf("%w: %w", ErrTokenInvalidClaims, err)
		}
	}
	if f, ok := rules.(verified.Final); ok {
		if err := f.Final(ctx, t); err != nil {
			return fmt.Errorf("%w: %w", ErrTokenInvalidClaims, err)
		}
	}
	return nil
}
