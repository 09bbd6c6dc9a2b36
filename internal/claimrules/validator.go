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
	// Leeway allows for clock skew on "exp" and "nbf" (RFC 7519 sections
	// 4.1.4 and 4.1.5: "Implementers MAY provide for some small leeway").
	Leeway time.Duration
	// Audiences, when not empty, must include one value found in "aud".
	Audiences []string
	// Issuer, when set (IssuerSet), must equal "iss" exactly.
	Issuer    string
	IssuerSet bool
	// Subject, when set (SubjectSet), must equal "sub" exactly.
	Subject    string
	SubjectSet bool
	// RequireExpiration refuses tokens without "exp".
	RequireExpiration bool
}

// Validate applies the rules to e. Every failure is reported, joined with
// errors.Join, so errors.Is finds each one.
func (v *Validator) Validate(e *Extracted) error {
	var t time.Time
	if e.HasExpiresAt || e.HasNotBefore { // the clock costs tens of nanoseconds
		if v.Now != nil {
			t = v.Now()
		} else {
			t = time.Now()
		}
	}
	var errs []error
	// RFC 7519 section 4.1.4: "the current date/time MUST be before the
	// expiration date/time listed in the "exp" claim".
	if e.HasExpiresAt && !t.Before(e.ExpiresAt.Add(v.Leeway)) {
		errs = append(errs, sentinel.TokenExpired)
	}
	if !e.HasExpiresAt && v.RequireExpiration {
		errs = append(errs, fmt.Errorf("%w: %q", sentinel.MissingClaim, claims.NameExpiresAt))
	}
	// RFC 7519 section 4.1.5: "the current date/time MUST be after or equal
	// to the not-before date/time listed in the "nbf" claim".
	if e.HasNotBefore && t.Before(e.NotBefore.Add(-v.Leeway)) {
		errs = append(errs, sentinel.TokenNotValidYet)
	}
	if len(v.Audiences) > 0 && !v.audienceOK(e) {
		errs = append(errs, sentinel.InvalidAudience)
	}
	if v.IssuerSet && (e.Issuer == nil || !strictjson.StringEquals(e.Issuer, v.Issuer)) {
		errs = append(errs, sentinel.InvalidIssuer)
	}
	if v.SubjectSet && (e.Subject == nil || !strictjson.StringEquals(e.Subject, v.Subject)) {
		errs = append(errs, sentinel.InvalidSubject)
	}
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	return errors.Join(errs...)
}

// audienceOK implements RFC 7519 section 4.1.3: "Each principal intended to
// process the JWT MUST identify itself with a value in the audience claim."
func (v *Validator) audienceOK(e *Extracted) bool {
	for _, want := range v.Audiences {
		if e.AudienceContains(want) {
			return true
		}
	}
	return false
}
