package clientauth

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"time"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/replay"
)

// replayMargin keeps a claimed "jti" a second past the end of its
// assertion's window, so that no clock rounding opens a gap.
const replayMargin = time.Second

// claim records the assertion's "jti" for its client (RFC 7523 section 3
// item 7; OpenID Connect Core 1.0 section 9) until "exp" plus twice the
// leeway plus a second: past the last instant any instance sharing the
// store, its clock up to Leeway behind, accepts the assertion.
func (v *Verifier) claim(ctx context.Context, r *claims.Registered) error {
	until := r.ExpiresAt.Add(2*v.leeway + replayMargin)
	err := v.store.Claim(ctx, replayKey(r.Issuer, r.ID), until)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, replay.ErrReplayed):
		return fmt.Errorf("%w: \"jti\" %s of client %s (OpenID Connect Core 1.0 section 9)", ErrReplayed, bounded.Quote(r.ID), bounded.Quote(r.Issuer))
	case errors.Is(err, replay.ErrUnavailable), errors.Is(err, replay.ErrExpired):
		return fmt.Errorf("clientauth: replay check: %w", err)
	}
	return fmt.Errorf("clientauth: replay check: %w: %w", replay.ErrUnavailable, err)
}

// replayKey is base64url(SHA-256("clientauth" 0x00 client id 0x00 jti)):
// a fixed-length key of its own in a store shared with other uses (DPoP
// proofs, logout tokens), per client, since each client makes its own
// "jti" values.
func replayKey(clientID, jti string) string {
	h := sha256.New()
	h.Write([]byte("clientauth\x00"))
	h.Write([]byte(clientID))
	h.Write([]byte{0})
	h.Write([]byte(jti))
	return b64url.EncodeToString(h.Sum(nil))
}
