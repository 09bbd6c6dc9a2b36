package jwk_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// p256 keys of the tenants in these tests, made once.
var tenantKeys = sync.OnceValue(func() (k struct{ a1, a2, b1, b2 *ecdsa.PrivateKey }) {
	for _, p := range []**ecdsa.PrivateKey{&k.a1, &k.a2, &k.b1, &k.b2} {
		var err error
		if *p, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader); err != nil {
			panic(err)
		}
	}
	return k
})

// discover runs jwk.Discover with a short timeout.
func discover(t testing.TB, issuer string, opts ...jwk.RemoteOption) (*jwk.Provider, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	p, err := jwk.Discover(ctx, issuer, opts...)
	if err == nil {
		t.Cleanup(func() { p.Close() })
	}
	return p, err
}

// TestDiscovery_OIDC4_WellKnownConcatenatedToTheIssuer_TerminatingSlashRemoved:
// Discovery section 4.1: "OpenID Providers supporting Discovery MUST make a
// JSON document available at the path formed by concatenating the string
// /.well-known/openid-configuration to the Issuer", and "If the Issuer
// value contains a path component, any terminating / MUST be removed
// before appending /.well-known/openid-configuration".
func TestDiscovery_OIDC4_WellKnownConcatenatedToTheIssuer_TerminatingSlashRemoved(t *testing.T) {
	k := tenantKeys()
	jwks := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	for _, path := range []string{"", "/", "/tenants/a", "/tenants/a/"} {
		idp := newFakeIdP(t, idpOptions{path: path}, jwks)
		p, err := discover(t, idp.issuer)
		if err != nil {
			t.Fatalf("path %q: %v (other requests %v)", path, err, idp.otherPaths())
		}
		if idp.docHits.Load() != 1 || idp.keyHits.Load() != 1 || len(idp.otherPaths()) != 0 {
			t.Fatalf("path %q: %d document and %d JWKS requests, others %v", path, idp.docHits.Load(), idp.keyHits.Load(), idp.otherPaths())
		}
		if _, err := jwt.Parse(signFor(t, jwt.ES256, k.a1, "a1", idp.issuer), p); err != nil {
			t.Fatalf("path %q: %v", path, err)
		}
	}
}

// TestDiscovery_RFC8414_3_WellKnownInsertedBetweenHostAndPath: RFC 8414
// section 3: metadata is at "a path formed by inserting a well-known URI
// string into the authorization server's issuer identifier between the
// host component and the path component (if any)"; section 3.1: "any
// terminating "/" MUST be removed before inserting".
func TestDiscovery_RFC8414_3_WellKnownInsertedBetweenHostAndPath(t *testing.T) {
	k := tenantKeys()
	jwks := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	for _, path := range []string{"", "/tenant1", "/tenants/a/"} {
		idp := newFakeIdP(t, idpOptions{path: path, wellKnown: jwk.OAuthAuthorizationServer}, jwks)
		doc := map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks"} // RFC 8414 metadata: no ID token algs
		idp.setDoc(doc)
		p, err := discover(t, idp.issuer, jwk.WithWellKnown(jwk.OAuthAuthorizationServer))
		if err != nil {
			t.Fatalf("path %q: %v (other requests %v)", path, err, idp.otherPaths())
		}
		if idp.docHits.Load() != 1 {
			t.Fatalf("path %q: %d document requests at %s", path, idp.docHits.Load(), idp.docPath)
		}
		if _, err := jwt.Parse(signFor(t, jwt.ES256, k.a1, "a1", idp.issuer), p); err != nil {
			t.Fatalf("path %q: %v", path, err)
		}
		if algs := p.IDTokenAlgorithms(); len(algs) != 0 {
			t.Fatalf("no id_token_signing_alg_values_supported: IDTokenAlgorithms %v, want none", algs)
		}
	}
}

