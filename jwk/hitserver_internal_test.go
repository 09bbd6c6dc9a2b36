package jwk

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// hitServer is an identity provider on a TLS httptest server: a discovery
// document naming it at /.well-known/openid-configuration and a JWK Set at
// /jwks. The first failKeys requests for /jwks (failDocs for the document)
// answer 503 with Retry-After: 1; it records when each request came.
type hitServer struct {
	*httptest.Server
	failKeys, failDocs atomic.Int64

	mu       sync.Mutex
	keyTimes []time.Time
	docTimes []time.Time
}

func newHitServer(t *testing.T) *hitServer {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	key, err := NewKey(&k.PublicKey, Params{KeyID: "a", Algorithm: "ES256"})
	if err != nil {
		t.Fatal(err)
	}
	set, err := json.Marshal(NewSet(key))
	if err != nil {
		t.Fatal(err)
	}
	s := &hitServer{}
	s.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var fail *atomic.Int64
		var times *[]time.Time
		body := set
		switch r.URL.Path {
		case "/jwks":
			fail, times = &s.failKeys, &s.keyTimes
		case "/.well-known/openid-configuration":
			fail, times = &s.failDocs, &s.docTimes
			body = []byte(`{"issuer":"` + s.URL + `","jwks_uri":"` + s.URL + `/jwks"}`)
		default:
			http.NotFound(w, r)
			return
		}
		s.mu.Lock()
		*times = append(*times, time.Now())
		s.mu.Unlock()
		if fail.Add(-1) >= 0 {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "not now", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	}))
	t.Cleanup(s.Close)
	return s
}

// hits returns the times of the requests so far for the JWK Set and the
// document.
func (s *hitServer) hits() (keys, docs []time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Time(nil), s.keyTimes...), append([]time.Time(nil), s.docTimes...)
}

// settled waits until no more goroutines run than base (those of the test
// and its servers), at most two seconds, and reports how many run.
func settled(base int) int {
	n := runtime.NumGoroutine()
	for deadline := time.Now().Add(2 * time.Second); n > base && time.Now().Before(deadline); n = runtime.NumGoroutine() {
		time.Sleep(10 * time.Millisecond)
	}
	return n
}

// waitFor polls cond, at most three seconds: a test hook waits for the
// background's step this way.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(3 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("waited 3 s for %s", what)
			return
		}
	}
}

// isClosed reports whether close has been called.
func (f *fetcher) isClosed() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.closed
}
