package jwk_test

import (
	"encoding/base64"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestIssuers_HSStarOnlyForAStaticSet_KeysFetchedFromAURLArePublic: an
// Issuers set accepts HS* (RFC 7518 section 3.2) only for a *jwk.Set
// (jwk/README.md: "HS* only for a *jwk.Set"; NewIssuers refuses HS* in
// Algorithms for a RemoteSet, a published secret). The rule holds for the
// tokens too, not only for the configuration: a RemoteSet configured
// without Algorithms whose URL serves an "oct" key does not verify an HS256
// token for its issuer (jwt.ErrAlgorithmNotAllowed), while the same secret
// in a static *jwk.Set still does.
func TestIssuers_HSStarOnlyForAStaticSet_KeysFetchedFromAURLArePublic(t *testing.T) {
	secret := []byte("issuers-test-hs256-secret-32-byt")
	body := []byte(`{"keys":[{"kty":"oct","kid":"h","k":"` + base64.RawURLEncoding.EncodeToString(secret) + `"}]}`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write(body) }))
	defer srv.Close()
	remote, err := jwk.NewRemoteSet(srv.URL + "/jwks")
	if err != nil {
		t.Fatal(err)
	}
	defer remote.Close()
	static, err := jwk.ParseSet(body)
	if err != nil {
		t.Fatal(err)
	}
	m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: "https://remote.example", Keys: remote}, {Issuer: "https://static.example", Keys: static}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	sign := func(iss string) string {
		tok, err := jwt.Sign(jwt.HS256, map[string]any{"iss": iss, "exp": time.Now().Add(time.Hour).Unix()}, secret, jwt.WithKeyID("h"))
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	if _, err := jwt.Parse(sign("https://remote.example"), m); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
		t.Errorf("HS256 with a fetched oct key: %v, want ErrAlgorithmNotAllowed", err)
	}
	if _, err := jwt.Parse(sign("https://static.example"), m); err != nil {
		t.Errorf("HS256 with a static set: %v", err)
	}
}

// TestIssuers_NestedFetchedIssuerRefusesHSStar: an *Issuers in Keys whose
// entry for the issuer is discovered holds fetched keys too: HS* in the
// outer IssuerConfig.Algorithms is ErrInvalidOption (no token could pass),
// and an HS256 token is refused before any discovery, as for a Provider.
func TestIssuers_NestedFetchedIssuerRefusesHSStar(t *testing.T) {
	idp := newFakeIdP(t, idpOptions{tls: true}, []byte(`{"keys":[]}`))
	inner, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: idp.issuer}}, jwk.WithHTTPClient(idp.srv.Client()))
	if err != nil {
		t.Fatal(err)
	}
	defer inner.Close()
	if m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: idp.issuer, Keys: inner, Algorithms: []jwt.Algorithm{jwt.HS256}}}); !errors.Is(err, jwk.ErrInvalidOption) {
		m.Close()
		t.Errorf("HS256 in Algorithms for a nested discovered issuer: %v, want ErrInvalidOption", err)
	}
	outer, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: idp.issuer, Keys: inner}})
	if err != nil {
		t.Fatal(err)
	}
	defer outer.Close()
	tok, err := jwt.Sign(jwt.HS256, map[string]any{"iss": idp.issuer, "exp": time.Now().Add(time.Hour).Unix()}, []byte("issuers-test-hs256-secret-32-byt"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jwt.Parse(tok, outer); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
		t.Errorf("HS256 for a nested discovered issuer: %v, want ErrAlgorithmNotAllowed", err)
	}
	if n := idp.docHits.Load() + idp.keyHits.Load(); n != 0 {
		t.Fatalf("%d requests for an HS256 token, want 0 (refused before any discovery)", n)
	}
}
