package profileclaims

import (
	"fmt"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/bytesview"
	"github.com/jotlib/jwt/internal/compact"
	"github.com/jotlib/jwt/internal/strictjson"
)

// Value is one profile claim as found in the token's bytes: a string, or a
// NumericDate (RFC 7519 section 2).
type Value struct {
	Str  string    // a String claim's value
	Time time.Time // a Date claim's value
}

// Scan reads the claims of raw, a compact token whose signature verified,
// by their exact names (RFC 7519 section 4: names are case-sensitive),
// whatever the Encoder: it type-checks p.Claims, refuses a member named by
// a case-folded look-alike of one of them (strictjson.LookAlike, the rule
// by which the jwt package refuses look-alikes of the registered claims and
// header parameters: jwt.ErrTokenMalformed), and
// calls found, in the token's order, for each of p.Claims present and not
// null (null stands for an absent claim). The jwt package's strict pass has
// already checked the JSON.
func (p *Profile) Scan(raw string, found func(Claim, Value)) error {
	payload, err := payloadOf(raw)
	if err != nil {
		return err
	}
	return strictjson.Object(payload, func(key strictjson.Key, value []byte) error {
		name := bytesview.String(key.Raw) // transient view, never retained
		if key.Escaped {
			name = key.Name()
		}
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
	})
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
		v.Str, ok = strictjson.String(value)
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

// payloadOf decodes the claims segment of a compact token that verified.
func payloadOf(raw string) ([]byte, error) {
	parts, err := compact.Split(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: not a compact JWS: %w", jwt.ErrTokenMalformed, err)
	}
	payload, err := b64url.DecodeString(parts.Payload)
	if err != nil {
		return nil, fmt.Errorf("%w: payload: %v", jwt.ErrTokenMalformed, err)
	}
	return payload, nil
}
