package dpop

import "time"

// NonceSource issues and checks server-provided nonces (RFC 9449 sections
// 8 and 9). NewNonce gives a value for the DPoP-Nonce response header;
// CheckNonce accepts a proof's "nonce" (nil) or refuses it with an error
// matching ErrUseNonce. HMACNonces needs no shared state, so that every
// instance of a service accepts the others' nonces.
type NonceSource interface {
	NewNonce(now time.Time) (string, error)
	CheckNonce(nonce string, now time.Time) error
}