// TestDiscovery_OIDC4_3_IssuerNotIdenticalIsRefused_NoKeysFetched:
// Discovery section 4.3: "The issuer value returned MUST be identical to
// the Issuer URL that was used as the prefix to
// /.well-known/openid-configuration to retrieve the configuration
// information"; RFC 8414 section 3.3: "If these values are not identical,
// the data contained in the response MUST NOT be used." No JWK Set is
// fetched from a refused document.
func TestDiscovery_OIDC4_3_IssuerNotIdenticalIsRefused_NoKeysFetched(t *testing.T) {
	k := tenantKeys()
	jwks := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	for _, wk := range []jwk.WellKnown{jwk.OpenIDConfiguration, jwk.OAuthAuthorizationServer} {
		for name, issuer := range map[string]func(iss string) any{
			"another issuer":      func(string) any { return "https://evil.example" },
			"trailing slash":      func(iss string) any { return iss + "/" },
			"other case":          func(iss string) any { return strings.ToUpper(iss) },
			"a prefix of it":      func(iss string) any { return strings.TrimSuffix(iss, "/a") },
			"not a string":        func(string) any { return 42 },
			"absent":              nil,
			"an array of the one": func(iss string) any { return []string{iss} },
		} {
			t.Run(wk.String()+"/"+name, func(t *testing.T) {
				idp := newFakeIdP(t, idpOptions{path: "/tenants/a", wellKnown: wk}, jwks)
				doc := map[string]any{"jwks_uri": idp.srv.URL + "/jwks"}
				if issuer != nil {
					doc["issuer"] = issuer(idp.issuer)
				}
				idp.setDoc(doc)
				rec := &recorder{}
				_, err := discover(t, idp.issuer, jwk.WithWellKnown(wk), jwk.WithFetchObserver(rec))
				if !errors.Is(err, jwk.ErrDiscoveryRefused) || !errors.Is(err, jwk.ErrFetch) || !errors.Is(err, jwt.ErrInvalidKey) || errors.Is(err, jwt.ErrInvalidOption) {
					t.Fatalf("got %v, want ErrDiscoveryRefused", err)
				}
				if idp.docHits.Load() != 1 || idp.keyHits.Load() != 0 {
					t.Fatalf("%d document and %d JWKS requests, want 1 and 0", idp.docHits.Load(), idp.keyHits.Load())
				}
				if ev := rec.events(jwk.EventDiscoveryRefused); len(ev) != 1 || !ev[0].Discovery || ev[0].Issuer != idp.issuer {
					t.Fatalf("events %v", rec.kinds())
				}
			})
		}
	}
	// A duplicate "issuer" member could read as either value: the strict
	// pass refuses the document whichever comes first.
	idp := newFakeIdP(t, idpOptions{}, jwks)
	idp.setRawDoc([]byte(`{"issuer":"https://evil.example","issuer":"` + idp.issuer + `","jwks_uri":"` + idp.srv.URL + `/jwks"}`))
	if _, err := discover(t, idp.issuer); !errors.Is(err, jwk.ErrDiscoveryRefused) || idp.keyHits.Load() != 0 {
		t.Fatalf("duplicate issuer: %v, %d JWKS requests", err, idp.keyHits.Load())
	}
}

