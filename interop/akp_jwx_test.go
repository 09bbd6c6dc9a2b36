//go:build go1.27

package interop

import (
	"context"
	"crypto"
	"crypto/mldsa"
	"encoding/base64"
	"encoding/json"
	"os"
	"testing"

	jwk4 "github.com/lestrrat-go/jwx/v4/jwk"
	jws4 "github.com/lestrrat-go/jwx/v4/jws"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// AKP JWKs (RFC 9964) between our jwk package and lestrrat-go/jwx v4: each
// side reads the other's private and public JWKs and JWK Sets as the same
// ML-DSA key, the RFC 7638 thumbprints agree (and are the "kid" of RFC
// 9964's examples), and tokens signed with a key from one side's JWK
// verify through the other side's key set.

// TestAKP_JWXv4ReadsOurJWKs: jwx parses our private and public AKP JWKs of
// each parameter set to the same *mldsa keys, gets our thumbprint, and
// verifies our token through a jwx Set of our published JWK Set, by kid;
// a token jwx signs with the key from our private JWK verifies through
// our parsed set.
func TestAKP_JWXv4ReadsOurJWKs(t *testing.T) {
	for _, tc := range mldsaCases {
		t.Run(string(tc.alg), func(t *testing.T) {
			priv, err := mldsa.GenerateKey(tc.params)
			require.NoError(t, err)
			ours, err := jwk.NewKey(priv, jwk.Params{KeyID: "ours", Use: "sig"})
			require.NoError(t, err)
			assert.Equal(t, string(tc.alg), ours.Algorithm(), "NewKey fills in alg")
			ourTP, err := ours.Thumbprint(crypto.SHA256)
			require.NoError(t, err)

			privJSON, err := ours.MarshalJSON()
			require.NoError(t, err)
			theirs, err := jwk4.ParseKey(privJSON)
			require.NoError(t, err, "jwx parses our private AKP JWK")
			raw, err := jwk4.Export[*mldsa.PrivateKey](theirs)
			require.NoError(t, err)
			assert.True(t, raw.Equal(priv), "jwx's key from our private JWK")
			tp, err := theirs.Thumbprint(crypto.SHA256)
			require.NoError(t, err)
			assert.Equal(t, ourTP, tp, "thumbprint of the private JWK")

			pub, err := ours.Public()
			require.NoError(t, err)
			pubJSON, err := pub.MarshalJSON()
			require.NoError(t, err)
			theirPub, err := jwk4.ParseKey(pubJSON)
			require.NoError(t, err, "jwx parses our public AKP JWK")
			rawPub, err := jwk4.Export[*mldsa.PublicKey](theirPub)
			require.NoError(t, err)
			assert.True(t, rawPub.Equal(priv.PublicKey()), "jwx's key from our public JWK")
			tp, err = theirPub.Thumbprint(crypto.SHA256)
			require.NoError(t, err)
			assert.Equal(t, ourTP, tp, "thumbprint of the public JWK")

			// Our token, verified by jwx through our published set.
			setJSON, err := jwk.NewSet(pub).MarshalJSON()
			require.NoError(t, err)
			theirSet, err := jwk4.Parse(setJSON)
			require.NoError(t, err, "jwx parses our JWK Set")
			tok, err := jwt.Sign(tc.alg, mldsaClaims(), ours.Key(), jwt.WithKeyID("ours"))
			require.NoError(t, err)
			payload, err := jws4.Verify([]byte(tok), jws4.WithKeySet(theirSet))
			require.NoError(t, err, "jwx verifies our token through our JWK Set")
			assert.Equal(t, canonical(mldsaClaims()), canonical(jsonMap(t, payload)))

			// jwx's token, signed with the key from our private JWK.
			claims, _ := json.Marshal(mldsaClaims())
			hdr := jws4.NewHeaders()
			require.NoError(t, hdr.Set(jws4.KeyIDKey, "ours"))
			signed, err := jws4.Sign(claims, jws4.WithKey(tc.jwx, theirs, jws4.WithProtectedHeaders(hdr)))
			require.NoError(t, err)
			ourSet, err := jwk.ParseSet(setJSON)
			require.NoError(t, err)
			got, err := jwt.Parse(string(signed), ourSet)
			require.NoError(t, err, "we verify jwx's token through our set")
			assert.Equal(t, canonical(mldsaClaims()), canonical(claimsOf(t, got)))
		})
	}
}

// TestAKP_WeReadJWXv4JWKs: we parse jwx's private and public AKP JWKs and
// its JWK Set to the same keys, with jwx's thumbprint, marshal them back to
// jwx's members, and verify jwx's tokens through the set jwx publishes; a
// token we sign with the key from jwx's private JWK verifies with jwx.
func TestAKP_WeReadJWXv4JWKs(t *testing.T) {
	for _, tc := range mldsaCases {
		t.Run(string(tc.alg), func(t *testing.T) {
			priv, err := mldsa.GenerateKey(tc.params)
			require.NoError(t, err)
			theirs, err := jwk4.Import[jwk4.Key](priv)
			require.NoError(t, err)
			require.NoError(t, jwk4.AssignKeyID(theirs))
			kid, _ := theirs.KeyID()
			theirTP, err := theirs.Thumbprint(crypto.SHA256)
			require.NoError(t, err)
			assert.Equal(t, base64.RawURLEncoding.EncodeToString(theirTP), kid, "jwx's kid is its thumbprint")

			privJSON, err := json.Marshal(theirs)
			require.NoError(t, err)
			ours, err := jwk.ParseKey(privJSON)
			require.NoError(t, err, "we parse jwx's private AKP JWK: %s", privJSON[:min(len(privJSON), 120)])
			assert.Equal(t, jwk.KeyTypeAKP, ours.KeyType())
			assert.Equal(t, string(tc.alg), ours.Algorithm())
			assert.True(t, ours.IsPrivate())
			require.IsType(t, &mldsa.PrivateKey{}, ours.Key())
			assert.True(t, ours.Key().(*mldsa.PrivateKey).Equal(priv), "our key from jwx's private JWK")
			tp, err := ours.Thumbprint(crypto.SHA256)
			require.NoError(t, err)
			assert.Equal(t, theirTP, tp, "thumbprint of jwx's private JWK")
			back, err := ours.MarshalJSON()
			require.NoError(t, err)
			assert.Equal(t, stringMembers(t, privJSON), stringMembers(t, back), "our JWK has jwx's members")

			theirPub, err := theirs.PublicKey()
			require.NoError(t, err)
			pubJSON, err := json.Marshal(theirPub)
			require.NoError(t, err)
			ourPub, err := jwk.ParseKey(pubJSON)
			require.NoError(t, err, "we parse jwx's public AKP JWK")
			assert.False(t, ourPub.IsPrivate())
			require.IsType(t, &mldsa.PublicKey{}, ourPub.Key())
			assert.True(t, ourPub.Key().(*mldsa.PublicKey).Equal(priv.PublicKey()))
			tp, err = ourPub.Thumbprint(crypto.SHA256)
			require.NoError(t, err)
			assert.Equal(t, theirTP, tp, "thumbprint of jwx's public JWK")

			// jwx's published set, and its token.
			set := jwk4.NewSet()
			require.NoError(t, set.AddKey(theirPub))
			setJSON, err := json.Marshal(set)
			require.NoError(t, err)
			ourSet, err := jwk.ParseSet(setJSON)
			require.NoError(t, err, "we parse jwx's JWK Set")
			require.Equal(t, 1, ourSet.Len())
			assert.Empty(t, ourSet.Skipped())
			claims, _ := json.Marshal(mldsaClaims())
			hdr := jws4.NewHeaders()
			require.NoError(t, hdr.Set(jws4.KeyIDKey, kid))
			signed, err := jws4.Sign(claims, jws4.WithKey(tc.jwx, theirs, jws4.WithProtectedHeaders(hdr)))
			require.NoError(t, err)
			_, err = jwt.Parse(string(signed), ourSet, jwt.WithAlgorithms(tc.alg))
			require.NoError(t, err, "we verify jwx's token through jwx's set")

			// Our token, signed with the key from jwx's private JWK.
			tok, err := jwt.Sign(tc.alg, mldsaClaims(), ours.Key(), jwt.WithKeyID(kid))
			require.NoError(t, err)
			theirSet, err := jwk4.Parse(setJSON)
			require.NoError(t, err)
			_, err = jws4.Verify([]byte(tok), jws4.WithKeySet(theirSet))
			require.NoError(t, err, "jwx verifies our token signed with the key of its JWK")
			keys, err := ourSet.VerificationKeys(context.Background(), &jwt.Header{Algorithm: string(tc.alg), KeyID: kid})
			require.NoError(t, err)
			assert.Len(t, keys, 1)
		})
	}
}

// TestAKP_RFC9964ExampleJWKsBothSides: RFC 9964's example JWKs parse on
// both sides to the same key, and both thumbprints are the example's kid.
func TestAKP_RFC9964ExampleJWKsBothSides(t *testing.T) {
	for _, tc := range mldsaCases {
		t.Run(string(tc.alg), func(t *testing.T) {
			data, err := os.ReadFile("../internal/signing/testdata/rfc9964/ML_DSA_" + string(tc.alg)[len("ML-DSA-"):] + ".jose.json")
			require.NoError(t, err)
			var doc struct {
				JWK json.RawMessage `json:"jwk"`
			}
			require.NoError(t, json.Unmarshal(data, &doc))
			ours, err := jwk.ParseKey(doc.JWK)
			require.NoError(t, err)
			theirs, err := jwk4.ParseKey(doc.JWK)
			require.NoError(t, err)
			raw, err := jwk4.Export[*mldsa.PrivateKey](theirs)
			require.NoError(t, err)
			assert.True(t, raw.Equal(ours.Key().(*mldsa.PrivateKey)))
			ourTP, err := ours.Thumbprint(crypto.SHA256)
			require.NoError(t, err)
			theirTP, err := theirs.Thumbprint(crypto.SHA256)
			require.NoError(t, err)
			assert.Equal(t, ourTP, theirTP)
			assert.Equal(t, ours.KeyID(), base64.RawURLEncoding.EncodeToString(ourTP), "the example's kid")
		})
	}
}

// stringMembers returns a JSON object's string members.
func stringMembers(t *testing.T, b []byte) map[string]string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	out := map[string]string{}
	for k, v := range m {
		if s, ok := v.(string); ok {
			out[k] = s
		}
	}
	return out
}
