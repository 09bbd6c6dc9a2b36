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
	"github.com/jotlib/jwt/clientauth"
	"github.com/jotlib/jwt/idtoken"
	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/sentinel"
	"github.com/jotlib/jwt/internal/signing"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/logout"
	"github.com/jotlib/jwt/pemkey"
	"github.com/jotlib/jwt/sdjwt"
	"github.com/jotlib/jwt/sdjwt/vc"
)

// TestEveryPackagesErrorMatchesARootSentinel: errors are defined once. Each
// exported error of claims, internal/signing (whose are the root's own),
// jwk, pemkey, accesstoken, idtoken and internal/claimrules matches one of
// the jwt package's sentinels with errors.Is, so a caller checks jwt.ErrX
// whichever package the error came from. The list is checked against the
// packages' sources, so a new error cannot be left out.
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
		"jwk.ErrIssuerMismatch":                   {jwk.ErrIssuerMismatch, jwk.ErrDiscoveryRefused},
		"jwk.ErrInvalidOption":                    {jwk.ErrInvalidOption, jwt.ErrInvalidOption},
		"pemkey.ErrInvalidPEM":                    {pemkey.ErrInvalidPEM, jwt.ErrInvalidKey},
		"pemkey.ErrUnsupportedKey":                {pemkey.ErrUnsupportedKey, jwt.ErrInvalidKey},
		"pemkey.ErrWrongKeyType":                  {pemkey.ErrWrongKeyType, jwt.ErrInvalidKey},
		"accesstoken.ErrIDToken":                  {accesstoken.ErrIDToken, jwt.ErrInvalidType},
		"idtoken.ErrAccessToken":                  {idtoken.ErrAccessToken, jwt.ErrInvalidType},
		"idtoken.ErrOtherKind":                    {idtoken.ErrOtherKind, jwt.ErrInvalidType},
		"idtoken.ErrInvalidNonce":                 {idtoken.ErrInvalidNonce, jwt.ErrTokenInvalidClaims},
		"idtoken.ErrInvalidAccessTokenHash":       {idtoken.ErrInvalidAccessTokenHash, jwt.ErrTokenInvalidClaims},
		"idtoken.ErrInvalidCodeHash":              {idtoken.ErrInvalidCodeHash, jwt.ErrTokenInvalidClaims},
		"idtoken.ErrInvalidAuthorizedParty":       {idtoken.ErrInvalidAuthorizedParty, jwt.ErrTokenInvalidClaims},
		"clientauth.ErrInvalidRequest":            {clientauth.ErrInvalidRequest, jwt.ErrTokenMalformed},
		"clientauth.ErrUnsupportedAssertionType":  {clientauth.ErrUnsupportedAssertionType, jwt.ErrTokenMalformed},
		"clientauth.ErrClientMismatch":            {clientauth.ErrClientMismatch, jwt.ErrTokenInvalidClaims},
		"clientauth.ErrAudience":                  {clientauth.ErrAudience, jwt.ErrInvalidAudience},
		"clientauth.ErrLifetime":                  {clientauth.ErrLifetime, jwt.ErrTokenInvalidClaims},
		"clientauth.ErrReplayed":                  {clientauth.ErrReplayed, jwt.ErrTokenInvalidClaims},
		"clientauth.ErrOtherKind":                 {clientauth.ErrOtherKind, jwt.ErrInvalidType},
		"clientauth.ErrUnknownClient":             {clientauth.ErrUnknownClient, jwt.ErrInvalidKey},
		"logout.ErrNotLogoutToken":                {logout.ErrNotLogoutToken, jwt.ErrInvalidType},
		"logout.ErrNoncePresent":                  {logout.ErrNoncePresent, jwt.ErrTokenInvalidClaims},
		"logout.ErrNoSubjectOrSession":            {logout.ErrNoSubjectOrSession, jwt.ErrMissingClaim},
		"logout.ErrReplayed":                      {logout.ErrReplayed, jwt.ErrTokenInvalidClaims},
		"logout.ErrInvalidHandler":                {logout.ErrInvalidHandler, jwt.ErrInvalidOption},
		"logout.ErrInvalidRequest":                {logout.ErrInvalidRequest, jwt.ErrTokenMalformed},
		"sdjwt.ErrUnsupportedHashAlg":             {sdjwt.ErrUnsupportedHashAlg, jwt.ErrTokenMalformed},
		"sdjwt.ErrInvalidDisclosure":              {sdjwt.ErrInvalidDisclosure, jwt.ErrTokenMalformed},
		"sdjwt.ErrInvalidFormat":                  {sdjwt.ErrInvalidFormat, jwt.ErrTokenMalformed},
		"sdjwt.ErrInvalidPayload":                 {sdjwt.ErrInvalidPayload, jwt.ErrTokenMalformed},
		"sdjwt.ErrInvalidSDPayload":               {sdjwt.ErrInvalidSDPayload, jwt.ErrTokenMalformed},
		"sdjwt.ErrDigestRepeated":                 {sdjwt.ErrDigestRepeated, jwt.ErrTokenMalformed},
		"sdjwt.ErrDisclosureUnused":               {sdjwt.ErrDisclosureUnused, jwt.ErrTokenMalformed},
		"sdjwt.ErrDisclosureMismatch":             {sdjwt.ErrDisclosureMismatch, jwt.ErrTokenMalformed},
		"sdjwt.ErrReservedClaimName":              {sdjwt.ErrReservedClaimName, jwt.ErrTokenMalformed},
		"sdjwt.ErrClaimNameClash":                 {sdjwt.ErrClaimNameClash, jwt.ErrTokenMalformed},
		"sdjwt.ErrMustNotBeDisclosed":             {sdjwt.ErrMustNotBeDisclosed, jwt.ErrTokenInvalidClaims},
		"sdjwt.ErrLimitExceeded":                  {sdjwt.ErrLimitExceeded, jwt.ErrTokenMalformed},
		"sdjwt.ErrKeyBindingMissing":              {sdjwt.ErrKeyBindingMissing, jwt.ErrTokenInvalidClaims},
		"sdjwt.ErrKeyBindingUnexpected":           {sdjwt.ErrKeyBindingUnexpected, jwt.ErrTokenMalformed},
		"sdjwt.ErrKeyBindingInvalid":              {sdjwt.ErrKeyBindingInvalid, jwt.ErrTokenInvalidClaims},
		"sdjwt.ErrSDHashMismatch":                 {sdjwt.ErrSDHashMismatch, jwt.ErrTokenInvalidClaims},
		"sdjwt.ErrNonceMismatch":                  {sdjwt.ErrNonceMismatch, jwt.ErrTokenInvalidClaims},
		"sdjwt.ErrHolderKey":                      {sdjwt.ErrHolderKey, jwt.ErrInvalidKey},
		"sdjwt.ErrPathNotFound":                   {sdjwt.ErrPathNotFound, jwt.ErrInvalidOption},
		"sdjwt/vc.ErrInvalidType":                 {vc.ErrInvalidType, jwt.ErrInvalidType},
		"sdjwt/vc.ErrMissingVct":                  {vc.ErrMissingVct, jwt.ErrMissingClaim},
		"sdjwt/vc.ErrInvalidClaim":                {vc.ErrInvalidClaim, jwt.ErrTokenInvalidClaims},
		"sdjwt/vc.ErrClaimDisclosed":              {vc.ErrClaimDisclosed, jwt.ErrTokenInvalidClaims},
		"sdjwt/vc.ErrVctNotAllowed":               {vc.ErrVctNotAllowed, jwt.ErrTokenInvalidClaims},
		"sdjwt/vc.ErrIntegrity":                   {vc.ErrIntegrity, jwt.ErrTokenInvalidClaims},
		"sdjwt/vc.ErrIssuerNotAllowed":            {vc.ErrIssuerNotAllowed, jwt.ErrInvalidIssuer},
		"sdjwt/vc.ErrMetadata":                    {vc.ErrMetadata, jwt.ErrInvalidKey},
		"sdjwt/vc.ErrMetadataRefused":             {vc.ErrMetadataRefused, jwt.ErrInvalidKey},
		"sdjwt/vc.ErrInvalidOption":               {vc.ErrInvalidOption, jwt.ErrInvalidOption},
		// The claim rules' own error, reported by Parse and Sign.
		"internal/claimrules.ErrInvalidClaim": {claimrules.ErrInvalidClaim, jwt.ErrTokenMalformed},
	}
	for name, c := range want {
		if !errors.Is(c.err, c.root) {
			t.Errorf("%s does not match its root sentinel %v", name, c.root)
		}
		if strings.HasPrefix(name, "internal/signing.") && c.err != c.root {
			t.Errorf("%s is not the root's sentinel itself", name)
		}
	}
	if !errors.Is(accesstoken.ErrIDToken, jwt.ErrTokenInvalidClaims) {
		t.Error("accesstoken.ErrIDToken does not match ErrTokenInvalidClaims")
	}
	if !errors.Is(idtoken.ErrAccessToken, jwt.ErrTokenInvalidClaims) {
		t.Error("idtoken.ErrAccessToken does not match ErrTokenInvalidClaims")
	}
	for _, pkg := range []string{"internal/signing", "claims", "jwk", "internal/claimrules", "pemkey", "accesstoken", "idtoken", "clientauth", "logout", "sdjwt", "sdjwt/vc"} {
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

// rootSentinels are the jwt package's exported errors by name; the test
// below checks the map against the package's sources.
var rootSentinels = map[string]error{
	"ErrTokenMalformed": jwt.ErrTokenMalformed, "ErrTokenTooLarge": jwt.ErrTokenTooLarge, "ErrEncoding": jwt.ErrEncoding,
	"ErrSignatureInvalid": jwt.ErrSignatureInvalid, "ErrAlgorithmNotAllowed": jwt.ErrAlgorithmNotAllowed,
	"ErrInvalidKey": jwt.ErrInvalidKey, "ErrSigningFailed": jwt.ErrSigningFailed,
	"ErrTokenInvalidClaims": jwt.ErrTokenInvalidClaims, "ErrTokenExpired": jwt.ErrTokenExpired,
	"ErrTokenNotValidYet": jwt.ErrTokenNotValidYet, "ErrTokenUsedBeforeIssued": jwt.ErrTokenUsedBeforeIssued,
	"ErrInvalidAudience": jwt.ErrInvalidAudience, "ErrInvalidIssuer": jwt.ErrInvalidIssuer,
	"ErrInvalidSubject": jwt.ErrInvalidSubject, "ErrMissingClaim": jwt.ErrMissingClaim,
	"ErrInvalidType": jwt.ErrInvalidType, "ErrInvalidOption": jwt.ErrInvalidOption,
}

// TestRootSentinels_OneOrderedList: internal/sentinel.Ordered, the list the
// observer, the corpus and the jwt command classify errors with, holds every
// exported error of the jwt package once, as the value jwt exports, a child
// before its parent (ErrTokenTooLarge before ErrTokenMalformed, the claim
// rules before ErrTokenInvalidClaims). A new jwt.Err* left out fails here.
func TestRootSentinels_OneOrderedList(t *testing.T) {
	inSource := exportedErrorVars(t, ".")
	for _, name := range inSource {
		if _, ok := rootSentinels[name]; !ok {
			t.Errorf("jwt.%s is not in this test's map: add it, and to internal/sentinel.Ordered", name)
		}
	}
	if len(inSource) != len(rootSentinels) {
		t.Errorf("jwt exports %d errors, this test names %d", len(inSource), len(rootSentinels))
	}
	seen := map[string]bool{}
	for i, s := range sentinel.Ordered {
		if seen[s.Name] {
			t.Errorf("%s is listed twice", s.Name)
		}
		seen[s.Name] = true
		if root, ok := rootSentinels[s.Name]; !ok || s.Err != root {
			t.Errorf("Ordered[%d] %s is not jwt.%s", i, s.Name, s.Name)
		}
		for _, later := range sentinel.Ordered[i+1:] {
			if errors.Is(later.Err, s.Err) {
				t.Errorf("%s matches %s but comes after it: it would never be chosen", later.Name, s.Name)
			}
		}
	}
	for name := range rootSentinels {
		if !seen[name] {
			t.Errorf("jwt.%s is not in internal/sentinel.Ordered", name)
		}
	}
}

// TestSentinels_DeclaredAsError: every exported Err* variable of a public
// package is declared with the type error, so go doc shows error and no
// caller sees an internal type (issue 22 item 4).
func TestSentinels_DeclaredAsError(t *testing.T) {
	for _, dir := range publicPackages {
		for _, f := range packageSources(t, dir) {
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.VAR {
					continue
				}
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					typ, _ := vs.Type.(*ast.Ident)
					for _, id := range vs.Names {
						if strings.HasPrefix(id.Name, "Err") && (typ == nil || typ.Name != "error") {
							t.Errorf("%s.%s is not declared with type error", dir, id.Name)
						}
					}
				}
			}
		}
	}
}
