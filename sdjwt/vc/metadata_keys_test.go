package vc_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/sdjwt/vc"
)

func metadataKeys(t *testing.T, ms *metadataServer, issuers ...string) *vc.MetadataKeys {
	t.Helper()
	keys, err := vc.IssuerMetadataKeys(ms.Client(), vc.MetadataConfig{Issuers: issuers, AllowInternalAddresses: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { keys.Close() })
	return keys
}

func verifyWith(t *testing.T, keys *vc.MetadataKeys, tok string) error {
	t.Helper()
	v, err := jwt.NewVerifier(keys, jwt.WithAlgorithms(jwt.ES256))
	if err != nil {
		t.Fatal(err)
	}
	_, err = v.ParseContext(context.Background(), tok)
	return err
}

func TestSDJWTVC_4_2_InlineJWKSVerifiesIssuersToken(t *testing.T) {
	k := newIssuerKey(t, "k1")
	var ms *metadataServer
	ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/.well-known/jwt-vc-issuer/tenant/1234" || r.Method != http.MethodGet {
			http.NotFound(w, r)
			return
		}
		serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks":%s,"other":1}`, ms.URL+"/tenant/1234", setJSON(t, k)))(w, r)
	})
	iss := ms.URL + "/tenant/1234"
	keys := metadataKeys(t, ms, iss)
	if err := verifyWith(t, keys, k.sign(t, map[string]any{"iss": iss})); err != nil {
		t.Fatal(err)
	}
	other := newIssuerKey(t, "k1")
	if err := verifyWith(t, keys, other.sign(t, map[string]any{"iss": iss})); !errors.Is(err, jwt.ErrSignatureInvalid) {
		t.Fatalf("another key's token: %v", err)
	}
	m, err := keys.Metadata(context.Background(), iss)
	if err != nil || m.Issuer != iss || m.JWKS == nil || m.JWKS.Len() != 1 || m.JWKSURI != "" {
		t.Fatalf("Metadata = %+v, %v", m, err)
	}
}

func TestSDJWTVC_4_2_JWKSURIVerifiesIssuersToken(t *testing.T) {
	k := newIssuerKey(t, "k1")
	var ms *metadataServer
	ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/.well-known/jwt-vc-issuer":
			serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks_uri":%q}`, ms.URL, ms.URL+"/keys.jwks"))(w, r)
		case "/keys.jwks":
			serveJSON(setJSON(t, k))(w, r)
		default:
			http.NotFound(w, r)
		}
	})
	keys := metadataKeys(t, ms, ms.URL)
	if err := verifyWith(t, keys, k.sign(t, map[string]any{"iss": ms.URL})); err != nil {
		t.Fatal(err)
	}
	if err := verifyWith(t, keys, k.sign(t, map[string]any{"iss": ms.URL})); err != nil {
		t.Fatal(err)
	}
	if n := ms.hits.Load(); n != 2 {
		t.Fatalf("%d requests; want 2 (document and set, each once)", n)
	}
}

func TestSDJWTVC_4_3_IssuerNotIdenticalToIssRefused(t *testing.T) {
	k := newIssuerKey(t, "k1")
	var ms *metadataServer
	ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
		serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks":%s}`, ms.URL+"/", setJSON(t, k)))(w, r)
	})
	keys := metadataKeys(t, ms, ms.URL)
	if err := verifyWith(t, keys, k.sign(t, map[string]any{"iss": ms.URL})); !errors.Is(err, vc.ErrMetadataRefused) || !errors.Is(err, jwk.ErrFetch) {
		t.Fatalf("got %v; want ErrMetadataRefused", err)
	}
}

