// Package keysource lets package jwt ask, at NewVerifier, what a key source
// of package jwk knows about itself, though jwt cannot import jwk (jwk
// imports jwt): jwk fills the registry in its init. A nil entry (jwk not
// linked in) knows nothing, and no check is made.
package keysource

// Published, set by package jwk, reports whether every key key gives is
// fetched from a URL (a *jwk.RemoteSet, a *jwk.Provider, a *jwk.Issuers
// whose issuers' keys all are): public keys, never an HMAC secret (RFC
// 7517 section 7: a secret a URL serves is published), so an HS* token
// never verifies with them. A *jwk.Set (it may hold a secret), a caller's
// own KeySet, or anything else is not.
var Published func(key any) bool

// Issuers, set by package jwk, returns the issuers ("iss" values, RFC 7519
// section 4.1.1) a key source serves when it is bound to issuers (a
// *jwk.Provider its issuer, a *jwk.Issuers its configured ones), ok false
// otherwise. A token of any other issuer is refused by it (RFC 8725
// section 3.8).
var Issuers func(key any) (issuers []string, ok bool)

// Unusable, set by package jwk, returns the error a key source of jwk
// that cannot serve any key gives when used (a zero RemoteSet, Provider or
// Issuers, not made by its constructor), nil for any other key: jwt
// refuses it where it is given, as it refuses a nil pointer.
var Unusable func(key any) error

// UnusableErr returns Unusable(key) for the key key wraps; nil when jwk
// did not set Unusable.
func UnusableErr(key any) error {
	if Unusable == nil {
		return nil
	}
	return Unusable(Unwrap(key))
}

// Wrapper is a key source wrapping another (idtoken's filter of the
// discovered ID-token algorithms): the checks look at the one it wraps.
type Wrapper interface {
	WrappedKeySource() any
}

// maxWrappers bounds Unwrap, so wrappers in a cycle end.
const maxWrappers = 8

// Unwrap returns the key source key wraps (through Wrapper, at most
// maxWrappers deep), or key itself.
func Unwrap(key any) any {
	for range maxWrappers {
		w, ok := key.(Wrapper)
		if !ok {
			return key
		}
		key = w.WrappedKeySource()
	}
	return key
}

// IsPublished reports Published(key) for the key key wraps; false when jwk
// did not set Published.
func IsPublished(key any) bool {
	return Published != nil && Published(Unwrap(key))
}

// IssuersOf returns Issuers(key) for the key key wraps; ok false when jwk
// did not set Issuers.
func IssuersOf(key any) ([]string, bool) {
	if Issuers == nil {
		return nil, false
	}
	return Issuers(Unwrap(key))
}
