//go:build go1.27

package signing_test

import (
	"crypto/mldsa"
	"sync"

	"github.com/jotlib/jwt/internal/signing"
)

// mlKeys are ML-DSA keys generated once per test binary: one per parameter
// set, and a second ML-DSA-65 key.
type mlKeys struct {
	k44, k65, k87, k65b *mldsa.PrivateKey
}

var mldsaKeys = sync.OnceValue(func() *mlKeys {
	gen := func(p mldsa.Parameters) *mldsa.PrivateKey {
		k, err := mldsa.GenerateKey(p)
		if err != nil {
			panic(err)
		}
		return k
	}
	return &mlKeys{
		k44:  gen(mldsa.MLDSA44()),
		k65:  gen(mldsa.MLDSA65()),
		k87:  gen(mldsa.MLDSA87()),
		k65b: gen(mldsa.MLDSA65()),
	}
})

// mldsaKeyFor returns the ML-DSA private key for alg, or nil.
func mldsaKeyFor(alg signing.Algorithm) any {
	k := mldsaKeys()
	switch alg {
	case signing.MLDSA44:
		return k.k44
	case signing.MLDSA65:
		return k.k65
	case signing.MLDSA87:
		return k.k87
	}
	return nil
}

// mldsaBindingKeys are the ML-DSA rows of bindingKeys: each key, public,
// private or behind a crypto.Signer, verifies the one algorithm of its
// parameter set.
func mldsaBindingKeys() []bindingRow {
	k := mldsaKeys()
	var rows []bindingRow
	for _, c := range []struct {
		alg  signing.Algorithm
		priv *mldsa.PrivateKey
	}{{signing.MLDSA44, k.k44}, {signing.MLDSA65, k.k65}, {signing.MLDSA87, k.k87}} {
		only := []signing.Algorithm{c.alg}
		rows = append(rows,
			bindingRow{"*mldsa.PublicKey " + string(c.alg), c.priv.PublicKey(), only, false},
			bindingRow{"*mldsa.PrivateKey " + string(c.alg), c.priv, only, true},
			bindingRow{"crypto.Signer (" + string(c.alg) + ")", &kmsSigner{inner: c.priv}, only, true},
		)
	}
	return rows
}
