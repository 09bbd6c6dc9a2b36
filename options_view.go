package jwt

import (
	"fmt"

	"github.com/jotlib/jwt/internal/optview"
)

// The token profiles read what a caller's options set of the rules they
// own (internal/optview), to refuse a conflicting one instead of replacing
// it without a word, and what their Signer's options write.
func init() {
	optview.Of = viewOptions
	optview.SignedType = viewSignedType
}

// leewayUnset marks, in viewOptions' configuration, a leeway no
// WithLeeway set (which refuses a negative one).
const leewayUnset = -1

// viewOptions applies opts, a []Option, to a verify-side configuration of
// its own and returns the issuer, audiences, types, leeway and clock they
// set.
func viewOptions(opts any) (optview.Rules, error) {
	list, ok := opts.([]Option)
	if !ok {
		return optview.Rules{}, fmt.Errorf("%w: optview: %T is not a []jwt.Option", ErrInvalidOption, opts)
	}
	unset := func(c *config) { c.validator.Leeway = leewayUnset }
	c, err := newConfig(verifySide, append([]Option{unset}, list...))
	if err != nil {
		return optview.Rules{}, err
	}
	r := optview.Rules{Audiences: c.validator.Audiences, Types: c.types, TimeFunc: c.validator.Now != nil}
	if c.validator.IssuerSet {
		r.Issuer = c.validator.Issuer
	}
	if c.validator.Leeway != leewayUnset {
		r.Leeway, r.LeewaySet = c.validator.Leeway, true
	}
	return r, nil
}

// viewSignedType applies opts, a []Option, to a sign-side configuration
// of its own and returns the "typ" a Signer made with them writes.
func viewSignedType(opts any) (string, error) {
	list, ok := opts.([]Option)
	if !ok {
		return "", fmt.Errorf("%w: optview: %T is not a []jwt.Option", ErrInvalidOption, opts)
	}
	c, err := newConfig(signSide, list)
	if err != nil {
		return "", err
	}
	return c.writtenType(), nil
}
