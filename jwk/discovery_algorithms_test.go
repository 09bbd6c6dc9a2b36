package jwk_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestOIDCDiscovery3_IDTokenAlgorithmListIsNotAppliedToOtherTokens:
// Discovery section 3 defines id_token_signing_alg_values_supported for the
// ID Token only, and RFC 8414 has no list for access tokens: an
// authorization server listing ["RS256"] for ID tokens may sign its RFC
// 9068 access tokens with ES256 or PS256. A Provider, and an Issuers over
// it, accept every algorithm the key's type fits (RFC 8725 section 3.1);
// HS* stays refused for fetched keys (RFC 7517 section 7); the list is
// IDTokenAlgorithms, for idtoken; jwt.WithAlgorithms states the
// access-token list.
func TestOIDCDiscovery3_IDTokenAlgorithmListIsNotAppliedToOtherTokens(t *testing.T) {
	t.Parallel()
	k := testKeys()
	tk := tenantKeys()
	jwks := mustJSON(t, jwk.NewSet(mustKey(t, &tk.a1.PublicKey, jwk.Params{KeyID: "ec"}),
		mustKey(t, &k.rsa1.PublicKey, jwk.Params{KeyID: "rsa"}), mustKey(t, k.hmac, jwk.Params{KeyID: "hs"})))
	idp := newFakeIdP(t, idpOptions{}, jwks)
	idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks",
		"id_token_signing_alg_values_supported": []string{"RS256"}})
	p, err := jwk.NewProvider(idp.issuer)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if got := p.IDTokenAlgorithms(); got != nil {
		t.Fatalf("IDTokenAlgorithms before discovery = %v, want nil", got)
	}
	m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: idp.issuer, Keys: p}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	for name, keys := range map[string]jwt.KeySet{"Provider": p, "Issuers": m} {
		bare, err := jwt.NewVerifier(keys)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			alg jwt.Algorithm
			key any
			kid string
		}{{jwt.ES256, tk.a1, "ec"}, {jwt.PS256, k.rsa1, "rsa"}, {jwt.RS256, k.rsa1, "rsa"}} {
			if _, err := bare.Parse(signFor(t, tc.alg, tc.key, tc.kid, idp.issuer)); err != nil {
				t.Errorf("%s: %s, not in the ID-token list: %v", name, tc.alg, err)
			}
		}
		// The key's type still binds the algorithm; HS* never verifies with a fetched key.
		if _, err := bare.Parse(signFor(t, jwt.ES384, k.ec384, "ec", idp.issuer)); !errors.Is(err, jwk.ErrKeyNotFound) {
			t.Errorf("%s: ES384 with a P-256 key: %v, want ErrKeyNotFound", name, err)
		}
		if _, err := bare.Parse(signFor(t, jwt.HS256, k.hmac, "hs", idp.issuer)); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
			t.Errorf("%s: HS256 with a fetched key: %v, want ErrAlgorithmNotAllowed", name, err)
		}
		// The user's own access-token list.
		access, err := jwt.NewVerifier(keys, jwt.WithAlgorithms(jwt.ES256, jwt.PS256))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := access.Parse(signFor(t, jwt.ES256, tk.a1, "ec", idp.issuer)); err != nil {
			t.Errorf("%s, WithAlgorithms(ES256, PS256): ES256: %v", name, err)
		}
		if _, err := access.Parse(signFor(t, jwt.RS256, k.rsa1, "rsa", idp.issuer)); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
			t.Errorf("%s, WithAlgorithms(ES256, PS256): RS256: %v, want ErrAlgorithmNotAllowed", name, err)
		}
	}
	if got := p.IDTokenAlgorithms(); !slices.Equal(got, []jwt.Algorithm{jwt.RS256}) {
		t.Errorf("IDTokenAlgorithms = %v, want [RS256]", got)
	}
	if got := m.IDTokenAlgorithms(idp.issuer); !slices.Equal(got, []jwt.Algorithm{jwt.RS256}) {
		t.Errorf("Issuers.IDTokenAlgorithms = %v, want [RS256]", got)
	}
}

