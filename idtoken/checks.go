package idtoken

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/profileclaims"
)

// Checks are what the relying party sent or received with one ID token,
// checked by Verify. The zero value checks none of them.
type Checks struct {
	// Nonce, when not empty, is the nonce sent in the authentication
	// request: "nonce" must be present and equal to it (section 3.1.3.7
	// step 11: "If a nonce value was sent in the Authentication Request, a
	// nonce Claim MUST be present and its value checked to verify that it
	// is the same value as the one that was sent"; REQUIRED in the Implicit
	// and Hybrid Flows, sections 3.2.2.11 and 3.3.2.12). Detecting its
	// replay is the caller's.
	Nonce string
	// MaxAge, when positive, is the max_age sent in the authentication
	// request: "auth_time" must be present (section 2: "When a max_age
	// request is made ... this Claim is REQUIRED"), not older than MaxAge
	// plus the leeway (jwt.ErrTokenExpired; step 13) and not in the future.
	// For max_age=0, give a small duration and a leeway.
	MaxAge time.Duration
	// AccessToken, when not empty, is the access token received with the ID
	// token: "at_hash" must be present and be its LeftHalfHash (sections
	// 3.2.2.9 and 3.2.2.10; REQUIRED for response_type "id_token token" and
	// "code id_token token"; in the Authorization Code Flow, where
	// "at_hash" is OPTIONAL, section 3.1.3.8, add AccessTokenHashOptional).
	AccessToken string
	// Code, when not empty, is the authorization code received with the ID
	// token: "c_hash" must be present and be its LeftHalfHash (sections
	// 3.3.2.10 and 3.3.2.11; REQUIRED for response_type "code id_token" and
	// "code id_token token").
	Code string
	// AccessTokenHashOptional, with AccessToken, checks "at_hash" only
	// when present: a token without one passes, one with a hash that is
	// not AccessToken's is refused (ErrInvalidAccessTokenHash). It is the
	// Authorization Code Flow's rule, where "at_hash" is OPTIONAL: "If the
	// ID Token contains an at_hash Claim, the Client MAY use it to validate
	// the Access Token in the same manner as for the Implicit Flow"
	// (section 3.1.3.8). The hash is the one of the token's own "alg",
	// which Verify reads from the verified header. Without AccessToken it
	// is jwt.ErrInvalidOption.
	AccessTokenHashOptional bool
}

// call is one Verify call's rules of the profile, given to the core as an
// argument (internal/verified): what the core's strict pass found of the
// profile's claims and of the registered ones, and the call's Checks.
type call struct {
	v    *Verifier
	want Checks
	// s and err are what the profile's claims gave, member by member: the
	// claims the rules read, the first error.
	s   scanned
	err error
	// registered are the registered claims as the pass found them, which
	// the "azp" policy is given (steps 4 and 5).
	registered claims.Registered
}

// Registered implements verified.Rules: the registered claims are read
// for an "azp" policy other than DefaultAZP.
func (c *call) Registered() *claims.Registered {
	if c.v.azp == nil {
		return nil
	}
	return &c.registered
}

// Member implements verified.Rules: one member of the verified claims,
// read by the profile (profileclaims.Profile.Member).
func (c *call) Member(name string, value []byte) {
	if c.err == nil {
		c.err = profile.Member(name, value, c.s.keep)
	}
}

