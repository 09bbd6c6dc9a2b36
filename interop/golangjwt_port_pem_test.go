package interop

import (
	"os"
	"path/filepath"
	"testing"

	gjwt "github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/pemkey"
)

// golang-jwt's PEM helpers ↔ package pemkey, on the committed fixtures
// (ported from rsa_test.go TestRSAKeyParsing and the key loading of every
// golang-jwt algorithm test): the same key from the same file, and the
// same refusals (a public key where a private one is wanted, and the
// reverse, and garbage).
func TestGolangjwtPortPEM(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("testdata", "keys", name))
		require.NoError(t, err)
		return b
	}
	same := func(name string, gj func([]byte) (any, error), ours func([]byte) (any, error)) {
		t.Helper()
		g, gerr := gj(read(name))
		o, oerr := ours(read(name))
		require.NoError(t, gerr, "golang-jwt %s", name)
		require.NoError(t, oerr, "pemkey %s", name)
		assert.Equal(t, g, o, name)
	}
	bothRefuse := func(data []byte, gj func([]byte) (any, error), ours func([]byte) (any, error)) {
		t.Helper()
		_, gerr := gj(data)
		_, oerr := ours(data)
		assert.Error(t, gerr)
		assert.ErrorIs(t, oerr, jwt.ErrInvalidKey)
	}
	gjRSAPriv := func(b []byte) (any, error) { return gjwt.ParseRSAPrivateKeyFromPEM(b) }
	gjRSAPub := func(b []byte) (any, error) { return gjwt.ParseRSAPublicKeyFromPEM(b) }
	gjECPriv := func(b []byte) (any, error) { return gjwt.ParseECPrivateKeyFromPEM(b) }
	gjECPub := func(b []byte) (any, error) { return gjwt.ParseECPublicKeyFromPEM(b) }
	gjEdPriv := func(b []byte) (any, error) { return gjwt.ParseEdPrivateKeyFromPEM(b) }
	gjEdPub := func(b []byte) (any, error) { return gjwt.ParseEdPublicKeyFromPEM(b) }
	oRSAPriv := func(b []byte) (any, error) { return pemkey.ParseRSAPrivateKey(b) }
	oRSAPub := func(b []byte) (any, error) { return pemkey.ParseRSAPublicKey(b) }
	oECPriv := func(b []byte) (any, error) { return pemkey.ParseECPrivateKey(b) }
	oECPub := func(b []byte) (any, error) { return pemkey.ParseECPublicKey(b) }
	oEdPriv := func(b []byte) (any, error) { return pemkey.ParseEd25519PrivateKey(b) }
	oEdPub := func(b []byte) (any, error) { return pemkey.ParseEd25519PublicKey(b) }

	same("rsa2048.pkcs1.pem", gjRSAPriv, oRSAPriv)
	same("rsa2048.pkcs8.pem", gjRSAPriv, oRSAPriv)
	same("rsa2048.spki.pem", gjRSAPub, oRSAPub)
	same("rsa2048.pkcs1pub.pem", gjRSAPub, oRSAPub)
	same("ec-p256.sec1.pem", gjECPriv, oECPriv)
	same("ec-p256.pkcs8.pem", gjECPriv, oECPriv)
	same("ec-p256.spki.pem", gjECPub, oECPub)
	same("ed25519.pkcs8.pem", func(b []byte) (any, error) {
		k, err := gjEdPriv(b) // a crypto.PrivateKey holding an ed25519.PrivateKey
		return k, err
	}, oEdPriv)
	same("ed25519.spki.pem", gjEdPub, oEdPub)

	bothRefuse(read("rsa2048.spki.pem"), gjRSAPriv, oRSAPriv)
	bothRefuse(read("rsa2048.pkcs1.pem"), gjRSAPub, oRSAPub)
	bothRefuse([]byte("All your base are belong to key"), gjRSAPriv, oRSAPriv)
	bothRefuse([]byte("All your base are belong to key"), gjRSAPub, oRSAPub)

	// The key read is used as is.
	priv, err := pemkey.ParsePrivateKey(read("ec-p256.sec1.pem"))
	require.NoError(t, err)
	pub, err := pemkey.ParsePublicKey(read("ec-p256.spki.pem"))
	require.NoError(t, err)
	tok, err := jwt.Sign(jwt.ES256, map[string]any{"sub": "user-1"}, priv)
	require.NoError(t, err)
	_, err = jwt.Parse(tok, pub)
	assert.NoError(t, err)
}
