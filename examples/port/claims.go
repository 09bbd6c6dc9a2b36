package main

import (
	"errors"
	"fmt"

	"github.com/jotlib/jwt/claims"
)

// errUnknownTenant is what Validate reports for a tenant this service does
// not serve. The handlers answer it with 403, any other failure with 401.
var errUnknownTenant = errors.New("unknown tenant")

// knownTenants are the tenants this service serves.
var knownTenants = map[string]bool{"acme": true, "globex": true}

// accessClaims are the claims of an access token. golang-jwt:
//
//	type accessClaims struct {
//		Tenant string `json:"tenant"`
//		Scope  string `json:"scope"`
//		jwt.RegisteredClaims
//	}
//
// Ported: claims.Registered instead of jwt.RegisteredClaims; nothing else.
type accessClaims struct {
	Tenant string `json:"tenant"`
	Scope  string `json:"scope"`
	claims.Registered
}

// Validate is golang-jwt's ClaimsValidator method, unchanged: jwt.Parse*
// calls it after the signature and the registered claims pass.
func (c accessClaims) Validate() error {
	if !knownTenants[c.Tenant] {
		return fmt.Errorf("%w %q", errUnknownTenant, c.Tenant)
	}
	return nil
}
