//go:build go1.27

package interop

import (
	"bytes"
	"crypto"
	"crypto/mldsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"strings"
	"testing"

	circlsign "github.com/cloudflare/circl/sign"
	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"
	jwa4 "github.com/lestrrat-go/jwx/v4/jwa"
	jwk4 "github.com/lestrrat-go/jwx/v4/jwk"
	jws4 "github.com/lestrrat-go/jwx/v4/jws"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/signing"
)

// ML-DSA (RFC 9964) interop, with Go 1.27's crypto/mldsa on our side:
//   - cloudflare/circl's ML-DSA, an implementation of FIPS 204 that shares no
//     code with the standard library's, around which tokens are built by
//     hand (circl has no JOSE layer), and which also serves as a KMS-style
//     crypto.Signer behind jwt.Sign;
//   - lestrrat-go/jwx v4 (v4.5.0, the newest served release that builds with
//     Go 1.26.x; its ML-DSA is crypto/mldsa too, so this checks the JOSE
//     layer: header, signing input, encoding, AKP keys).

var mldsaCases = []struct {
	alg    jwt.Algorithm
	params mldsa.Parameters
	circl  circlsign.Scheme
	jwx    jwa4.SignatureAlgorithm
}{
	{jwt.MLDSA44, mldsa.MLDSA44(), mldsa44.Scheme(), jwa4.MLDSA44()},
	{jwt.MLDSA65, mldsa.MLDSA65(), mldsa65.Scheme(), jwa4.MLDSA65()},
	{jwt.MLDSA87, mldsa.MLDSA87(), mldsa87.Scheme(), jwa4.MLDSA87()},
}

// mldsaClaims are the claims of every ML-DSA token here.
func mldsaClaims() map[string]any {
	return map[string]any{"iss": "https://pq.example", "sub": "alice", "aud": "api", "exp": float64(4102444800)}
}

// circlToken builds a compact JWS by hand with circl: header and claims
// base64url, the signature ML-DSA over the signing input with the empty
// context (RFC 9964 section 4), randomized (hedged) or deterministic.
func circlToken(t *testing.T, scheme circlsign.Scheme, sk circlsign.PrivateKey, alg jwt.Algorithm, randomized bool) string {
	t.Helper()
	b64 := base64.RawURLEncoding
	claims, err := json.Marshal(mldsaClaims())
	require.NoError(t, err)
	input := b64.EncodeToString([]byte(`{"alg":"`+string(alg)+`","typ":"JWT"}`)) + "." + b64.EncodeToString(claims)
	var sig []byte
	if randomized {
		sig = scheme.Sign(sk, []byte(input), &circlsign.SignatureOpts{})
	} else {
		sig = circlSignDeterministic(t, scheme, sk, []byte(input))
	}
	require.Len(t, sig, scheme.SignatureSize())
	return input + "." + b64.EncodeToString(sig)
}

// circlSignDeterministic signs with circl's deterministic variant.
func circlSignDeterministic(t *testing.T, scheme circlsign.Scheme, sk circlsign.PrivateKey, msg []byte) []byte {
	t.Helper()
	sig := make([]byte, scheme.SignatureSize())
	var err error
	switch k := sk.(type) {
	case *mldsa44.PrivateKey:
		err = mldsa44.SignTo(k, msg, nil, false, sig)
	case *mldsa65.PrivateKey:
		err = mldsa65.SignTo(k, msg, nil, false, sig)
	case *mldsa87.PrivateKey:
		err = mldsa87.SignTo(k, msg, nil, false, sig)
	default:
		t.Fatalf("circl key %T", sk)
	}
	require.NoError(t, err)
	return sig
}

// circlVerify checks a compact JWS's signature with circl, empty context.
func circlVerify(scheme circlsign.Scheme, pk circlsign.PublicKey, token string, ctx string) bool {
	i := strings.LastIndexByte(token, '.')
	sig, err := base64.RawURLEncoding.Strict().DecodeString(token[i+1:])
	if err != nil {
		return false
	}
	return scheme.Verify(pk, []byte(token[:i]), sig, &circlsign.SignatureOpts{Context: ctx})
}

