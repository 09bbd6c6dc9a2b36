// Package claimrules is the claims side of the core's strict pass: it
// type-checks the registered claims of RFC 7519 section 4.1 as they appear
// in the token's bytes (Extracted) and validates them against a verifier's
// rules (Validator). The jwt package runs it on every token it parses or
// signs, whatever type the caller decodes the claims into.
package claimrules

import (
	"fmt"
	"time"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/numericdate"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/internal/strictjson"
)

// ErrInvalidClaim reports a registered claim of the wrong JSON type or out
// of range, or a member whose name folds to a registered one (RFC 7519
// section 4.1). It also matches jwt.ErrTokenMalformed.
var ErrInvalidClaim error = sentinel.New("jwt: invalid registered claim", sentinel.TokenMalformed)

// Extracted is the registered claims as the core's strict pass found them in
// the token's bytes, type-checked but not yet validated. Validation reads
// these values, never the caller's decoded type, so every claims type and
// every codec reach the same verdict.
type Extracted struct {
	ExpiresAt, NotBefore, IssuedAt          time.Time
	HasExpiresAt, HasNotBefore, HasIssuedAt bool
	// Issuer, Subject, ID and Audience are raw JSON values (nil when absent),
	// views into the claims bytes: a string for the first three, a string or
	// an array of strings for Audience.
	Issuer, Subject, ID, Audience []byte

	// Facts is what the strict pass found in the claims bytes besides its
	// rules (strictjson.ObjectFacts), for the Encoder (jwt.Proven).
	Facts strictjson.Facts

	// tracked and seen record the presence of the names given to Track.
	tracked []string
	seen    []bool
}

// Track makes Member record whether each of names appears as a top-level
// member with a value other than null (Validator.Required).
func (e *Extracted) Track(names []string) {
	e.tracked, e.seen = names, make([]bool, len(names))
}

// track records a tracked member's presence.
func (e *Extracted) track(key strictjson.Key, value []byte) {
	if string(value) == "null" {
		return
	}
	name := key.View() // transient view: never retained
	for i, n := range e.tracked {
		if n == name {
			e.seen[i] = true
		}
	}
}

// Member examines one top-level member of a claims object. It type-checks
// the registered claims and records them, and refuses member names that
// are case-folded look-alikes of a registered name (strictjson.LookAlike:
// "Exp", "EXP", "ſub" with U+017F, "ıss" with U+0131): encoding/json
// matches struct fields by case folding and other codecs by lower- or
// upper-casing, so such a member could reach a struct's Expiry field while
// a map, and this validation, saw another name.
func (e *Extracted) Member(key strictjson.Key, value []byte) error {
	if e.tracked != nil {
		e.track(key, value)
	}
	if len(key.Raw) > 12 && !key.Escaped {
		// No name over 12 bytes is a registered name or a look-alike of
		// one: a fold key has one rune per rune of its name, so a
		// look-alike of a three-letter name has three runes.
		return nil
	}
	name := key.View() // transient view: never retained
	switch name {
	case claims.NameExpiresAt:
		return parseTime(name, value, &e.ExpiresAt, &e.HasExpiresAt)
	case claims.NameNotBefore:
		return parseTime(name, value, &e.NotBefore, &e.HasNotBefore)
	case claims.NameIssuedAt:
		return parseTime(name, value, &e.IssuedAt, &e.HasIssuedAt)
	case claims.NameIssuer:
		return requireString(name, value, &e.Issuer)
	case claims.NameSubject:
		return requireString(name, value, &e.Subject)
	case claims.NameID:
		return requireString(name, value, &e.ID)
	case claims.NameAudience:
		return checkAudience(value, &e.Audience)
	}
	if len(name) != 3 && plainASCII(name) {
		// Every registered name has three ASCII letters, and a plain ASCII
		// name has one rune per byte: it folds to none of them.
		return nil
	}
	if reg := strictjson.LookAlike(name, RegisteredNames[:]...); reg != "" {
		return fmt.Errorf("%w: member %s folds to the registered claim %q", ErrInvalidClaim, bounded.Quote(name), reg)
	}
	return nil
}

// plainASCII reports whether name has no byte outside ASCII.
func plainASCII(name string) bool {
	for i := 0; i < len(name); i++ {
		if name[i] >= 0x80 {
			return false
		}
	}
	return true
}

// RegisteredNames are the registered claim names (RFC 7519 section 4.1):
// the claims' strict pass refuses a member named by a case-folded
// look-alike of one (strictjson.LookAlike), and jwt.WithRequiredClaims
// refuses to require one, which no token may carry.
var RegisteredNames = [...]string{claims.NameIssuer, claims.NameSubject, claims.NameAudience, claims.NameExpiresAt, claims.NameNotBefore, claims.NameIssuedAt, claims.NameID}

func parseTime(name string, value []byte, t *time.Time, has *bool) error {
	v, ok := numericdate.ParseChecked(value)
	if !ok {
		return fmt.Errorf("%w: %q must be a finite NumericDate within ±2^62 seconds", ErrInvalidClaim, name)
	}
	*t, *has = v, true
	return nil
}

func requireString(name string, value []byte, dst *[]byte) error {
	if len(value) == 0 || value[0] != '"' {
		return fmt.Errorf("%w: %q must be a string", ErrInvalidClaim, name)
	}
	*dst = value
	return nil
}

func checkAudience(value []byte, dst *[]byte) error {
	if len(value) > 0 && value[0] == '"' {
		*dst = value
		return nil
	}
	if _, ok := strictjson.StringArray(value); !ok {
		return fmt.Errorf("%w: %q must be a string or an array of strings", ErrInvalidClaim, claims.NameAudience)
	}
	*dst = value
	return nil
}

// AudienceContains reports whether the extracted "aud" names want.
func (e *Extracted) AudienceContains(want string) bool {
	if len(e.Audience) == 0 {
		return false
	}
	if e.Audience[0] == '"' {
		return strictjson.StringEquals(e.Audience, want)
	}
	found := false
	strictjson.EachArrayElement(e.Audience, func(elem []byte) bool {
		found = strictjson.StringEquals(elem, want)
		return !found
	})
	return found
}

// AudienceNamesAny reports whether the extracted "aud" holds a non-empty
// string: "", [] and [""] name no principal.
func (e *Extracted) AudienceNamesAny() bool {
	if len(e.Audience) == 0 {
		return false
	}
	if e.Audience[0] == '"' {
		return !strictjson.StringEquals(e.Audience, "")
	}
	named := false
	strictjson.EachArrayElement(e.Audience, func(elem []byte) bool {
		named = !strictjson.StringEquals(elem, "")
		return !named
	})
	return named
}

// Registered decodes the extracted values into a Registered.
func (e *Extracted) Registered() claims.Registered {
	var r claims.Registered
	r.Issuer, _ = strictjson.String(e.Issuer)
	r.Subject, _ = strictjson.String(e.Subject)
	r.ID, _ = strictjson.String(e.ID)
	if len(e.Audience) > 0 {
		_ = r.Audience.UnmarshalJSON(e.Audience) // checked by Member
	}
	if e.HasExpiresAt {
		r.ExpiresAt = &claims.NumericDate{Time: e.ExpiresAt} // keep any fraction, as UnmarshalJSON does
	}
	if e.HasNotBefore {
		r.NotBefore = &claims.NumericDate{Time: e.NotBefore}
	}
	if e.HasIssuedAt {
		r.IssuedAt = &claims.NumericDate{Time: e.IssuedAt}
	}
	return r
}
