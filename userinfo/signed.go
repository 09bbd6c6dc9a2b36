package userinfo

import (
	"context"
	"fmt"
	"slices"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/optview"
	"github.com/jotlib/jwt/internal/strictjson"
	"github.com/jotlib/jwt/internal/verified"
)

// typeRule: a signed UserInfo response has no "typ" of its own (OpenID
// Connect Core 1.0 section 5.3.2); RFC 7519 section 5.1 recommends "JWT".
// Another kind's "typ" ("at+jwt", RFC 9068 section 2.1; "logout+jwt",
// Back-Channel Logout 1.0 section 2.4; "client-authentication+jwt") is
// refused (RFC 8725 section 3.11).
var typeRule = jwt.WithType("JWT", "")

// otherKinds are claims that mark another kind of JWT (RFC 8725 section
// 3.12), present and not null: an access token's grant (RFC 9068 section
// 2.2.3), a logout token's events (Back-Channel Logout 1.0 section 2.4),
// an ID token's request-bound and authentication claims (OpenID Connect
// Core 1.0 section 2: "nonce", "at_hash", "c_hash", "auth_time", "azp"),
// none of which section 5.1 defines for UserInfo. "auth_time" and "azp"
// tell an ID token without "nonce" (none was sent) from a UserInfo
// response; a provider that adds them to its UserInfo responses is
// refused (RFC 8725 sections 3.11 and 3.12).
var otherKinds = []string{"scope", "events", "nonce", "at_hash", "c_hash", "auth_time", "azp"}

// newVerifier is the jwt.Verifier of signed responses: "iss" issuer, "aud"
// containing clientID, both required with "sub" (section 5.3.2), "exp" and
// "nbf" checked when present, the "typ" rule; opts may not set other
// values of these.
func newVerifier(keys any, issuer, clientID string, opts []jwt.Option) (*jwt.Verifier, error) {
	if optview.Of != nil && len(opts) > 0 {
		if user, err := optview.Of(opts); err == nil {
			if user.Issuer != "" && user.Issuer != issuer {
				return nil, fmt.Errorf("%w: userinfo: jwt.WithIssuer(%q) in opts conflicts with the issuer %q: set Config.Issuer only", jwt.ErrInvalidOption, user.Issuer, issuer)
			}
			for _, a := range user.Audiences {
				if a != clientID {
					return nil, fmt.Errorf("%w: userinfo: jwt.WithAudience(%q) in opts conflicts with Config.ClientID %q: set Config.ClientID only", jwt.ErrInvalidOption, a, clientID)
				}
			}
			if user.Types != nil {
				return nil, fmt.Errorf("%w: userinfo: jwt.WithType in opts: the \"typ\" rule (absent or \"JWT\", RFC 8725 section 3.11) has no setting", jwt.ErrInvalidOption)
			}
		}
	}
	all := append(slices.Clone(opts), typeRule,
		jwt.WithIssuer(issuer),
		jwt.WithAudience(clientID),
		jwt.WithRequiredClaims("iss", "sub", "aud"))
	return jwt.NewVerifier(keys, all...)
}

// signedRules are one signed response's rules beside the verifier's (given
// to the core per call, internal/verified): "sub" equal to the ID token's,
// no other kind's marker, no look-alike of a Claims member.
type signedRules struct {
	subject string
	reg     claims.Registered
	problem error // the first member refused
}

func (r *signedRules) Registered() *claims.Registered { return &r.reg }

func (r *signedRules) Member(name string, value []byte) {
	if r.problem != nil {
		return
	}
	if slices.Contains(otherKinds, name) && string(value) != "null" {
		r.problem = fmt.Errorf("%w: it carries %q (RFC 8725 section 3.12)", ErrOtherKind, name)
		return
	}
	if like := strictjson.LookAlike(name, memberNames...); like != "" {
		r.problem = refused("member %q is a case-folded look-alike of %q", name, like)
	}
}

func (r *signedRules) Check(context.Context, any) error {
	if r.problem != nil {
		return r.problem
	}
	if r.reg.Subject != r.subject {
		return fmt.Errorf("%w: %q, the ID token's is %q (OpenID Connect Core 1.0 section 5.3.4)", ErrSubjectMismatch, r.reg.Subject, r.subject)
	}
	return nil
}

// verifySigned verifies a signed response (section 5.3.2) and decodes its
// claims into dst.
func (c *Client) verifySigned(ctx context.Context, body []byte, subject string, dst any) error {
	if c.verifier == nil {
		return refused("a signed response (application/jwt) cannot be verified: %s", c.why)
	}
	token := string(trimSpace(body))
	if n := countDots(token); n != 2 {
		if n == 4 {
			return refused("an encrypted response (JWE, 5 parts) is not supported")
		}
		return refused("an application/jwt body that is not a compact JWS")
	}
	_, err := verified.Parse(ctx, c.verifier, token, dst, &signedRules{subject: subject})
	if err != nil {
		if isOurs(err) {
			return err
		}
		return fmt.Errorf("%w: signed response: %w", ErrResponse, err)
	}
	return nil
}

// countDots counts the '.' of a compact serialization.
func countDots(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			n++
		}
	}
	return n
}

// trimSpace drops trailing CR, LF, space and tab, which some servers add
// after the token.
func trimSpace(b []byte) []byte {
	for len(b) > 0 {
		switch b[len(b)-1] {
		case '\r', '\n', ' ', '\t':
			b = b[:len(b)-1]
			continue
		}
		break
	}
	return b
}
