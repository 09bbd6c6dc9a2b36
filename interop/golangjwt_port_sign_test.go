package interop

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	gjwt "github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// The signing constructs of MIGRATING.md's table: golang-jwt v5 code and
// its port, making the same token.

// jwt.NewWithClaims(method, claims).SignedString(key) ↔ jwt.Sign(alg,
// claims, key), or NewSigner(alg, key).Sign(claims) for many tokens.
func TestGolangjwtPortSign(t *testing.T) {
	f := newGJFix(keys(t))
	at := time.Unix(1767225600, 0)
	gc := gjPortClaims{Role: "admin", RegisteredClaims: gjwt.RegisteredClaims{Subject: "user-1", ExpiresAt: gjwt.NewNumericDate(at)}}
	oc := portClaims{Role: "admin", Registered: claims.Registered{Subject: "user-1", ExpiresAt: claims.NewNumericDate(at)}}

	gtok, err := gjwt.NewWithClaims(gjwt.SigningMethodRS256, gc).SignedString(f.rsa.private)
	require.NoError(t, err)
	otok, err := jwt.Sign(jwt.RS256, oc, f.rsa.private)
	require.NoError(t, err)
	assert.Equal(t, gtok, otok, "RS256 is deterministic: the same token")

	s, err := jwt.NewSigner(jwt.RS256, f.rsa.private)
	require.NoError(t, err)
	again, err := s.Sign(oc)
	require.NoError(t, err)
	assert.Equal(t, otok, again)
}

// token.Header["kid"] = kid before signing ↔ WithKeyID(kid); other header
// members ↔ WithHeader(name, value); token.Header["typ"] ↔ WithType.
func TestGolangjwtPortSignHeaders(t *testing.T) {
	f := newGJFix(keys(t))
	c := map[string]any{"sub": "user-1"}

	g := gjwt.NewWithClaims(gjwt.SigningMethodES256, gjwt.MapClaims(c))
	g.Header["kid"] = "key-2026"
	g.Header["typ"] = "at+jwt"
	g.Header["x5t#S256"] = "abc"
	gtok, err := g.SignedString(f.ec.private)
	require.NoError(t, err)

	otok, err := jwt.Sign(jwt.ES256, c, f.ec.private,
		jwt.WithKeyID("key-2026"), jwt.WithType("at+jwt"), jwt.WithHeader("x5t#S256", "abc"))
	require.NoError(t, err)

	header := func(tok string) map[string]any {
		b, err := b64.DecodeString(strings.Split(tok, ".")[0])
		require.NoError(t, err)
		var h map[string]any
		require.NoError(t, json.Unmarshal(b, &h))
		return h
	}
	assert.Equal(t, header(gtok), header(otok))

	_, err = jwt.Sign(jwt.ES256, c, f.ec.private, jwt.WithHeader("kid", "key-2026"))
	assert.ErrorIs(t, err, jwt.ErrInvalidOption, `"kid" goes through WithKeyID`)
}

// jwt.SigningMethodRS256 etc. ↔ jwt.RS256 etc.: the same "alg" names.
// golang-jwt's SigningMethodEdDSA is jwt.EdDSA; jwt.Ed25519 (RFC 9864) has
// no golang-jwt counterpart, nor has SigningMethodNone here.
func TestGolangjwtPortAlgorithms(t *testing.T) {
	for _, p := range []struct {
		gj   gjwt.SigningMethod
		ours jwt.Algorithm
	}{
		{gjwt.SigningMethodHS256, jwt.HS256}, {gjwt.SigningMethodHS384, jwt.HS384}, {gjwt.SigningMethodHS512, jwt.HS512},
		{gjwt.SigningMethodRS256, jwt.RS256}, {gjwt.SigningMethodRS384, jwt.RS384}, {gjwt.SigningMethodRS512, jwt.RS512},
		{gjwt.SigningMethodPS256, jwt.PS256}, {gjwt.SigningMethodPS384, jwt.PS384}, {gjwt.SigningMethodPS512, jwt.PS512},
		{gjwt.SigningMethodES256, jwt.ES256}, {gjwt.SigningMethodES384, jwt.ES384}, {gjwt.SigningMethodES512, jwt.ES512},
		{gjwt.SigningMethodEdDSA, jwt.EdDSA},
	} {
		assert.Equal(t, p.gj.Alg(), string(p.ours))
		assert.True(t, p.ours.Known())
	}
	assert.Nil(t, gjwt.GetSigningMethod(string(jwt.Ed25519)))
	assert.False(t, jwt.Algorithm(gjwt.SigningMethodNone.Alg()).Known())
}
