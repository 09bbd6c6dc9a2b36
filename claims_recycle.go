package jwt

import "github.com/jotlib/jwt/internal/verified"

// recyclesPayload reports whether a parse into claims of the type dstType
// describes, with a profile's rules (nil: none), may decode them in a
// pooled buffer: the Encoder is StdEncoder, which keeps nothing of its
// input, the claims type keeps nothing either (keepsNothing), and no rules
// are given views
// of the claims (verified.Rules.Member's name and value point into the
// buffer: a view kept by mistake must still hold its own token's bytes).
// Any other Encoder gets a buffer of its own, as the Encoder contract says.
func (v *Verifier) recyclesPayload(dstType *claimsTypeVerdict, rules verified.Rules) bool {
	return rules == nil && v.cfg.stdDecode && dstType.keepsNothing()
}
