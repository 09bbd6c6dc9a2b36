package idtoken

import "github.com/jotlib/jwt/internal/discoveredalgs"

// withDiscoveredAlgorithms returns key wrapped so that, when it knows its
// provider's id_token_signing_alg_values_supported (a *jwk.Provider, a
// *jwk.Issuers for issuer), a token whose "alg" is not in a non-nil list
// is refused before its signature is checked (OpenID Connect Discovery 1.0
// section 3; internal/discoveredalgs, shared with logout). Any other key
// is returned as it is.
func withDiscoveredAlgorithms(key any, issuer string) any {
	return discoveredalgs.Wrap(key, issuer, "idtoken")
}
