package jwk

import (
	"slices"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/signing"
)

// asymmetric lists the algorithms a key published by an identity provider
// may verify with: every supported one this build can use but the HMAC
// ones (a JWK Set is public: a secret in it is no secret).
func asymmetric() []jwt.Algorithm {
	var out []jwt.Algorithm
	for _, s := range signing.All() {
		if a := jwt.Algorithm(s); !isHMAC(a) && a.Available() {
			out = append(out, a)
		}
	}
	return out
}

// isHMAC reports an HS* algorithm (RFC 7518 section 3.2).
func isHMAC(a jwt.Algorithm) bool { return strings.HasPrefix(string(a), "HS") }

// providerAlgorithms seeds a Provider's ID-token algorithms from the
// document's "id_token_signing_alg_values_supported" (Discovery section 3:
// "JSON array containing a list of the JWS signing algorithms (alg values)
// supported by the OP for the ID Token"): those of asymmetric() it names,
// in our order; never "none" (Lookup does not know it) nor HS*. A document
// without the member (RFC 8414 metadata has none) gives nil (no list);
// one that names none of ours gives an empty, non-nil list: no ID token
// can be verified with the published keys (Discovery section 3: "RS256
// MUST be included"), so idtoken refuses them all, while the document and
// its keys still serve every other token (the list is for ID tokens only).
func providerAlgorithms(listed []string, present bool) []jwt.Algorithm {
	if !present {
		return nil
	}
	out := []jwt.Algorithm{}
	for _, a := range asymmetric() {
		if slices.Contains(listed, string(a)) {
			out = append(out, a)
		}
	}
	return out
}
