package interop

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/signing"
)

// rsaKey builds an RSA private key from JWK members (RFC 7518 section 6.3).
func rsaKey(t *testing.T, n, e, d, p, q string) *rsa.PrivateKey {
	t.Helper()
	num := func(s string) *big.Int { return new(big.Int).SetBytes(mustDecode(s)) }
	k := &rsa.PrivateKey{
		PublicKey: rsa.PublicKey{N: num(n), E: int(num(e).Int64())},
		D:         num(d),
		Primes:    []*big.Int{num(p), num(q)},
	}
	require.NoError(t, k.Validate())
	k.Precompute()
	return k
}

// ecKey builds an ECDSA private key from JWK members (RFC 7518 section
// 6.2) and checks that d's public point is (x, y).
func ecKey(t *testing.T, c elliptic.Curve, x, y, d string) *ecdsa.PrivateKey {
	t.Helper()
	k, err := ecdsa.ParseRawPrivateKey(c, mustDecode(d))
	require.NoError(t, err)
	pub, err := ecdsa.ParseUncompressedPublicKey(c, append(append([]byte{4}, mustDecode(x)...), mustDecode(y)...))
	require.NoError(t, err)
	require.True(t, pub.Equal(&k.PublicKey), "x, y do not match d")
	return k
}

// signatureVector is a published compact JWS checked at the signature
// layer (package signing), since not every payload is a JSON claims set.
type signatureVector struct {
	name  string
	alg   jwt.Algorithm
	token string
	pub   any
	// priv, when set, must reproduce the published signature exactly
	// (deterministic algorithms: HMAC, RSASSA-PKCS1-v1_5, Ed25519).
	priv any
	kid  string
}

func signatureVectors(t *testing.T) []signatureVector {
	a2 := rsaKey(t, rfc7515A2N, rfc7515A2E, rfc7515A2D, rfc7515A2P, rfc7515A2Q)
	a3 := ecKey(t, elliptic.P256(), rfc7515A3X, rfc7515A3Y, rfc7515A3D)
	a4 := ecKey(t, elliptic.P521(), rfc7515A4X, rfc7515A4Y, rfc7515A4D)
	ed := ed25519.NewKeyFromSeed(mustDecode(rfc8037D))
	require.Equal(t, mustDecode(rfc8037X), []byte(ed.Public().(ed25519.PublicKey)), "RFC 8037 A.2: x is the public key of d")
	bilbo := rsaKey(t, rfc7520RSAN, rfc7520RSAE, rfc7520RSAD, rfc7520RSAP, rfc7520RSAQ)
	bilboEC := ecKey(t, elliptic.P521(), rfc7520ECX, rfc7520ECY, rfc7520ECD)
	mac := mustDecode(rfc7520MACKey)
	const bilboKid = "bilbo.baggins@hobbiton.example"
	return []signatureVector{
		{"RFC 7515 A.1 HS256", jwt.HS256, rfc7515A1Token, mustDecode(rfc7515A1Key), mustDecode(rfc7515A1Key), ""},
		{"RFC 7515 A.2 RS256", jwt.RS256, rfc7515A2Token, &a2.PublicKey, a2, ""},
		{"RFC 7515 A.3 ES256", jwt.ES256, rfc7515A3Token, &a3.PublicKey, nil, ""},
		{"RFC 7515 A.4 ES512", jwt.ES512, rfc7515A4Token, &a4.PublicKey, nil, ""},
		{"RFC 8037 A.4 EdDSA", jwt.EdDSA, rfc8037Token, ed.Public(), ed, ""},
		{"RFC 7520 4.1 RS256", jwt.RS256, rfc7520Sec41, &bilbo.PublicKey, bilbo, bilboKid},
		{"RFC 7520 4.2 PS384", jwt.PS384, rfc7520Sec42, &bilbo.PublicKey, nil, bilboKid},
		{"RFC 7520 4.3 ES512", jwt.ES512, rfc7520Sec43, &bilboEC.PublicKey, nil, bilboKid},
		{"RFC 7520 4.4 HS256", jwt.HS256, rfc7520Sec44, mac, mac, "018c0ae5-4d9b-471b-bfd6-eef314bc7037"},
	}
}

// TestPublishedSignaturesVerify: the published examples of RFC 7515
// appendix A, RFC 8037 appendix A and RFC 7520 section 4 verify through
// package signing; deterministic ones are reproduced byte for byte; one
// flipped signature bit is refused.
func TestPublishedSignaturesVerify(t *testing.T) {
	for _, v := range signatureVectors(t) {
		t.Run(v.name, func(t *testing.T) {
			dot := strings.LastIndexByte(v.token, '.')
			input, sig := []byte(v.token[:dot]), mustDecode(v.token[dot+1:])
			vk, err := signing.NewVerifyingKey(v.pub)
			require.NoError(t, err)
			require.NoError(t, vk.Verify(signing.Algorithm(v.alg), input, sig))

			bad := append([]byte(nil), sig...)
			bad[len(bad)/2] ^= 1
			assert.ErrorIs(t, vk.Verify(signing.Algorithm(v.alg), input, bad), signing.ErrSignatureInvalid)

			if v.priv != nil {
				sk, err := signing.NewSigningKey(signing.Algorithm(v.alg), v.priv)
				require.NoError(t, err)
				got, err := sk.AppendSign(nil, input)
				require.NoError(t, err)
				assert.Equal(t, v.token[dot+1:], b64.EncodeToString(got), "signature differs from the published one")
			}
		})
	}
}

// TestPublishedTokensThroughParse: the same examples through jwt.Parse with
// a KeyFunc. Those with JSON claims (RFC 7515 A.1–A.3) verify and read;
// the others pass the header, key and signature steps and stop at the
// payload, which is not a JSON object (ErrTokenMalformed, never
// ErrSignatureInvalid).
func TestPublishedTokensThroughParse(t *testing.T) {
	before := func() time.Time { return time.Unix(1300819380-60, 0) } // a minute before the examples' exp
	for _, v := range signatureVectors(t) {
		t.Run(v.name, func(t *testing.T) {
			var seen *jwt.Header
			keyFunc := jwt.KeyFunc(func(h *jwt.Header) (any, error) {
				seen = h
				return v.pub, nil
			})
			for _, e := range encoders {
				tk, err := jwt.Parse(v.token, keyFunc, jwt.WithTimeFunc(before), jwt.WithEncoder(e.enc))
				require.NotNil(t, seen, "key func not called")
				assert.Equal(t, string(v.alg), seen.Algorithm)
				assert.Equal(t, v.kid, seen.KeyID)
				if strings.Contains(v.token, rfc7515Payload) {
					require.NoError(t, err)
					claims := tk.Claims.(map[string]any)
					assert.Equal(t, "joe", claims["iss"])
					assert.Equal(t, float64(1300819380), claims["exp"])
					assert.Equal(t, true, claims["http://example.com/is_root"])
					_, err = jwt.Parse(v.token, keyFunc, jwt.WithEncoder(e.enc))
					assert.ErrorIs(t, err, jwt.ErrTokenExpired, "exp 1300819380 is in the past")
					continue
				}
				assert.ErrorIs(t, err, jwt.ErrTokenMalformed)
				assert.NotErrorIs(t, err, jwt.ErrSignatureInvalid)
			}
		})
	}
}
