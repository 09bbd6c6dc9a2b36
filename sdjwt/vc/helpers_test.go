package vc_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// issuerKey is one ES256 issuer key for the tests.
type issuerKey struct {
	priv *ecdsa.PrivateKey
	kid  string
}

func newIssuerKey(t testing.TB, kid string) issuerKey {
	t.Helper()
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return issuerKey{priv: priv, kid: kid}
}

// setJSON is the JWK Set of the public keys.
func setJSON(t testing.TB, keys ...issuerKey) string {
	t.Helper()
	var ks []*jwk.Key
	for _, k := range keys {
		jk, err := jwk.NewKey(&k.priv.PublicKey, jwk.Params{KeyID: k.kid})
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, jk)
	}
	b, err := jwk.NewSet(ks...).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func (k issuerKey) sign(t testing.TB, claims map[string]any, opts ...jwt.Option) string {
	t.Helper()
	s, err := jwt.NewSigner(jwt.ES256, k.priv, append([]jwt.Option{jwt.WithKeyID(k.kid)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Sign(claims)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// metadataServer is a TLS server whose handler is swapped per test, counting
// the requests it receives.
type metadataServer struct {
	*httptest.Server
	hits    atomic.Int64
	handler atomic.Pointer[http.HandlerFunc]
}

func newMetadataServer(t testing.TB, h http.HandlerFunc) *metadataServer {
	t.Helper()
	ms := &metadataServer{}
	ms.handler.Store(&h)
	ms.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ms.hits.Add(1)
		(*ms.handler.Load())(w, r)
	}))
	ms.Config.ErrorLog = log.New(io.Discard, "", 0) // refused connections end before the handshake
	ms.StartTLS()
	t.Cleanup(ms.Close)
	return ms
}

// serveJSON answers with body as application/json.
func serveJSON(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(body))
	}
}
