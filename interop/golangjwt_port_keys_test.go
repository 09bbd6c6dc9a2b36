package interop

import (
	"context"
	"fmt"
	"testing"
	"time"

	gjwt "github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwttest"
)

// The key-choosing constructs of MIGRATING.md's table.

// A Keyfunc reading token.Header["kid"] and token.Method ↔ a KeyFunc
// reading h.KeyID and h.Algorithm, and any other member with h.Get (its
// raw JSON).
func TestGolangjwtPortKeyfunc(t *testing.T) {
	f := newGJFix(keys(t))
	byKid := map[string]any{"ec-1": f.ec.public, "rsa-1": f.rsa.public}
	tok, err := jwt.Sign(jwt.ES256, map[string]any{"sub": "user-1"}, f.ec.private, jwt.WithKeyID("ec-1"), jwt.WithHeader("tenant", "acme"))
	require.NoError(t, err)

	_, err = gjwt.Parse(tok, func(t *gjwt.Token) (any, error) {
		kid, _ := t.Header["kid"].(string)
		if t.Method.Alg() != "ES256" || t.Header["tenant"] != "acme" {
			return nil, fmt.Errorf("unexpected header %v", t.Header)
		}
		return byKid[kid], nil
	})
	require.NoError(t, err)

	_, err = jwt.Parse(tok, jwt.KeyFunc(func(h *jwt.Header) (any, error) {
		tenant, _ := h.Get("tenant")
		if h.Algorithm != "ES256" || string(tenant) != `"acme"` {
			return nil, fmt.Errorf("unexpected header %+v", h)
		}
		return byKid[h.KeyID], nil
	}))
	require.NoError(t, err)
}

// A keyfunc returning jwt.VerificationKeySet ↔ a jwt.KeySet: a *jwk.Set
// (chosen by "kid") or a type of your own.
func TestGolangjwtPortKeySet(t *testing.T) {
	f := newGJFix(keys(t))
	tok, err := jwt.Sign(jwt.RS256, map[string]any{"sub": "user-1"}, f.rsa.private, jwt.WithKeyID("rsa-1"))
	require.NoError(t, err)

	_, err = gjwt.Parse(tok, func(*gjwt.Token) (any, error) {
		return gjwt.VerificationKeySet{Keys: []gjwt.VerificationKey{f.ec.public, f.rsa.public}}, nil
	})
	require.NoError(t, err)

	_, err = jwt.Parse(tok, keyList{f.ec.public, f.rsa.public})
	require.NoError(t, err)

	ecKey, err := jwk.NewKey(f.ec.public, jwk.Params{KeyID: "ec-1"})
	require.NoError(t, err)
	rsaKey, err := jwk.NewKey(f.rsa.public, jwk.Params{KeyID: "rsa-1"})
	require.NoError(t, err)
	_, err = jwt.Parse(tok, jwk.NewSet(ecKey, rsaKey))
	require.NoError(t, err)
}

// keyfunc.NewDefault([]string{url1, url2}): keyfunc merges several JWK Set
// URLs. Here one jwk.RemoteSet per URL, tried in turn by a KeySet of a few
// lines (a *jwk.RemoteSet for one URL is the key itself; see examples/port).
func TestGolangjwtPortKeyfuncSeveralURLs(t *testing.T) {
	// Two identity providers, one key type each (jwttest's fake provider,
	// plain http on 127.0.0.1, as a keyfunc user's two URLs).
	idpA := jwttest.NewProvider(t, jwttest.WithPlainHTTP())
	idpB := jwttest.NewProvider(t, jwttest.WithPlainHTTP(), jwttest.WithAlgorithm(jwt.RS256))

	var sets anyOf
	for _, idp := range []*jwttest.Provider{idpA, idpB} {
		rs, err := jwk.NewRemoteSet(idp.JWKSURI())
		require.NoError(t, err)
		t.Cleanup(func() { rs.Close() })
		sets = append(sets, rs)
	}
	v, err := jwt.NewVerifier(sets)
	require.NoError(t, err)
	for _, idp := range []*jwttest.Provider{idpA, idpB} {
		tok := idp.AccessToken(accesstoken.Claims{Registered: claims.Registered{Subject: "user-1"}})
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err = v.ParseContext(ctx, tok)
		cancel()
		assert.NoError(t, err, idp.Algorithm())
	}
}

// anyOf is a jwt.KeySet asking each set in turn: the keys of the first that
// has any for the token.
type anyOf []jwt.KeySet

func (s anyOf) VerificationKeys(ctx context.Context, h *jwt.Header) ([]any, error) {
	var first error
	for _, set := range s {
		keys, err := set.VerificationKeys(ctx, h)
		if err == nil && len(keys) > 0 {
			return keys, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, first
}
