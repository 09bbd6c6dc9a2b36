package dpop

import (
	"context"
	"crypto/subtle"
	"fmt"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/strictjson"
	"github.com/jotlib/jwt/internal/urlnorm"
)

// call is one Verify call's rules of RFC 9449 section 4.3 (checks 8, 9
// and 12), given to the core as an argument (internal/verified): they read
// the proof's claims from the core's one strict pass (Member), never from
// the proof again, and check them once the signature, the required claims
// and the "iat" window passed (Check).
type call struct {
	method string // Request.Method
	target string // Request.URL, urlnorm.Target
	ath    string // AccessTokenHash(Request.AccessToken), or "" when none

	// What the strict pass found, copied; err is the first type error.
	jti, htm, htu, nonce, athClaim string
	hasATH                         bool
	iat                            time.Time
	err                            error
}

// profileClaims are the claims of RFC 9449 section 4.2 beyond the
// registered ones, whose case-folded look-alikes are refused.
var profileClaims = [...]string{"htm", "htu", "ath", "nonce"}

// newCall checks the caller's Request: a method token (RFC 9110 section
// 9.1, isToken of signer_syntax.go) and an absolute http(s) URI (urlnorm.Target). A Request no proof
// could match is the caller's error, ErrInvalidConfig, not the client's.
func newCall(req Request) (*call, error) {
	if !isToken(req.Method) {
		return nil, fmt.Errorf("%w: Request.Method %s is not an HTTP method (RFC 9110 section 9.1)", ErrInvalidConfig, bounded.Quote(req.Method))
	}
	target, err := urlnorm.Target(req.URL)
	if err != nil {
		return nil, fmt.Errorf("%w: Request.URL %s: %w", ErrInvalidConfig, bounded.Quote(req.URL), err)
	}
	c := &call{method: req.Method, target: target}
	if req.AccessToken != "" {
		c.ath = AccessTokenHash(req.AccessToken)
	}
	return c, nil
}

// Registered implements verified.Rules: the claims are read by Member.
func (c *call) Registered() *claims.Registered { return nil }

// Member implements verified.Rules: the proof's claims of section 4.2 as
// the strict pass finds them (the registered "jti" and "iat" type-checked
// already), strings, null standing for an absent claim.
func (c *call) Member(name string, value []byte) {
	if c.err != nil {
		return
	}
	var dst *string
	switch name {
	case claims.NameID:
		dst = &c.jti
	case "htm":
		dst = &c.htm
	case "htu":
		dst = &c.htu
	case "nonce":
		dst = &c.nonce
	case "ath":
		dst, c.hasATH = &c.athClaim, string(value) != "null"
	case claims.NameIssuedAt:
		if t, err := claims.ParseNumericDate(value); err == nil {
			c.iat = t
		}
		return
	default:
		if p := strictjson.LookAlike(name, profileClaims[:]...); p != "" {
			c.err = fmt.Errorf("%w: claim %s folds to %q (names are case-sensitive, RFC 7519 section 4)", jwt.ErrTokenMalformed, bounded.Quote(name), p)
		}
		return
	}
	if string(value) == "null" {
		return
	}
	s, ok := strictjson.String(value)
	if !ok {
		c.err = fmt.Errorf("%w: claim %q must be a string (RFC 9449 section 4.2)", jwt.ErrTokenMalformed, name)
		return
	}
	*dst = s
}

// Check implements verified.Rules: checks 8, 9 and 12 of RFC 9449 section
// 4.3, run by the core once the signature, the "typ" rule, the required
// claims and the "iat" window passed.
func (c *call) Check(context.Context, any) error {
	if c.err != nil {
		return c.err
	}
	if c.jti == "" {
		return fmt.Errorf(`%w: "jti" is empty (RFC 9449 section 4.2: a unique identifier)`, jwt.ErrTokenMalformed)
	}
	if c.htm != c.method {
		return fmt.Errorf(`"htm" %s is not the request's method %q (RFC 9449 section 4.3 check 8)`, bounded.Quote(c.htm), c.method)
	}
	htu, err := urlnorm.Target(c.htu)
	if err != nil {
		return fmt.Errorf(`"htu" %s: %w (RFC 9449 section 4.3 check 9)`, bounded.Quote(c.htu), err)
	}
	if htu != c.target {
		return fmt.Errorf(`"htu" %s is not the request's URI %s (RFC 9449 section 4.3 check 9)`, bounded.Quote(c.htu), bounded.Quote(c.target))
	}
	if c.ath != "" {
		if !c.hasATH {
			return fmt.Errorf(`the proof has no "ath", and the request has an access token (RFC 9449 section 4.3 check 12)`)
		}
		if subtle.ConstantTimeCompare([]byte(c.athClaim), []byte(c.ath)) != 1 {
			return fmt.Errorf(`"ath" is not the hash of the request's access token (RFC 9449 section 4.3 check 12)`)
		}
	}
	return nil
}
