package signing_test

import (
	"crypto/hmac"

	"github.com/jotlib/jwt/internal/signing"
)

// hmacSum is the reference HMAC of msg, computed with crypto/hmac alone.
func hmacSum(alg signing.Algorithm, secret, msg []byte) []byte {
	m := hmac.New(alg.Hash().New, secret)
	m.Write(msg)
	return m.Sum(nil)
}
