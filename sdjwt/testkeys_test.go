package sdjwt_test

import (
	"crypto"
	"strings"
	"sync"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/keygen"
)

// testKeys holds one generated key per key type, shared by the tests that
// need a key of every algorithm and nothing else of it: RSA-2048
// generation is slow under -race, and three tests each made six.
var testKeys sync.Map // key type -> func() (crypto.Signer, error)

// privateKey is keygen.Private(alg, 0), generated once per key type per
// test binary: one RSA key for RS* and PS*, one Ed25519 key for EdDSA and
// Ed25519, one key per curve and per ML-DSA parameter set. Its error (an
// ML-DSA alg before Go 1.27) is keygen's.
func privateKey(alg jwt.Algorithm) (crypto.Signer, error) {
	typ := string(alg)
	switch {
	case strings.HasPrefix(typ, "RS"), strings.HasPrefix(typ, "PS"):
		typ = "RSA"
	case alg == jwt.EdDSA, alg == jwt.Ed25519:
		typ = "Ed25519"
	}
	f, _ := testKeys.LoadOrStore(typ, sync.OnceValues(func() (crypto.Signer, error) {
		return keygen.Private(alg, 0)
	}))
	return f.(func() (crypto.Signer, error))()
}
