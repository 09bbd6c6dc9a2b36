package jsoniterext

import (
	"time"

	"github.com/jotlib/jwt/claims"
)

// The benchmark workload of ../benchmarks (workload_test.go there): an
// access token with the registered claims, a name, a roles array and a
// boolean, about 350 bytes of JSON, as a struct and as a map. The times
// are fixed, and the benchmarks' Verifiers read the clock from wlNow.
const (
	wlIssuer  = "https://auth.example.com/realms/production"
	wlSubject = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
	wlID      = "01JDQ7Z3X8K4M2N6P9R5T1V3W7"
	wlName    = "Alexandra Example-Person"
)

var (
	wlAudience = []string{"https://api.example.com", "https://billing.example.com"}
	wlRoles    = []string{"reader", "writer", "billing:admin", "support"}
	wlNow      = time.Unix(1700000000, 0)
	wlExp      = wlNow.Add(24 * time.Hour)
	wlNbf      = wlNow.Add(-time.Minute)
	wlIat      = wlNow.Add(-time.Minute)
)

// wlClaims is the workload as struct claims (accessClaims is the type).
func wlClaims() accessClaims {
	return accessClaims{
		Registered: claims.Registered{
			Issuer:    wlIssuer,
			Subject:   wlSubject,
			Audience:  claims.Audience(wlAudience),
			ExpiresAt: claims.NewNumericDate(wlExp),
			NotBefore: claims.NewNumericDate(wlNbf),
			IssuedAt:  claims.NewNumericDate(wlIat),
			ID:        wlID,
		},
		Name:          wlName,
		Roles:         wlRoles,
		EmailVerified: true,
	}
}

// wlMap is the workload as a generic map.
func wlMap() map[string]any {
	return map[string]any{
		"iss":            wlIssuer,
		"sub":            wlSubject,
		"aud":            wlAudience,
		"exp":            wlExp.Unix(),
		"nbf":            wlNbf.Unix(),
		"iat":            wlIat.Unix(),
		"jti":            wlID,
		"name":           wlName,
		"roles":          wlRoles,
		"email_verified": true,
	}
}
