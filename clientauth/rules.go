package clientauth

import (
	"context"
	"fmt"
	"slices"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/profileclaims"
)

// call is one verification's rules, given to the core as an argument
// (internal/verified): the registered claims and the other kinds' markers
// as the core's strict pass found them, and the client id the request
// names.
type call struct {
	v        *Verifier
	clientID string
	// registered are the registered claims as the pass found them.
	registered claims.Registered
	// markers are the claims of other kinds of JWT present, in order.
	markers []string
	err     error
}

// Registered implements verified.Rules: every rule reads them.
func (c *call) Registered() *claims.Registered { return &c.registered }

// Member implements verified.Rules: the other kinds' markers
// (profileclaims.Profile.Member), and their case-folded look-alikes
// refused.
func (c *call) Member(name string, value []byte) {
	if c.err == nil {
		c.err = profile.Member(name, value, func(m profileclaims.Claim, _ profileclaims.Value) {
			c.markers = append(c.markers, m.Name)
		})
	}
}

// Check implements verified.Rules, once the signature, the "typ" rule and
// the registered claims' rules passed: the other kinds' markers, "iss" =
// "sub" = the client id, a non-empty "jti", the audience rule and the
// lifetime. The "jti" replay check is Final's.
func (c *call) Check(ctx context.Context, token any) error {
	t, err := profileclaims.VerifiedToken("clientauth", token)
	if err != nil {
		return err
	}
	if c.err != nil {
		return c.err
	}
	if len(c.markers) > 0 {
		return fmt.Errorf("%w: it carries %q (RFC 8725 section 3.12)", ErrOtherKind, c.markers)
	}
	r := &c.registered
	if r.Issuer != c.clientID || r.Subject != c.clientID {
		return fmt.Errorf("%w: \"iss\" %s, \"sub\" %s, client %s (RFC 7523 section 3 items 1 and 2; OpenID Connect Core 1.0 section 9)",
			ErrClientMismatch, bounded.Quote(r.Issuer), bounded.Quote(r.Subject), bounded.Quote(c.clientID))
	}
	if err := c.v.checkAudience(r.Audience, profileclaims.SameMediaType(t.Header.Type, Type)); err != nil {
		return err
	}
	if r.ID == "" {
		return fmt.Errorf("%w: \"jti\" is empty (RFC 7523 section 3 item 7; OpenID Connect Core 1.0 section 9: a unique identifier)", jwt.ErrMissingClaim)
	}
	return c.v.checkLifetime(r)
}

// Final implements verified.Final: the "jti" replay check (RFC 7523
// section 3 item 7), last, once every other rule passed, the
// jwt.WithValidator checks of the Verifier's options included, so that a
// refused assertion never uses up its "jti".
func (c *call) Final(ctx context.Context, _ any) error {
	return c.v.claim(ctx, &c.registered)
}

// checkAudience is RFC 7523 section 3 item 3 under the Verifier's rule;
// typed, the assertion declared draft-ietf-oauth-rfc7523bis's rule.
func (v *Verifier) checkAudience(aud claims.Audience, typed bool) error {
	if len(aud) == 1 && aud[0] == v.issuer {
		return nil
	}
	if v.rule == AudienceIssuerOnly || typed {
		why := "AudienceIssuerOnly"
		if typed && v.rule != AudienceIssuerOnly {
			why = `"typ" ` + Type
		}
		return fmt.Errorf("%w: %q must be the issuer identifier %s alone (draft-ietf-oauth-rfc7523bis; %s)",
			ErrAudience, []string(aud), bounded.Quote(v.issuer), why)
	}
	if slices.Contains(aud, v.issuer) || v.endpoint != "" && slices.Contains(aud, v.endpoint) {
		return nil
	}
	want := bounded.Quote(v.issuer)
	if v.endpoint != "" {
		want += " or " + bounded.Quote(v.endpoint)
	}
	return fmt.Errorf("%w: %q contains neither %s (RFC 7523 section 3 item 3)", ErrAudience, []string(aud), want)
}

// checkLifetime is RFC 7523 section 3 item 4 bounded: "exp" at most
// MaxLifetime (plus the leeway) ahead of now and of "iat".
func (v *Verifier) checkLifetime(r *claims.Registered) error {
	if r.ExpiresAt == nil { // the core requires it
		return fmt.Errorf("%w: \"exp\" (RFC 7523 section 3 item 4)", jwt.ErrMissingClaim)
	}
	exp := r.ExpiresAt.Time
	if ahead := exp.Sub(v.core.Now()); ahead > v.maxLifetime+v.leeway {
		return fmt.Errorf("%w: \"exp\" is %v ahead, over %v (RFC 7523 section 3 item 4)", ErrLifetime, ahead.Round(1e9), v.maxLifetime)
	}
	if r.IssuedAt != nil {
		if life := exp.Sub(r.IssuedAt.Time); life > v.maxLifetime+v.leeway {
			return fmt.Errorf("%w: \"exp\" is %v after \"iat\", over %v (RFC 7523 section 3 item 4)", ErrLifetime, life.Round(1e9), v.maxLifetime)
		}
	}
	return nil
}
