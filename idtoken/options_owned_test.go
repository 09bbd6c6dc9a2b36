package idtoken_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/idtoken"
)

// TestOIDCCore_3_1_3_7_ProfileRulesInOptsNeverSilentlyReplaced: the
// profile sets the issuer (step 2), the audience (step 3, the client id)
// and the "typ" rule itself; a jwt.WithIssuer, jwt.WithAudience or
// jwt.WithType in opts with another value would be replaced or outweighed
// without a word, so it is jwt.ErrInvalidOption naming the Config field to
// use (idtoken's "typ" rule has none). The same value is accepted.
func TestOIDCCore_3_1_3_7_ProfileRulesInOptsNeverSilentlyReplaced(t *testing.T) {
	cfg := idtoken.Config{Issuer: idIssuer, ClientID: idClient}
	for name, c := range map[string]struct {
		opt  jwt.Option
		want string
	}{
		"WithIssuer":    {jwt.WithIssuer("https://other.example.com"), "Config.Issuer"},
		"WithAudience":  {jwt.WithAudience("another-client"), "Config.ClientID"},
		"WithType":      {jwt.WithType("at+jwt"), `"typ"`},
		"WithType(JWT)": {jwt.WithType("JWT"), `"typ"`},
	} {
		_, err := idtoken.NewVerifier(idKey.Public(), cfg, c.opt)
		if !errors.Is(err, jwt.ErrInvalidOption) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrInvalidOption naming %s", name, err, c.want)
		}
	}
	for name, opt := range map[string]jwt.Option{
		"WithIssuer, the same":   jwt.WithIssuer(idIssuer),
		"WithAudience, the same": jwt.WithAudience(idClient),
		"WithType, the same":     jwt.WithType("", "JWT"),
	} {
		if _, err := idtoken.NewVerifier(idKey.Public(), cfg, opt); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
