package jwk_test

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// reReadOptions re-read a document every 150 ms.
var reReadOptions = []jwk.RemoteOption{jwk.WithRefreshInterval(150 * time.Millisecond), jwk.WithMinRefreshInterval(50 * time.Millisecond)}

// TestOIDCDiscovery4_DocumentReReadOnTheSetsRefreshSchedule_MovedJWKSURIFollowed:
// a provider that moves its JWK Set (a new "jwks_uri", Discovery section
// 3) is followed without a restart: the document is re-read on the set's
// refresh schedule (WithRefreshInterval), the new set fetched before it
// replaces the old one.
func TestOIDCDiscovery4_DocumentReReadOnTheSetsRefreshSchedule_MovedJWKSURIFollowed(t *testing.T) {
	k := tenantKeys()
	idp := newFakeIdP(t, idpOptions{}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	idp.setNext(publish(t, mustKey(t, k.a2, jwk.Params{KeyID: "a2"})))
	rec := &recorder{}
	p, err := discover(t, idp.issuer, append([]jwk.RemoteOption{jwk.WithFetchObserver(rec)}, reReadOptions...)...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jwt.Parse(signFor(t, jwt.ES256, k.a1, "a1", idp.issuer), p); err != nil {
		t.Fatal(err)
	}
	idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks-next",
		"id_token_signing_alg_values_supported": []string{"ES256"}})
	if !waitFor(3*time.Second, func() bool {
		m, _ := p.Metadata()
		return m.JWKSURI == idp.srv.URL+"/jwks-next"
	}) {
		t.Fatalf("the document was not re-read: %d reads", idp.docHits.Load())
	}
	if _, err := jwt.Parse(signFor(t, jwt.ES256, k.a2, "a2", idp.issuer), p); err != nil {
		t.Fatalf("a key of the moved set: %v", err)
	}
	if got := p.IDTokenAlgorithms(); len(got) != 1 || got[0] != jwt.ES256 {
		t.Fatalf("IDTokenAlgorithms after the re-read: %v", got)
	}
	if p.KeySet().Stats().URL != idp.srv.URL+"/jwks-next" {
		t.Fatalf("KeySet serves %s", p.KeySet().Stats().URL)
	}
	n := 0
	for _, e := range rec.events(jwk.EventFetched) {
		if e.Discovery {
			n++
		}
	}
	if n < 2 {
		t.Fatalf("%d discovery EventFetched, want the first read and a re-read", n)
	}
}

// TestOIDCDiscovery4_3_ReReadDocumentKeepsEveryRule_AFailedReReadKeepsTheDocument:
// a re-read document is checked as the first one was: another "issuer"
// (Discovery section 4.3: "MUST NOT be used"), a "jwks_uri" that is not
// https after an https document, a document that cannot be read, or a set
// that cannot be fetched at the new "jwks_uri" leave the current document
// and keys in use; each refusal is an event.
func TestOIDCDiscovery4_3_ReReadDocumentKeepsEveryRule_AFailedReReadKeepsTheDocument(t *testing.T) {
	t.Parallel()
	k := tenantKeys()
	idp := newFakeIdP(t, idpOptions{tls: true}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	rec := &recorder{}
	opts := append([]jwk.RemoteOption{jwk.WithFetchObserver(rec), jwk.WithHTTPClient(idp.srv.Client())}, reReadOptions...)
	p, err := discover(t, idp.issuer, opts...)
	if err != nil {
		t.Fatal(err)
	}
	tok := signFor(t, jwt.ES256, k.a1, "a1", idp.issuer)
	for name, set := range map[string]func(){
		"another issuer": func() {
			idp.setDoc(map[string]any{"issuer": "https://evil.example", "jwks_uri": idp.srv.URL + "/jwks-next"})
		},
		"http jwks_uri":      func() { idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": "http://127.0.0.1:1/jwks"}) },
		"not JSON":           func() { idp.setRawDoc([]byte("<html>")) },
		"no set at jwks_uri": func() { idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks-next"}) }, // 404
		"only HS* for the ID": func() {
			idp.setDoc(map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks", "id_token_signing_alg_values_supported": []string{"HS256"}})
		},
	} {
		hits := idp.docHits.Load()
		set()
		if !waitFor(3*time.Second, func() bool { return idp.docHits.Load() >= hits+2 }) {
			t.Fatalf("%s: not re-read", name)
		}
		m, _ := p.Metadata()
		if m.Issuer != idp.issuer || m.JWKSURI != idp.srv.URL+"/jwks" {
			t.Errorf("%s: the document in use became %+v", name, m)
		}
		if _, err := jwt.Parse(tok, p); err != nil {
			t.Errorf("%s: the current keys no longer verify: %v", name, err)
		}
	}
	if len(rec.events(jwk.EventDiscoveryRefused)) == 0 {
		t.Error("no EventDiscoveryRefused for a refused re-read")
	}
}

// TestProvider_CloseEndsEveryGoroutine_ReReadIncluded: a Provider's
// background work (its key set's refresher, the document's re-read) ends
// at Close; Close during a re-read waits for it.
func TestProvider_CloseEndsEveryGoroutine_ReReadIncluded(t *testing.T) {
	k := tenantKeys()
	idp := newFakeIdP(t, idpOptions{}, publish(t, mustKey(t, k.a1, jwk.Params{KeyID: "a1"})))
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	p, err := jwk.Discover(ctx, idp.issuer, reReadOptions...)
	if err != nil {
		t.Fatal(err)
	}
	idp.delay.Store(int64(100 * time.Millisecond))
	time.Sleep(200 * time.Millisecond) // a re-read is under way
	p.Close()
	if err := p.Ready(ctx); !errors.Is(err, jwk.ErrClosed) {
		t.Fatalf("Ready after Close: %v", err)
	}
	hits := idp.docHits.Load()
	if !waitFor(time.Second, func() bool { return runtime.NumGoroutine() <= before }) {
		t.Fatalf("%d goroutines before, %d after Close", before, runtime.NumGoroutine())
	}
	time.Sleep(200 * time.Millisecond)
	if idp.docHits.Load() != hits {
		t.Fatal("the document was read after Close")
	}
}
