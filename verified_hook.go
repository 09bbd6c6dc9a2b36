package jwt

import (
	"context"
	"fmt"

	"github.com/jotlib/jwt/internal/verified"
)

// The token profiles, and the code built on them, see the core's one
// strict pass and give their per-call rules as arguments
// (internal/verified).
func init() { verified.Parse = parseWithRules }

// parseWithRules is verifier's ParseWithClaimsContext with rules beside
// its own (verified.Parse).
func parseWithRules(ctx context.Context, verifier any, token string, claims any, rules verified.Rules) (any, error) {
	v, ok := verifier.(*Verifier)
	if !ok {
		return nil, fmt.Errorf("%w: %T is not a *jwt.Verifier", ErrInvalidKey, verifier)
	}
	dst, err := claimsTarget(claims)
	if err != nil {
		return nil, err
	}
	t, err := v.parse(ctx, token, dst, rules)
	if t == nil {
		return nil, err // no *Token(nil) in the interface
	}
	return t, err
}