// Check implements verified.Rules: the profile's claim check, run by the
// jwt package after the signature, the "typ" rule, the registered claims
// and the claims type's Validate passed, before the jwt.WithValidator
// checks. It reports every failure. (Step 3, "aud" must contain the
// client id whatever jwt.WithAudience options were added, is
// jwt.WithAllAudiences, a claim rule of the jwt package's.)
func (c *call) Check(_ context.Context, token any) error {
	t, err := profileclaims.VerifiedToken("idtoken", token)
	if err != nil {
		return err
	}
	if c.err != nil {
		return c.err
	}
	v, s, want := c.v, &c.s, &c.want
	if len(s.kinds) > 0 {
		// Another kind of JWT: the nonce check is reported beside, so
		// that a caller checking ErrInvalidNonce sees it too.
		return errors.Join(fmt.Errorf("%w: it carries %q (RFC 8725 section 3.12; OpenID Connect Back-Channel Logout 1.0 section 2.4: \"events\"; RFC 9449 section 4.2: \"htm\", \"htu\")",
			ErrOtherKind, s.kinds), v.checkNonce(want, s))
	}
	if len(s.markers) > 0 && !v.allowScope {
		return fmt.Errorf("%w: it carries %q (RFC 8725 section 3.12; RFC 9068 section 2.2.3; OpenID Connect Core 1.0 section 2 defines no such ID token claim; Config.AllowScopeClaim accepts it)",
			ErrAccessToken, s.markers)
	}
	var buf [5]error
	errs := buf[:0]
	if ext, ok := t.Claims.(Extended); ok && v.azp != nil {
		var cl Claims
		if decoded := ext.idClaims(); decoded != nil { // nil: an embedded *Claims no profile claim filled
			cl = *decoded
		}
		// Steps 4 and 5 read "aud" and "azp" from the token's bytes: a
		// caller's type whose own field shadows Claims' would leave them
		// empty in the decoded value.
		cl.Registered = c.registered
		cl.AuthorizedParty = s.azp.Str
		if err := v.azp(&cl, v.clientID); err != nil {
			if !errors.Is(err, ErrInvalidAuthorizedParty) {
				err = fmt.Errorf("%w: %w", ErrInvalidAuthorizedParty, err)
			}
			errs = append(errs, err)
		}
	}
	errs = append(errs, v.checkNonce(want, s), v.checkMaxAge(want, s))
	alg := jwt.Algorithm(t.Header.Algorithm)
	if want.AccessToken != "" && (s.atHash.present || !want.AccessTokenHashOptional) {
		errs = append(errs, checkHash(alg, want.AccessToken, s.atHash, "at_hash", ErrInvalidAccessTokenHash, "3.2.2.9"))
	}
	if want.Code != "" {
		errs = append(errs, checkHash(alg, want.Code, s.cHash, "c_hash", ErrInvalidCodeHash, "3.3.2.10"))
	}
	return errors.Join(errs...)
}

// checkNonce is step 11.
func (v *Verifier) checkNonce(want *Checks, s *scanned) error {
	switch {
	case want.Nonce == "":
		return nil
	case !s.nonce.present:
		return fmt.Errorf("%w: %w: \"nonce\" (OpenID Connect Core 1.0 section 3.1.3.7 step 11)", ErrInvalidNonce, jwt.ErrMissingClaim)
	case subtle.ConstantTimeCompare([]byte(s.nonce.Str), []byte(want.Nonce)) != 1:
		return fmt.Errorf("%w (OpenID Connect Core 1.0 section 3.1.3.7 step 11)", ErrInvalidNonce)
	}
	return nil
}

// checkMaxAge is step 13 with section 2's "auth_time" rule.
func (v *Verifier) checkMaxAge(want *Checks, s *scanned) error {
	if want.MaxAge <= 0 {
		return nil
	}
	if !s.authTime.present {
		return fmt.Errorf("%w: \"auth_time\", required with max_age (OpenID Connect Core 1.0 section 2)", jwt.ErrMissingClaim)
	}
	now := v.core.Now()
	past, future := v.core.Leeway()
	if age := now.Sub(s.authTime.Time); age > want.MaxAge+past {
		return fmt.Errorf("%w: the end-user authenticated %v ago, over max_age %v%s (OpenID Connect Core 1.0 section 3.1.3.7 step 13)",
			jwt.ErrTokenExpired, readable(age), want.MaxAge, leewayNote(past))
	}
	if ahead := s.authTime.Time.Sub(now); ahead > future {
		return fmt.Errorf("%w: \"auth_time\" is %v in the future%s (OpenID Connect Core 1.0 section 2)",
			jwt.ErrTokenInvalidClaims, readable(ahead), leewayNote(future))
	}
	return nil
}

// checkHash is section 3.2.2.9 ("at_hash") or 3.3.2.10 ("c_hash"): the
// claim must be present and equal to value's LeftHalfHash for alg.
func checkHash(alg jwt.Algorithm, value string, got claim, name string, kind error, section string) error {
	want, err := LeftHalfHash(alg, value)
	if err != nil {
		return fmt.Errorf("%w: %w", kind, err)
	}
	if !got.present {
		return fmt.Errorf("%w: %w: %q (OpenID Connect Core 1.0 section %s)", kind, jwt.ErrMissingClaim, name, section)
	}
	if subtle.ConstantTimeCompare([]byte(got.Str), []byte(want)) != 1 {
		return fmt.Errorf("%w (OpenID Connect Core 1.0 section %s)", kind, section)
	}
	return nil
}

// readable rounds a duration for a message, as the jwt package's time
// rules do: to the second from one second on, to the millisecond below.
func readable(d time.Duration) time.Duration {
	if d >= time.Second || d <= -time.Second {
		return d.Round(time.Second)
	}
	return d.Round(time.Millisecond)
}

// leewayNote names the leeway a time rule allowed, if any.
func leewayNote(d time.Duration) string {
	if d == 0 {
		return ""
	}
	return fmt.Sprintf(" (leeway %v)", d)
}
