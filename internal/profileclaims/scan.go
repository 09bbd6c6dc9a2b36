package profileclaims

import (
	"context"
	"fmt"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/strictjson"
	"github.com/jotlib/jwt/internal/verified"
)

// Value is one profile claim as found in the token's bytes: a string, or a
// NumericDate (RFC 7519 section 2).
type Value struct {
	// Raw is a String claim's JSON string, a view valid during the call
	// only: Text decodes it, so that a claim no rule reads costs nothing.
	Raw  []byte
	Time time.Time // a Date claim's value
}

// Text returns a String claim's value.
func (v Value) Text() string {
	s, _ := strictjson.String(v.Raw)
	return s
}

// Member reads one top-level member of a verified token's claims as the
// core's strict pass hands it over (internal/verified: the JSON already
// checked, name and value views valid during the call only), by its exact
// name (RFC 7519 section 4: names are case-sensitive), whatever the
// Encoder: it type-checks p.Claims, refuses a member named by a
// case-folded look-alike of one of them (strictjson.LookAlike, the rule by
// which the jwt package refuses look-alikes of the registered claims and
// header parameters: jwt.ErrTokenMalformed), and calls found for each of
// p.Claims present and not null (null stands for an absent claim). A
// profile's rules keep its first error, and report it from their Check
// (the members come in the token's order).
func (p *Profile) Member(name string, value []byte, found func(Claim, Value)) error {
	for _, c := range p.Claims {
		if name == c.Name {
			return p.check(c, value, found)
		}
	}
	for _, c := range p.Claims {
		if c.Kind != Marker && strictjson.LookAlike(name, c.Name) != "" {
			return fmt.Errorf("%w: claim %s folds to %q, %s (names are case-sensitive, RFC 7519 section 4)",
				jwt.ErrTokenMalformed, bounded.Quote(name), c.Name, p.ClaimOf)
		}
	}
	return nil
}

// Verify is core.ParseWithClaimsContext(ctx, token, dst) with rules, one
// call's rules of the profile, given to the core as an argument
// (internal/verified): they read the profile's claims from the core's one
// strict pass (Member), never from the token again.
func Verify(ctx context.Context, core *jwt.Verifier, token string, dst any, rules verified.Rules) error {
	_, err := verified.Parse(ctx, core, token, dst, rules)
	return err
}

// VerifiedToken is the *jwt.Token a verified.Rules' Check is given.
func VerifiedToken(pkg string, token any) (*jwt.Token, error) {
	t, ok := token.(*jwt.Token)
	if !ok || t == nil {
		return nil, fmt.Errorf("%w: %s: the profile's rules were given a %T, not a verified *jwt.Token", jwt.ErrInvalidKey, pkg, token)
	}
	return t, nil
}

// kindNames name the kinds in the type error.
var kindNames = [...]string{String: "a string", Strings: "an array of strings", Date: "a NumericDate"}

// check type-checks one claim that is present and hands it to found.
func (p *Profile) check(c Claim, value []byte, found func(Claim, Value)) error {
	if string(value) == "null" {
		return nil
	}
	var v Value
	ok := true
	switch c.Kind {
	case String:
		// The strict pass checked the JSON: a value that opens with a
		// quote is a well-formed string.
		v.Raw, ok = value, len(value) > 0 && value[0] == '"'
	case Strings:
		_, ok = strictjson.StringArray(value)
	case Date:
		t, err := claims.ParseNumericDate(value)
		v.Time, ok = t, err == nil
	}
	if !ok {
		return fmt.Errorf("%w: claim %q must be %s (%s)", jwt.ErrTokenMalformed, c.Name, kindNames[c.Kind], p.Spec)
	}
	if found != nil {
		found(c, v)
	}
	return nil
}
