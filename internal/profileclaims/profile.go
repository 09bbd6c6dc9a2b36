// Package profileclaims is what the token profiles share: accesstoken (RFC
// 9068 JWT access tokens) and idtoken (OpenID Connect Core 1.0 ID tokens).
// A Profile describes one of them: the claims it defines beyond the
// registered ones (RFC 7519 section 4.1) with their JSON types, the ones it
// requires, and the "typ" its Signer writes. The reading of a verified
// token's claims from the core's one strict pass (Member, Verify), the
// signing side's required-claims check (Sign) and the verifier's option
// list (VerifierOptions) are written once here; each profile keeps its own
// spec rules, given to the core per call (internal/verified).
package profileclaims

import (
	"fmt"
	"slices"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/optview"
)

// Kind is the JSON type a profile claim must have (RFC 7519 section 4.1;
// RFC 9068 section 2.2; OpenID Connect Core 1.0 section 2).
type Kind uint8

const (
	// String is a JSON string.
	String Kind = iota
	// Strings is an array of strings.
	Strings
	// Date is a NumericDate (RFC 7519 section 2).
	Date
	// Marker is a claim of another kind of token, whatever its value: it
	// is reported when present and not null, never type-checked, and its
	// look-alikes are not refused (it is not one of the profile's claims).
	Marker
)

// Claim is one claim of a profile, by its exact name (RFC 7519 section 4:
// names are case-sensitive).
type Claim struct {
	Name string
	Kind Kind
}

// Profile is one token profile: RFC 9068 section 2 (JWT access tokens) or
// OpenID Connect Core 1.0 section 2 (ID tokens).
type Profile struct {
	// Package names the profile's package in its errors ("accesstoken").
	Package string
	// Spec is the section that defines the profile's claims and the ones it
	// requires ("RFC 9068 section 2.2"), named by the type and
	// required-claim errors.
	Spec string
	// ClaimOf is what a look-alike's error calls the claim it folds to ("a
	// claim of RFC 9068's profile").
	ClaimOf string
	// Type is the "typ" the profile's Signer writes by default, and the
	// only one it writes, in any media-type spelling a jwt.WithType asks
	// for (RFC 8725 section 3.11).
	Type string
	// Untyped lets the Signer write no "typ" when jwt.WithType("") asks,
	// for a profile that requires none (OpenID Connect Core 1.0 section 2).
	Untyped bool
	// TypeSpec is the section that defines Type, cited when a Signer is
	// asked for another "typ"; empty is Spec.
	TypeSpec string
	// Required are the claims Spec marks REQUIRED, in its order: each
	// checked by the Verifier (jwt.WithRequiredClaims) and by Sign.
	Required []string
	// Claims are the claims the profile decodes beyond the registered ones,
	// with their JSON types.
	Claims []Claim
	// IssuerField, AudienceField and TypeField name the Config fields that
	// set the issuer, the audience and the "typ" rule ("Config.Issuer"),
	// for the error refusing a jwt option in opts that conflicts with them;
	// an empty TypeField says no field changes the "typ" rule.
	IssuerField, AudienceField, TypeField string
}

