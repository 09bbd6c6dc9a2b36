package jwthttp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"github.com/jotlib/jwt/internal/sentinel"
)

// ErrInsufficientScope reports a verified token that lacks a scope the
// Middleware requires (RFC 6750 section 3.1 "insufficient_scope", HTTP
// 403; the challenge names the required scopes).
var ErrInsufficientScope error = sentinel.New("jwthttp: the token lacks a required scope")

// ErrForbidden reports a verified token that a Rule refused (RFC 6750
// section 3.1 "insufficient_scope", HTTP 403): the rule's own error is
// wrapped too.
var ErrForbidden error = sentinel.New("jwthttp: the token does not grant access to this resource")

// Scoped is a claims type that reports its granted scopes (RFC 6749
// section 3.3 scope-tokens): *accesstoken.Claims is one, and so is any
// struct embedding ScopeClaims. RequireScopes needs the Middleware's claims
// type to be Scoped or a map[string]any.
type Scoped interface {
	Scopes() []string
}

// ScopeClaims are the two scope claims authorization servers send, to
// embed in a claims struct of your own: "scope", space-delimited (RFC 9068
// section 2.2.3; RFC 8693 section 4.2), and "scp", which some servers send
// as an array of strings and others as a space-delimited string.
type ScopeClaims struct {
	Scope string    `json:"scope,omitempty"`
	Scp   ScopeList `json:"scp,omitempty"`
}

// Scopes returns the scope-tokens of "scope" and "scp" together (RFC 6749
// section 3.3), empty tokens dropped.
func (c *ScopeClaims) Scopes() []string {
	if c == nil {
		return nil
	}
	return append(splitScope(c.Scope), c.Scp...)
}

// ScopeList is "scp": a JSON array of strings, or one space-delimited
// string (RFC 6749 section 3.3), read into its scope-tokens. Any other
// JSON value is an error (the token's claims cannot be read).
type ScopeList []string

// UnmarshalJSON reads an array of strings or a space-delimited string
// (RFC 6749 section 3.3).
func (l *ScopeList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*l = splitScope(s)
		return nil
	}
	var a []string
	if err := json.Unmarshal(b, &a); err != nil {
		return fmt.Errorf("jwthttp: \"scp\" is neither a string nor an array of strings")
	}
	*l = a
	return nil
}

// splitScope splits a scope string at spaces (RFC 6749 section 3.3),
// empty tokens dropped.
func splitScope(s string) []string {
	var out []string
	for t := range strings.SplitSeq(s, " ") {
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// validScopeToken reports whether s is a scope-token (RFC 6749 section
// 3.3: 1*( %x21 / %x23-5B / %x5D-7E )).
func validScopeToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x21 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// scopeReader returns the function reading a C's scopes (GrantedScopes),
// or false when C cannot report them: the answer is C's type's, so an
// interface type with Scopes() reports them even though its zero value is
// nil.
func scopeReader[C any]() (func(C) []string, bool) {
	switch t := reflect.TypeFor[C](); {
	case t.Implements(reflect.TypeFor[Scoped]()),
		t == reflect.TypeFor[map[string]any](),
		t == reflect.TypeFor[*map[string]any]():
		return func(c C) []string {
			s, _ := GrantedScopes(c)
			return s
		}, true
	}
	return nil, false
}

// mapScopes reads "scope" (a space-delimited string) and "scp" (a string
// or an array of strings) of decoded claims; other types give no scope.
func mapScopes(m map[string]any) []string {
	var out []string
	if s, ok := m["scope"].(string); ok {
		out = splitScope(s)
	}
	switch scp := m["scp"].(type) {
	case string:
		out = append(out, splitScope(scp)...)
	case []any:
		for _, v := range scp {
			if s, ok := v.(string); ok && s != "" {
				out = append(out, s)
			}
		}
	case []string:
		out = append(out, scp...)
	}
	return out
}

// missingScope reports whether granted lacks one of required (compared
// exactly, RFC 6749 section 3.3: case-sensitive).
func missingScope(granted, required []string) bool {
	for _, r := range required {
		found := false
		for _, g := range granted {
			if g == r {
				found = true
				break
			}
		}
		if !found {
			return true
		}
	}
	return false
}

// Rule is an authorization rule over a verified token's claims, run after
// the scope check; rule's C must be the Middleware's claims type (New
// refuses another). A nil error lets the request through. Any other error
// refuses it with 403 insufficient_scope (RFC 6750 section 3.1; the cause
// matches ErrForbidden and rule's error, even one wrapping ErrNoToken or
// ErrInvalidRequest), unless it matches a jwt sentinel of a bad token (wrap
// jwt.ErrTokenInvalidClaims for a revoked token, say): then it is the 401
// invalid_token of that cause; or an outage (jwk.ErrFetch, jwk.ErrClosed,
// context.DeadlineExceeded, context.Canceled): then it is the 503 of an
// unreachable key set. Rules do not run for an anonymous request
// (CredentialsOptional).
func Rule[C any](rule func(r *http.Request, claims C) error) Option {
	return func(c *config) error {
		if rule == nil {
			return fmt.Errorf("%w: jwthttp: Rule: nil rule", errOption)
		}
		c.rules = append(c.rules, rule)
		return nil
	}
}

// RequireScopes refuses a token that does not grant every one of scopes
// (RFC 6749 section 3.3 scope-tokens, compared exactly) with 403 and
// error="insufficient_scope" naming them in the challenge's scope
// attribute (RFC 6750 section 3.1); 401 challenges name them too (section
// 3). Scopes are read from "scope" and "scp": the claims type must be
// Scoped (*accesstoken.Claims, a struct embedding ScopeClaims) or a
// map[string]any; New refuses another, an invalid scope-token, and
// RequireScopes with CredentialsOptional (an anonymous caller would have
// more access than a token without the scope).
func RequireScopes(scopes ...string) Option {
	return func(c *config) error {
		if len(scopes) == 0 {
			return fmt.Errorf("%w: jwthttp: RequireScopes: no scope", errOption)
		}
		for _, s := range scopes {
			if !validScopeToken(s) {
				return fmt.Errorf("%w: jwthttp: RequireScopes: %q is not a scope-token (RFC 6749 section 3.3)", errOption, s)
			}
		}
		c.scopes = append(c.scopes, scopes...)
		return nil
	}
}
