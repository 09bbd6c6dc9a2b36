package claimrules

import (
	"errors"
	"fmt"
	"time"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/internal/strictjson"
)

// Validator holds the claim rules of a verifier. The zero value checks only
// "exp" and "nbf", against time.Now, with no leeway.
type Validator struct {
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Leeway allows for clock skew on "exp", "nbf" and "iat" (RFC 7519
	// sections 4.1.4 and 4.1.5: "Implementers MAY provide for some small
	// leeway").
	Leeway time.Duration
	// FutureLeeway is the least leeway of the rules that refuse a time
	// still in the future ("nbf", "iat"): they allow the larger of it and
	// Leeway (Future), "exp" and MaxAge Leeway only.
	FutureLeeway time.Duration
	// Audiences, when not empty, must include one value found in "aud".
	Audiences []string
	// AllAudiences, when not empty, must each be found in "aud".
	AllAudiences []string
	// Issuer, when set (IssuerSet), must equal "iss" exactly.
	Issuer    string
	IssuerSet bool
	// Subject, when set (SubjectSet), must equal "sub" exactly.
	Subject    string
	SubjectSet bool
	// RequireExpiration refuses tokens without "exp"; RequireNotBefore
	// tokens without "nbf".
	RequireExpiration, RequireNotBefore bool
	// CheckIssuedAt refuses an "iat" after now plus the leeway.
	CheckIssuedAt bool
	// MaxAge, when positive, requires "iat" and refuses a token issued more
	// than MaxAge plus the leeway ago.
	MaxAge time.Duration
	// Required names top-level claims that must be present and not null;
	// the Extracted must have tracked them (Extracted.Track).
	Required []string
}

// needsClock reports whether Validate reads the clock for e.
func (v *Validator) needsClock(e *Extracted) bool {
	return e.HasExpiresAt || e.HasNotBefore || (e.HasIssuedAt && (v.CheckIssuedAt || v.MaxAge > 0))
}

// Validate applies the rules to e. Every failure is reported, joined with
// errors.Join, so errors.Is finds each one; each matches
// sentinel.TokenInvalidClaims. Time failures say by how much.
func (v *Validator) Validate(e *Extracted) error {
	var t time.Time
	if v.needsClock(e) { // the clock costs tens of nanoseconds
		t = v.Clock()
	}
	var errs []error
	// RFC 7519 section 4.1.4: "the current date/time MUST be before the
	// expiration date/time listed in the "exp" claim".
	if e.HasExpiresAt && !t.Before(e.ExpiresAt.Add(v.Leeway)) {
		errs = append(errs, v.late(sentinel.TokenExpired, "by", t.Sub(e.ExpiresAt)))
	}
	if !e.HasExpiresAt && v.RequireExpiration {
		errs = append(errs, missing(claims.NameExpiresAt))
	}
	// RFC 7519 section 4.1.5: "the current date/time MUST be after or equal
	// to the not-before date/time listed in the "nbf" claim".
	if e.HasNotBefore && t.Before(e.NotBefore.Add(-v.Future())) {
		errs = append(errs, v.early(sentinel.TokenNotValidYet, "for another", e.NotBefore.Sub(t)))
	}
	if !e.HasNotBefore && v.RequireNotBefore {
		errs = append(errs, missing(claims.NameNotBefore))
	}
	// RFC 7519 section 4.1.6: "iat" is when the JWT was issued; one from
	// the future was not issued yet.
	if e.HasIssuedAt && (v.CheckIssuedAt || v.MaxAge > 0) && t.Add(v.Future()).Before(e.IssuedAt) {
		errs = append(errs, v.early(sentinel.TokenUsedBeforeIssued, "by", e.IssuedAt.Sub(t)))
	}
	if v.MaxAge > 0 {
		if !e.HasIssuedAt {
			errs = append(errs, missing(claims.NameIssuedAt))
		} else if age := t.Sub(e.IssuedAt); age > v.MaxAge+v.Leeway {
			errs = append(errs, fmt.Errorf("%w: issued %v ago, over the maximum age of %v%s", sentinel.TokenExpired, readable(age), v.MaxAge, leewayNote(v.Leeway)))
		}
	}
	for i, name := range v.Required {
		if i >= len(e.seen) || !e.seen[i] {
			errs = append(errs, missing(name))
		}
	}
	if err := v.audience(e); err != nil {
		errs = append(errs, err)
	}
	if v.IssuerSet {
		if err := exact(e.Issuer, v.Issuer, claims.NameIssuer, sentinel.InvalidIssuer); err != nil {
			errs = append(errs, err)
		}
	}
	if v.SubjectSet {
		if err := exact(e.Subject, v.Subject, claims.NameSubject, sentinel.InvalidSubject); err != nil {
			errs = append(errs, err)
		}
	}
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	return errors.Join(errs...)
}

// late reports a rule that refuses a time already passed ("exp", MaxAge),
// and by how much, with the leeway it allowed (Leeway).
func (v *Validator) late(kind error, by string, d time.Duration) error {
	return fmt.Errorf("%w %s %v%s", kind, by, readable(d), leewayNote(v.Leeway))
}

// readable rounds a duration for a message: to the second from one second
// on, to the millisecond below.
func readable(d time.Duration) time.Duration {
	if d >= time.Second || d <= -time.Second {
		return d.Round(time.Second)
	}
	return d.Round(time.Millisecond)
}

// early reports a rule that refuses a time in the future ("nbf", "iat"),
// and by how much, with the leeway it allowed (Future).
func (v *Validator) early(kind error, by string, d time.Duration) error {
	return fmt.Errorf("%w %s %v%s", kind, by, readable(d), leewayNote(v.Future()))
}

// leewayNote names the leeway a time rule allowed, if any.
func leewayNote(leeway time.Duration) string {
	if leeway == 0 {
		return ""
	}
	return fmt.Sprintf(" (leeway %v)", leeway)
}

// Clock returns the time by v's clock: Now, or time.Now when it is nil.
func (v *Validator) Clock() time.Time {
	if v.Now == nil {
		return time.Now()
	}
	return v.Now()
}

// Future is the leeway of the rules that refuse a time in the future: the
// larger of Leeway and FutureLeeway.
func (v *Validator) Future() time.Duration { return max(v.Leeway, v.FutureLeeway) }

// missing reports an absent required claim.
func missing(name string) error { return fmt.Errorf("%w: %q", sentinel.MissingClaim, name) }

// absent reports an expected claim that is not there: it is both the rule's
// failure and a missing claim, as golang-jwt reports it.
func absent(kind error, name string) error {
	return fmt.Errorf("%w: %w: %q", kind, sentinel.MissingClaim, name)
}

// exact implements RFC 7519 sections 4.1.1 and 4.1.2 as exact comparisons.
// An empty string names no principal: where one is expected, it is reported
// as absent too, as golang-jwt reports it.
func exact(got []byte, want, name string, kind error) error {
	if strictjson.StringEquals(got, want) {
		return nil
	}
	if got == nil || strictjson.StringEquals(got, "") {
		return absent(kind, name)
	}
	return kind
}

// audience implements RFC 7519 section 4.1.3: "Each principal intended to
// process the JWT MUST identify itself with a value in the audience claim."
// Audiences is any-of; AllAudiences is every-one-of.
func (v *Validator) audience(e *Extracted) error {
	if len(v.Audiences) == 0 && len(v.AllAudiences) == 0 {
		return nil
	}
	if !e.AudienceNamesAny() {
		return absent(sentinel.InvalidAudience, claims.NameAudience)
	}
	for _, want := range v.AllAudiences {
		if !e.AudienceContains(want) {
			return fmt.Errorf("%w: %q is not in \"aud\"", sentinel.InvalidAudience, want)
		}
	}
	if len(v.Audiences) == 0 {
		return nil
	}
	for _, want := range v.Audiences {
		if e.AudienceContains(want) {
			return nil
		}
	}
	return sentinel.InvalidAudience
}
