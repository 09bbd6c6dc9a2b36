//go:build !go1.27

package jwk_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestMLDSAToken_Go126_KeySetErrorSaysGo127IsNeeded: issue 21 item 13.
// Built with Go 1.26 (no crypto/mldsa), an ML-DSA token (RFC 9964) checked
// against a JWK Set holding its AKP key said only "no matching key" (the
// key was skipped, Skipped() said why); the error says that Go 1.27 is
// needed. A RemoteSet says so before any fetch: no fetch could help.
func TestMLDSAToken_Go126_KeySetErrorSaysGo127IsNeeded(t *testing.T) {
	for _, ex := range rfc9964Examples(t) {
		set, err := jwk.ParseSet([]byte(`{"keys":[` + ex.jwk + `]}`))
		if err != nil {
			t.Fatal(err)
		}
		_, err = jwt.Parse(ex.jws, set)
		if !errors.Is(err, jwk.ErrKeyNotFound) || !strings.Contains(err.Error(), "needs Go 1.27") || !strings.Contains(err.Error(), string(ex.alg)) {
			t.Fatalf("%s against a *Set: %v, want ErrKeyNotFound saying Go 1.27 is needed", ex.alg, err)
		}
		f := newFixture(t, []byte(`{"keys":[`+ex.jwk+`]}`))
		if err := f.remote.Refresh(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := f.parse(ex.jws); !errors.Is(err, jwk.ErrKeyNotFound) || !strings.Contains(err.Error(), "needs Go 1.27") {
			t.Fatalf("%s against a RemoteSet: %v", ex.alg, err)
		}
		if n := f.srv.hits.Load(); n != 1 {
			t.Fatalf("%d requests, want 1 (no unknown-kid fetch for a token no key can verify)", n)
		}
	}
}

// TestMLDSAToken_Go126_RefusedBeforeDiscovery: built with Go 1.26, a
// Provider and an Issuers set refuse an ML-DSA token before any
// discovery, as a RemoteSet does before any fetch: what no fetched key
// can verify is refused where the lookup enters the fetched keys.
func TestMLDSAToken_Go126_RefusedBeforeDiscovery(t *testing.T) {
	idp := newFakeIdP(t, idpOptions{tls: true}, []byte(`{"keys":[]}`))
	client := jwk.WithHTTPClient(idp.srv.Client())
	p, err := jwk.NewProvider(idp.issuer, client)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: idp.issuer}}, client)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx := context.Background()
	h := &jwt.Header{Algorithm: "ML-DSA-44", KeyID: "k"}
	for name, err := range map[string]error{
		"Provider": errOf(p.VerificationKeys(ctx, h)),
		"Issuers":  errOf(m.IssuerVerificationKeys(ctx, idp.issuer, h)),
	} {
		if !errors.Is(err, jwk.ErrKeyNotFound) || !strings.Contains(err.Error(), "needs Go 1.27") {
			t.Errorf("%s: %v, want ErrKeyNotFound saying Go 1.27 is needed", name, err)
		}
	}
	if n := idp.docHits.Load() + idp.keyHits.Load(); n != 0 {
		t.Fatalf("%d requests, want 0 (no discovery for a token no key can verify)", n)
	}
}
