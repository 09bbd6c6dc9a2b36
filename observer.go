package jwt

import (
	"context"
	"errors"
	"time"

	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/sentinel"
)

// VerifyObserver is told the outcome of every verification a Verifier
// makes (WithObserver): for metrics and logs. It must be safe for
// concurrent use and return quickly; it runs on the verifying goroutine.
type VerifyObserver interface {
	ObserveVerify(ctx context.Context, e VerifyEvent)
}

// VerifyEvent is one verification's outcome. It never holds the token, its
// signature or any claim value but "iss": errors are reduced to their
// sentinel, since an error's text may quote claims.
type VerifyEvent struct {
	// Outcome is nil when the token was accepted, or the sentinel that names
	// why it was refused (ErrSignatureInvalid, ErrTokenExpired, ...; the
	// first it matches, the most specific first).
	Outcome error
	// Algorithm and KeyID are the header's "alg" and "kid" (RFC 7515
	// sections 4.1.1 and 4.1.4), when the header could be read; not
	// authenticated unless the signature verified.
	Algorithm, KeyID string
	// Issuer is "iss" (RFC 7519 section 4.1.1), only when the signature
	// verified.
	Issuer string
	// SignatureVerified reports whether the signature verified.
	SignatureVerified bool
	// Duration is how long the verification took.
	Duration time.Duration
}

// progress is how far one verification got: what its VerifyEvent is
// built from, in one place (event).
type progress struct {
	header   *Header // the header, once read (not authenticated)
	verified bool    // the signature verified
	issuer   string  // the claims' "iss", copied once the strict pass passed them, before any decode
}

// event is the VerifyEvent of a verification that got as far as p and
// returned err after d. Unverified header members are cut (bounded);
// "iss" is told only once the signature verified.
func (p *progress) event(err error, d time.Duration) VerifyEvent {
	e := VerifyEvent{Outcome: outcome(err), SignatureVerified: p.verified, Duration: d}
	if p.header != nil {
		e.Algorithm, e.KeyID = bounded.String(p.header.Algorithm), bounded.String(p.header.KeyID)
	}
	if p.verified {
		e.Issuer = p.issuer
	}
	return e
}

// outcome is a VerifyEvent's Outcome for a verification's error.
func outcome(err error) error {
	if err == nil {
		return nil
	}
	for _, c := range sentinel.Ordered { // the most specific first
		if errors.Is(err, c.Err) {
			return c.Err
		}
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return ErrInvalidKey // a key fetch that did not finish
	}
	return ErrTokenInvalidClaims // a custom rule's own error
}
