package vc

import (
	"fmt"
	"slices"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/optview"
)

// typeOptionConflict refuses a jwt.WithType among opts that names other
// "typ" values than types, the Verifier's own rule
// (draft-ietf-oauth-sd-jwt-vc section 2.2.1), compared as media types (RFC
// 7515 section 4.1.9): the Verifier's rule would silently replace it.
// Options refused for another reason are left to jwt.NewVerifier, which
// reports them.
func typeOptionConflict(opts []jwt.Option, types []string) error {
	if optview.Of == nil || len(opts) == 0 {
		return nil
	}
	user, err := optview.Of(opts)
	if err != nil || user.Types == nil {
		return nil
	}
	ours := &Verifier{types: types}
	same := !slices.ContainsFunc(user.Types, func(t string) bool { return !ours.typeAllowed(t) })
	for _, t := range types {
		mine := &Verifier{types: []string{t}}
		if !slices.ContainsFunc(user.Types, mine.typeAllowed) {
			same = false
		}
	}
	if same {
		return nil
	}
	fix := "remove jwt.WithType"
	if !slices.Contains(types, LegacyType) {
		fix += " (set Config.AcceptLegacyType to accept \"" + LegacyType + "\" too)"
	}
	return fmt.Errorf("%w: jwt.WithType(%q) in opts conflicts with the Verifier's \"typ\" rule %q (draft-ietf-oauth-sd-jwt-vc section 2.2.1): %s",
		ErrInvalidOption, user.Types, types, fix)
}
