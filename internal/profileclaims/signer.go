package profileclaims

import (
	"fmt"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/optview"
)

// NewSigner returns a jwt.Signer with alg and key that writes "typ" p.Type
// (the profile's jwt.WithType comes first, so a jwt.WithType in opts
// replaces it): the explicit typing of RFC 8725 section 3.11 (RFC 9068
// section 2.1). A jwt.WithType in opts may spell p.Type otherwise
// ("application/at+jwt"), or ask for none (jwt.WithType("")) when
// p.Untyped; any other "typ" is jwt.ErrInvalidOption, never silently
// replaced.
func (p *Profile) NewSigner(alg jwt.Algorithm, key any, opts []jwt.Option) (*jwt.Signer, error) {
	all := append([]jwt.Option{jwt.WithType(p.Type)}, opts...)
	core, err := jwt.NewSigner(alg, key, all...)
	if err != nil {
		return nil, err
	}
	typ, err := optview.SignedType(all) // the options NewSigner just took
	if err != nil {
		return nil, err
	}
	if err := p.checkType(typ); err != nil {
		return nil, err
	}
	return core, nil
}

// checkType refuses a "typ" other than p.Type (compared as a media type,
// RFC 7515 section 4.1.9), or none unless p.Untyped.
func (p *Profile) checkType(typ string) error {
	if typ == "" && p.Untyped || typ != "" && SameMediaType(typ, p.Type) {
		return nil
	}
	spec := p.TypeSpec
	if spec == "" {
		spec = p.Spec
	}
	allowed := fmt.Sprintf("%q", p.Type)
	if p.Untyped {
		allowed += " or none"
	}
	got := "none"
	if typ != "" {
		got = bounded.Quote(typ)
	}
	return fmt.Errorf("%w: %s: the Signer writes \"typ\" %s (%s), not %s: the token would be another kind of JWT (RFC 8725 section 3.11)",
		jwt.ErrInvalidOption, p.Package, allowed, spec, got)
}

// SameMediaType compares two "typ" values as media types: case-insensitive,
// with "application/" implied when the value has no '/' (RFC 7515 section
// 4.1.9), as the jwt package's WithType compares them.
func SameMediaType(a, b string) bool {
	return strings.EqualFold(withoutApplication(a), withoutApplication(b)) && hasSlash(a) == hasSlash(b)
}

// withoutApplication cuts a leading "application/" (any case), which RFC
// 7515 section 4.1.9 lets a "typ" leave out.
func withoutApplication(typ string) string {
	const app = "application/"
	if len(typ) > len(app) && strings.EqualFold(typ[:len(app)], app) {
		return typ[len(app):]
	}
	return typ
}

// hasSlash reports whether typ, without "application/", still names a
// type and subtype of its own ("text/jwt"), which a short name never
// equals.
func hasSlash(typ string) bool { return strings.Contains(withoutApplication(typ), "/") }