func TestSDJWTVC_4_2_DocumentRulesRefused(t *testing.T) {
	k := newIssuerKey(t, "k1")
	set := setJSON(t, k)
	for name, doc := range map[string]string{
		"BothJWKSAndJWKSURI":  `{"issuer":%[1]q,"jwks":` + set + `,"jwks_uri":"https://example.com/k"}`,
		"NeitherJWKSNorURI":   `{"issuer":%[1]q}`,
		"NoIssuer":            `{"jwks":` + set + `}`,
		"IssuerNotString":     `{"issuer":1,"jwks":` + set + `}`,
		"JWKSURINotHTTPS":     `{"issuer":%[1]q,"jwks_uri":"http://example.com/k"}`,
		"JWKSURINotString":    `{"issuer":%[1]q,"jwks_uri":["https://example.com/k"]}`,
		"JWKSNotObject":       `{"issuer":%[1]q,"jwks":"x"}`,
		"JWKSNull":            `{"issuer":%[1]q,"jwks":null}`,
		"JWKSWithoutKeys":     `{"issuer":%[1]q,"jwks":{"keys":[]}}`,
		"DuplicateIssuer":     `{"issuer":%[1]q,"issuer":%[1]q,"jwks":` + set + `}`,
		"LookAlikeMember":     `{"issuer":%[1]q,"Issuer":"x","jwks":` + set + `}`,
		"NotJSON":             `{"issuer":%[1]q,`,
		"TrailingData":        `{"issuer":%[1]q,"jwks":` + set + `} x`,
		"ArrayDocument":       `[]`,
		"InvalidUTF8InMember": "{\"issuer\":%[1]q,\"x\":\"\xff\",\"jwks\":" + set + "}",
	} {
		t.Run(name, func(t *testing.T) {
			var ms *metadataServer
			ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
				serveJSON(fmt.Sprintf(doc, ms.URL))(w, r)
			})
			keys := metadataKeys(t, ms, ms.URL)
			if err := verifyWith(t, keys, k.sign(t, map[string]any{"iss": ms.URL})); !errors.Is(err, vc.ErrMetadataRefused) {
				t.Fatalf("got %v; want ErrMetadataRefused", err)
			}
		})
	}
}

func TestSDJWTVC_3_RetrievalRulesRefused(t *testing.T) {
	k := newIssuerKey(t, "k1")
	for name, tc := range map[string]struct {
		h    func(ms *metadataServer) http.HandlerFunc
		want error
	}{
		"ErrorResponseNotUsed": {func(ms *metadataServer) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusNotFound)
				fmt.Fprintf(w, `{"issuer":%q,"jwks":%s}`, ms.URL, setJSON(t, k))
			}
		}, vc.ErrMetadata},
		"NotApplicationJSON": {func(ms *metadataServer) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				fmt.Fprintf(w, `{"issuer":%q,"jwks":%s}`, ms.URL, setJSON(t, k))
			}
		}, vc.ErrMetadataRefused},
		"BodyOverSizeBound": {func(ms *metadataServer) http.HandlerFunc {
			return serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks":%s,"pad":%q}`, ms.URL, setJSON(t, k), strings.Repeat("a", vc.DefaultMetadataMaxBodySize)))
		}, vc.ErrMetadata},
		"RedirectToHTTPRefused": {func(ms *metadataServer) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, "http://"+strings.TrimPrefix(ms.URL, "https://")+"/x", http.StatusFound)
			}
		}, vc.ErrMetadata},
		"RedirectsBounded": {func(ms *metadataServer) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, ms.URL+r.URL.Path+"x", http.StatusFound)
			}
		}, vc.ErrMetadata},
	} {
		t.Run(name, func(t *testing.T) {
			ms := newMetadataServer(t, nil)
			h := tc.h(ms)
			ms.handler.Store(&h)
			keys := metadataKeys(t, ms, ms.URL)
			err := verifyWith(t, keys, k.sign(t, map[string]any{"iss": ms.URL}))
			if !errors.Is(err, tc.want) || errors.Is(err, jwt.ErrSignatureInvalid) {
				t.Fatalf("got %v; want %v", err, tc.want)
			}
			if name == "RedirectsBounded" && ms.hits.Load() != 4 {
				t.Fatalf("%d requests; want 4 (the first and 3 redirects)", ms.hits.Load())
			}
		})
	}
}

