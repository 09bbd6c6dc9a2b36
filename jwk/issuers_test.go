package jwk_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// twoTenants is two identity providers on loopback, A and B, each with its
// own key, and an Issuers discovering both through a counting client.
type twoTenants struct {
	a, b    *fakeIdP
	issuers *jwk.Issuers
	v       *jwt.Verifier
	counter *countingTransport
}

func newTwoTenants(t testing.TB, opts ...jwk.RemoteOption) *twoTenants {
	t.Helper()
	k := tenantKeys()
	tt := &twoTenants{
		a:       newFakeIdP(t, idpOptions{path: "/a"}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))),
		b:       newFakeIdP(t, idpOptions{path: "/b"}, publish(t, mustKey(t, k.b1, jwk.Params{KeyID: "b1"}))),
		counter: &countingTransport{},
	}
	opts = append([]jwk.RemoteOption{jwk.WithHTTPClient(&http.Client{Transport: tt.counter})}, opts...)
	var err error
	tt.issuers, err = jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: tt.a.issuer}, {Issuer: tt.b.issuer}}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tt.issuers.Close() })
	if tt.v, err = jwt.NewVerifier(tt.issuers); err != nil {
		t.Fatal(err)
	}
	return tt
}

func (tt *twoTenants) parse(tok string) error {
	_, err := tt.v.ParseContext(context.Background(), tok)
	return err
}

// TestIssuers_EachIssuersTokensVerifyWithItsOwnKeysOnly_RFC8725_3_8: RFC
// 8725 section 3.8: "the issuer ... MUST be validated" and the keys used to
// verify must belong to it. A token whose "iss" names tenant A verifies
// with A's keys only: signed with B's key, whether its "kid" is B's or
// none, it is refused (jwt.ErrInvalidKey or jwt.ErrSignatureInvalid),
// never accepted.
func TestIssuers_EachIssuersTokensVerifyWithItsOwnKeysOnly_RFC8725_3_8(t *testing.T) {
	k := tenantKeys()
	tt := newTwoTenants(t)
	if err := tt.parse(signFor(t, jwt.ES256, k.a1, "a1", tt.a.issuer)); err != nil {
		t.Fatalf("A's token: %v", err)
	}
	if err := tt.parse(signFor(t, jwt.ES256, k.b1, "b1", tt.b.issuer)); err != nil {
		t.Fatalf("B's token: %v", err)
	}
	for name, tok := range map[string]string{
		"iss A, B's kid, B's key":     signFor(t, jwt.ES256, k.b1, "b1", tt.a.issuer),
		"iss A, no kid, B's key":      signFor(t, jwt.ES256, k.b1, "", tt.a.issuer),
		"iss A, A's kid, B's key":     signFor(t, jwt.ES256, k.b1, "a1", tt.a.issuer),
		"iss B, A's kid, A's key":     signFor(t, jwt.ES256, k.a1, "a1", tt.b.issuer),
		"iss A, a kid unknown to all": signFor(t, jwt.ES256, k.a2, "a2", tt.a.issuer),
	} {
		err := tt.parse(tok)
		if err == nil || !(errors.Is(err, jwt.ErrInvalidKey) || errors.Is(err, jwt.ErrSignatureInvalid)) {
			t.Errorf("%s: %v, want ErrInvalidKey or ErrSignatureInvalid", name, err)
		}
		t.Logf("%s: %v", name, err)
	}
	if tt.a.docHits.Load() != 1 || tt.b.docHits.Load() != 1 {
		t.Fatalf("discoveries: A %d, B %d", tt.a.docHits.Load(), tt.b.docHits.Load())
	}
}