// TestOIDCDiscovery3_IDTokenAlgorithmsEmptyWithoutTheMember: RFC 8414
// metadata has no id_token_signing_alg_values_supported: IDTokenAlgorithms
// is empty (no list to enforce), not every algorithm.
func TestOIDCDiscovery3_IDTokenAlgorithmsEmptyWithoutTheMember(t *testing.T) {
	tk := tenantKeys()
	idp := newFakeIdP(t, idpOptions{wellKnown: jwk.OAuthAuthorizationServer}, publish(t, mustKey(t, tk.a1, jwk.Params{KeyID: "a1"})))
	idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks"})
	p, err := discover(t, idp.issuer, jwk.WithWellKnown(jwk.OAuthAuthorizationServer))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.IDTokenAlgorithms(); len(got) != 0 {
		t.Fatalf("IDTokenAlgorithms = %v, want empty", got)
	}
	if _, err := jwt.Parse(signFor(t, jwt.ES256, tk.a1, "a1", idp.issuer), p); err != nil {
		t.Fatal(err)
	}
}

// TestIssuers_IDTokenAlgorithmsPerIssuer: each issuer's list (Discovery
// section 3), after its discovery; nil before it, for an issuer not
// configured, and for keys that are not discovered.
func TestIssuers_IDTokenAlgorithmsPerIssuer(t *testing.T) {
	k := tenantKeys()
	tt := newTwoTenants(t)
	if got := tt.issuers.IDTokenAlgorithms(tt.a.issuer); got != nil {
		t.Fatalf("before discovery: %v", got)
	}
	if err := tt.parse(signFor(t, jwt.ES256, k.a1, "a1", tt.a.issuer)); err != nil {
		t.Fatal(err)
	}
	if got := tt.issuers.IDTokenAlgorithms(tt.a.issuer); !slices.Equal(got, []jwt.Algorithm{jwt.RS256, jwt.ES256}) {
		t.Fatalf("A: %v", got)
	}
	if got := tt.issuers.IDTokenAlgorithms("https://unknown.example"); got != nil {
		t.Fatalf("not configured: %v", got)
	}
	static, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: "urn:s", Keys: jwk.NewSet(mustKey(t, &k.a1.PublicKey, jwk.Params{KeyID: "a1"}))}})
	if err != nil {
		t.Fatal(err)
	}
	if got := static.IDTokenAlgorithms("urn:s"); got != nil {
		t.Fatalf("a *Set: %v", got)
	}
}

// TestIssuerConfigAlgorithms_ThePerIssuerList_ErrorNamesItsSourceAndTheFix:
// IssuerConfig.Algorithms is the list for every token of the issuer (an
// access-token list: RFC 8414 has none to discover). An "alg" outside it
// is jwt.ErrAlgorithmNotAllowed before any request, and the error says
// where the list comes from and how to widen it.
func TestIssuerConfigAlgorithms_ThePerIssuerList_ErrorNamesItsSourceAndTheFix(t *testing.T) {
	k := testKeys()
	tk := tenantKeys()
	jwks := mustJSON(t, jwk.NewSet(mustKey(t, &tk.a1.PublicKey, jwk.Params{KeyID: "ec"}), mustKey(t, &k.rsa1.PublicKey, jwk.Params{KeyID: "rsa"})))
	idp := newFakeIdP(t, idpOptions{}, jwks)
	m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: idp.issuer, Algorithms: []jwt.Algorithm{jwt.ES256}}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	v, _ := jwt.NewVerifier(m)
	_, err = v.ParseContext(context.Background(), signFor(t, jwt.PS256, k.rsa1, "rsa", idp.issuer))
	if !errors.Is(err, jwt.ErrAlgorithmNotAllowed) || idp.docHits.Load() != 0 {
		t.Fatalf("PS256: %v (%d requests), want ErrAlgorithmNotAllowed before any request", err, idp.docHits.Load())
	}
	for _, want := range []string{"IssuerConfig.Algorithms", idp.issuer, "[ES256]", "add"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := v.ParseContext(ctx, signFor(t, jwt.ES256, tk.a1, "ec", idp.issuer)); err != nil {
		t.Fatalf("ES256: %v", err)
	}
}
