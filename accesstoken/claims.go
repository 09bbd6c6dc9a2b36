package accesstoken

import (
	"fmt"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/strictjson"
)

// Claims are the claims of a JWT access token (RFC 9068 section 2.2). Embed
// it in a struct of your own to read further claims (see Extended).
type Claims struct {
	// Registered holds "iss", "exp", "aud", "sub", "iat" and "jti", all
	// REQUIRED by RFC 9068 section 2.2, and "nbf".
	claims.Registered
	// ClientID is "client_id" (RFC 9068 section 2.2, REQUIRED; RFC 8693
	// section 4.3): the client that requested the token.
	ClientID string `json:"client_id,omitempty"`
	// Scope is "scope" (RFC 9068 section 2.2.3; RFC 8693 section 4.2): the
	// granted scopes, separated by spaces (RFC 6749 section 3.3). Read it
	// with Scopes or HasScope.
	Scope string `json:"scope,omitempty"`
	// AuthTime is "auth_time" (RFC 9068 section 2.2.1; OpenID Connect Core
	// 1.0 section 2): when the end-user last authenticated.
	AuthTime *claims.NumericDate `json:"auth_time,omitempty"`
	// ACR is "acr" (RFC 9068 section 2.2.1): the authentication context
	// class reference.
	ACR string `json:"acr,omitempty"`
	// AMR is "amr" (RFC 9068 section 2.2.1): the authentication methods
	// references.
	AMR []string `json:"amr,omitempty"`
	// Groups is "groups" (RFC 9068 section 2.2.3.1; RFC 7643 section
	// 4.1.2), as an array of strings.
	Groups []string `json:"groups,omitempty"`
	// Roles is "roles" (RFC 9068 section 2.2.3.1; RFC 7643 section 4.1.2),
	// as an array of strings.
	Roles []string `json:"roles,omitempty"`
	// Entitlements is "entitlements" (RFC 9068 section 2.2.3.1; RFC 7643
	// section 4.1.2), as an array of strings.
	Entitlements []string `json:"entitlements,omitempty"`
	// Confirmation is "cnf" (RFC 7800 section 3.1; RFC 9068 allows it):
	// for a DPoP-bound token, its "jkt" is the RFC 7638 thumbprint of the
	// client's proof key (RFC 9449 section 6.1), which an authorization
	// server takes from dpop.Proof.JKT. The Signer writes it when set; the
	// Verifier type-checks it in the token's bytes whatever the Encoder
	// (claims.Confirmation's rules: jwt.ErrTokenMalformed). A resource
	// server checks the binding with a proof (dpop.Proof.CheckBinding, or
	// jwthttp.WithDPoP), not by reading this field alone.
	Confirmation *claims.Confirmation `json:"cnf,omitempty"`
}

// checkConfirmation is the profile's rule for "cnf" (RFC 7800 section 3.1;
// RFC 9449 section 6.1), one member of the verified claims as the core's
// strict pass finds it: claims.Confirmation's rules, and no look-alike of
// the name (RFC 7519 section 4), so that what a codec decodes into
// Confirmation is what was checked.
func checkConfirmation(name string, value []byte) error {
	if name == claims.NameConfirmation {
		return new(claims.Confirmation).UnmarshalJSON(value)
	}
	if strictjson.LookAlike(name, claims.NameConfirmation) != "" {
		return fmt.Errorf("%w: claim %s folds to %q (names are case-sensitive, RFC 7519 section 4)",
			jwt.ErrTokenMalformed, bounded.Quote(name), claims.NameConfirmation)
	}
	return nil
}

// Extended is a pointer to a struct of your own that embeds Claims, for
// tokens that carry claims beyond this profile's (RFC 9068 section 2.2.2
// identity claims, a tenant):
//
//	type MyClaims struct {
//		accesstoken.Claims
//		Tenant string `json:"tid"`
//	}
//
// *MyClaims is an Extended; *Claims is one too.
type Extended interface {
	accessClaims() *Claims
}

// accessClaims makes *Claims, and any pointer to a struct embedding Claims,
// an Extended.
func (c *Claims) accessClaims() *Claims { return c }

// Scopes returns the scope tokens of "scope", which RFC 6749 section 3.3
// separates by single spaces (RFC 9068 section 2.2.3). Empty tokens (from
// repeated spaces) are dropped; no other character separates tokens.
func (c *Claims) Scopes() []string {
	if c == nil || c.Scope == "" {
		return nil
	}
	var out []string
	for s := range strings.SplitSeq(c.Scope, " ") {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// HasScope reports whether scope is one of the token's scope tokens (RFC
// 6749 section 3.3: space-separated, case-sensitive), compared exactly.
// The empty string is never a scope.
func (c *Claims) HasScope(scope string) bool {
	if c == nil || scope == "" || strings.Contains(scope, " ") {
		return false
	}
	for s := range strings.SplitSeq(c.Scope, " ") {
		if s == scope {
			return true
		}
	}
	return false
}