// TestDiscovery_JWKSURIMustBeHTTPS_LoopbackExcepted_NeverDowngraded: a
// "jwks_uri" must be https, as a RemoteSet's URL (Discovery section 3:
// "jwks_uri REQUIRED. URL of the OP's JSON Web Key Set"; RFC 8414 section
// 2; RFC 8725 section 3.1: keys come over a protected channel); http only
// on the loopback interface, and never after an https document, as for
// redirects. Refused without a request for the set.
func TestDiscovery_JWKSURIMustBeHTTPS_LoopbackExcepted_NeverDowngraded(t *testing.T) {
	k := tenantKeys()
	jwks := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	plain := newFakeIdP(t, idpOptions{}, jwks) // http on 127.0.0.1, serving /jwks
	for name, tc := range map[string]struct {
		tls  bool
		uri  func(p *fakeIdP) any
		want bool // accepted
	}{
		"http, not loopback":                    {uri: func(*fakeIdP) any { return "http://idp.example/jwks" }},
		"https document, http loopback JWKS":    {tls: true, uri: func(*fakeIdP) any { return plain.srv.URL + "/jwks" }},
		"not a URL":                             {uri: func(*fakeIdP) any { return "::" }},
		"ftp":                                   {uri: func(*fakeIdP) any { return "ftp://127.0.0.1/jwks" }},
		"no host":                               {uri: func(*fakeIdP) any { return "https:///jwks" }},
		"not a string":                          {uri: func(*fakeIdP) any { return map[string]string{"href": "https://x"} }},
		"absent":                                {uri: nil},
		"empty":                                 {uri: func(*fakeIdP) any { return "" }},
		"http loopback document, http loopback": {uri: func(p *fakeIdP) any { return p.srv.URL + "/jwks" }, want: true},
		"https document, https JWKS":            {tls: true, uri: func(p *fakeIdP) any { return p.srv.URL + "/jwks" }, want: true},
	} {
		t.Run(name, func(t *testing.T) {
			idp := newFakeIdP(t, idpOptions{tls: tc.tls}, jwks)
			doc := map[string]any{"issuer": idp.issuer}
			if tc.uri != nil {
				doc["jwks_uri"] = tc.uri(idp)
			}
			idp.setDoc(doc)
			before := plain.keyHits.Load()
			_, err := discover(t, idp.issuer, jwk.WithHTTPClient(idp.srv.Client()))
			if tc.want {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.Is(err, jwk.ErrFetch) || errors.Is(err, jwt.ErrInvalidOption) {
				t.Fatalf("got %v, want ErrFetch", err)
			}
			if idp.keyHits.Load() != 0 || plain.keyHits.Load() != before {
				t.Fatal("a JWK Set was requested")
			}
			t.Log(err)
		})
	}
}

// TestDiscovery_RedirectToHTTPThroughCallersClientIsRefused: the https-only
// redirect rule holds for the discovery document whatever client is given:
// an https document redirecting to http (even on loopback) is not
// followed, the caller's own CheckRedirect is still asked for the others,
// and the caller's client is not changed.
func TestDiscovery_RedirectToHTTPThroughCallersClientIsRefused(t *testing.T) {
	k := tenantKeys()
	jwks := publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"}))
	plain := newFakeIdP(t, idpOptions{}, jwks)
	var target string
	tlsSrv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target, http.StatusFound)
	}))
	defer tlsSrv.Close()
	issuer := tlsSrv.URL
	target = plain.srv.URL + plain.docPath
	client := tlsSrv.Client()
	asked := 0
	client.CheckRedirect = func(*http.Request, []*http.Request) error { asked++; return nil }
	_, err := discover(t, issuer, jwk.WithHTTPClient(client))
	if !errors.Is(err, jwk.ErrFetch) || !strings.Contains(err.Error(), "redirect from https to http") {
		t.Fatalf("got %v, want a refused redirect", err)
	}
	if plain.docHits.Load() != 0 || asked != 0 {
		t.Fatalf("http document requested %d times, caller's policy asked %d times", plain.docHits.Load(), asked)
	}
	if client.CheckRedirect == nil || client.Transport == nil {
		t.Fatal("the caller's client was changed")
	}
}

// TestDiscovery_BoundedBodyStatusTimeoutAndContext: a document over the
// body cap is ErrBodyTooLarge; a status other than 200 is refused
// (Discovery section 4.2: "A successful response MUST use the 200 OK HTTP
// status code"); a slow server ends at the fetch timeout, and the caller's
// context bounds Discover's wait.
func TestDiscovery_BoundedBodyStatusTimeoutAndContext(t *testing.T) {
	t.Parallel()
	jwks := publish(t, mustKey(t, tenantKeys().a1, jwk.Params{KeyID: "a1"}))
	idp := newFakeIdP(t, idpOptions{}, jwks)
	idp.setRawDoc([]byte(`{"issuer":"` + idp.issuer + `","pad":"` + strings.Repeat("x", 5000) + `"}`))
	if _, err := discover(t, idp.issuer, jwk.WithMaxBodySize(4096)); !errors.Is(err, jwk.ErrBodyTooLarge) {
		t.Fatalf("oversized document: %v", err)
	}
	idp.down.Store(true)
	if _, err := discover(t, idp.issuer); !errors.Is(err, jwk.ErrFetch) || !strings.Contains(err.Error(), "503") {
		t.Fatalf("503: %v", err)
	}
	idp.down.Store(false)
	idp.setRawDoc([]byte(`<html>not json</html>`))
	if _, err := discover(t, idp.issuer); !errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("not JSON: %v", err)
	}
	idp.delay.Store(int64(3 * time.Second))
	start := time.Now()
	if _, err := discover(t, idp.issuer, jwk.WithFetchTimeout(200*time.Millisecond)); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("slow server: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := jwk.Discover(ctx, idp.issuer); !errors.Is(err, jwk.ErrFetch) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("caller's deadline: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("took %v", d)
	}
}