// circlSigner is a KMS-style crypto.Signer around a circl key: Public is
// the *mldsa.PublicKey of the same key bytes, Sign is circl's (the
// message itself, the context taken from *mldsa.Options).
type circlSigner struct {
	scheme circlsign.Scheme
	sk     circlsign.PrivateKey
	pub    *mldsa.PublicKey
	opts   []crypto.SignerOpts
}

func (s *circlSigner) Public() crypto.PublicKey { return s.pub }

func (s *circlSigner) Sign(_ io.Reader, msg []byte, opts crypto.SignerOpts) ([]byte, error) {
	s.opts = append(s.opts, opts)
	ctx := ""
	if o, ok := opts.(*mldsa.Options); ok {
		ctx = o.Context
	}
	return s.scheme.Sign(s.sk, msg, &circlsign.SignatureOpts{Context: ctx}), nil
}

// TestMLDSA_CirclKeysFromTheSeed: the 32-byte seed an AKP "priv" holds
// (RFC 9964 section 3) gives the same public key in circl and through
// signing.NewMLDSAPrivateKey, and deterministic signatures are the same
// bytes in both implementations.
func TestMLDSA_CirclKeysFromTheSeed(t *testing.T) {
	for _, tc := range mldsaCases {
		t.Run(string(tc.alg), func(t *testing.T) {
			for _, seed := range [][]byte{make([]byte, 32), bytes.Repeat([]byte{0xa7}, 32), sha256.New().Sum(nil)} {
				cpk, csk := tc.circl.DeriveKey(seed)
				cpub, err := cpk.MarshalBinary()
				require.NoError(t, err)
				priv, err := signing.NewMLDSAPrivateKey(signing.Algorithm(tc.alg), seed)
				require.NoError(t, err)
				alg, pub, gotSeed, err := signing.MLDSAKeyBytes(priv)
				require.NoError(t, err)
				assert.Equal(t, tc.alg, jwt.Algorithm(alg))
				assert.Equal(t, seed, gotSeed)
				require.Equal(t, cpub, pub, "public key from the seed")
				msg := []byte("eyJhbGciOiJNTC1EU0EifQ.e30")
				ours, err := priv.(*mldsa.PrivateKey).SignDeterministic(msg, nil)
				require.NoError(t, err)
				assert.Equal(t, circlSignDeterministic(t, tc.circl, csk, msg), ours, "deterministic signatures")
			}
		})
	}
}