// Sign signs c with core, refusing with jwt.ErrMissingClaim claims that
// lack any of p.Required: a registered one (RFC 7519 section 4.1) is read
// from r (an "aud" must
// have no empty audience), any other is asked of has. A nil core is
// jwt.ErrInvalidKey.
func (p *Profile) Sign(core *jwt.Signer, c any, r *claims.Registered, has func(name string) bool) (string, error) {
	if core == nil {
		return "", fmt.Errorf("%w: %s: nil or zero Signer; use NewSigner", jwt.ErrInvalidKey, p.Package)
	}
	var missing []string
	for _, name := range p.Required {
		ok, registered := registeredPresent(r, name)
		if !registered {
			ok = has != nil && has(name)
		}
		if !ok {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return "", fmt.Errorf("%w: %s requires %q", jwt.ErrMissingClaim, p.Spec, missing)
	}
	return core.Sign(c)
}

// registeredPresent reports whether r has the registered claim name, and
// whether name is one of RFC 7519 section 4.1's.
func registeredPresent(r *claims.Registered, name string) (ok, registered bool) {
	switch name {
	case claims.NameIssuer:
		return r.Issuer != "", true
	case claims.NameSubject:
		return r.Subject != "", true
	case claims.NameAudience:
		return len(r.Audience) > 0 && !slices.Contains(r.Audience, ""), true
	case claims.NameExpiresAt:
		return r.ExpiresAt != nil, true
	case claims.NameNotBefore:
		return r.NotBefore != nil, true
	case claims.NameIssuedAt:
		return r.IssuedAt != nil, true
	case claims.NameID:
		return r.ID != "", true
	}
	return false, false
}

// VerifierOptions returns a profile verifier's jwt options: defaults (the
// clock: Clock.Options), which the caller's opts may replace, then opts,
// then the profile's own rules, which come last so that opts cannot loosen
// them: more (the "typ" rule), "iss" equal to issuer, "aud" containing audience
// whatever jwt.WithAudience options opts add (jwt.WithAllAudiences),
// p.Required present, "exp" required and "iat" not in the future (RFC 7519
// sections 4.1.1 to 4.1.6; RFC 9068 section 4; OpenID Connect Core 1.0
// section 3.1.3.7 steps 2, 3, 9 and 10). The profile's claim rules are not
// among them: they are given to the core per call (Verify), and run after
// the claims type's Validate, before the jwt.WithValidator checks of opts.
//
// A jwt.WithIssuer, jwt.WithAudience or jwt.WithType in opts whose value
// is not the profile's own would be replaced or outweighed by the
// profile's without a word: it is jwt.ErrInvalidOption naming the Config
// field to use instead (ownedConflict). The same value is accepted.
func (p *Profile) VerifierOptions(defaults, opts []jwt.Option, issuer, audience string, more ...jwt.Option) ([]jwt.Option, error) {
	if err := p.ownedConflict(opts, issuer, audience, more); err != nil {
		return nil, err
	}
	all := make([]jwt.Option, 0, len(defaults)+len(opts)+len(more)+6)
	all = append(all, defaults...)
	all = append(all, opts...)
	all = append(all, more...)
	return append(all,
		jwt.WithIssuer(issuer),
		jwt.WithAudience(audience),
		jwt.WithAllAudiences(audience),
		jwt.WithRequiredClaims(p.Required...),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
	), nil
}

// ownedConflict refuses an option of opts that sets a rule the profile
// sets itself (the issuer, the audience, the "typ" rule of typeRule) to
// another value. Options refused for another reason are left to
// jwt.NewVerifier, which reports them.
func (p *Profile) ownedConflict(opts []jwt.Option, issuer, audience string, typeRule []jwt.Option) error {
	if optview.Of == nil || len(opts) == 0 {
		return nil
	}
	user, err := optview.Of(opts)
	if err != nil {
		return nil
	}
	if user.Issuer != "" && user.Issuer != issuer {
		return fmt.Errorf("%w: %s: jwt.WithIssuer(%q) in opts conflicts with %s %q, which the profile checks: set %s only",
			jwt.ErrInvalidOption, p.Package, user.Issuer, p.IssuerField, issuer, p.IssuerField)
	}
	for _, a := range user.Audiences {
		if a != audience {
			return fmt.Errorf("%w: %s: jwt.WithAudience(%q) in opts conflicts with %s %q, which \"aud\" must contain, "+
				"and would check nothing beside it: set %s only (jwt.WithAllAudiences requires further audiences)",
				jwt.ErrInvalidOption, p.Package, a, p.AudienceField, audience, p.AudienceField)
		}
	}
	if user.Types == nil {
		return nil
	}
	own, err := optview.Of(typeRule)
	if err != nil || sameTypes(user.Types, own.Types) {
		return nil
	}
	fix := "no option changes it: remove jwt.WithType"
	if p.TypeField != "" {
		fix = "set " + p.TypeField + " instead"
	}
	return fmt.Errorf("%w: %s: jwt.WithType(%q) in opts conflicts with the profile's \"typ\" rule %q (%s): %s",
		jwt.ErrInvalidOption, p.Package, user.Types, own.Types, p.typeSpec(), fix)
}

// typeSpec is the section that defines the profile's "typ".
func (p *Profile) typeSpec() string {
	if p.TypeSpec != "" {
		return p.TypeSpec
	}
	return p.Spec
}

// sameTypes reports whether a and b hold the same "typ" values, in any
// order.
func sameTypes(a, b []string) bool {
	for _, t := range a {
		if !slices.Contains(b, t) {
			return false
		}
	}
	for _, t := range b {
		if !slices.Contains(a, t) {
			return false
		}
	}
	return true
}
