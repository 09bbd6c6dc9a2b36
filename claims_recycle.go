package jwt

import "reflect"

// recyclesPayload reports whether a parse into dst may decode the claims
// in a pooled buffer: the Encoder is StdEncoder, which keeps nothing of its
// input, and dst's type keeps nothing either (claimsTypeVerdict's
// keepsNothing). Any other Encoder gets a buffer of its own, as the Encoder
// contract says.
func (v *Verifier) recyclesPayload(dst any) bool {
	return v.cfg.stdDecode && claimsTypeOf(reflect.TypeOf(dst)).keepsNothing()
}
