package accesstoken_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
)

// TestRFC9068_4_ProfileRulesInOptsNeverSilentlyReplaced: the profile sets
// the issuer, the audience and the "typ" rule itself (RFC 9068 section 4);
// a jwt.WithIssuer, jwt.WithAudience or jwt.WithType in opts with another
// value would be replaced or outweighed without a word, so it is
// jwt.ErrInvalidOption naming the Config field to use. The same value is
// accepted, as are options the profile does not own.
func TestRFC9068_4_ProfileRulesInOptsNeverSilentlyReplaced(t *testing.T) {
	conflicting := map[string]struct {
		cfg   accesstoken.Config
		opt   jwt.Option
		field string
	}{
		"WithIssuer":               {atConfig, jwt.WithIssuer("https://other.example.com"), "Config.Issuer"},
		"WithAudience":             {atConfig, jwt.WithAudience("https://other.example.com"), "Config.Audience"},
		"WithAudience, one of two": {atConfig, jwt.WithAudience(atAudience, "https://other.example.com"), "Config.Audience"},
		"WithType(JWT)":            {atConfig, jwt.WithType("JWT"), "Config.AllowJWTType"},
		"WithType(at+jwt, JWT)":    {atConfig, jwt.WithType(accesstoken.Type, "JWT"), "Config.AllowJWTType"},
		"WithType(at+jwt), AllowJWTType": {
			accesstoken.Config{Issuer: atIssuer, Audience: atAudience, AllowJWTType: true}, jwt.WithType(accesstoken.Type), "Config.AllowJWTType",
		},
	}
	for name, c := range conflicting {
		_, err := accesstoken.NewVerifier(atKey.Public(), c.cfg, c.opt)
		if !errors.Is(err, jwt.ErrInvalidOption) || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: %v, want ErrInvalidOption naming %s", name, err, c.field)
		}
	}
	for name, opt := range map[string]jwt.Option{
		"WithIssuer, the same":       jwt.WithIssuer(atIssuer),
		"WithAudience, the same":     jwt.WithAudience(atAudience),
		"WithType, the same":         jwt.WithType(accesstoken.Type),
		"WithAllAudiences, stricter": jwt.WithAllAudiences("https://billing.example.com"),
		"WithSubject":                jwt.WithSubject("5ba552d67"),
	} {
		if _, err := accesstoken.NewVerifier(atKey.Public(), atConfig, opt); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