func TestSDJWTVC_3_RedirectWithinHTTPSFollowed(t *testing.T) {
	k := newIssuerKey(t, "k1")
	var ms *metadataServer
	ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/moved" {
			serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks":%s}`, ms.URL, setJSON(t, k)))(w, r)
			return
		}
		http.Redirect(w, r, ms.URL+"/moved", http.StatusMovedPermanently)
	})
	if err := verifyWith(t, metadataKeys(t, ms, ms.URL), k.sign(t, map[string]any{"iss": ms.URL})); err != nil {
		t.Fatal(err)
	}
}

func TestSDJWTVC_7_1_IssuerNotAllowedRefusedWithoutRequest(t *testing.T) {
	k := newIssuerKey(t, "k1")
	ms := newMetadataServer(t, serveJSON(`{}`))
	keys := metadataKeys(t, ms, ms.URL+"/allowed")
	for _, iss := range []string{ms.URL, ms.URL + "/other", ms.URL + "/allowed/", "https://attacker.example"} {
		err := verifyWith(t, keys, k.sign(t, map[string]any{"iss": iss}))
		if !errors.Is(err, vc.ErrIssuerNotAllowed) || !errors.Is(err, jwt.ErrInvalidIssuer) {
			t.Fatalf("iss %q: got %v; want ErrIssuerNotAllowed", iss, err)
		}
	}
	if err := verifyWith(t, keys, k.sign(t, map[string]any{"sub": "x"})); !errors.Is(err, jwt.ErrInvalidIssuer) {
		t.Fatalf("no iss: got %v", err)
	}
	if n := ms.hits.Load(); n != 0 {
		t.Fatalf("%d requests for issuers not allowed", n)
	}
}

func TestSDJWTVC_7_1_InternalAddressRefusedByDefault(t *testing.T) {
	k := newIssuerKey(t, "k1")
	var ms *metadataServer
	ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
		serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks":%s}`, ms.URL, setJSON(t, k)))(w, r)
	})
	for name, client := range map[string]*http.Client{"TheirClient": ms.Client(), "NilClient": nil, "NilTransport": {}} {
		keys, err := vc.IssuerMetadataKeys(client, vc.MetadataConfig{Issuers: []string{ms.URL}})
		if err != nil {
			t.Fatal(err)
		}
		err = verifyWith(t, keys, k.sign(t, map[string]any{"iss": ms.URL}))
		if !errors.Is(err, vc.ErrMetadata) || !strings.Contains(err.Error(), "not globally reachable") {
			t.Fatalf("%s: got %v; want a refused internal address", name, err)
		}
		keys.Close()
	}
	if n := ms.hits.Load(); n != 0 {
		t.Fatalf("%d requests reached the internal server", n)
	}
}

func TestSDJWTVC_7_1_JWKSURIOnInternalAddressRefused(t *testing.T) {
	// The document comes from a public-looking issuer through a guarded
	// client; its "jwks_uri" points inside: the set's fetch is refused too.
	k := newIssuerKey(t, "k1")
	var ms *metadataServer
	ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
		serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks_uri":%q}`, ms.URL, ms.URL+"/keys"))(w, r)
	})
	keys, err := vc.IssuerMetadataKeys(ms.Client(), vc.MetadataConfig{Issuers: []string{ms.URL}})
	if err != nil {
		t.Fatal(err)
	}
	defer keys.Close()
	if err := verifyWith(t, keys, k.sign(t, map[string]any{"iss": ms.URL})); err == nil {
		t.Fatal("accepted")
	}
	if n := ms.hits.Load(); n != 0 {
		t.Fatalf("%d requests reached the internal server", n)
	}
}

