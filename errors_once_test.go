package jwt_test

import (
	"errors"
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/internal/signing"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/pemkey"
)

// TestEveryPackagesErrorMatchesARootSentinel: errors are defined once. Each
// exported error of claims, signing, jwk, pemkey, accesstoken, idtoken and internal/claimrules matches one
// of the jwt package's sentinels with errors.Is, so a caller checks jwt.ErrX
// whichever package the error came from. The list is checked against the packages' sources,
// so a new error cannot be left out.
func TestEveryPackagesErrorMatchesARootSentinel(t *testing.T) {
	want := map[string]struct{ err, root error }{
		"internal/signing.ErrInvalidKey":          {signing.ErrInvalidKey, jwt.ErrInvalidKey},
		"internal/signing.ErrSignatureInvalid":    {signing.ErrSignatureInvalid, jwt.ErrSignatureInvalid},
		"internal/signing.ErrAlgorithmNotAllowed": {signing.ErrAlgorithmNotAllowed, jwt.ErrAlgorithmNotAllowed},
		"internal/signing.ErrSigningFailed":       {signing.ErrSigningFailed, jwt.ErrSigningFailed},
		"claims.ErrInvalidAudienceValue":          {claims.ErrInvalidAudienceValue, jwt.ErrTokenMalformed},
		"claims.ErrInvalidNumericDate":            {claims.ErrInvalidNumericDate, jwt.ErrTokenMalformed},
		"jwk.ErrInvalidKey":                       {jwk.ErrInvalidKey, jwt.ErrInvalidKey},
		"jwk.ErrWeakKey":                          {jwk.ErrWeakKey, jwt.ErrInvalidKey},
		"jwk.ErrUnsupportedKeyType":               {jwk.ErrUnsupportedKeyType, jwt.ErrInvalidKey},
		"jwk.ErrInvalidSet":                       {jwk.ErrInvalidSet, jwt.ErrInvalidKey},
		"jwk.ErrKeyNotFound":                      {jwk.ErrKeyNotFound, jwt.ErrInvalidKey},
		"jwk.ErrFetch":                            {jwk.ErrFetch, jwt.ErrInvalidKey},
		"jwk.ErrBodyTooLarge":                     {jwk.ErrBodyTooLarge, jwt.ErrInvalidKey},
		"jwk.ErrClosed":                           {jwk.ErrClosed, jwt.ErrInvalidKey},
		"jwk.ErrDiscoveryRefused":                 {jwk.ErrDiscoveryRefused, jwk.ErrFetch},
		"jwk.ErrInvalidOption":                    {jwk.ErrInvalidOption, jwt.ErrInvalidOption},
		"pemkey.ErrInvalidPEM":                    {pemkey.ErrInvalidPEM, jwt.ErrInvalidKey},
		"pemkey.ErrUnsupportedKey":                {pemkey.ErrUnsupportedKey, jwt.ErrInvalidKey},
		"pemkey.ErrWrongKeyType":                  {pemkey.ErrWrongKeyType, jwt.ErrInvalidKey},
		"accesstoken.ErrIDToken":                  {accesstoken.ErrIDToken, jwt.ErrInvalidType},
		"idtoken.ErrAccessToken":                  {idtoken.ErrAccessToken, jwt.ErrInvalidType},
		"idtoken.ErrInvalidNonce":                 {idtoken.ErrInvalidNonce, jwt.ErrTokenInvalidClaims},
		"idtoken.ErrInvalidAccessTokenHash":       {idtoken.ErrInvalidAccessTokenHash, jwt.ErrTokenInvalidClaims},
		"idtoken.ErrInvalidCodeHash":              {idtoken.ErrInvalidCodeHash, jwt.ErrTokenInvalidClaims},
		"idtoken.ErrInvalidAuthorizedParty":       {idtoken.ErrInvalidAuthorizedParty, jwt.ErrTokenInvalidClaims},
		// The claim rules' own error, reported by Parse and Sign.
		"internal/claimrules.ErrInvalidClaim": {claimrules.ErrInvalidClaim, jwt.ErrTokenMalformed},
	}
	for name, c := range want {
		if !errors.Is(c.err, c.root) {
			t.Errorf("%s does not match its root sentinel %v", name, c.root)
		}
	}
	// The claim rules' verdicts are the root sentinels themselves, defined
	// once in internal/sentinel.
	same := map[string]struct{ got, root error }{
		"ErrTokenInvalidClaims":    {sentinel.TokenInvalidClaims, jwt.ErrTokenInvalidClaims},
		"ErrTokenUsedBeforeIssued": {sentinel.TokenUsedBeforeIssued, jwt.ErrTokenUsedBeforeIssued},
		"ErrTokenExpired":          {sentinel.TokenExpired, jwt.ErrTokenExpired},
		"ErrTokenNotValidYet":      {sentinel.TokenNotValidYet, jwt.ErrTokenNotValidYet},
		"ErrInvalidAudience":       {sentinel.InvalidAudience, jwt.ErrInvalidAudience},
		"ErrInvalidIssuer":         {sentinel.InvalidIssuer, jwt.ErrInvalidIssuer},
		"ErrInvalidSubject":        {sentinel.InvalidSubject, jwt.ErrInvalidSubject},
		"ErrMissingClaim":          {sentinel.MissingClaim, jwt.ErrMissingClaim},
		"ErrTokenMalformed":        {sentinel.TokenMalformed, jwt.ErrTokenMalformed},
		"ErrInvalidOption":         {sentinel.InvalidOption, jwt.ErrInvalidOption},
	}
	for name, c := range same {
		if c.got != c.root {
			t.Errorf("jwt.%s is not internal/sentinel's value", name)
		}
	}
	if !errors.Is(accesstoken.ErrIDToken, jwt.ErrTokenInvalidClaims) {
		t.Error("accesstoken.ErrIDToken does not match ErrTokenInvalidClaims")
	}
	if !errors.Is(idtoken.ErrAccessToken, jwt.ErrTokenInvalidClaims) {
		t.Error("idtoken.ErrAccessToken does not match ErrTokenInvalidClaims")
	}
	for _, pkg := range []string{"internal/signing", "claims", "jwk", "internal/claimrules", "pemkey", "accesstoken", "idtoken"} {
		for _, name := range exportedErrorVars(t, pkg) {
			if _, ok := want[pkg+"."+name]; !ok {
				t.Errorf("%s.%s is not in this test's list: add it with the root sentinel it matches", pkg, name)
			}
		}
	}
}

// exportedErrorVars lists the package-level exported variables named Err*
// in the non-test sources of dir.
func exportedErrorVars(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	for _, f := range packageSources(t, dir) {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, spec := range g.Specs {
				for _, id := range spec.(*ast.ValueSpec).Names {
					if strings.HasPrefix(id.Name, "Err") {
						names = append(names, id.Name)
					}
				}
			}
		}
	}
	return names
}
