package jwthttp_test

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwthttp"
)

// RFC 6750 section 2.1 over a field's values, as gRPC metadata carries them.
func TestRFC6750_2_1_ParseAuthorizationValues(t *testing.T) {
	for _, tc := range []struct {
		name   string
		values []string
		token  string
		err    error
	}{
		{"none", nil, "", jwthttp.ErrNoToken},
		{"empty value", []string{""}, "", jwthttp.ErrNoToken},
		{"another scheme", []string{"Basic dXNlcjpwYXNz"}, "", jwthttp.ErrNoToken},
		{"bearer", []string{"Bearer abc.def.ghi"}, "abc.def.ghi", nil},
		{"scheme any case", []string{"bEaReR abc"}, "abc", nil},
		{"surrounding white space", []string{" \tBearer  abc= \t"}, "abc=", nil},
		{"two values", []string{"Bearer a", "Bearer b"}, "", jwthttp.ErrInvalidRequest},
		{"two credentials", []string{"Bearer a, Basic b"}, "", jwthttp.ErrInvalidRequest},
		{"junk after the token", []string{"Bearer a junk"}, "", jwthttp.ErrInvalidRequest},
		{"tab after the scheme", []string{"Bearer\ta"}, "", jwthttp.ErrInvalidRequest},
		{"scheme without token", []string{"Bearer"}, "", jwthttp.ErrInvalidRequest},
		{"not a b64token", []string{"Bearer \"a\""}, "", jwthttp.ErrInvalidRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tok, err := jwthttp.ParseAuthorization(tc.values)
			if tok != tc.token || !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
				t.Fatalf("ParseAuthorization(%q) = %q, %v; want %q, %v", tc.values, tok, err, tc.token, tc.err)
			}
			if err != nil && len(tc.values) == 1 {
				if _, cred, _ := strings.Cut(strings.TrimSpace(tc.values[0]), " "); len(cred) > 1 && strings.Contains(err.Error(), cred) {
					t.Fatalf("the error %q echoes the credential", err)
				}
			}
		})
	}
}

// RFC 6750 section 3.1: Classify gives the Middleware's status, code and
// fixed description for each cause.
func TestRFC6750_3_1_ClassifyAsTheMiddleware(t *testing.T) {
	for _, tc := range []struct {
		err    error
		status int
		code   string
		desc   string
	}{
		{jwthttp.ErrNoToken, 401, "", ""},
		{fmt.Errorf("%w: x", jwthttp.ErrInvalidRequest), 400, "invalid_request", "the request is malformed: send one bearer token, one way"},
		{fmt.Errorf("exp 12345: %w", jwt.ErrTokenExpired), 401, "invalid_token", "the token has expired"},
		{errors.New("the user's own"), 401, "invalid_token", "the token is not accepted"},
		{jwthttp.ErrInsufficientScope, 403, "insufficient_scope", "the token lacks a required scope"},
		{jwthttp.RuleCause(errors.New("not the owner")), 403, "insufficient_scope", "the token does not grant access to this resource"},
		{fmt.Errorf("%w: dial", jwk.ErrFetch), 503, "", ""},
		{jwt.ErrInvalidOption, 500, "", ""},
	} {
		e := jwthttp.Classify(tc.err)
		if e == nil || e.Status != tc.status || !errors.Is(e, tc.err) {
			t.Fatalf("Classify(%v) = %+v; want status %d", tc.err, e, tc.status)
		}
		var code, desc string
		if e.Challenge != nil {
			code, desc = e.Challenge.Error, e.Challenge.Description
			if e.Challenge.Realm != "" || e.Challenge.Scope != "" || e.Challenge.ResourceMetadata != "" {
				t.Fatalf("Classify(%v) carries configuration: %+v", tc.err, e.Challenge)
			}
		}
		if code != tc.code || desc != tc.desc {
			t.Fatalf("Classify(%v) = %q %q; want %q %q", tc.err, code, desc, tc.code, tc.desc)
		}
		if tc.status == http.StatusUnauthorized && e.Challenge == nil {
			t.Fatalf("Classify(%v): a 401 without challenge", tc.err)
		}
	}
	if jwthttp.Classify(nil) != nil {
		t.Fatal("Classify(nil) is not nil")
	}
}

// RFC 6750 section 3.1: a Rule's error matching a jwt sentinel of a bad
// token stays invalid_token, an outage stays a 503; another becomes
// ErrForbidden.
func TestRFC6750_3_1_RuleCause(t *testing.T) {
	revoked := fmt.Errorf("revoked: %w", jwt.ErrTokenInvalidClaims)
	if got := jwthttp.RuleCause(revoked); got != revoked {
		t.Fatalf("RuleCause(revoked) = %v", got)
	}
	outage := fmt.Errorf("revocation list: %w", jwk.ErrFetch)
	if got := jwthttp.RuleCause(outage); got != outage || jwthttp.Classify(got).Status != http.StatusServiceUnavailable {
		t.Fatalf("RuleCause(outage) = %v", got)
	}
	own := errors.New("not the owner")
	if got := jwthttp.RuleCause(own); !errors.Is(got, jwthttp.ErrForbidden) || !errors.Is(got, own) {
		t.Fatalf("RuleCause(own) = %v", got)
	}
	if jwthttp.RuleCause(nil) != nil {
		t.Fatal("RuleCause(nil) is not nil")
	}
}

type scopedClaims struct {
	jwthttp.ScopeClaims
}

// RFC 6749 section 3.3: GrantedScopes reads "scope" and "scp" as
// RequireScopes does, and says when a type reports none.
func TestRFC6749_3_3_GrantedScopes(t *testing.T) {
	check := func(name string, claims any, want string, wantOK bool) {
		t.Helper()
		got, ok := jwthttp.GrantedScopes(claims)
		if strings.Join(got, " ") != want || ok != wantOK {
			t.Fatalf("%s: GrantedScopes = %q, %v; want %q, %v", name, got, ok, want, wantOK)
		}
	}
	check("struct", &scopedClaims{jwthttp.ScopeClaims{Scope: "a b", Scp: jwthttp.ScopeList{"c"}}}, "a b c", true)
	check("nil struct pointer", (*scopedClaims)(nil), "", true)
	check("nil access-token claims", (*accesstoken.Claims)(nil), "", true)
	check("map", map[string]any{"scope": "a", "scp": []any{"b", 1}}, "a b", true)
	m := map[string]any{"scp": "x y"}
	check("map pointer", &m, "x y", true)
	check("nil map pointer", (*map[string]any)(nil), "", true)
	check("nil map", map[string]any(nil), "", true)
	check("other type", struct{}{}, "", false)
	check("nil", nil, "", false)
}

// TestRFC6749_3_3_HasScopesComparesExactly: every required scope-token
// must be granted, compared exactly (case-sensitive, no prefix).
func TestRFC6749_3_3_HasScopesComparesExactly(t *testing.T) {
	granted := []string{"read", "items:write"}
	for _, c := range []struct {
		required []string
		want     bool
	}{
		{nil, true}, {[]string{"read"}, true}, {[]string{"read", "items:write"}, true},
		{[]string{"Read"}, false}, {[]string{"items"}, false}, {[]string{"read", "admin"}, false},
	} {
		if got := jwthttp.HasScopes(granted, c.required...); got != c.want {
			t.Errorf("HasScopes(%q, %q) = %v, want %v", granted, c.required, got, c.want)
		}
	}
}