// TestIssuers_UnknownIssuerIsRefusedWithoutAnyRequest: issuers come from
// configuration, never from tokens (no SSRF): a token naming an issuer
// not configured, even a live server's URL, is jwt.ErrInvalidIssuer and no
// request is made by anyone; so is one without "iss".
func TestIssuers_UnknownIssuerIsRefusedWithoutAnyRequest(t *testing.T) {
	k := tenantKeys()
	tt := newTwoTenants(t)
	live := newFakeIdP(t, idpOptions{}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	for _, iss := range []string{live.issuer, "https://evil.example", tt.a.issuer + "/", tt.a.issuer + "x", "", "http://169.254.169.254/latest"} {
		err := tt.parse(signFor(t, jwt.ES256, k.a1, "a1", iss))
		if !errors.Is(err, jwt.ErrInvalidIssuer) {
			t.Errorf("iss %q: %v, want ErrInvalidIssuer", iss, err)
		}
	}
	tok, _ := jwt.Sign(jwt.ES256, map[string]any{"sub": "x"}, k.a1, jwt.WithKeyID("a1"))
	if err := tt.parse(tok); !errors.Is(err, jwt.ErrInvalidIssuer) || !errors.Is(err, jwt.ErrMissingClaim) {
		t.Errorf("no iss: %v", err)
	}
	if n := tt.counter.n.Load(); n != 0 || live.docHits.Load()+live.keyHits.Load() != 0 || tt.a.docHits.Load() != 0 {
		t.Fatalf("%d requests made", n)
	}
	// Asked directly, without an issuer, an Issuers refuses too: keys of
	// all issuers are never pooled.
	if _, err := tt.issuers.VerificationKeys(context.Background(), &jwt.Header{Algorithm: "ES256", KeyID: "a1"}); !errors.Is(err, jwt.ErrInvalidIssuer) {
		t.Fatalf("VerificationKeys: %v", err)
	}
}

// TestIssuers_StaticRemoteAndDiscoveredKeysSideBySide: a *Set, a
// *RemoteSet and a *Provider each serve their own issuer; per-issuer
// Algorithms are enforced before any key lookup; Close leaves the
// caller's sets open.
func TestIssuers_StaticRemoteAndDiscoveredKeysSideBySide(t *testing.T) {
	k := tenantKeys()
	static := jwk.NewSet(mustKey(t, &k.a1.PublicKey, jwk.Params{KeyID: "s"}))
	srv := newJWKSServer(t, publish(t, mustKey(t, k.a2, jwk.Params{KeyID: "r"})))
	remote, err := jwk.NewRemoteSet(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer remote.Close()
	idp := newFakeIdP(t, idpOptions{}, publish(t, mustKey(t, k.b1, jwk.Params{KeyID: "p"})))
	prov, err := jwk.NewProvider(idp.issuer)
	if err != nil {
		t.Fatal(err)
	}
	defer prov.Close()
	m, err := jwk.NewIssuers([]jwk.IssuerConfig{
		{Issuer: "urn:tenant:static", Keys: static, Algorithms: []jwt.Algorithm{jwt.ES256}},
		{Issuer: "https://remote.example", Keys: remote, Algorithms: []jwt.Algorithm{jwt.ES384}},
		{Issuer: idp.issuer, Keys: prov},
	})
	if err != nil {
		t.Fatal(err)
	}
	v, _ := jwt.NewVerifier(m)
	if _, err := v.Parse(signFor(t, jwt.ES256, k.a1, "s", "urn:tenant:static")); err != nil {
		t.Fatalf("static: %v", err)
	}
	if _, err := v.Parse(signFor(t, jwt.ES256, k.b1, "p", idp.issuer)); err != nil {
		t.Fatalf("provider: %v", err)
	}
	// ES256 is not among the remote issuer's algorithms: refused before
	// its set is fetched.
	if _, err := v.Parse(signFor(t, jwt.ES256, k.a2, "r", "https://remote.example")); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) || srv.hits.Load() != 0 {
		t.Fatalf("remote, ES256: %v (%d fetches)", err, srv.hits.Load())
	}
	if got := m.Issuers(); len(got) != 3 || got[0] != idp.issuer {
		t.Fatalf("Issuers() = %v", got)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := m.Ready(ctx); err != nil {
		t.Fatalf("Ready: %v", err)
	}
	m.Close()
	if _, err := v.Parse(signFor(t, jwt.ES256, k.b1, "p", idp.issuer)); err != nil {
		t.Fatalf("the caller's Provider was closed by Issuers.Close: %v", err)
	}
	if err := remote.Refresh(ctx); err != nil {
		t.Fatalf("the caller's RemoteSet was closed by Issuers.Close: %v", err)
	}
}

// TestIssuers_RotationOneSecondAfterStartUp_AndOneOddKeyBesideTheNewOne: a
// tenant rotating its key 1 s after the first verification is followed at
// once (the rate limit spaces unknown-kid fetches from each other only),
// also when the new set has an odd key beside the new one (RFC 7517
// section 5: "Implementations SHOULD ignore JWKs within a JWK Set that ...
// are missing required members, or for which values are out of the
// supported ranges"); the other tenant is not touched.
func TestIssuers_RotationOneSecondAfterStartUp_AndOneOddKeyBesideTheNewOne(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	tt := newTwoTenants(t)
	if err := tt.parse(signFor(t, jwt.ES256, k.a1, "a1", tt.a.issuer)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	odd := `{"kty":"EC","kid":7,"crv":"P-256","x":"AAAA","y":"AAAA"}`
	fresh := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}), mustKey(t, k.a2, jwk.Params{KeyID: "a2"}))
	tt.a.setJWKS([]byte(`{"keys":[` + odd + `,` + string(fresh[len(`{"keys":[`):])))
	if err := tt.parse(signFor(t, jwt.ES256, k.a2, "a2", tt.a.issuer)); err != nil {
		t.Fatalf("key rotated in 1 s after start-up, beside an odd key: %v", err)
	}
	if err := tt.parse(signFor(t, jwt.ES256, k.a1, "a1", tt.a.issuer)); err != nil {
		t.Fatalf("the old key: %v", err)
	}
	if n := tt.a.keyHits.Load(); n != 2 {
		t.Fatalf("A's JWKS fetched %d times, want 2", n)
	}
	if n := tt.b.docHits.Load() + tt.b.keyHits.Load(); n != 0 {
		t.Fatalf("B was asked %d times", n)
	}
}

