package claimsources

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/verified"
)

// markers are claims of other kinds of token (RFC 8725 section 3.12): a
// source JWT carrying one is ErrNotClaimsJWT.
var markers = map[string]string{
	"nonce":   "an ID token's (OpenID Connect Core 1.0 section 2)",
	"at_hash": "an ID token's (OpenID Connect Core 1.0 section 3.1.3.6)",
	"c_hash":  "an ID token's (OpenID Connect Core 1.0 section 3.3.2.11)",
	"events":  "a logout token's or Security Event Token's (OpenID Connect Back-Channel Logout 1.0 section 2.4; RFC 8417 section 2.2)",
	"scope":   "an access token's (RFC 9068 section 2.2.3)",
}

// sourceRules are one source JWT's rules beside its verifier's own
// (internal/verified): they keep the referenced claims from the core's
// one strict pass, and refuse markers and an unexpected "aud".
type sourceRules struct {
	want      map[string]bool
	audiences bool
	got       map[string]json.RawMessage
	// kindErr (a marker) outranks audErr: it says what the token is.
	kindErr, audErr error
}

// Registered: the rules read no registered claim.
func (s *sourceRules) Registered() *claims.Registered { return nil }

// Member keeps a referenced claim (a copy; null is absent) and records
// the rules broken.
func (s *sourceRules) Member(name string, value []byte) {
	null := string(value) == "null"
	if kind, ok := markers[name]; ok && !null && s.kindErr == nil {
		s.kindErr = fmt.Errorf("%w: it carries %q, %s claim", ErrNotClaimsJWT, name, kind)
	}
	if name == "aud" && !null && !s.audiences {
		s.audErr = fmt.Errorf(`%w: "aud" is present and the Source names no Audiences (OpenID Connect Core 1.0 section 5.6.2 defines none)`, ErrUnexpectedAudience)
	}
	if s.want[name] && !null {
		s.got[strings.Clone(name)] = json.RawMessage(bytes.Clone(value)) // name and value are views for the call only
	}
}

// Check reports the rule broken: a claim of another kind first, then an
// unexpected "aud".
func (s *sourceRules) Check(context.Context, any) error {
	if s.kindErr != nil {
		return s.kindErr
	}
	return s.audErr
}

// verifySource verifies a source JWT with src's verifier and returns the
// claims of r it holds.
func verifySource(ctx context.Context, src *source, r *ref, token string) (map[string]json.RawMessage, error) {
	rules := &sourceRules{want: map[string]bool{}, audiences: src.audiences, got: map[string]json.RawMessage{}}
	for _, c := range r.claims {
		rules.want[c] = true
	}
	if _, err := verified.Parse(ctx, src.verifier, token, new(claims.Registered), rules); err != nil {
		return nil, fmt.Errorf("%w: source %q (issuer %q): %w", ErrSourceRefused, r.name, src.issuer, err)
	}
	return rules.got, nil
}

// aggregatedSource picks the Source of an aggregated JWT by its
// unverified "iss"; the Source's verifier then checks its signature with
// that Source's keys and "iss" again.
func (rv *Resolver) aggregatedSource(r *ref) (*source, error) {
	u, err := jwt.ReadUnverified(r.jwt)
	if err != nil {
		return nil, fmt.Errorf("%w: source %q: %w", ErrSourceRefused, r.name, err)
	}
	iss := u.Registered().Issuer
	if iss == "" {
		return nil, fmt.Errorf(`%w: source %q: the JWT has no "iss"`, ErrUnknownSource, r.name)
	}
	src, ok := rv.byIssuer[iss]
	if !ok {
		return nil, fmt.Errorf("%w: source %q: issuer %q", ErrUnknownSource, r.name, iss)
	}
	return src, nil
}
