package logout

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/profileclaims"
	"github.com/jotlib/jwt/internal/strictjson"
	"github.com/jotlib/jwt/internal/verified"
	"github.com/jotlib/jwt/replay"
)

// call is one Verify call's rules of the profile, given to the core as an
// argument (internal/verified): what the core's strict pass found of
// "events", "nonce", "sid" and the registered claims.
type call struct {
	v *Verifier
	// event reports "events" holding EventBackChannelLogout with an
	// object value; nonce a "nonce" member, whatever its value; sid the
	// "sid" string, when present and not null.
	event, nonce bool
	sid          string
	// err is the first error of the members.
	err        error
	registered claims.Registered
	// until is when the token stops being acceptable (window), set by
	// Check for the replay claim.
	until time.Time
	// unclaimed leaves the replay claim to the caller (the Handler takes
	// it once the logout function returned nil: Verifier.verifyUnclaimed).
	unclaimed bool
}

// Registered implements verified.Rules: "iss", "sub", "iat", "exp" and
// "jti" as the strict pass found them.
func (c *call) Registered() *claims.Registered { return &c.registered }

// Member implements verified.Rules: one member of the verified claims.
func (c *call) Member(name string, value []byte) {
	if c.err != nil {
		return
	}
	switch name {
	case "events":
		c.event, c.err = logoutEvent(value)
	case "nonce":
		c.nonce = true
	default:
		if strictjson.LookAlike(name, "events") != "" {
			c.err = fmt.Errorf("%w: claim %s folds to \"events\", a logout token claim (names are case-sensitive, RFC 7519 section 4)",
				jwt.ErrTokenMalformed, bounded.Quote(name))
			return
		}
		c.err = profile.Member(name, value, func(_ profileclaims.Claim, v profileclaims.Value) { c.sid = v.Text() })
	}
}

// logoutEvent reads "events" (section 2.4): it must be a JSON object, and
// the token is a logout token when it holds EventBackChannelLogout whose
// value is a JSON object. null is an absent claim (jwt.ErrMissingClaim,
// reported by the required-claims rule).
func logoutEvent(value []byte) (bool, error) {
	if string(value) == "null" {
		return false, nil
	}
	if len(value) == 0 || value[0] != '{' {
		return false, fmt.Errorf("%w: \"events\" must be a JSON object (OpenID Connect Back-Channel Logout 1.0 section 2.4)", ErrNotLogoutToken)
	}
	found := false
	err := strictjson.Object(value, func(key strictjson.Key, member []byte) error {
		if key.View() != EventBackChannelLogout {
			return nil
		}
		if len(member) == 0 || member[0] != '{' {
			return fmt.Errorf("%w: the value of %q in \"events\" must be a JSON object (OpenID Connect Back-Channel Logout 1.0 section 2.4)",
				ErrNotLogoutToken, EventBackChannelLogout)
		}
		found = true
		return nil
	})
	return found, err
}

// Check implements verified.Rules: section 2.6 steps 5 to 7 and the
// MaxAge window. Step 8, the replay check, is Final's.
func (c *call) Check(ctx context.Context, token any) error {
	if _, err := profileclaims.VerifiedToken("logout", token); err != nil {
		return err
	}
	if c.err != nil {
		return c.err
	}
	var errs []error
	if !c.event {
		errs = append(errs, fmt.Errorf("%w: \"events\" lacks %q (OpenID Connect Back-Channel Logout 1.0 section 2.6 step 6)",
			ErrNotLogoutToken, EventBackChannelLogout))
	}
	if c.nonce {
		errs = append(errs, fmt.Errorf("%w (OpenID Connect Back-Channel Logout 1.0 section 2.4; section 2.6 step 7)", ErrNoncePresent))
	}
	if c.registered.Subject == "" && c.sid == "" {
		errs = append(errs, fmt.Errorf("%w (OpenID Connect Back-Channel Logout 1.0 section 2.4; section 2.6 step 5)", ErrNoSubjectOrSession))
	}
	if c.registered.ID == "" {
		errs = append(errs, fmt.Errorf("%w: \"jti\" is empty (OpenID Connect Back-Channel Logout 1.0 section 2.4: a unique identifier)", jwt.ErrMissingClaim))
	}
	until, err := c.window()
	errs = append(errs, err)
	c.until = until
	return errors.Join(errs...)
}