// TestNewIssuers_EveryOptionValidated: each bad configuration is
// ErrInvalidOption (matching jwt.ErrInvalidOption), and nothing is left
// running.
func TestNewIssuers_EveryOptionValidated(t *testing.T) {
	set := jwk.NewSet(mustKey(t, &tenantKeys().a1.PublicKey, jwk.Params{KeyID: "a"}))
	remote, _ := jwk.NewRemoteSet("https://idp.example/jwks")
	defer remote.Close()
	prov, _ := jwk.NewProvider("https://idp.example")
	defer prov.Close()
	var nilSet *jwk.Set
	for name, tc := range map[string]struct {
		configs []jwk.IssuerConfig
		opts    []jwk.RemoteOption
	}{
		"none":                        {},
		"empty issuer":                {configs: []jwk.IssuerConfig{{Issuer: "", Keys: set}}},
		"twice":                       {configs: []jwk.IssuerConfig{{Issuer: "a", Keys: set}, {Issuer: "a", Keys: set}}},
		"nil *Set":                    {configs: []jwk.IssuerConfig{{Issuer: "a", Keys: nilSet}}},
		"a zero *Issuers":             {configs: []jwk.IssuerConfig{{Issuer: "a", Keys: &jwk.Issuers{}}}},
		"provider of another issuer":  {configs: []jwk.IssuerConfig{{Issuer: "https://other.example", Keys: prov}}},
		"options beside keys":         {configs: []jwk.IssuerConfig{{Issuer: "a", Keys: set, Options: []jwk.RemoteOption{jwk.WithRateLimit(time.Second)}}}},
		"unknown algorithm":           {configs: []jwk.IssuerConfig{{Issuer: "a", Keys: set, Algorithms: []jwt.Algorithm{"none"}}}},
		"HS256 with a remote set":     {configs: []jwk.IssuerConfig{{Issuer: "a", Keys: remote, Algorithms: []jwt.Algorithm{jwt.HS256}}}},
		"HS256 discovered":            {configs: []jwk.IssuerConfig{{Issuer: "https://idp.example", Algorithms: []jwt.Algorithm{jwt.HS256}}}},
		"discovered, bad issuer":      {configs: []jwk.IssuerConfig{{Issuer: "http://idp.example"}}},
		"bad shared option":           {configs: []jwk.IssuerConfig{{Issuer: "https://idp.example"}}, opts: []jwk.RemoteOption{jwk.WithRateLimit(0)}},
		"bad own option":              {configs: []jwk.IssuerConfig{{Issuer: "https://idp.example", Options: []jwk.RemoteOption{jwk.WithMaxStale(-1)}}}},
		"options, nothing discovered": {configs: []jwk.IssuerConfig{{Issuer: "a", Keys: set}}, opts: []jwk.RemoteOption{jwk.WithRateLimit(time.Second)}},
	} {
		m, err := jwk.NewIssuers(tc.configs, tc.opts...)
		if !errors.Is(err, jwk.ErrInvalidOption) || !errors.Is(err, jwt.ErrInvalidOption) || m != nil {
			t.Errorf("%s: %v, want ErrInvalidOption", name, err)
		}
	}
	if m, err := jwk.NewIssuers([]jwk.IssuerConfig{{Issuer: "a", Keys: set, Algorithms: []jwt.Algorithm{jwt.HS256}}}); err != nil {
		t.Errorf("HS256 with a static set: %v", err)
	} else {
		m.Close()
	}
}