func TestSDJWTVC_7_1_TheirDialerCheckedAfterConnecting(t *testing.T) {
	// Their dialer resolves a name (here: any) to the internal server; the
	// connection is refused once made, before a byte is sent. A literal
	// internal address is refused before their dialer runs.
	const iss = "https://issuer.example.com"
	k := newIssuerKey(t, "k1")
	ms := newMetadataServer(t, serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks":%s}`, iss, setJSON(t, k))))
	var dials atomic.Int64
	d := &net.Dialer{Timeout: 5 * time.Second}
	tr := ms.Client().Transport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		dials.Add(1)
		return d.DialContext(ctx, network, ms.Listener.Addr().String())
	}
	keys, err := vc.IssuerMetadataKeys(&http.Client{Transport: tr}, vc.MetadataConfig{Issuers: []string{iss, ms.URL}})
	if err != nil {
		t.Fatal(err)
	}
	defer keys.Close()
	err = verifyWith(t, keys, k.sign(t, map[string]any{"iss": iss}))
	if !errors.Is(err, vc.ErrMetadata) || !strings.Contains(err.Error(), "not globally reachable") || dials.Load() == 0 {
		t.Fatalf("got %v after %d dials; want the connection refused", err, dials.Load())
	}
	dials.Store(0)
	err = verifyWith(t, keys, k.sign(t, map[string]any{"iss": ms.URL}))
	if !errors.Is(err, vc.ErrMetadata) || !strings.Contains(err.Error(), "not globally reachable") || dials.Load() != 0 {
		t.Fatalf("literal address: got %v after %d dials; want it refused before dialling", err, dials.Load())
	}
	if ms.hits.Load() != 0 {
		t.Fatal("a request reached the internal server")
	}
}

type roundTripper struct{}

func (roundTripper) RoundTrip(*http.Request) (*http.Response, error) { return nil, errors.New("no") }

func TestSDJWTVC_7_1_UnguardableClientRefused(t *testing.T) {
	proxied := &http.Client{Transport: &http.Transport{Proxy: http.ProxyFromEnvironment}}
	for name, c := range map[string]*http.Client{"OtherRoundTripper": {Transport: roundTripper{}}, "Proxy": proxied} {
		if _, err := vc.IssuerMetadataKeys(c, vc.MetadataConfig{Issuers: []string{"https://example.com"}}); !errors.Is(err, vc.ErrInvalidOption) || !errors.Is(err, jwt.ErrInvalidOption) {
			t.Fatalf("%s: got %v; want ErrInvalidOption", name, err)
		}
		if _, err := vc.IssuerMetadataKeys(c, vc.MetadataConfig{Issuers: []string{"https://example.com"}, AllowInternalAddresses: true}); err != nil {
			t.Fatalf("%s with AllowInternalAddresses: %v", name, err)
		}
	}
}

func TestSDJWTVC_4_HMACTokenRefusedBeforeFetch(t *testing.T) {
	ms := newMetadataServer(t, serveJSON(`{}`))
	keys := metadataKeys(t, ms, ms.URL)
	secret := []byte(strings.Repeat("s", 32))
	s, err := jwt.NewSigner(jwt.HS256, secret)
	if err != nil {
		t.Fatal(err)
	}
	tok, _ := s.Sign(map[string]any{"iss": ms.URL})
	v, err := jwt.NewVerifier(keys)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Parse(tok); !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
		t.Fatalf("got %v; want ErrAlgorithmNotAllowed", err)
	}
	if ms.hits.Load() != 0 {
		t.Fatal("fetched for an HS256 token")
	}
}

func TestSDJWTVC_3_ConcurrentVerificationsShareOneFetch(t *testing.T) {
	k := newIssuerKey(t, "k1")
	var ms *metadataServer
	ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=3600")
		serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks":%s}`, ms.URL, setJSON(t, k)))(w, r)
	})
	keys := metadataKeys(t, ms, ms.URL)
	tok := k.sign(t, map[string]any{"iss": ms.URL})
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 16 {
		wg.Go(func() { errs <- verifyWith(t, keys, tok) })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := ms.hits.Load(); n != 1 {
		t.Fatalf("%d fetches; want 1", n)
	}
}

