//go:build !go1.27

package pemkey

// This file stands in for mldsa.go when the program is built with a Go
// older than 1.27, whose crypto/x509 reads no ML-DSA key and whose standard
// library has no crypto/mldsa: an ML-DSA key in PEM is recognised by its
// algorithm identifier (RFC 9881) and refused with ErrUnsupportedKey,
// saying that Go 1.27 is needed.

// mldsaAvailable reports whether this build reads ML-DSA keys.
const mldsaAvailable = false

// Kinds of key for mldsaKind.
const (
	notMLDSA = iota
	mldsaPublicKey
	mldsaPrivateKey
)

// mldsaKind tells ML-DSA keys from others: no key is one in this build.
func mldsaKind(any) int { return notMLDSA }

func checkMLDSA(any) error { return nil }

func describeMLDSA(any) string { return "an ML-DSA key" }