// TestMLDSA_CirclTokensVerifyWithUs: tokens signed by circl (hedged and
// deterministic) verify with jwt.Parse and the public key decoded from
// circl's encoding; a bit flip, a truncated signature, a relabeled header
// and a key of another parameter set are refused with the right error.
func TestMLDSA_CirclTokensVerifyWithUs(t *testing.T) {
	for _, tc := range mldsaCases {
		t.Run(string(tc.alg), func(t *testing.T) {
			cpk, csk, err := tc.circl.GenerateKey()
			require.NoError(t, err)
			cpub, _ := cpk.MarshalBinary()
			pub, err := signing.NewMLDSAPublicKey(signing.Algorithm(tc.alg), cpub)
			require.NoError(t, err)
			for _, randomized := range []bool{true, false} {
				tok := circlToken(t, tc.circl, csk, tc.alg, randomized)
				got, err := jwt.Parse(tok, pub, jwt.WithAlgorithms(tc.alg))
				require.NoError(t, err, "randomized=%v", randomized)
				assert.Equal(t, canonical(mldsaClaims()), canonical(claimsOf(t, got)))
				assert.Equal(t, string(tc.alg), got.Header.Algorithm)

				i := strings.LastIndexByte(tok, '.')
				sig, _ := base64.RawURLEncoding.DecodeString(tok[i+1:])
				flipped := bytes.Clone(sig)
				flipped[len(sig)/2] ^= 0x04
				_, err = jwt.Parse(tok[:i+1]+base64.RawURLEncoding.EncodeToString(flipped), pub)
				assert.ErrorIs(t, err, jwt.ErrSignatureInvalid, "bit flip")
				_, err = jwt.Parse(tok[:i+1]+base64.RawURLEncoding.EncodeToString(sig[:len(sig)-1]), pub)
				assert.ErrorIs(t, err, jwt.ErrSignatureInvalid, "truncated")
			}
			for _, other := range mldsaCases {
				if other.alg == tc.alg {
					continue
				}
				// A circl token of another parameter set, our key of this one.
				_, osk, _ := other.circl.GenerateKey()
				_, err := jwt.Parse(circlToken(t, other.circl, osk, other.alg, true), pub)
				assert.ErrorIs(t, err, jwt.ErrAlgorithmNotAllowed, "token of %s", other.alg)
				// This token relabeled as the other parameter set.
				tok := circlToken(t, tc.circl, csk, tc.alg, true)
				parts := strings.SplitN(tok, ".", 2)
				relabeled := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"`+string(other.alg)+`","typ":"JWT"}`)) + "." + parts[1]
				_, err = jwt.Parse(relabeled, pub)
				assert.ErrorIs(t, err, jwt.ErrAlgorithmNotAllowed, "relabeled as %s", other.alg)
			}
		})
	}
}

// TestMLDSA_OurTokensVerifyWithCircl: tokens from jwt.Sign with an
// *mldsa.PrivateKey and with circl behind a crypto.Signer (the KMS path)
// verify with circl (empty context only) and with us.
func TestMLDSA_OurTokensVerifyWithCircl(t *testing.T) {
	for _, tc := range mldsaCases {
		t.Run(string(tc.alg), func(t *testing.T) {
			priv, err := mldsa.GenerateKey(tc.params)
			require.NoError(t, err)
			cpk, err := tc.circl.UnmarshalBinaryPublicKey(priv.PublicKey().Bytes())
			require.NoError(t, err)
			tok, err := jwt.Sign(tc.alg, mldsaClaims(), priv, jwt.WithKeyID("pq-1"))
			require.NoError(t, err)
			assert.True(t, circlVerify(tc.circl, cpk, tok, ""), "circl verifies our token")
			assert.False(t, circlVerify(tc.circl, cpk, tok, "jwt"), "circl verifies our token with a context")
			_, err = jwt.Parse(tok, priv.PublicKey(), jwt.WithAlgorithms(tc.alg))
			require.NoError(t, err)
			t.Logf("%s: a %d-byte token (signature %d bytes)", tc.alg, len(tok), tc.params.SignatureSize())

			// circl as the signer behind our API.
			ccpk, ccsk, err := tc.circl.GenerateKey()
			require.NoError(t, err)
			raw, _ := ccpk.MarshalBinary()
			mpub, err := mldsa.NewPublicKey(tc.params, raw)
			require.NoError(t, err)
			kms := &circlSigner{scheme: tc.circl, sk: ccsk, pub: mpub}
			tok, err = jwt.Sign(tc.alg, mldsaClaims(), kms)
			require.NoError(t, err)
			require.Len(t, kms.opts, 1)
			o, ok := kms.opts[0].(*mldsa.Options)
			require.True(t, ok, "signer options %T", kms.opts[0])
			assert.Equal(t, "", o.Context)
			assert.True(t, circlVerify(tc.circl, ccpk, tok, ""), "circl verifies the KMS token")
			got, err := jwt.Parse(tok, mpub, jwt.WithAlgorithms(tc.alg))
			require.NoError(t, err)
			assert.Equal(t, canonical(mldsaClaims()), canonical(claimsOf(t, got)))
			// A KMS key of this parameter set cannot sign another.
			for _, other := range mldsaCases {
				if other.alg != tc.alg {
					_, err := jwt.Sign(other.alg, mldsaClaims(), kms)
					assert.ErrorIs(t, err, jwt.ErrAlgorithmNotAllowed)
					assert.ErrorIs(t, err, jwt.ErrInvalidKey)
				}
			}
		})
	}
}

// TestMLDSA_JWXv4BothWays: jwx v4 verifies our tokens and we verify jwx's,
// with raw crypto/mldsa keys and with jwx's AKP JWKs; jwx's AKP "pub" and
// "priv" are the bytes MLDSAKeyBytes gives, and a jwx AKP JWK parsed back
// gives the key NewMLDSAPrivateKey makes from its seed.
func TestMLDSA_JWXv4BothWays(t *testing.T) {
	for _, tc := range mldsaCases {
		t.Run(string(tc.alg), func(t *testing.T) {
			priv, err := mldsa.GenerateKey(tc.params)
			require.NoError(t, err)
			pub := priv.PublicKey()

			ours, err := jwt.Sign(tc.alg, mldsaClaims(), priv)
			require.NoError(t, err)
			payload, err := jws4.Verify([]byte(ours), jws4.WithKey(tc.jwx, pub))
			require.NoError(t, err, "jwx verifies ours")
			assert.Equal(t, canonical(mldsaClaims()), canonical(jsonMap(t, payload)))
			for _, other := range mldsaCases {
				if other.alg != tc.alg {
					_, err := jws4.Verify([]byte(ours), jws4.WithKey(other.jwx, pub))
					assert.Error(t, err, "jwx verifies ours as %s", other.alg)
				}
			}

			claims, _ := json.Marshal(mldsaClaims())
			theirs, err := jws4.Sign(claims, jws4.WithKey(tc.jwx, priv))
			require.NoError(t, err)
			got, err := jwt.Parse(string(theirs), pub, jwt.WithAlgorithms(tc.alg))
			require.NoError(t, err, "we verify jwx's")
			assert.Equal(t, canonical(mldsaClaims()), canonical(claimsOf(t, got)))

			// AKP JWKs.
			akp, err := jwk4.Import[jwk4.Key](priv)
			require.NoError(t, err)
			js, err := json.Marshal(akp)
			require.NoError(t, err)
			var m map[string]string
			require.NoError(t, json.Unmarshal(js, &m))
			assert.Equal(t, "AKP", m["kty"])
			assert.Equal(t, string(tc.alg), m["alg"])
			alg, pb, seed, err := signing.MLDSAKeyBytes(priv)
			require.NoError(t, err)
			assert.Equal(t, tc.alg, jwt.Algorithm(alg))
			assert.Equal(t, base64.RawURLEncoding.EncodeToString(pb), m["pub"])
			assert.Equal(t, base64.RawURLEncoding.EncodeToString(seed), m["priv"])
			back, err := jwk4.ParseKey(js)
			require.NoError(t, err)
			raw, err := jwk4.Export[*mldsa.PrivateKey](back)
			require.NoError(t, err)
			fromSeed, err := signing.NewMLDSAPrivateKey(signing.Algorithm(tc.alg), seed)
			require.NoError(t, err)
			assert.True(t, raw.Equal(fromSeed), "jwx's key and ours from the seed")
			theirs, err = jws4.Sign(claims, jws4.WithKey(tc.jwx, back))
			require.NoError(t, err)
			_, err = jwt.Parse(string(theirs), fromSeed.Public(), jwt.WithAlgorithms(tc.alg))
			require.NoError(t, err, "we verify jwx's token signed with an AKP JWK")
			// jwx's RFC 7638 thumbprint is the one over alg, kty, pub.
			tp, err := akp.Thumbprint(crypto.SHA256)
			require.NoError(t, err)
			sum := sha256.Sum256([]byte(`{"alg":"` + string(tc.alg) + `","kty":"AKP","pub":"` + m["pub"] + `"}`))
			assert.Equal(t, sum[:], tp, "AKP thumbprint")
		})
	}
}

func claimsOf(t *testing.T, tok *jwt.Token) map[string]any {
	t.Helper()
	m, ok := tok.Claims.(map[string]any)
	require.True(t, ok, "claims %T", tok.Claims)
	return m
}

func jsonMap(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}