func TestSDJWTVC_3_FailedFetchRetriedAfterBackoffNotPerToken(t *testing.T) {
	k := newIssuerKey(t, "k1")
	ms := newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", http.StatusServiceUnavailable) })
	keys := metadataKeys(t, ms, ms.URL)
	tok := k.sign(t, map[string]any{"iss": ms.URL})
	for range 3 {
		if err := verifyWith(t, keys, tok); !errors.Is(err, vc.ErrMetadata) {
			t.Fatalf("got %v; want ErrMetadata", err)
		}
	}
	if n := ms.hits.Load(); n != 1 {
		t.Fatalf("%d fetches; want 1 within the backoff", n)
	}
}

func TestSDJWTVC_IssuerMetadataKeysConfigRefused(t *testing.T) {
	for name, cfg := range map[string]vc.MetadataConfig{
		"NoIssuers":        {},
		"HTTPIssuer":       {Issuers: []string{"http://example.com"}},
		"QueryIssuer":      {Issuers: []string{"https://example.com?a"}},
		"DuplicateIssuer":  {Issuers: []string{"https://example.com", "https://example.com"}},
		"NegativeSize":     {Issuers: []string{"https://example.com"}, MaxBodySize: -1},
		"NegativeTimeout":  {Issuers: []string{"https://example.com"}, FetchTimeout: -1},
		"MinOverRefresh":   {Issuers: []string{"https://example.com"}, MinRefreshInterval: 2 * 3600e9, RefreshInterval: 3600e9},
		"NegativeMaxStale": {Issuers: []string{"https://example.com"}, MaxStale: -1},
	} {
		if _, err := vc.IssuerMetadataKeys(nil, cfg); !errors.Is(err, vc.ErrInvalidOption) {
			t.Errorf("%s: got %v; want ErrInvalidOption", name, err)
		}
	}
}

func TestSDJWTVC_MetadataKeysZeroAndNilDoNotPanic(t *testing.T) {
	h := &jwt.Header{Algorithm: "ES256"}
	for _, m := range []*vc.MetadataKeys{nil, {}} {
		if _, err := m.IssuerVerificationKeys(context.Background(), "https://example.com", h); !errors.Is(err, vc.ErrIssuerNotAllowed) {
			t.Fatalf("got %v", err)
		}
		if _, err := m.VerificationKeys(context.Background(), h); !errors.Is(err, vc.ErrIssuerNotAllowed) {
			t.Fatalf("got %v", err)
		}
		if _, err := m.Metadata(context.Background(), "https://example.com"); !errors.Is(err, vc.ErrIssuerNotAllowed) {
			t.Fatalf("got %v", err)
		}
		if err := m.Close(); err != nil || m.Issuers() != nil {
			t.Fatal(err)
		}
	}
}

func TestSDJWTVC_3_FreshnessFromCacheControl(t *testing.T) {
	k := newIssuerKey(t, "k1")
	for _, tc := range []struct {
		cacheControl string
		wantFetches  int64
	}{{"max-age=0", 2}, {"no-store", 2}, {"max-age=3600", 1}, {"", 1}} {
		var ms *metadataServer
		ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
			if tc.cacheControl != "" {
				w.Header().Set("Cache-Control", tc.cacheControl)
			}
			serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks":%s}`, ms.URL, setJSON(t, k)))(w, r)
		})
		keys, err := vc.IssuerMetadataKeys(ms.Client(), vc.MetadataConfig{Issuers: []string{ms.URL}, AllowInternalAddresses: true, MinRefreshInterval: 20 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		tok := k.sign(t, map[string]any{"iss": ms.URL})
		if err := verifyWith(t, keys, tok); err != nil {
			t.Fatal(err)
		}
		time.Sleep(40 * time.Millisecond)
		if err := verifyWith(t, keys, tok); err != nil {
			t.Fatal(err)
		}
		if n := ms.hits.Load(); n != tc.wantFetches {
			t.Errorf("Cache-Control %q: %d fetches; want %d", tc.cacheControl, n, tc.wantFetches)
		}
		keys.Close()
	}
}

