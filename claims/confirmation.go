package claims

import (
	"fmt"

	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/jsonstring"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/internal/strictjson"
)

// NameConfirmation is the "cnf" claim's name (RFC 7800 section 3.1).
const NameConfirmation = "cnf"

// Confirmation is the "cnf" claim (RFC 7800 section 3.1): the key a
// proof-of-possession token is bound to, for a DPoP-bound access token
// (RFC 9449 section 6.1; RFC 9068 allows the claim, its section 2.2.3
// leaving others to the issuer).
//
// JKT is the "jkt" confirmation method (RFC 9449 section 6.1): "the
// base64url encoding ... of the JWK SHA-256 Thumbprint" (RFC 7638) of the
// DPoP proof key, so 43 base64url characters without padding (a 32-byte
// digest); dpop.Signer.JKT and dpop.Proof.JKT give it. The other
// confirmation methods ("jwk", "jwe", "jku", "kid" of RFC 7800 section 3;
// "x5t#S256" of RFC 8705 section 3.1) are not read.
//
// Its JSON is checked both ways, whatever else reads the claims:
// UnmarshalJSON reads an object under the core's strict rules whose "jkt",
// when present, is such a thumbprint, and refuses a member that folds to
// "jkt" ("JKT": a codec matching names by case would read it as "jkt", RFC
// 7519 section 4); MarshalJSON writes {"jkt":...} and refuses a JKT that
// is not a thumbprint, the empty one included (a "cnf" binding nothing).
// Both errors match jwt.ErrTokenMalformed.
type Confirmation struct {
	// JKT is "jkt" (RFC 9449 section 6.1).
	JKT string `json:"jkt,omitempty"`
}

// thumbprintSize is the size of a JWK SHA-256 Thumbprint (RFC 7638 section
// 3; RFC 9449 section 6.1).
const thumbprintSize = 32

// MarshalJSON writes {"jkt":"..."} (RFC 9449 section 6.1); a JKT that is
// not the base64url of a SHA-256 thumbprint, "" included, is refused.
func (c Confirmation) MarshalJSON() ([]byte, error) {
	if err := checkJKT(c.JKT); err != nil {
		return nil, fmt.Errorf(`%w: claim "cnf": %w`, sentinel.TokenMalformed, err)
	}
	return append(jsonstring.Append([]byte(`{"jkt":`), c.JKT), '}'), nil
}

// UnmarshalJSON reads a "cnf" object (RFC 7800 section 3.1): its "jkt"
// (RFC 9449 section 6.1), when present, must be the base64url of a SHA-256
// thumbprint; other members are other confirmation methods and are not
// read, but a name that folds to "jkt" is refused. null leaves c as it is
// (the encoding/json convention). On a nil *Confirmation it fails.
func (c *Confirmation) UnmarshalJSON(b []byte) error {
	if c == nil {
		return fmt.Errorf("%w: claims: UnmarshalJSON on a nil *Confirmation", sentinel.TokenMalformed)
	}
	if string(b) == "null" {
		return nil
	}
	var jkt string
	err := strictjson.Object(b, func(key strictjson.Key, value []byte) error {
		name := key.View()
		if name == "jkt" {
			s, ok := strictjson.String(value)
			if !ok {
				return fmt.Errorf(`"jkt" must be a string`)
			}
			if err := checkJKT(s); err != nil {
				return err
			}
			jkt = s
			return nil
		}
		if strictjson.LookAlike(name, "jkt") != "" {
			return fmt.Errorf(`member %s folds to "jkt" (names are case-sensitive, RFC 7519 section 4)`, bounded.Quote(name))
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf(`%w: claim "cnf" (RFC 7800 section 3.1): %w`, sentinel.TokenMalformed, err)
	}
	c.JKT = jkt
	return nil
}

// checkJKT checks that s is a JWK SHA-256 Thumbprint in base64url (RFC
// 9449 section 6.1; RFC 7638 section 3).
func checkJKT(s string) error {
	if len(s) != b64url.EncodedLen(thumbprintSize) {
		return fmt.Errorf(`"jkt" must be the base64url of a SHA-256 JWK thumbprint (%d characters, RFC 9449 section 6.1), got %d characters`,
			b64url.EncodedLen(thumbprintSize), len(s))
	}
	if _, err := b64url.DecodeString(s); err != nil {
		return fmt.Errorf(`"jkt" must be base64url without padding (RFC 9449 section 6.1): %v`, err)
	}
	return nil
}