// Final implements verified.Final: section 2.6 step 8, the replay check,
// once every other rule passed, the jwt.WithValidator checks of the
// Verifier's options included (a token refused for another reason does not
// use up its "jti"); none when the caller takes it (unclaimed).
func (c *call) Final(ctx context.Context, _ any) error {
	if c.unclaimed {
		return nil
	}
	return c.claimID(ctx, c.until)
}

// verifyUnclaimed is Verify without step 8's replay check, which it
// returns as claim for the Handler to take once the logout function
// returned nil, so that a logout that failed (answered 400, section 2.8)
// leaves the token's "jti" for the OP's retry. claim's error is Verify's
// for a replayed token: a *jwt.ValidationError holding the verified token
// t. v is non-nil with a core (Handler checks it).
func (v *Verifier) verifyUnclaimed(ctx context.Context, token string) (c *Claims, t *jwt.Token, claim func(context.Context) error, err error) {
	c, rules := new(Claims), &call{v: v, unclaimed: true}
	got, err := verified.Parse(ctx, v.core, token, c, rules)
	if err != nil {
		return nil, nil, nil, err
	}
	t, _ = got.(*jwt.Token)
	return c, t, func(ctx context.Context) error {
		if err := rules.claimID(ctx, rules.until); err != nil {
			return &jwt.ValidationError{Token: t, Err: fmt.Errorf("%w: %w", jwt.ErrTokenInvalidClaims, err)}
		}
		return nil
	}, nil
}

// window is the Config.MaxAge rule on "iat" (which the required-claims
// rule ensures); it returns when the token stops being acceptable: the
// earlier of "exp" and "iat" plus MaxAge, plus the leeway.
func (c *call) window() (time.Time, error) {
	v, r := c.v, &c.registered
	if r.IssuedAt == nil {
		return time.Time{}, fmt.Errorf("%w: \"iat\" (OpenID Connect Back-Channel Logout 1.0 section 2.4)", jwt.ErrMissingClaim)
	}
	past, _ := v.core.Leeway()
	end := r.IssuedAt.Add(v.maxAge)
	if r.ExpiresAt != nil && r.ExpiresAt.Before(end) {
		end = r.ExpiresAt.Time
	}
	end = end.Add(past)
	if now := v.core.Now(); !now.Before(r.IssuedAt.Add(v.maxAge).Add(past)) {
		return time.Time{}, fmt.Errorf("%w: issued %v ago, over Config.MaxAge %v (OpenID Connect Back-Channel Logout 1.0 section 4)",
			jwt.ErrTokenExpired, now.Sub(r.IssuedAt.Time).Round(time.Second), v.maxAge)
	}
	return end, nil
}

// claimID is section 2.6 step 8: the token's "jti", keyed by its issuer,
// is recorded until the token stops being acceptable; a second one is
// ErrReplayed. A store that cannot answer refuses the token (fail closed).
func (c *call) claimID(ctx context.Context, until time.Time) error {
	err := c.v.store.Claim(ctx, replayKey(c.registered.Issuer, c.registered.ID), until)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, replay.ErrReplayed):
		return fmt.Errorf("%w: \"jti\" %s was accepted before (OpenID Connect Back-Channel Logout 1.0 section 2.6 step 8)",
			ErrReplayed, bounded.Quote(c.registered.ID))
	case errors.Is(err, replay.ErrUnavailable):
		return fmt.Errorf("logout: replay check: %w", err)
	}
	return fmt.Errorf("logout: replay check: %w: %w", replay.ErrUnavailable, err)
}

// replayKey is base64url(SHA-256("logout" 0x00 iss 0x00 jti)): the
// one-use key of a logout token, fixed in length whatever the claims hold
// (replay.MaxKeyLen) and apart from other kinds' keys in a shared store.
func replayKey(iss, jti string) string {
	h := sha256.New()
	h.Write([]byte("logout\x00"))
	h.Write([]byte(iss))
	h.Write([]byte{0})
	h.Write([]byte(jti))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}