func TestSDJWTVC_3_StaleDocumentUsedWhileFetchFailsUpToMaxStale(t *testing.T) {
	k := newIssuerKey(t, "k1")
	for _, tc := range []struct {
		maxStale time.Duration
		ok       bool
	}{{time.Hour, true}, {time.Millisecond, false}} {
		var ms *metadataServer
		var fail atomic.Bool
		ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
			if fail.Load() {
				http.Error(w, "down", http.StatusInternalServerError)
				return
			}
			w.Header().Set("Cache-Control", "max-age=0")
			serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks":%s}`, ms.URL, setJSON(t, k)))(w, r)
		})
		keys, err := vc.IssuerMetadataKeys(ms.Client(), vc.MetadataConfig{Issuers: []string{ms.URL}, AllowInternalAddresses: true, MinRefreshInterval: 20 * time.Millisecond, MaxStale: tc.maxStale})
		if err != nil {
			t.Fatal(err)
		}
		tok := k.sign(t, map[string]any{"iss": ms.URL})
		if err := verifyWith(t, keys, tok); err != nil {
			t.Fatal(err)
		}
		fail.Store(true)
		time.Sleep(40 * time.Millisecond)
		err = verifyWith(t, keys, tok)
		if tc.ok != (err == nil) || !tc.ok && !errors.Is(err, vc.ErrMetadata) {
			t.Errorf("MaxStale %v: got %v", tc.maxStale, err)
		}
		keys.Close()
	}
}

func TestSDJWTVC_NilContextDoesNotPanic(t *testing.T) {
	k := newIssuerKey(t, "k1")
	var ms *metadataServer
	ms = newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) {
		serveJSON(fmt.Sprintf(`{"issuer":%q,"jwks":%s}`, ms.URL, setJSON(t, k)))(w, r)
	})
	keys := metadataKeys(t, ms, ms.URL)
	//lint:ignore SA1012 a nil context is what this test is about
	if _, err := keys.IssuerVerificationKeys(nil, ms.URL, &jwt.Header{Algorithm: "ES256", KeyID: "k1"}); err != nil { //nolint:staticcheck
		t.Fatal(err)
	}
	//lint:ignore SA1012 a nil context is what this test is about
	if m, err := keys.Metadata(nil, ms.URL); err != nil || m.Issuer != ms.URL { //nolint:staticcheck
		t.Fatal(err)
	}
	if _, err := keys.IssuerVerificationKeys(context.Background(), ms.URL, nil); !errors.Is(err, jwt.ErrTokenMalformed) {
		t.Fatalf("nil header: %v", err)
	}
}

func TestSDJWTVC_ClosedMetadataKeysRefuse(t *testing.T) {
	ms := newMetadataServer(t, serveJSON(`{}`))
	keys := metadataKeys(t, ms, ms.URL)
	keys.Close()
	_, err := keys.IssuerVerificationKeys(context.Background(), ms.URL, &jwt.Header{Algorithm: "ES256"})
	if !errors.Is(err, vc.ErrMetadata) || ms.hits.Load() != 0 {
		t.Fatalf("got %v after Close", err)
	}
}

func TestSDJWTVC_3_CallerContextBoundsTheWait(t *testing.T) {
	release := make(chan struct{})
	ms := newMetadataServer(t, func(w http.ResponseWriter, r *http.Request) { <-release })
	defer close(release)
	keys := metadataKeys(t, ms, ms.URL)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := keys.IssuerVerificationKeys(ctx, ms.URL, &jwt.Header{Algorithm: "ES256"})
	if !errors.Is(err, vc.ErrMetadata) {
		t.Fatalf("got %v; want ErrMetadata after the caller's deadline", err)
	}
}
