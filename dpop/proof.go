package dpop

import (
	"crypto/subtle"
	"fmt"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/jwk"
)

// Proof is a DPoP proof that passed every check of RFC 9449 section 4.3:
// what it proves of the request it came with.
type Proof struct {
	// Algorithm is the header's "alg" (section 4.2).
	Algorithm jwt.Algorithm
	// Key is the public key of the header's "jwk", which signed the proof
	// (section 4.2); never a private one.
	Key *jwk.Key
	// JKT is Key's JWK SHA-256 Thumbprint, base64url (RFC 7638; section
	// 6.1): what an access token bound to the key carries as "cnf" "jkt".
	JKT string
	// ID is "jti" (section 4.2), claimed once in the replay store.
	ID string
	// Method and URL are "htm" and "htu" as the client sent them (section
	// 4.2), which matched the request.
	Method, URL string
	// IssuedAt is "iat" (section 4.2).
	IssuedAt time.Time
	// Nonce is "nonce" (section 4.2), "" when absent.
	Nonce string
	// AccessTokenHash is "ath" (section 4.2), "" when absent.
	AccessTokenHash string
}

// CheckBinding checks that the access token presented with the proof is
// bound to the proof's key: jkt is the token's "cnf" "jkt" (BoundKey; RFC
// 9449 section 6.1), which must be JKT. An empty jkt (an unbound token
// presented with the DPoP scheme) is ErrNotBound, another key's
// ErrBindingMismatch; both are "invalid_token" (section 7.1). A nil or
// zero Proof is ErrInvalidProof.
func (p *Proof) CheckBinding(jkt string) error {
	if p == nil || p.JKT == "" {
		return fmt.Errorf("%w: nil or zero Proof; use Verifier.Verify", ErrInvalidProof)
	}
	if jkt == "" {
		return fmt.Errorf("%w: the access token has no \"cnf\" \"jkt\" (RFC 9449 section 7.1)", ErrNotBound)
	}
	if subtle.ConstantTimeCompare([]byte(jkt), []byte(p.JKT)) != 1 {
		return fmt.Errorf("%w: its \"cnf\" \"jkt\" is %s, the proof's key is %q (RFC 9449 section 6.1)", ErrBindingMismatch, bounded.Quote(jkt), p.JKT)
	}
	return nil
}
