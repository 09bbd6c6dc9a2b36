package jwk

import "github.com/jotlib/jwt/internal/keysource"

// The jwt package asks, at NewVerifier, whether a key source gives only
// keys fetched from a URL (WithAlgorithms naming only HS* can then verify
// nothing: RFC 7517 section 7) and which issuers it serves (WithIssuer
// naming another refuses every token: RFC 8725 section 3.8).
func init() {
	keysource.Published = func(key any) bool { return published(key, 0) }
	keysource.Issuers = servedIssuers
	keysource.Unusable = unusable
}

// unusable is the error a zero RemoteSet, Provider or Issuers gives when
// used (issue 20 item 6), so jwt.NewVerifier refuses it where it is
// given; nil for any other key. jwt refuses a nil pointer before asking.
func unusable(key any) error {
	switch k := key.(type) {
	case *RemoteSet:
		return k.usable()
	case *Provider:
		return k.usable()
	case *Issuers:
		return k.usable()
	}
	return nil
}

// maxNestedIssuers bounds published's walk through an *Issuers whose
// IssuerConfig.Keys is an *Issuers.
const maxNestedIssuers = 8

// published reports whether every key key gives is fetched from a URL: a
// RemoteSet or Provider made by its constructor, an Issuers all of whose
// issuers' keys are. A *Set may hold a secret; a caller's KeySet is
// unknown.
func published(key any, depth int) bool {
	switch k := key.(type) {
	case *RemoteSet:
		return k.usable() == nil
	case *Provider:
		return k.usable() == nil
	case *Issuers:
		if k.usable() != nil || len(k.order) == 0 || depth == maxNestedIssuers {
			return false
		}
		for _, e := range k.order {
			if e.provider == nil && !published(e.keys, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// servedIssuers returns the issuers a Provider or an Issuers serves; ok
// false for any other key source, or a zero one.
func servedIssuers(key any) ([]string, bool) {
	switch k := key.(type) {
	case *Provider:
		if k.usable() == nil {
			return []string{k.Issuer()}, true
		}
	case *Issuers:
		if all := k.Issuers(); len(all) > 0 {
			return all, true
		}
	}
	return nil, false
}
