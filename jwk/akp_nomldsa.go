//go:build !go1.27

package jwk

// isMLDSAGoKey reports whether key is a crypto/mldsa key: never, in a build
// with a Go older than 1.27, which has no crypto/mldsa.
func isMLDSAGoKey(any) bool { return false }
