package jwt

import (
	"fmt"

	"github.com/jotlib/jwt/internal/optview"
)

// The token profiles read what a caller's options set of the rules they
// own (internal/optview), to refuse a conflicting one instead of replacing
// it without a word.
func init() { optview.Of = viewOptions }

// viewOptions applies opts, a []Option, to a verify-side configuration of
// its own and returns the issuer, audiences and types they set.
func viewOptions(opts any) (optview.Rules, error) {
	list, ok := opts.([]Option)
	if !ok {
		return optview.Rules{}, fmt.Errorf("%w: optview: %T is not a []jwt.Option", ErrInvalidOption, opts)
	}
	c, err := newConfig(verifySide, list)
	if err != nil {
		return optview.Rules{}, err
	}
	r := optview.Rules{Audiences: c.validator.Audiences, Types: c.types}
	if c.validator.IssuerSet {
		r.Issuer = c.validator.Issuer
	}
	return r, nil
}
