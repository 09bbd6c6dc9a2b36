package interop

import (
	"crypto"
	"encoding/pem"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
)

// TestPEMKeysAsUsersHoldThem: keys read with encoding/pem and crypto/x509
// from the files users have — PKCS#1 "RSA PRIVATE KEY" and "RSA PUBLIC
// KEY", PKCS#8 "PRIVATE KEY", SEC 1 "EC PRIVATE KEY", SPKI "PUBLIC KEY" —
// go straight into Sign and Parse (x509 returns them as any), for every
// algorithm their type allows; and a token signed with one form verifies
// with the other forms and through each peer.
func TestPEMKeysAsUsersHoldThem(t *testing.T) {
	rsaAlgs := []jwt.Algorithm{jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512}
	tests := []struct {
		name     string
		privates []string // PEM files of the same private key
		publics  []string // PEM files of its public key
		algs     []jwt.Algorithm
	}{
		{"RSA 2048", []string{"rsa2048.pkcs1.pem", "rsa2048.pkcs8.pem"}, []string{"rsa2048.spki.pem", "rsa2048.pkcs1pub.pem"}, rsaAlgs},
		{"EC P-256", []string{"ec-p256.sec1.pem", "ec-p256.pkcs8.pem"}, []string{"ec-p256.spki.pem"}, []jwt.Algorithm{jwt.ES256}},
		{"EC P-384", []string{"ec-p384.sec1.pem", "ec-p384.pkcs8.pem"}, []string{"ec-p384.spki.pem"}, []jwt.Algorithm{jwt.ES384}},
		{"EC P-521", []string{"ec-p521.sec1.pem", "ec-p521.pkcs8.pem"}, []string{"ec-p521.spki.pem"}, []jwt.Algorithm{jwt.ES512}},
		{"Ed25519", []string{"ed25519.pkcs8.pem"}, []string{"ed25519.spki.pem"}, []jwt.Algorithm{jwt.EdDSA, jwt.Ed25519}},
	}
	load := func(t *testing.T, name string, parse func(*pem.Block) (any, error)) any {
		block, err := readPEM(name)
		require.NoError(t, err)
		k, err := parse(block)
		require.NoError(t, err, name)
		return k
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var privs, pubs []any
			for _, f := range tc.privates {
				privs = append(privs, load(t, f, parsePrivatePEM))
			}
			for _, f := range tc.publics {
				pubs = append(pubs, load(t, f, parsePublicPEM))
			}
			for i, priv := range privs {
				for _, alg := range tc.algs {
					tok, err := jwt.Sign(alg, mapClaims(audArray), priv, jwt.WithKeyID(tc.privates[i]))
					require.NoError(t, err, "%s with %s", alg, tc.privates[i])
					verifiers := append(append([]any{}, pubs...), privs...) // private keys verify too
					for j, key := range verifiers {
						tk, err := jwt.Parse(tok, key, jwt.WithAlgorithms(alg))
						require.NoError(t, err, "%s signed with %s, verified with key %d", alg, tc.privates[i], j)
						assert.Equal(t, tc.privates[i], tk.Header.KeyID)
					}
					if alg == jwt.Ed25519 {
						continue // the fully-specified name is not known to every peer
					}
					for _, p := range peers {
						_, kid, err := p.readMap(tok, alg, pubs[0].(crypto.PublicKey))
						require.NoError(t, err, "%s reads %s signed with %s", p.name, alg, tc.privates[i])
						assert.Equal(t, tc.privates[i], kid)
					}
				}
			}
		})
	}
}

// TestWeakPEMKeysRefused: a 1024-bit RSA key read from PKCS#8 PEM is
// refused for signing and verifying (RFC 7518 section 3.3: "A key of size
// 2048 bits or larger MUST be used"), and a public key cannot sign.
func TestWeakPEMKeysRefused(t *testing.T) {
	block, err := readPEM("rsa1024.pkcs8.pem")
	require.NoError(t, err)
	weak, err := parsePrivatePEM(block)
	require.NoError(t, err)
	_, err = jwt.NewSigner(jwt.RS256, weak)
	assert.ErrorIs(t, err, jwt.ErrInvalidKey)
	_, err = jwt.NewVerifier(weak)
	assert.ErrorIs(t, err, jwt.ErrInvalidKey)

	block, err = readPEM("ec-p256.spki.pem")
	require.NoError(t, err)
	pub, err := parsePublicPEM(block)
	require.NoError(t, err)
	_, err = jwt.NewSigner(jwt.ES256, pub)
	assert.ErrorIs(t, err, jwt.ErrInvalidKey, "a public key cannot sign")
}
