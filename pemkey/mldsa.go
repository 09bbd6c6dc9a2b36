package pemkey

import (
	"github.com/jotlib/jwt/internal/mldsa"
	"github.com/jotlib/jwt/internal/signing"
)

// ML-DSA keys (FIPS 204; RFC 9881 for their PKCS#8 and SPKI forms) as Go
// 1.27's crypto/x509 reads and writes them: *mldsa.PrivateKey from a
// seed-only PKCS#8 "PRIVATE KEY", *mldsa.PublicKey from a "PUBLIC KEY" or a
// certificate. An older Go's crypto/x509 reads no ML-DSA key and its
// standard library has no crypto/mldsa (internal/mldsa, the one place that
// differs between Go versions): such a key is recognised by its algorithm
// identifier and refused with ErrUnsupportedKey saying that Go 1.27 is
// needed (mldsa_forms.go).

// mldsaAvailable reports whether this build reads ML-DSA keys.
const mldsaAvailable = mldsa.Available

// Kinds of key for mldsaKind.
const (
	notMLDSA        = mldsa.NotMLDSA
	mldsaPublicKey  = mldsa.Public
	mldsaPrivateKey = mldsa.Private
)

// mldsaKind tells an *mldsa.PublicKey or *mldsa.PrivateKey from any other
// key (every key, with a Go before 1.27).
func mldsaKind(key any) mldsa.Kind { return mldsa.KindOf(key) }

// checkMLDSA refuses a nil or zero ML-DSA key (whose methods would panic).
func checkMLDSA(key any) error {
	if _, _, _, err := signing.MLDSAKeyBytes(key); err != nil {
		return unsupportedf("incomplete %s", describeMLDSA(key)[len("an "):])
	}
	return nil
}

// describeMLDSA names an ML-DSA key for messages: "an ML-DSA-65 private
// key".
func describeMLDSA(key any) string {
	kind := "public"
	if mldsaKind(key) == mldsaPrivateKey {
		kind = "private"
	}
	alg, _, _, err := signing.MLDSAKeyBytes(key)
	if err != nil {
		return "an ML-DSA " + kind + " key"
	}
	return "an " + string(alg) + " " + kind + " key"
}