// TestDiscovery_IDTokenAlgorithmsSeededFromIDTokenSigningAlgValuesSupported_NeverNoneNorHS:
// Discovery section 3, id_token_signing_alg_values_supported: "JSON array
// containing a list of the JWS signing algorithms (alg values) supported by
// the OP for the ID Token". IDTokenAlgorithms is that list intersected with
// ours, never "none" and never HS* (a JWK Set is public; RFC 8725 section
// 3.1: never trust "alg" alone). The Provider does not apply it to other
// tokens (TestOIDCDiscovery3_IDTokenAlgorithmListIsNotAppliedToOtherTokens);
// HS* it refuses anyway.
func TestDiscovery_IDTokenAlgorithmsSeededFromIDTokenSigningAlgValuesSupported_NeverNoneNorHS(t *testing.T) {
	k := testKeys()
	tk := tenantKeys()
	secret := mustKey(t, k.hmac, jwk.Params{KeyID: "hs"})
	jwks := mustJSON(t, jwk.NewSet(mustKey(t, &tk.a1.PublicKey, jwk.Params{KeyID: "a1"}),
		mustKey(t, &k.rsa1.PublicKey, jwk.Params{KeyID: "rsa"}), secret)) // a secret published: refused anyway
	idp := newFakeIdP(t, idpOptions{}, jwks)
	idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks",
		"id_token_signing_alg_values_supported": []string{"none", "HS256", "ES256", "XYZ", "RS256", "es256"}})
	p, err := discover(t, idp.issuer)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.IDTokenAlgorithms(); !slices.Equal(got, []jwt.Algorithm{jwt.RS256, jwt.ES256}) {
		t.Fatalf("IDTokenAlgorithms %v, want [RS256 ES256]", got)
	}
	v, err := jwt.NewVerifier(p, jwt.WithAlgorithms(p.IDTokenAlgorithms()...))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Parse(signFor(t, jwt.RS256, k.rsa1, "rsa", idp.issuer)); err != nil {
		t.Fatalf("RS256: %v", err)
	}
	// Without WithAlgorithms, the Provider refuses HS* itself.
	bare, _ := jwt.NewVerifier(p)
	if _, err := bare.Parse(signFor(t, jwt.HS256, k.hmac, "hs", idp.issuer)); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
		t.Fatalf("HS256: %v, want ErrAlgorithmNotAllowed", err)
	}
	if m, ok := p.Metadata(); !ok || len(m.IDTokenSigningAlgValuesSupported) != 6 || m.Issuer != idp.issuer || !strings.Contains(string(m.Raw), `"jwks_uri"`) {
		t.Fatalf("metadata %+v", m)
	}
	// A list with nothing of ours (only none and HS*) is an empty, non-nil
	// list: idtoken refuses every ID token, while the document still serves
	// other tokens (the list is for ID tokens only).
	for _, list := range [][]string{{"none"}, {"HS256", "HS512"}, {}} {
		idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks", "id_token_signing_alg_values_supported": list})
		p, err := discover(t, idp.issuer)
		if err != nil {
			t.Fatalf("%v: %v", list, err)
		}
		if got := p.IDTokenAlgorithms(); got == nil || len(got) != 0 {
			t.Fatalf("%v: IDTokenAlgorithms %#v, want empty and non-nil", list, got)
		}
		if _, err := jwt.Parse(signFor(t, jwt.RS256, k.rsa1, "rsa", idp.issuer), p); err != nil {
			t.Fatalf("%v: an RS256 token that is no ID token: %v", list, err)
		}
	}
	idp.setRawDoc([]byte(`{"issuer":"` + idp.issuer + `","jwks_uri":"` + idp.srv.URL + `/jwks","id_token_signing_alg_values_supported":"RS256"}`))
	if _, err := discover(t, idp.issuer); !errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("a string for the list: %v", err)
	}
}

