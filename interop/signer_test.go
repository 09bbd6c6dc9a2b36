package interop

import (
	"crypto"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
)

// opaqueSigner hides a private key behind crypto.Signer, the way a KMS or
// HSM client does: the library sees only Public and Sign (ECDSA signers
// return ASN.1 DER).
type opaqueSigner struct{ s crypto.Signer }

func (o opaqueSigner) Public() crypto.PublicKey { return o.s.Public() }
func (o opaqueSigner) Sign(r io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	return o.s.Sign(r, digest, opts)
}

// TestCryptoSignerTokensVerifyEverywhere: tokens signed through a
// crypto.Signer (RFC 7518 section 3.4: the DER ECDSA signature converted to
// r||s; section 3.5: PSS salt equal to the hash length) verify with every
// peer and with this library.
func TestCryptoSignerTokensVerifyEverywhere(t *testing.T) {
	for _, alg := range algorithms {
		if _, hmac := pairFor(t, alg).private.([]byte); hmac {
			continue // a secret has no crypto.Signer
		}
		t.Run(string(alg), func(t *testing.T) {
			kp := pairFor(t, alg)
			signer := opaqueSigner{kp.private.(crypto.Signer)}
			tok, err := jwt.Sign(alg, mapClaims(audArray), signer, jwt.WithKeyID("kms-1"))
			require.NoError(t, err)
			for _, p := range peers {
				got, kid, err := p.readMap(tok, alg, kp.public)
				require.NoError(t, err, p.name)
				assert.Equal(t, "kms-1", kid, p.name)
				want := canonical(mapClaims(audArray))
				assert.Equal(t, want, canonical(got), p.name)
			}
			_, err = jwt.Parse(tok, kp.public, jwt.WithAlgorithms(alg))
			assert.NoError(t, err)
		})
	}
}
