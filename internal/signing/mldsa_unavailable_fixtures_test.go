//go:build !go1.27

package signing_test

import "github.com/jotlib/jwt/internal/signing"

// Before Go 1.27 there are no ML-DSA keys (crypto/mldsa is missing).

func mldsaKeyFor(signing.Algorithm) any { return nil }

func mldsaBindingKeys() []bindingRow { return nil }