// TestProvider_LazyDiscoverySharedByConcurrentCallers_RefusesOtherIssuersWithoutARequest:
// NewProvider fetches nothing; the first verifications discover once for
// all; as a jwt.IssuerKeySet it refuses a token of another issuer before
// any request (RFC 8725 section 3.8).
func TestProvider_LazyDiscoverySharedByConcurrentCallers_RefusesOtherIssuersWithoutARequest(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	idp := newFakeIdP(t, idpOptions{}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	idp.delay.Store(int64(50 * time.Millisecond))
	p, err := jwk.NewProvider(idp.issuer)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	v, _ := jwt.NewVerifier(p)
	if _, err := v.Parse(signFor(t, jwt.ES256, k.a1, "a1", "https://other.example")); !errors.Is(err, jwt.ErrInvalidIssuer) {
		t.Fatalf("another issuer: %v", err)
	}
	if _, ok := p.Metadata(); ok || p.IDTokenAlgorithms() != nil || p.KeySet() != nil || idp.docHits.Load() != 0 {
		t.Fatal("discovered before the first verification of its issuer")
	}
	tok := signFor(t, jwt.ES256, k.a1, "a1", idp.issuer)
	var wg sync.WaitGroup
	errs := make(chan error, 50)
	for range 50 {
		wg.Go(func() {
			if _, err := v.Parse(tok); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if idp.docHits.Load() != 1 || idp.keyHits.Load() != 1 {
		t.Fatalf("%d discoveries and %d JWKS fetches, want 1 and 1", idp.docHits.Load(), idp.keyHits.Load())
	}
}

// TestProvider_FailedDiscoveryIsRateLimited_ReadyRetries: after a failed
// discovery, verifications retry at most once per rate-limit period
// (ErrFetch meanwhile, at once); Ready retries on its own until the
// provider answers, and reports ErrFetch when its context ends first.
func TestProvider_FailedDiscoveryIsRateLimited_ReadyRetries(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	idp := newFakeIdP(t, idpOptions{}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	idp.down.Store(true)
	p, err := jwk.NewProvider(idp.issuer, jwk.WithRateLimit(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	tok := signFor(t, jwt.ES256, k.a1, "a1", idp.issuer)
	for range 20 {
		if _, err := jwt.Parse(tok, p); !errors.Is(err, jwk.ErrFetch) {
			t.Fatalf("provider down: %v", err)
		}
	}
	if n := idp.docHits.Load(); n != 1 {
		t.Fatalf("%d discoveries, want 1", n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if err := p.Ready(ctx); !errors.Is(err, jwk.ErrFetch) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Ready while down: %v", err)
	}
	go func() { time.Sleep(200 * time.Millisecond); idp.down.Store(false) }()
	ctx2, cancel2 := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel2()
	if err := p.Ready(ctx2); err != nil {
		t.Fatalf("Ready: %v", err)
	}
	if _, err := jwt.Parse(tok, p); err != nil {
		t.Fatal(err)
	}
	p.Close()
	if err := p.Ready(context.Background()); err != nil {
		t.Logf("Ready after Close: %v", err) // the set is still cached: ready
	}
}

// TestNewProvider_EveryOptionValidated: a bad issuer (Discovery section 3,
// RFC 8414 section 2: "a URL that uses the "https" scheme and has no query
// or fragment components") or option is ErrInvalidOption, which matches
// jwt.ErrInvalidOption; NewRemoteSet refuses WithWellKnown.
func TestNewProvider_EveryOptionValidated(t *testing.T) {
	for name, tc := range map[string]struct {
		issuer string
		opts   []jwk.RemoteOption
	}{
		"empty":                  {issuer: ""},
		"http, not loopback":     {issuer: "http://idp.example"},
		"query":                  {issuer: "https://idp.example/?tenant=a"},
		"empty query":            {issuer: "https://idp.example/?"},
		"fragment":               {issuer: "https://idp.example/#a"},
		"user info":              {issuer: "https://user:pw@idp.example"},
		"no host":                {issuer: "https:///a"},
		"not a URL":              {issuer: "::"},
		"unknown WellKnown":      {issuer: "https://idp.example", opts: []jwk.RemoteOption{jwk.WithWellKnown(7)}},
		"nil observer":           {issuer: "https://idp.example", opts: []jwk.RemoteOption{jwk.WithFetchObserver(nil)}},
		"zero max stale":         {issuer: "https://idp.example", opts: []jwk.RemoteOption{jwk.WithMaxStale(0)}},
		"bad failover":           {issuer: "https://idp.example", opts: []jwk.RemoteOption{jwk.WithFailoverURL("http://mirror.example/jwks")}},
		"negative timeout":       {issuer: "https://idp.example", opts: []jwk.RemoteOption{jwk.WithFetchTimeout(-1)}},
		"negative refresh ahead": {issuer: "https://idp.example", opts: []jwk.RemoteOption{jwk.WithRefreshAhead(-time.Second)}},
	} {
		if p, err := jwk.NewProvider(tc.issuer, tc.opts...); !errors.Is(err, jwk.ErrInvalidOption) || !errors.Is(err, jwt.ErrInvalidOption) {
			if p != nil {
				p.Close()
			}
			t.Errorf("%s: %v, want ErrInvalidOption", name, err)
		}
	}
	if _, err := jwk.NewRemoteSet("https://idp.example/jwks", jwk.WithWellKnown(jwk.OpenIDConfiguration)); !errors.Is(err, jwk.ErrInvalidOption) {
		t.Errorf("NewRemoteSet with WithWellKnown: %v", err)
	}
	if _, err := jwk.Discover(context.Background(), "http://idp.example"); !errors.Is(err, jwk.ErrInvalidOption) {
		t.Errorf("Discover, http issuer: %v", err)
	}
}
